import type { InputHTMLAttributes, ReactNode } from 'react';

type FieldProps = {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  /** Replaces the plain input (e.g. a password input with a show/hide toggle). */
  children?: ReactNode;
  className?: string;
};

/** Label, input, hint and the first error, wired with aria-invalid/aria-describedby. */
export function Field({ label, errors, hint, inputProps, children, className }: FieldProps) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputProps.id} className="label">
        {label}
      </label>
      {children ?? <input className="input" {...inputProps} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} />}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="field-error">
          {errors![0]}
        </p>
      ) : null}
    </div>
  );
}
