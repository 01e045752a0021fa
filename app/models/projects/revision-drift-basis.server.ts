import { eq } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { projectRevisions } from '../../../db/schema';
import type { FrozenCalculation } from './frozen-calculation.server';

/**
 * What the version check reads of a revision: each frozen calculation's calculator, version,
 * inputs and results, without its steps and figures. A revision is frozen (a trigger refuses
 * UPDATE, and AUTOINCREMENT never reuses an id), so what is read once per revision id stays true:
 * the project page then no longer reads and parses the whole snapshot (up to 200 calculations
 * with their diagrams, megabytes) on every view. Bounded; least recently used out first.
 */
export type DriftBasis = Pick<
  FrozenCalculation,
  'sourceId' | 'title' | 'calculatorTitle' | 'calculatorSlug' | 'version' | 'query' | 'results'
>;

export const DRIFT_BASIS_CACHE_LIMIT = 200;
const cache = new Map<number, readonly DriftBasis[]>();

export function driftBasis(revisionId: number, executor: Executor = db): readonly DriftBasis[] {
  const hit = cache.get(revisionId);
  if (hit) {
    cache.delete(revisionId);
    cache.set(revisionId, hit);
    return hit;
  }
  const row = executor
    .select({ snapshot: projectRevisions.snapshot })
    .from(projectRevisions)
    .where(eq(projectRevisions.id, revisionId))
    .get();
  if (!row) return [];
  const calculations = (JSON.parse(row.snapshot) as { calculations: FrozenCalculation[] }).calculations;
  const basis = calculations.map(({ sourceId, title, calculatorTitle, calculatorSlug, version, query, results }) => ({
    sourceId,
    title,
    calculatorTitle,
    calculatorSlug,
    version,
    query,
    results,
  }));
  cache.set(revisionId, basis);
  if (cache.size > DRIFT_BASIS_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return basis;
}
