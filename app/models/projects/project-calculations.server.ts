import { and, asc, count, eq, gt, lt, desc, max, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { calculationHistory, projectCalculations, type ProjectCalculationRow } from '../../../db/schema';
import { getCalculator, runCalculator } from '../../calculators';
import { calculatorPath, canonicalQuery, reportPath } from '../../calculators/view';
import { MAX_HISTORY_QUERY } from '../../schemas/calculation-history';
import { MAX_PROJECT_CALCULATIONS, PROJECT_MESSAGES } from '../../schemas/projects';
import { AppError } from '../../utils/errors';
import { paginate, type Page } from '../../utils/pagination.server';
import { requireUsableCalculator } from '../tools/calculator-access.server';
import { versionNote } from '../tools/calculation-history.server';
import { type AccessSubject } from '../tools/tool-access';
import { getEditableProject, getOwnProject, touchProject, type ProjectOwner } from './project.server';

/**
 * The calculations of a project as they are edited (what the next revision freezes): added from a
 * result page, from the history or from a calculator opened inside the project; each with its own
 * title and place; duplicated to vary its inputs. Every input is computed again before it is kept.
 */

type Owner = ProjectOwner & AccessSubject;

export type ProjectCalculationView = {
  id: number;
  title: string;
  position: number;
  calculatorSlug: string;
  calculatorTitle: string | null;
  savedVersion: string;
  versionNote: string | null;
  href: string | null;
  reportHref: string | null;
};

export const toCalculationView = (row: ProjectCalculationRow): ProjectCalculationView => {
  const calculator = getCalculator(row.calculatorSlug);
  return {
    id: row.id,
    title: row.title,
    position: row.position,
    calculatorSlug: row.calculatorSlug,
    calculatorTitle: calculator?.title ?? null,
    savedVersion: row.calculatorVersion,
    versionNote: versionNote(row.calculatorVersion, calculator?.version ?? null),
    href: calculator ? calculatorPath(row.calculatorSlug, row.query) : null,
    reportHref: calculator ? reportPath(row.calculatorSlug, row.query) : null,
  };
};

/** A project's calculations in their order (at most 200: the project's limit bounds the list). */
export function listProjectRows(projectId: number, executor: Executor = db): ProjectCalculationRow[] {
  return executor
    .select()
    .from(projectCalculations)
    .where(eq(projectCalculations.projectId, projectId))
    .orderBy(asc(projectCalculations.position), asc(projectCalculations.id))
    .all();
}

function insertCalculation(
  executor: Executor,
  user: Owner,
  projectId: number,
  values: { calculatorSlug: string; calculatorVersion: string; title: string; query: string },
): ProjectCalculationRow {
  return executor.transaction((tx) => {
    getEditableProject(user, projectId, tx);
    const held =
      tx.select({ total: count() }).from(projectCalculations).where(eq(projectCalculations.projectId, projectId)).get()?.total ?? 0;
    if (held >= MAX_PROJECT_CALCULATIONS) throw new AppError(409, PROJECT_MESSAGES.calculationLimit);
    const last = tx
      .select({ position: max(projectCalculations.position) })
      .from(projectCalculations)
      .where(eq(projectCalculations.projectId, projectId))
      .get()?.position;
    const row = tx
      .insert(projectCalculations)
      .values({ projectId, ...values, position: (last ?? 0) + 1 })
      .returning()
      .get();
    touchProject(projectId, tx);
    return row;
  });
}

/** 'Adicionar ao projeto' from a result: the inputs are computed again and kept as the canonical query. */
export function addCalculationToProject(
  user: Owner,
  projectId: number,
  input: { slug: string; title: string; query: string },
  executor: Executor = db,
): ProjectCalculationRow {
  getEditableProject(user, projectId, executor);
  const calculator = requireUsableCalculator(user, input.slug, executor);
  const run = runCalculator(calculator, new URLSearchParams(input.query));
  if (!run.ok) throw new AppError(400, PROJECT_MESSAGES.invalidInputs);
  const query = canonicalQuery(calculator, run);
  if (query.length > MAX_HISTORY_QUERY) throw new AppError(400, PROJECT_MESSAGES.invalidInputs);
  return insertCalculation(executor, user, projectId, {
    calculatorSlug: calculator.slug,
    calculatorVersion: calculator.version,
    title: input.title,
    query,
  });
}

/** 'Adicionar ao projeto' from the history: one of the user's own saved calculations (anyone else's is a 404). */
export function addHistoryItemToProject(user: Owner, projectId: number, historyId: number, executor: Executor = db): ProjectCalculationRow {
  const saved = executor
    .select()
    .from(calculationHistory)
    .where(and(eq(calculationHistory.id, historyId), eq(calculationHistory.userId, user.id)))
    .get();
  if (!saved) throw new AppError(404, 'Cálculo não encontrado');
  return addCalculationToProject(user, projectId, { slug: saved.calculatorSlug, title: saved.title, query: saved.query }, executor);
}

function getOwnCalculation(user: Owner, projectId: number, calculationId: number, executor: Executor): ProjectCalculationRow {
  getEditableProject(user, projectId, executor);
  const row = executor
    .select()
    .from(projectCalculations)
    .where(and(eq(projectCalculations.id, calculationId), eq(projectCalculations.projectId, projectId)))
    .get();
  if (!row) throw new AppError(404, PROJECT_MESSAGES.calculationNotFound);
  return row;
}

export function renameCalculation(user: Owner, projectId: number, calculationId: number, title: string, executor: Executor = db): void {
  executor.transaction((tx) => {
    getOwnCalculation(user, projectId, calculationId, tx);
    tx.update(projectCalculations).set({ title }).where(eq(projectCalculations.id, calculationId)).run();
    touchProject(projectId, tx);
  });
}

/** 'Subir' / 'Descer': swaps places with the neighbour; at an end nothing moves. */
export function moveCalculation(
  user: Owner,
  projectId: number,
  calculationId: number,
  direction: 'up' | 'down',
  executor: Executor = db,
): void {
  executor.transaction((tx) => {
    const row = getOwnCalculation(user, projectId, calculationId, tx);
    const neighbour = tx
      .select()
      .from(projectCalculations)
      .where(
        and(
          eq(projectCalculations.projectId, projectId),
          direction === 'up' ? lt(projectCalculations.position, row.position) : gt(projectCalculations.position, row.position),
        ),
      )
      .orderBy(direction === 'up' ? desc(projectCalculations.position) : asc(projectCalculations.position))
      .limit(1)
      .get();
    if (!neighbour) return;
    tx.update(projectCalculations).set({ position: neighbour.position }).where(eq(projectCalculations.id, row.id)).run();
    tx.update(projectCalculations).set({ position: row.position }).where(eq(projectCalculations.id, neighbour.id)).run();
    touchProject(projectId, tx);
  });
}

/** 'Duplicar': a copy at the end, '(cópia)' added to the title, to vary its inputs. */
export function duplicateCalculation(
  user: Owner,
  projectId: number,
  calculationId: number,
  executor: Executor = db,
): ProjectCalculationRow {
  const row = getOwnCalculation(user, projectId, calculationId, executor);
  const title = `${row.title} (cópia)`.slice(0, 120);
  return insertCalculation(executor, user, projectId, {
    calculatorSlug: row.calculatorSlug,
    calculatorVersion: row.calculatorVersion,
    title,
    query: row.query,
  });
}

export function removeCalculation(user: Owner, projectId: number, calculationId: number, executor: Executor = db): void {
  executor.transaction((tx) => {
    getOwnCalculation(user, projectId, calculationId, tx);
    tx.delete(projectCalculations).where(eq(projectCalculations.id, calculationId)).run();
    touchProject(projectId, tx);
  });
}

const calculationCount = preparedQuery(() =>
  db
    .select({ total: count() })
    .from(projectCalculations)
    .where(eq(projectCalculations.projectId, sql.placeholder('projectId')))
    .prepare(),
);
const calculationRows = preparedQuery(() =>
  db
    .select()
    .from(projectCalculations)
    .where(eq(projectCalculations.projectId, sql.placeholder('projectId')))
    .orderBy(asc(projectCalculations.position), asc(projectCalculations.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

/** One page of the project's calculations in their order, through `project_calculations_project_position_idx`. */
export function listProjectCalculationsPage(
  user: Owner,
  projectId: number,
  query: { page: number; perPage: number },
): Page<ProjectCalculationView> {
  getOwnProject(user, projectId);
  return paginate(query, {
    count: () => calculationCount().get({ projectId })?.total ?? 0,
    rows: (limit, offset) => calculationRows().all({ projectId, limit, offset }).map(toCalculationView),
  });
}

/** 'Salvar no projeto' after 'Alterar dados': new inputs (computed again) and title for one calculation. */
export function updateCalculationInputs(
  user: Owner,
  projectId: number,
  calculationId: number,
  input: { title: string; query: string },
  executor: Executor = db,
): void {
  const row = getOwnCalculation(user, projectId, calculationId, executor);
  const calculator = requireUsableCalculator(user, row.calculatorSlug, executor);
  const run = runCalculator(calculator, new URLSearchParams(input.query));
  if (!run.ok) throw new AppError(400, PROJECT_MESSAGES.invalidInputs);
  const query = canonicalQuery(calculator, run);
  if (query.length > MAX_HISTORY_QUERY) throw new AppError(400, PROJECT_MESSAGES.invalidInputs);
  executor.transaction((tx) => {
    tx.update(projectCalculations)
      .set({ title: input.title, query, calculatorVersion: calculator.version })
      .where(eq(projectCalculations.id, calculationId))
      .run();
    touchProject(projectId, tx);
  });
}

/** The calculation 'Alterar dados' opens: its calculator and query. */
export function getProjectCalculation(
  user: Owner,
  projectId: number,
  calculationId: number,
  executor: Executor = db,
): ProjectCalculationRow {
  return getOwnCalculation(user, projectId, calculationId, executor);
}
