import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { useActionData, useNavigation } from '@remix-run/react';
import type { z } from 'zod';

/**
 * Pages with several forms tell them apart by an `intent` field; their actions answer
 * `{ intent, result }`. These hooks give one form its own reply and pending state.
 */
export function useIntentResult(intent: string): SubmissionResult<string[]> | undefined {
  const data = useActionData<{ intent?: string; result?: SubmissionResult<string[]> | null }>();
  return data && data.intent === intent ? (data.result ?? undefined) : undefined;
}

/** Conform's own field (a validation or list intent): such a post is not the form being sent. */
const CONFORM_INTENT = '__intent__';

export function useIntentSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  const formData = navigation.formData;
  return navigation.state === 'submitting' && formData?.get('intent') === intent && !formData.has(CONFORM_INTENT);
}

type IntentFormOptions<Schema extends z.ZodTypeAny> = {
  /** The form's DOM id (defaults to the intent). */
  id?: string;
  defaultValue?: Partial<Record<keyof z.input<Schema>, unknown>>;
  /** When the browser checks the schema as a courtesy; the server always checks it. */
  shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput';
  /**
   * When a field that already shows an error is checked again (default 'onInput'). 'onInput'
   * clears the error while the field is corrected, so the form does not shift under the pointer
   * when the blur of a click on 'submit' would clear it (that click would be lost).
   */
  shouldRevalidate?: 'onSubmit' | 'onBlur' | 'onInput';
  /** false: no client check at all (the server's reply is the only one, e.g. to also raise its toast). */
  clientValidation?: boolean;
};

/**
 * One form of a page, wired to its intent: Conform's form and fields fed with the action's
 * reply for this intent, the same zod schema the server uses, and the pending state.
 */
export function useIntentForm<Schema extends z.ZodTypeAny>(intent: string, schema: Schema, options: IntentFormOptions<Schema> = {}) {
  const lastResult = useIntentResult(intent);
  const submitting = useIntentSubmitting(intent);
  // Without a client check, Conform would send every blur and keystroke to the server as a
  // validation post (and the button would read as submitting meanwhile): such forms check on submit only.
  const serverOnly = options.clientValidation === false;
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id ?? intent,
    lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: serverOnly ? undefined : ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: serverOnly ? 'onSubmit' : (options.shouldValidate ?? 'onBlur'),
    shouldRevalidate: serverOnly ? 'onSubmit' : (options.shouldRevalidate ?? 'onInput'),
  });
  return { form, fields, submitting, lastResult };
}
