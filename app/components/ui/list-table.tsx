import { useId, type ReactNode } from 'react';

/** A CSS string literal of a header (quotes, backslashes, `<` and line breaks escaped: it cannot close the style element). */
const cssString = (text: string) => `"${text.replace(/[\\"<\n]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}"`;

/**
 * Below the `sm` breakpoint each row is a card and each cell a 'label value' line, the label being
 * the column's header (CSS generated content, per column), so no list scrolls sideways on a phone.
 * Rows give their cells in the headers' order, one cell per header.
 */
export function phoneLabels(tableId: string, headers: readonly string[]): string {
  const scope = `[data-list-table="${tableId}"]`;
  const rules = headers.map((header, index) => `${scope}>tbody>tr>td:nth-child(${index + 1})::before{content:${cssString(header)}}`);
  return `@media (max-width:639.98px){${rules.join('')}}`;
}

/**
 * The phone layout of the kit's tables (the labels come from phoneLabels): each cell a grid of the
 * label and its value, a cell's second and later parts (an address under a name, a date under a
 * status) under the value, not under the label. `overflow-wrap: anywhere`
 * (not `break-word`) also lowers the min-content width, so a 60-character subject inside a flex row
 * of a cell wraps instead of widening the page.
 */
const PHONE_TABLE = [
  'max-sm:block max-sm:[&>tbody]:block max-sm:[&>tbody]:space-y-3',
  'max-sm:[&>tbody>tr]:block max-sm:[&>tbody>tr]:rounded-md max-sm:[&>tbody>tr]:border max-sm:[&>tbody>tr]:border-slate-200 max-sm:[&>tbody>tr]:py-1',
  'max-sm:[&>tbody>tr>td]:grid max-sm:[&>tbody>tr>td]:grid-cols-[minmax(0,7rem)_minmax(0,1fr)] max-sm:[&>tbody>tr>td]:gap-x-3 max-sm:[&>tbody>tr>td]:gap-y-1 max-sm:[&>tbody>tr>td]:[overflow-wrap:anywhere]',
  'max-sm:[&>tbody>tr>td]:before:font-semibold max-sm:[&>tbody>tr>td]:before:text-slate-700',
  'max-sm:[&>tbody>tr>td>*]:col-start-2 max-sm:[&>tbody>tr>td>*]:justify-self-start',
].join(' ');

type ListTableProps = {
  label: string;
  headers: readonly string[];
  /** The specification's empty text ('Nenhum ... encontrado'). */
  empty: string;
  count: number;
  children?: ReactNode;
  /** The `<tbody>` itself, given its class, instead of `children` inside the kit's (rows kept as markup: StaticMarkupList). */
  body?: (className: string) => ReactNode;
  /** A hidden caption instead of aria-label (the chat lists). */
  caption?: boolean;
  /** The table's id for its phone labels, given when the table is rendered apart from the page (StaticMarkup, where useId would differ). */
  id?: string;
};

const BODY_CLASS = 'sm:divide-y sm:divide-slate-100';

/**
 * A labelled table of a list, with its empty text: the one table kit of the admin panel, the chat
 * lists and the account's payments. On a phone its rows are cards (phoneLabels).
 */
export function ListTable({ label, headers, empty, children, body, count, caption = false, id }: ListTableProps) {
  const generatedId = useId();
  const tableId = id ?? generatedId;
  if (count === 0) return <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-600">{empty}</p>;
  return (
    // On a phone the header row is read by screen readers only (sr-only); Chromium does not clip a table
    // row inside it, so the wrapper holds it (relative + overflow-x clip) or a wide header would scroll the page.
    <div className="mt-4 max-sm:relative max-sm:overflow-x-clip sm:overflow-x-auto">
      <style dangerouslySetInnerHTML={{ __html: phoneLabels(tableId, headers) }} />
      <table
        data-list-table={tableId}
        className={`w-full text-sm sm:min-w-full sm:divide-y sm:divide-slate-200 ${PHONE_TABLE}`}
        aria-label={caption ? undefined : label}
      >
        {caption ? <caption className="sr-only">{label}</caption> : null}
        <thead className="bg-slate-50 max-sm:sr-only">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        {body ? body(BODY_CLASS) : <tbody className={BODY_CLASS}>{children}</tbody>}
      </table>
    </div>
  );
}

/** The classes of a ListTable row's cell (a long list may write its `<td>`s with them instead of Cell). */
export const CELL_CLASS = 'px-3 py-2 align-top';

/** One cell of a ListTable row. */
export const Cell = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <td className={`${CELL_CLASS} ${className}`}>{children}</td>
);

/** The one-line summary over a list: how many items the filter found. */
export function ListCount({ total, one, many }: { total: number; one: string; many: string }) {
  return <p className="mt-2 text-sm text-slate-600">{total === 1 ? `1 ${one}` : `${total} ${many}`}</p>;
}
