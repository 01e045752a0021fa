import type { SubmissionResult } from '@conform-to/react';

/**
 * The first message of a failed form reply (a field's or the form's), for an alert above a
 * small form. Kept apart from intent-form.ts so views that only read replies (the header's
 * notifications) do not pull Conform and zod into every page's JavaScript.
 */
export function firstReplyError(result: SubmissionResult<string[]> | null | undefined): string | undefined {
  if (result?.status !== 'error') return undefined;
  return Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0];
}
