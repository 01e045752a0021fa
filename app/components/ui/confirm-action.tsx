import { LightLink } from '~/components/ui/light-link';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * A destructive action behind a confirmation, one pattern with and without JavaScript:
 * `ConfirmActionLink` is a plain link to the page's confirmation URL (e.g.
 * `?confirm=delete-lesson&lesson=3`), which the server renders as `ConfirmActionPanel` (the text
 * and a POST form). Once hydrated, the same link asks with the browser's confirm() and posts the
 * same intent and fields itself, without leaving the page.
 */

type Fields = Record<string, string>;

type ConfirmActionLinkProps = {
  /** The confirmation page: what the link opens without JavaScript. */
  to: string;
  /** The question, e.g. 'Tem certeza que deseja excluir esta aula? Esta ação não pode ser desfeita.' */
  message: string;
  intent: string;
  fields: Fields;
  children: ReactNode;
  className?: string;
  /** The accessible name when the link shows only an icon. */
  label?: string;
};

export function ConfirmActionLink({ to, message, intent, fields, children, className, label }: ConfirmActionLinkProps) {
  const submit = useSubmit();
  return (
    <LightLink
      to={to}
      className={className}
      aria-label={label}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        if (window.confirm(message)) submit({ intent, ...fields }, { method: 'post', preventScrollReset: true });
      }}
    >
      {children}
    </LightLink>
  );
}

type ConfirmActionPanelProps = {
  title: string;
  message: string;
  intent: string;
  fields: Fields;
  /** Where 'Cancelar' goes: the page without the confirmation parameters. */
  cancelTo: string;
  confirmLabel?: string;
  /** A refusal to show above the buttons (the action's reply). */
  error?: ReactNode;
};

/** The confirmation on a page of its own (the no-JavaScript path of ConfirmActionLink). */
export function ConfirmActionPanel({ title, message, intent, fields, cancelTo, confirmLabel = 'Excluir', error }: ConfirmActionPanelProps) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <section className="card mx-auto max-w-lg" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="text-xl font-bold">
        {title}
      </h1>
      <p className="mt-3 text-slate-700">{message}</p>
      {error ? <div className="mt-4">{error}</div> : null}
      <Form method="post" className="mt-6 flex justify-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <LightLink to={cancelTo} className="btn-secondary">
          Cancelar
        </LightLink>
        <button type="submit" className="btn-danger" disabled={pending}>
          {pending ? 'Excluindo...' : confirmLabel}
        </button>
      </Form>
    </section>
  );
}
