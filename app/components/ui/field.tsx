import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * The form field kit: `Field` (an input), `SelectField` and `TextareaField`, each a label, its
 * control, a hint and the first error, wired with aria-invalid and aria-describedby.
 */

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

export type Option = { value: string; label: string };

type SelectFieldProps = {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  options: readonly Option[];
  /** A first, empty option (e.g. 'Selecione um curso'). */
  placeholder?: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  className?: string;
};

export function SelectField({ label, errors, hint, options, placeholder, selectProps, className }: SelectFieldProps) {
  const ids = describedBy({ id: selectProps.id, errors, hint });
  // A select is as wide as its longest option: in a grid or flex cell it would push a phone's page sideways.
  return (
    <div className={className ? `min-w-0 ${className}` : 'min-w-0'}>
      <label htmlFor={selectProps.id} className="label">
        {label}
      </label>
      <select
        className="input max-w-full"
        {...selectProps}
        aria-invalid={ids.errorId ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldExtras errors={errors} hint={hint} errorId={ids.errorId} hintId={ids.hintId} />
    </div>
  );
}

type TextareaFieldProps = {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string };
  className?: string;
};

export function TextareaField({ label, errors, hint, textareaProps, className }: TextareaFieldProps) {
  const ids = describedBy({ id: textareaProps.id, errors, hint });
  return (
    <div className={className}>
      <label htmlFor={textareaProps.id} className="label">
        {label}
      </label>
      <textarea className="input" {...textareaProps} aria-invalid={ids.errorId ? true : undefined} aria-describedby={ids.describedBy} />
      <FieldExtras errors={errors} hint={hint} errorId={ids.errorId} hintId={ids.hintId} />
    </div>
  );
}
