import { createHash } from 'node:crypto';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { z } from 'zod';
import { getEnv } from './env.server';
import { AppError, isAppError } from './errors';
import { applySecurityHeaders, assertSameOrigin } from './security.server';
import { keepPrivate } from './session.server';

const MAX_BODY_BYTES = 256 * 1024;
export const METHOD_NOT_ALLOWED = 'Método não permitido';

export const jsonResponse = (data: unknown, init: ResponseInit = {}): Response => serialisedJsonResponse(JSON.stringify(data), init);

/** A JSON answer whose body is already serialised (a page a model keeps between requests: `apiToolsPage`). */
export function serialisedJsonResponse(json: string | Uint8Array<ArrayBuffer>, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(json, { ...init, headers });
}

/**
 * A JSON answer with a weak ETag for a polled read (GET /api/user every 5 s): a client that
 * keeps the last answer itself asks again with If-None-Match, and an unchanged answer is a 304
 * without a body. No cache may store it (`private, no-store`, as for pages with a session).
 */
export function jsonWithEtag(request: Request, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = new Headers({ ETag: etag, 'Cache-Control': 'private, no-store', Vary: 'Cookie' });
  applySecurityHeaders(headers, getEnv().isProduction);
  const candidates = (request.headers.get('If-None-Match') ?? '').split(',').map((tag) => tag.trim());
  if (candidates.includes(etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(body, { headers });
}

export const errorResponse = (status: number, message: string, extra: Record<string, unknown> = {}, init: ResponseInit = {}) =>
  jsonResponse({ message, ...extra }, { ...init, status });

/** The first message of a failed zod parse: the specification's message for that field. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Dados inválidos';
}

/**
 * The same-origin rule (security.server.ts) as the answer a browser or an API client gets:
 * a thrown 403 `{ message }`. Guards, page forms, JSON bodies and server.js all refuse through it.
 */
export function requireSameOrigin(request: Pick<Request, 'method' | 'headers' | 'url'>): void {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (isAppError(error)) throw errorResponse(error.status, error.message);
    throw error;
  }
}

/** A request body, refused with 413 as soon as it passes `maxBytes` (counted while it streams in, not only by Content-Length). */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => errorResponse(413, 'Corpo da requisição grande demais.', {}, { headers: { Connection: 'close' } });
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not reader.cancel(): through @remix-run/express that destroys the socket before the 413
      // is written, and a chunked upload got a connection reset instead of an answer. The rest of
      // the body is left unread here; `Connection: close` ends the connection once the 413 is sent and
      // the rest was read and dropped (the lingering close, http-server/lingering-close.js).
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Bytes as UTF-8 text, or null when they are not UTF-8: a lenient decoder would store U+FFFD in
 * place of the bad bytes, writing something the client never sent.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Reads and validates a JSON body; malformed or invalid bodies become 400s, oversized ones 413s
 * (past `maxBytes`: an endpoint whose schema holds a few short fields passes a bound of its own).
 */
export async function readJson<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
  { maxBytes = MAX_BODY_BYTES }: { maxBytes?: number } = {},
): Promise<z.output<S>> {
  requireSameOrigin(request);
  const text = decodeUtf8(await readBodyCapped(request, Math.min(maxBytes, MAX_BODY_BYTES)));
  if (text === null) throw new AppError(400, 'JSON inválido no corpo da requisição.');
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new AppError(400, 'JSON inválido no corpo da requisição.');
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'O corpo da requisição deve ser um objeto JSON.');
  }
  return validateJson(body, schema);
}

/** A parsed JSON object checked against a schema: its first issue becomes a 400. */
export function validateJson<S extends z.ZodTypeAny>(body: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(400, firstIssueMessage(parsed.error));
  return parsed.data;
}

/** A positive integer route parameter, or 404. */
export function idParam(value: string | undefined, message = 'Não encontrado'): number {
  if (!value || !/^\d{1,12}$/.test(value)) throw new AppError(404, message);
  return Number(value);
}

type Handler<A> = (args: A) => Promise<unknown> | unknown;

function wrap<A extends LoaderFunctionArgs | ActionFunctionArgs>(handler: Handler<A>) {
  const answer = async (args: A): Promise<Response> => {
    try {
      const result = await handler(args);
      if (result instanceof Response) {
        applySecurityHeaders(result.headers, getEnv().isProduction);
        return result;
      }
      return jsonResponse(result ?? { ok: true });
    } catch (error) {
      if (error instanceof Response) {
        applySecurityHeaders(error.headers, getEnv().isProduction);
        return error;
      }
      if (isAppError(error)) return errorResponse(error.status, error.message, error.extra);
      console.error(error);
      return errorResponse(500, 'Erro interno do servidor.');
    }
  };
  // An answer to a request with a session may be personal: `private, no-store`, the pages' rule.
  return async (args: A): Promise<Response> => {
    const response = await answer(args);
    keepPrivate(args.request, response.headers);
    return response;
  };
}

/** A JSON resource route: models' AppErrors become `{ message }` with their status, never a stack trace. */
export const apiLoader = (handler: Handler<LoaderFunctionArgs>) => wrap(handler);

type ApiMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Dispatches by method; any other method answers 405 with Allow. The methods are named on the
 * returned function too (`action.methods`): server.js's method rule (route-methods.server.ts)
 * reads them for the Allow of GET, HEAD and OPTIONS, so the handlers are the one place they live.
 */
export function apiAction(handlers: Partial<Record<ApiMethod, Handler<ActionFunctionArgs>>>) {
  const methods = (['POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((method) => handlers[method]);
  const action = wrap<ActionFunctionArgs>((args) => {
    const handler = handlers[args.request.method.toUpperCase() as ApiMethod];
    if (!handler) throw errorResponse(405, METHOD_NOT_ALLOWED, {}, { headers: { Allow: methods.join(', ') } });
    return handler(args);
  });
  return Object.assign(action, { methods: methods as readonly ApiMethod[] });
}
