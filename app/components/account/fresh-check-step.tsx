import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { Field } from '~/components/ui/field';
import { LightLink } from '~/components/ui/light-link';
import { PasswordInput } from '~/components/ui/password-input';
import { PasskeyFreshCheck } from './passkey-fresh-check';
import { FRESH_CHECK_FIELD, FRESH_CHECK_TEXTS, type FreshCheckMethod, type FreshCheckPrompt } from '~/utils/fresh-check';

/** The prompt a dangerous form's action answered with (app/plumbing/fresh-check.server.ts), if any. */
export function useFreshCheckPrompt(): FreshCheckPrompt | null {
  const data = useActionData<{ freshCheck?: FreshCheckPrompt } | undefined>();
  return data?.freshCheck ?? null;
}

type FreshCheckFormProps = {
  method: FreshCheckMethod;
  error: string | null;
  /** The pending action: its intent and fields, posted again with the secret. */
  intent?: string;
  fields: Array<[string, string]>;
  cancelTo: string;
};

/** The code (or password) field and the buttons; a plain POST form, so it works without JavaScript. */
export function FreshCheckForm({ method, error, intent, fields, cancelTo }: FreshCheckFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const id = 'fresh-check-secret';
  const errors = error ? [error] : undefined;
  const inputProps = {
    id,
    name: FRESH_CHECK_FIELD,
    required: true,
    autoFocus: true,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <Form method="post" className="mt-4 space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {fields.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {method === 'code' ? (
        <Field
          label={FRESH_CHECK_TEXTS.codeLabel}
          errors={errors}
          inputProps={{ ...inputProps, type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 32 }}
        />
      ) : (
        <Field label={FRESH_CHECK_TEXTS.passwordLabel} errors={errors} inputProps={inputProps}>
          <PasswordInput {...inputProps} autoComplete="current-password" maxLength={200} />
        </Field>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <LightLink to={cancelTo} className="btn-secondary">
          {FRESH_CHECK_TEXTS.cancel}
        </LightLink>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Confirmando...' : FRESH_CHECK_TEXTS.submit}
        </button>
      </div>
    </Form>
  );
}

/** The step a dangerous form shows instead of its page when the check is due (decision 060). */
export function FreshCheckStep({ prompt }: { prompt: FreshCheckPrompt }) {
  const location = useLocation();
  return (
    <section className="card mx-auto max-w-lg" aria-labelledby="fresh-check-title">
      <h1 id="fresh-check-title" className="text-xl font-bold">
        {FRESH_CHECK_TEXTS.title}
      </h1>
      <p className="mt-3 text-slate-700">{FRESH_CHECK_TEXTS[prompt.method]}</p>
      <FreshCheckForm
        method={prompt.method}
        error={prompt.error}
        intent={prompt.intent}
        fields={prompt.fields}
        cancelTo={`${location.pathname}${location.search}`}
      />
      {prompt.passkey ? <PasskeyFreshCheck intent={prompt.intent} fields={prompt.fields} /> : null}
    </section>
  );
}
