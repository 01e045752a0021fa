import { json } from '@remix-run/node';
import type { Submission } from '@conform-to/react';
import { errorResponse } from './api.server';
import { AppError, isAppError } from './errors';
import { assertSameOrigin } from './security.server';

/** Reads a page form after the origin check (a cross-site post answers 403). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof AppError) throw errorResponse(error.status, error.message);
    throw error;
  }
  return request.formData();
}

/**
 * Turns a model's AppError into the form's reply: beside its field when it names one,
 * above the form otherwise. Anything else is a real failure and is rethrown.
 */
export function replyWithAppError<Output>(submission: Submission<Output>, error: unknown, extra: Record<string, unknown> = {}) {
  if (!isAppError(error)) throw error;
  const result = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
    : submission.reply({ formErrors: [error.message] });
  return json({ ...extra, result }, { status: error.status });
}
