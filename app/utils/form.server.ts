import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import { Honeypot, SpamError } from 'remix-utils/honeypot/server';
import type { z } from 'zod';
import { decodeUtf8, errorResponse, readBodyCapped, requireSameOrigin } from './api.server';
import { type AppError, isAppError } from './errors';
import {
  allowanceFor,
  CEILING_ALLOWANCE,
  countRawFields,
  type FieldAllowance,
  overRepeatedName,
  widestAllowance,
} from './form-fields.server';
import type { AppLoadContext } from './load-context';
import { jsonWithToast, type Toast } from './toast.server';

/**
 * The page-adapter kit: every page action reads its form through `handleForm`, which does the
 * steps each form needs once (method, origin, content type, a size cap while streaming, the
 * honeypot, zod through Conform) and turns the outcome into the answer a form expects:
 * the handler's own Response on success (usually `redirectWithToast`), `{ intent, result }`
 * with 400 and field errors when invalid, and a model's AppError beside its field (or above
 * the form) with the error's status. Anything else is a real failure and is rethrown.
 */

/** Four short text fields fit many times over; larger bodies are refused while they stream in. */
export const DEFAULT_FORM_BYTES = 64 * 1024;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export const FORM_MESSAGES = {
  method: 'Método não permitido',
  contentType: 'Envie o formulário da página (tipo de conteúdo não suportado).',
  malformed: 'Formulário inválido.',
  unknownIntent: 'Ação desconhecida.',
  tooManyFields: 'Formulário com campos demais.',
  repeatedField: 'Formulário inválido: campo repetido.',
} as const;

/** Invisible to people; a bot that fills it is caught (remix-utils). No timestamp field: nothing to encrypt per render. */
const honeypot = new Honeypot({ validFromFieldName: null });

export type FormArgs = { request: Request; context?: AppLoadContext };

export type ReadFormOptions = {
  maxBytes?: number;
  honeypot?: boolean;
  /** The fields the form can use (form-fields.server.ts); the global ceiling when not given. */
  fields?: FieldAllowance;
  /**
   * A multipart body's own reader (a form with files: the upload kit, multipart-upload.server.ts,
   * which streams files to disk and refuses past its own caps). Its AppError is answered as the
   * kit's page with `Connection: close`: the body may be left unread.
   */
  readMultipart?: (request: Request, contentType: string) => Promise<FormData>;
};

/**
 * A page form, or a thrown Response a browser can show: 405 for any method but POST, 403 for
 * a cross-site post, 415 for a body that is not a form, 413 past the size cap or with more fields
 * than the form can use (counted on the raw bytes, before parsing), 400 when the body cannot be
 * parsed, repeats a name beyond what the form allows, or the honeypot was filled.
 */
export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  if (request.method.toUpperCase() !== 'POST') {
    throw errorResponse(405, FORM_MESSAGES.method, {}, { headers: { Allow: 'GET, HEAD, POST' } });
  }
  requireSameOrigin(request);
  // The multipart boundary is case-sensitive: only the type is compared in lower case.
  const contentType = request.headers.get('Content-Type') ?? '';
  const type = FORM_TYPES.find((candidate) => contentType.toLowerCase().startsWith(candidate));
  if (!type) throw errorResponse(415, FORM_MESSAGES.contentType);
  if (type === 'multipart/form-data' && options.readMultipart) return readOwnMultipart(request, contentType, options.readMultipart);
  const bytes = await readBodyCapped(request, options.maxBytes ?? DEFAULT_FORM_BYTES);
  const allowance = options.fields ?? CEILING_ALLOWANCE;
  if (countRawFields(bytes, contentType) > allowance.total) throw errorResponse(413, FORM_MESSAGES.tooManyFields);
  let formData: FormData;
  try {
    formData =
      type === 'application/x-www-form-urlencoded'
        ? toFormData(new URLSearchParams(strictUrlEncoded(bytes)))
        : await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    throw errorResponse(400, FORM_MESSAGES.malformed);
  }
  refuseOverRepeated(formData, allowance);
  if (options.honeypot) {
    try {
      honeypot.check(formData);
    } catch (error) {
      if (error instanceof SpamError) throw errorResponse(400, FORM_MESSAGES.malformed);
      throw error;
    }
  }
  return formData;
}

async function readOwnMultipart(
  request: Request,
  contentType: string,
  read: NonNullable<ReadFormOptions['readMultipart']>,
): Promise<FormData> {
  try {
    return await read(request, contentType);
  } catch (error) {
    if (isAppError(error)) throw errorResponse(error.status, error.message, {}, { headers: { Connection: 'close' } });
    throw error;
  }
}

/**
 * A urlencoded body as text, refusing what no browser sends: bytes that are not UTF-8 and escapes
 * that do not decode to UTF-8 (URLSearchParams would turn both into U+FFFD and the form would be
 * saved with characters the user never typed).
 */
function strictUrlEncoded(bytes: Uint8Array): string {
  const text = decodeUtf8(bytes);
  if (text === null) throw new Error('not UTF-8');
  decodeURIComponent(text.replace(/\+/g, ' '));
  return text;
}

function refuseOverRepeated(formData: FormData, allowance: FieldAllowance): void {
  if (overRepeatedName(formData, allowance) !== null) throw errorResponse(400, FORM_MESSAGES.repeatedField);
}

function toFormData(params: URLSearchParams): FormData {
  const formData = new FormData();
  for (const [key, value] of params) formData.append(key, value);
  return formData;
}

type AnySchema = z.ZodTypeAny;
export type FormSubmission<S extends AnySchema> = Submission<z.input<S>, string[], z.output<S>>;

export type IntentHandler<S extends AnySchema> = {
  schema: S;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** A toast to go with a refusal, given the message shown on the form. */
  refusalToast?: (message: string) => Toast;
  run: (value: z.output<S>, submission: FormSubmission<S>) => Promise<Response> | Response;
};

/** One form of a page, ready to run on a parsed body (see `intent`), with the fields its schema can use. */
export type FormIntent = ((formData: FormData, args: FormArgs, name: string) => Promise<Response>) & { fields?: FieldAllowance };

/** What every form action answers when it does not redirect: the intent it served and Conform's result. */
export type FormReply = { intent: string | null; result: SubmissionResult<string[]> | null };

export function replyToForm(args: FormArgs, data: FormReply & Record<string, unknown>, status: number, toast?: Toast) {
  return toast ? jsonWithToast(args, data, toast, { status }) : json(data, { status });
}

/** The form's reply to a model's AppError: beside its field when it names one, above the form otherwise. */
export function appErrorResult<S extends AnySchema>(submission: FormSubmission<S>, error: AppError, hideFields?: string[]) {
  return error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields })
    : submission.reply({ formErrors: [error.message], hideFields });
}

const firstError = (result: SubmissionResult<string[]>) => Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0];

/** Declares one form of a page: its schema, and what a valid submission does. */
export function intent<S extends AnySchema>(handler: IntentHandler<S>): FormIntent {
  const fields = allowanceFor(handler.schema);
  const run: FormIntent = async (formData, args, name) => {
    // The page's body was counted against its widest form; this form may use fewer.
    if ([...formData.keys()].length > fields.total) throw errorResponse(413, FORM_MESSAGES.tooManyFields);
    refuseOverRepeated(formData, fields);
    const submission = parseWithZod(formData, { schema: handler.schema }) as FormSubmission<S>;
    if (submission.status !== 'success') {
      const result = submission.reply({ hideFields: handler.hideFields });
      const message = firstError(result);
      return replyToForm(args, { intent: name, result }, 400, message ? handler.refusalToast?.(message) : undefined);
    }
    try {
      return await handler.run(submission.value, submission);
    } catch (error) {
      if (!isAppError(error)) throw error;
      const result = appErrorResult(submission, error, handler.hideFields);
      return replyToForm(args, { intent: name, result }, error.status, handler.refusalToast?.(error.message));
    }
  };
  return Object.assign(run, { fields });
}

/**
 * Reads the form and runs the intent its `intent` field names (a page with a single form may
 * omit the field). Several forms on one page are told apart by it.
 */
export async function handleForm(args: FormArgs, intents: Record<string, FormIntent>, options: ReadFormOptions = {}): Promise<Response> {
  const names = Object.keys(intents);
  const allowances = names.map((key) => intents[key].fields ?? CEILING_ALLOWANCE);
  const formData = await readForm(args.request, { fields: widestAllowance(allowances), ...options });
  const requested = formData.get('intent');
  const name = typeof requested === 'string' ? requested : names.length === 1 ? names[0] : '';
  const run = Object.hasOwn(intents, name) ? intents[name] : undefined;
  // Thrown, like readForm's refusals: a returned JSON would be the page's action data, and the page would render without a word.
  if (!run) throw errorResponse(400, FORM_MESSAGES.unknownIntent);
  return run(formData, args, name);
}

/**
 * For loaders: a model's AppError as the Response the route's error boundary renders
 * (404 'não encontrado', 403 'acesso negado'); anything else is rethrown.
 */
export function orResponse<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isAppError(error)) throw errorResponse(error.status, error.message);
    throw error;
  }
}
