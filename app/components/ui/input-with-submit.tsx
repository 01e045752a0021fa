import type { InputHTMLAttributes } from 'react';

type InputWithSubmitProps = {
  label: string;
  /** The input's props (Conform's `getInputProps`, with `id`), a `maxLength` and such. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  error: string | undefined;
  buttonLabel: string;
  submitting: boolean;
  buttonClassName?: string;
};

/**
 * A labelled one-line field with its submit button beside it (wrapping under it on a phone) and its error
 * below: 'Título no histórico' on the result page, 'Título no projeto' in a project.
 */
export function InputWithSubmit({
  label,
  inputProps,
  error,
  buttonLabel,
  submitting,
  buttonClassName = 'btn-primary',
}: InputWithSubmitProps) {
  const errorId = `${inputProps.id}-error`;
  return (
    <div>
      <label htmlFor={inputProps.id} className="label">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          {...inputProps}
          className="input min-w-0 flex-1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className={`${buttonClassName} shrink-0`} disabled={submitting}>
          {submitting ? 'Salvando...' : buttonLabel}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
