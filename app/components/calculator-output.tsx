import { formatNumber } from '~/calculators/format';
import { ptBrNumber } from '~/utils/format';
import type { CalculationStep, ResultItem } from '~/calculators/types';
import { SymbolText } from '~/components/ui/symbol-text';

/**
 * A result or step value in pt-BR: `digits` decimal places with thousands grouping; values too
 * small or too large for that (0,00 or 15 digits) switch to scientific notation; text as is.
 */
export function formatCalculatorValue(value: number | string, digits?: number): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return '—';
  const magnitude = Math.abs(value);
  if (digits === undefined || (value !== 0 && (magnitude >= 1e12 || magnitude < 0.5 * 10 ** -digits))) return formatNumber(value, 4);
  return ptBrNumber({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

const withUnit = (text: string, unit: string) => (unit ? `${text} ${unit}` : text);

export function CalculatorResults({ results }: { results: readonly ResultItem[] }) {
  return (
    <dl data-testid="calculator-results" className="divide-y divide-slate-100">
      {results.map((item) => (
        <div key={item.key} data-result={item.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
          <dt className="text-sm text-slate-600">
            <SymbolText text={item.label} />
          </dt>
          <dd className="font-mono text-base font-semibold text-slate-900">
            {withUnit(formatCalculatorValue(item.value, item.digits), item.unit)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CalculatorSteps({ steps }: { steps: readonly CalculationStep[] }) {
  return (
    // Room for two-digit numbers ('10.'): with less, they stick out of the page's margin on paper and print cut ('.0.').
    <ol data-testid="calculator-steps" className="list-decimal space-y-2 pl-8 text-sm">
      {steps.map((step, index) => (
        <li key={index}>
          <p className="font-medium text-slate-800">
            <SymbolText text={step.label} />
          </p>
          <p className="break-words font-mono text-slate-700">
            {/* One text node with ' = ' (no separator comment between adjacent texts: decision 079). */}
            <SymbolText text={`${step.expression} = `} />
            <strong>{withUnit(formatCalculatorValue(step.value, step.digits), step.unit)}</strong>
          </p>
        </li>
      ))}
    </ol>
  );
}

export function CalculatorWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="calculator-warnings"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-semibold">Atenção</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {warnings.map((warning) => (
          <li key={warning}>
            <SymbolText text={warning} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function CalculatorFormula({ formula }: { formula: string }) {
  return (
    <p className="break-words rounded-md bg-slate-50 p-3 font-mono text-sm text-slate-800 print:bg-transparent print:p-0">
      <SymbolText text={formula} />
    </p>
  );
}

export function CalculatorReferences({ references }: { references: readonly string[] }) {
  return (
    <ul data-testid="calculator-references" className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {references.map((reference) => (
        <li key={reference}>{reference}</li>
      ))}
    </ul>
  );
}

export function CalculatorDisclaimer({ disclaimer }: { disclaimer?: string }) {
  return (
    <p className="text-xs text-slate-500">
      {disclaimer ? `${disclaimer} ` : ''}
      Resultado de apoio ao projeto: confira as hipóteses, a norma aplicável e os dados do fabricante antes de usá-lo.
    </p>
  );
}
