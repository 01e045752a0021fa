import { figureMarkupKey, type PlacedFigure } from '~/calculators/figure-markup';
import type { FigureTable } from '~/calculators/types';
import { useDocumentMarkup } from '~/components/document-markup';

function FigureTableView({ table, id }: { table: FigureTable; id: string }) {
  const captionId = `${id}-table-caption`;
  return (
    // Scrolls inside its own box on a phone, never the page (inline-size containment keeps the table's width
    // out of the grid column's minimum); focusable so keyboard users can scroll it. Paper cannot scroll: there
    // the cells wrap to the page's width instead of being cut at its margin.
    <div
      className="mt-3 overflow-x-auto rounded-md border border-slate-200 [contain:inline-size] print:overflow-visible print:[contain:none]"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className="w-full min-w-max border-collapse text-sm print:min-w-0" data-testid="figure-table">
        <caption id={captionId} className="px-3 py-2 text-left font-medium text-slate-800">
          {table.caption}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="border-b border-slate-200 px-3 py-2 text-left font-semibold text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-slate-100 last:border-0">
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row" className="px-3 py-1.5 text-left font-medium text-slate-800">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex} className="px-3 py-1.5 font-mono text-slate-800">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A figure's SVG, drawn and escaped on the server by the chart kit (app/charts), inlined at the
 * container's width. The loader data of a document carries no SVG (decision 073): the server
 * render takes it from the request's slot and the browser keeps what the server rendered.
 */
function FigureDrawing({ figure }: { figure: PlacedFigure }) {
  const elementId = `figure-${figure.id}-drawing`;
  const svg = useDocumentMarkup(figure, figureMarkupKey(figure.id), elementId, figure.svg);
  return (
    // On a phone (below 640 px) the drawing keeps FIGURE_MIN_WIDTH (672 px) and scrolls sideways in its own box, so its
    // smallest text (12 in the 720 viewBox) stays 11 px; focusable, so a keyboard scrolls it too. Paper fits it to the page.
    <div
      id={elementId}
      className="mt-2 w-full max-w-full overflow-x-auto rounded-md border border-slate-200 bg-white [contain:inline-size] [&>svg]:block [&>svg]:h-auto [&>svg]:w-full max-sm:[&>svg]:min-w-[672px] print:overflow-visible print:[contain:none] print:[&>svg]:min-w-0"
      role="region"
      aria-label={`${figure.title} (diagrama; em telas estreitas, role para os lados)`}
      tabIndex={0}
      data-testid="figure-drawing"
      // The kit escapes every text it writes and emits no scripts or inline styles (app/charts/svg.ts).
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/**
 * The diagrams of a calculator result (the result page and the memorial): each figure's drawing,
 * with its summary as a visible caption and its table, if any, as a real table.
 */
export function CalculatorFigures({ figures }: { figures: readonly PlacedFigure[] }) {
  if (figures.length === 0) return null;
  return (
    <div className="space-y-8" data-testid="calculator-figures">
      {figures.map((figure) => {
        const headingId = `figure-${figure.id}-heading`;
        return (
          <figure key={figure.id} className="break-inside-avoid" aria-labelledby={headingId} data-figure-id={figure.id}>
            <h3 id={headingId} className="text-base font-semibold text-slate-900">
              {figure.title}
            </h3>
            <FigureDrawing figure={figure} />
            <p className="mt-1 text-xs text-slate-500 sm:hidden print:hidden" aria-hidden="true">
              ← Role o diagrama para os lados →
            </p>
            <figcaption className="mt-2 text-sm text-slate-700" data-testid="figure-summary">
              {figure.summary}
            </figcaption>
            {figure.table ? <FigureTableView table={figure.table} id={`figure-${figure.id}`} /> : null}
          </figure>
        );
      })}
    </div>
  );
}
