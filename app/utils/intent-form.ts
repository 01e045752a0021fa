import type { SubmissionResult } from '@conform-to/react';
import { useActionData, useNavigation } from '@remix-run/react';

/**
 * Pages with several forms tell them apart by an `intent` field; their actions answer
 * `{ intent, result }`. These hooks give one form its own reply and pending state.
 */
export function useIntentResult(intent: string): SubmissionResult<string[]> | undefined {
  const data = useActionData<{ intent?: string; result?: SubmissionResult<string[]> | null }>();
  return data && data.intent === intent ? (data.result ?? undefined) : undefined;
}

export function useIntentSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

/** The first message of a failed reply (a field's or the form's), for an alert above a small form. */
export function firstReplyError(result: SubmissionResult<string[]> | null | undefined): string | undefined {
  if (result?.status !== 'error') return undefined;
  return Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0];
}
