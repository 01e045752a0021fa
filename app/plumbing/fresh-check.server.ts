import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema';
import { requestAddress } from '../models/accounts/auth.server';
import {
  FRESH_CHECK_MESSAGES,
  FRESH_CHECK_SECRET_MAX,
  freshCheckMethod,
  isFreshlyChecked,
  renewFreshCheck,
} from '../models/accounts/fresh-check.server';
import { hasPasskey } from '../models/accounts/two-factor-state.server';
import { isAppError } from '../utils/errors';
import { type FormIntent, type IntentHandler, intent, replyToForm } from '../utils/form.server';
import { FRESH_CHECK_FIELD, freshCheckPagePath, type FreshCheckPrompt } from '../utils/fresh-check';
import { safeRedirect } from '../utils/toast.server';

/**
 * The fresh check for page forms and downloads (decision 060), so no page writes its own:
 * `freshIntent` declares a dangerous form like `intent` does; past the window its post answers
 * 403 with a `FreshCheckPrompt` (the page shows `FreshCheckStep`, a plain form that posts the same
 * action again with the code or the password), and the action runs only once the check is renewed.
 * `requireFreshDownload` sends a download's GET to the step's own page first.
 */

type FreshIntentHandler<S extends z.ZodTypeAny> = IntentHandler<S> & {
  /** When only some submissions are dangerous (an edit that makes an admin); every one when absent. */
  when?: (value: z.output<S>) => boolean;
};

/** The pending action's fields, to be posted again: what was sent, without the secret. */
function pendingFields(formData: FormData): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of formData) if (typeof value === 'string' && name !== 'intent') fields.push([name, value]);
  return fields;
}

export function freshIntent<S extends z.ZodTypeAny>(user: UserRow, handler: FreshIntentHandler<S>): FormIntent {
  const inner = intent(handler);
  const run: FormIntent = async (formData, args, name) => {
    const secrets = formData.getAll(FRESH_CHECK_FIELD);
    const secret = secrets[0] ?? null;
    formData.delete(FRESH_CHECK_FIELD);
    const prompt = (error: string | null): FreshCheckPrompt => ({
      intent: name,
      method: freshCheckMethod(user.id),
      fields: pendingFields(formData),
      error,
      ...(hasPasskey(user.id) ? { passkey: true } : {}),
    });
    // A secret no browser sends (a file, repeated, past the cap) is refused even when none is needed: nothing runs.
    if (secrets.length > 1 || (secret !== null && (typeof secret !== 'string' || secret.length > FRESH_CHECK_SECRET_MAX))) {
      return replyToForm(args, { intent: name, result: null, freshCheck: prompt(FRESH_CHECK_MESSAGES.malformed) }, 400);
    }
    if (await isFreshlyChecked(args.request)) return inner(formData, args, name);
    if (handler.when) {
      // An invalid form is answered as invalid first (nothing would run); a harmless one runs as is.
      const submission = parseWithZod(formData, { schema: handler.schema });
      if (submission.status !== 'success' || !handler.when(submission.value as z.output<S>)) return inner(formData, args, name);
    }
    if (typeof secret !== 'string' || secret === '')
      return replyToForm(args, { intent: name, result: null, freshCheck: prompt(null) }, 403);
    try {
      await renewFreshCheck(args.request, user, secret, requestAddress(args.request, args.context));
    } catch (error) {
      if (!isAppError(error)) throw error;
      return replyToForm(args, { intent: name, result: null, freshCheck: prompt(error.message) }, error.status);
    }
    return inner(formData, args, name);
  };
  return Object.assign(run, { fields: inner.fields });
}

/** A download's loader: past the window, to the step's page, which comes back here once renewed. */
export async function requireFreshDownload(request: Request): Promise<void> {
  if (await isFreshlyChecked(request)) return;
  const url = new URL(request.url);
  throw safeRedirect(freshCheckPagePath(`${url.pathname}${url.search}`));
}
