import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { describedBy, FieldExtras } from '~/components/ui/field';

/**
 * The select and textarea twins of `ui/field.tsx` for the admin forms: label, control, hint and
 * the first error, wired with aria-invalid and aria-describedby.
 */

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
  return (
    <div className={className}>
      <label htmlFor={selectProps.id} className="label">
        {label}
      </label>
      <select className="input" {...selectProps} aria-invalid={ids.errorId ? true : undefined} aria-describedby={ids.describedBy}>
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

/** A labelled table of an admin list, with the specification's empty text ('Nenhum ... encontrado'). */
export function ListTable({ label, headers, empty, children, count }: { label: string; headers: readonly string[]; empty: string; count: number; children: ReactNode }) {
  if (count === 0) return <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">{empty}</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** One cell of a ListTable row. */
export const Cell = ({ children, className = '' }: { children: ReactNode; className?: string }) => <td className={`px-3 py-2 align-top ${className}`}>{children}</td>;

/** The one-line summary over a list: how many items the filter found. */
export function ListCount({ total, one, many }: { total: number; one: string; many: string }) {
  return <p className="mt-2 text-sm text-slate-600">{total === 1 ? `1 ${one}` : `${total} ${many}`}</p>;
}
