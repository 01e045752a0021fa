import type { ResultItem } from '../../calculators/types';
import { resultValueText } from '../../calculators/result-text';

/**
 * What changed between two revisions of a project (the memorial's revision table): calculations
 * added and removed, inputs changed (label: before → after), the calculator's version, and every
 * numeric result that moved, with how much (absolute and percent). Pure: no database.
 */

export type ComparableCalculation = {
  sourceId: number;
  title: string;
  version: string;
  inputs: { name: string; label: string; value: string; unit: string }[];
  results: ResultItem[];
};

export type ResultMove = { label: string; unit: string; before: string; after: string; delta: string; percent: string | null };

export type CalculationChange = {
  sourceId: number;
  title: string;
  kind: 'added' | 'removed' | 'changed';
  inputs: { label: string; before: string; after: string }[];
  version: { before: string; after: string } | null;
  results: ResultMove[];
};

const shown = (input: { value: string; unit: string } | undefined) => (input ? `${input.value}${input.unit ? ` ${input.unit}` : ''}` : '—');

const signed = (value: number, digits: number | undefined) => {
  const text = resultValueText({ value: Math.abs(value), digits });
  return `${value < 0 ? '−' : '+'}${text}`;
};

const percentFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, minimumFractionDigits: 0, signDisplay: 'always' });

/** The numeric results whose value moved between two runs of the same calculation. */
export function resultMoves(before: readonly ResultItem[], after: readonly ResultItem[]): ResultMove[] {
  const previous = new Map(before.map((item) => [item.key, item]));
  const moves: ResultMove[] = [];
  for (const item of after) {
    const old = previous.get(item.key);
    if (!old) continue;
    if (typeof item.value === 'number' && typeof old.value === 'number') {
      if (resultValueText(item) === resultValueText(old)) continue;
      const delta = item.value - old.value;
      moves.push({
        label: item.label,
        unit: item.unit,
        before: resultValueText(old),
        after: resultValueText(item),
        delta: signed(delta, item.digits),
        percent: old.value === 0 ? null : `${percentFormat.format((delta / Math.abs(old.value)) * 100)} %`,
      });
    } else if (String(item.value) !== String(old.value)) {
      moves.push({
        label: item.label,
        unit: item.unit,
        before: resultValueText(old),
        after: resultValueText(item),
        delta: '',
        percent: null,
      });
    }
  }
  return moves;
}

export function revisionChanges(before: readonly ComparableCalculation[], after: readonly ComparableCalculation[]): CalculationChange[] {
  const previous = new Map(before.map((calculation) => [calculation.sourceId, calculation]));
  const current = new Set(after.map((calculation) => calculation.sourceId));
  const changes: CalculationChange[] = [];
  for (const calculation of after) {
    const old = previous.get(calculation.sourceId);
    if (!old) {
      changes.push({ sourceId: calculation.sourceId, title: calculation.title, kind: 'added', inputs: [], version: null, results: [] });
      continue;
    }
    const oldInputs = new Map(old.inputs.map((input) => [input.name, input]));
    const names = new Set([...old.inputs.map((input) => input.name), ...calculation.inputs.map((input) => input.name)]);
    const newInputs = new Map(calculation.inputs.map((input) => [input.name, input]));
    const inputs = [...names].flatMap((name) => {
      const a = oldInputs.get(name);
      const b = newInputs.get(name);
      return shown(a) === shown(b) ? [] : [{ label: (b ?? a)!.label, before: shown(a), after: shown(b) }];
    });
    const version = old.version === calculation.version ? null : { before: old.version, after: calculation.version };
    const results = resultMoves(old.results, calculation.results);
    if (inputs.length > 0 || version || results.length > 0 || old.title !== calculation.title) {
      changes.push({ sourceId: calculation.sourceId, title: calculation.title, kind: 'changed', inputs, version, results });
    }
  }
  for (const calculation of before) {
    if (!current.has(calculation.sourceId)) {
      changes.push({ sourceId: calculation.sourceId, title: calculation.title, kind: 'removed', inputs: [], version: null, results: [] });
    }
  }
  return changes;
}

/** One line per change, as the revision table prints it. */
export function changeSummary(change: CalculationChange): string {
  if (change.kind === 'added') return `Incluído: ${change.title}`;
  if (change.kind === 'removed') return `Excluído: ${change.title}`;
  const parts: string[] = [];
  if (change.inputs.length > 0)
    parts.push(`dados alterados (${change.inputs.map((input) => `${input.label}: ${input.before} → ${input.after}`).join('; ')})`);
  if (change.version) parts.push(`calculadora da versão ${change.version.before} para ${change.version.after}`);
  if (change.results.length > 0) {
    parts.push(
      `resultados: ${change.results
        .map(
          (move) =>
            `${move.label} ${move.before} → ${move.after}${move.unit ? ` ${move.unit}` : ''}${move.delta ? ` (${move.delta}${move.percent ? `; ${move.percent}` : ''})` : ''}`,
        )
        .join('; ')}`,
    );
  }
  if (parts.length === 0) parts.push('título alterado');
  return `Alterado: ${change.title}: ${parts.join('; ')}`;
}
