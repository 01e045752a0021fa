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

/** The ids of a field's hint and error, and the aria-describedby that names them. */
export function describedBy({ id, errors, hint }: { id: string; errors?: string[]; hint?: ReactNode }) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { errorId, hintId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

/** A field's hint and first error, under its control. */
export function FieldExtras({ errors, hint, errorId, hintId }: { errors?: string[]; hint?: ReactNode; errorId?: string; hintId?: string }) {
  return (
    <>
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
    </>
  );
}

/** Label, input, hint and the first error, wired with aria-invalid/aria-describedby. */
export function Field({ label, errors, hint, inputProps, children, className }: FieldProps) {
  const ids = describedBy({ id: inputProps.id, errors, hint });
  return (
    <div className={className}>
      <label htmlFor={inputProps.id} className="label">
        {label}
      </label>
      {children ?? (
        <input className="input" {...inputProps} aria-invalid={ids.errorId ? true : undefined} aria-describedby={ids.describedBy} />
      )}
      <FieldExtras errors={errors} hint={hint} errorId={ids.errorId} hintId={ids.hintId} />
    </div>
  );
}
