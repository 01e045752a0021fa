import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { projectRevisions, projects, type ProjectRevisionRow } from '../../../db/schema';
import { getCalculator } from '../../calculators';
import { PROJECT_MESSAGES } from '../../schemas/projects';
import { AppError } from '../../utils/errors';
import { formatDateTime } from '../../utils/format';
import { paginate, type Page } from '../../utils/pagination.server';
import { listProjectRows } from './project-calculations.server';
import { currentResults, freezeCalculation, type FrozenCalculation } from './frozen-calculation.server';
import { driftBasis } from './revision-drift-basis.server';
import { getEditableProject, getOwnProject, type ProjectOwner } from './project.server';
import { resultMoves, revisionChanges, type CalculationChange, type ResultMove } from './revision-changes';

/**
 * 'Emitir revisão' (issue 32): Rev. 00, 01, … freeze the project as it is, with what changed since the
 * previous revision. A frozen revision is never written again (a trigger refuses UPDATE), so its
 * memorial and its shared link show the same document forever.
 */

export type FrozenProject = {
  name: string;
  client: string;
  place: string;
  art: string;
  engineerName: string;
  crea: string;
  description: string;
};

export type RevisionSnapshot = { project: FrozenProject; calculations: FrozenCalculation[] };

export type RevisionSummary = { id: number; number: number; label: string; issuedAt: string; changes: CalculationChange[] };
export type Revision = RevisionSummary & { snapshot: RevisionSnapshot };

export const revisionLabel = (number: number) => `Rev. ${String(number).padStart(2, '0')}`;

type SummaryRow = Pick<ProjectRevisionRow, 'id' | 'number' | 'issuedAt' | 'changes'>;

/** A revision's row without its snapshot (the frozen calculations, figures included: the largest column by far). */
const summaryColumns = {
  id: projectRevisions.id,
  number: projectRevisions.number,
  issuedAt: projectRevisions.issuedAt,
  changes: projectRevisions.changes,
};

const toSummary = (row: SummaryRow): RevisionSummary => ({
  id: row.id,
  number: row.number,
  label: revisionLabel(row.number),
  issuedAt: formatDateTime(row.issuedAt),
  changes: JSON.parse(row.changes) as CalculationChange[],
});

const toRevision = (row: ProjectRevisionRow): Revision => ({ ...toSummary(row), snapshot: JSON.parse(row.snapshot) as RevisionSnapshot });

/** The project as a revision would freeze it now (the memorial's preview before issuing). */
export function currentSnapshot(projectId: number, executor: Executor = db): RevisionSnapshot {
  const project = executor.select().from(projects).where(eq(projects.id, projectId)).get();
  if (!project) throw new AppError(404, PROJECT_MESSAGES.notFound);
  const { name, client, place, art, engineerName, crea, description } = project;
  return {
    project: { name, client, place, art, engineerName, crea, description },
    calculations: listProjectRows(projectId, executor).map(freezeCalculation),
  };
}

function latestRow(projectId: number, executor: Executor): ProjectRevisionRow | undefined {
  return executor
    .select()
    .from(projectRevisions)
    .where(eq(projectRevisions.projectId, projectId))
    .orderBy(desc(projectRevisions.number))
    .limit(1)
    .get();
}

/**
 * Freezes the project as the next revision: every calculation computed with the calculator as it is
 * now; what changed since the last revision written beside it. Refused when the project is empty,
 * archived, or nothing changed. The project becomes 'Emitido'.
 */
export function issueRevision(user: ProjectOwner, projectId: number, executor: Executor = db): RevisionSummary {
  return executor.transaction((tx) => {
    getEditableProject(user, projectId, tx);
    const snapshot = currentSnapshot(projectId, tx);
    if (snapshot.calculations.length === 0) throw new AppError(409, PROJECT_MESSAGES.nothingToIssue);
    const previous = latestRow(projectId, tx);
    const before = previous ? (JSON.parse(previous.snapshot) as RevisionSnapshot) : null;
    const changes = before ? revisionChanges(before.calculations, snapshot.calculations) : [];
    if (before && changes.length === 0 && JSON.stringify(before.project) === JSON.stringify(snapshot.project)) {
      throw new AppError(409, PROJECT_MESSAGES.unchanged);
    }
    const row = tx
      .insert(projectRevisions)
      .values({
        projectId,
        number: previous ? previous.number + 1 : 0,
        snapshot: JSON.stringify(snapshot),
        changes: JSON.stringify(changes),
      })
      .returning()
      .get();
    tx.update(projects).set({ status: 'issued', updatedAt: new Date() }).where(eq(projects.id, projectId)).run();
    return toSummary(row);
  });
}

/** The project's revisions, oldest first (the revision table's order). */
export function listRevisions(user: ProjectOwner, projectId: number, executor: Executor = db): RevisionSummary[] {
  getOwnProject(user, projectId, executor);
  return executor
    .select(summaryColumns)
    .from(projectRevisions)
    .where(eq(projectRevisions.projectId, projectId))
    .orderBy(asc(projectRevisions.number))
    .all()
    .map(toSummary);
}

export function getRevision(user: ProjectOwner, projectId: number, number: number, executor: Executor = db): Revision {
  getOwnProject(user, projectId, executor);
  const row = executor
    .select()
    .from(projectRevisions)
    .where(and(eq(projectRevisions.projectId, projectId), eq(projectRevisions.number, number)))
    .get();
  if (!row) throw new AppError(404, 'Revisão não encontrada');
  return toRevision(row);
}

/** The revision table of a revision's memorial: every revision up to it. */
export function revisionsUpTo(projectId: number, number: number, executor: Executor = db): RevisionSummary[] {
  return executor
    .select(summaryColumns)
    .from(projectRevisions)
    .where(and(eq(projectRevisions.projectId, projectId), lte(projectRevisions.number, number)))
    .orderBy(asc(projectRevisions.number))
    .all()
    .map(toSummary);
}

const revisionCount = preparedQuery(() =>
  db
    .select({ total: count() })
    .from(projectRevisions)
    .where(eq(projectRevisions.projectId, sql.placeholder('projectId')))
    .prepare(),
);
const revisionRows = preparedQuery(() =>
  db
    .select(summaryColumns)
    .from(projectRevisions)
    .where(eq(projectRevisions.projectId, sql.placeholder('projectId')))
    .orderBy(desc(projectRevisions.number))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);
const latestRevisionId = preparedQuery(() =>
  db
    .select({ id: projectRevisions.id })
    .from(projectRevisions)
    .where(eq(projectRevisions.projectId, sql.placeholder('projectId')))
    .orderBy(desc(projectRevisions.number))
    .limit(1)
    .prepare(),
);

/** The project page's list: one page of revisions, the newest first, through `project_revisions_project_number_idx`. */
export function listRevisionsPage(user: ProjectOwner, projectId: number, query: { page: number; perPage: number }): Page<RevisionSummary> {
  getOwnProject(user, projectId);
  return paginate(query, {
    count: () => revisionCount().get({ projectId })?.total ?? 0,
    rows: (limit, offset) => revisionRows().all({ projectId, limit, offset }).map(toSummary),
  });
}

export type VersionDrift = {
  sourceId: number;
  title: string;
  calculatorTitle: string;
  frozenVersion: string;
  currentVersion: string | null;
  /** The results that would move if computed now; empty when the new version gives the same numbers. */
  moves: ResultMove[];
  /** The inputs are no longer accepted, or the calculator is gone. */
  broken: boolean;
};

/**
 * Calculator-version traceability: the calculations of the last revision whose calculator has a
 * new version since, with what they would give now. Nothing is written: recomputing is issuing the
 * next revision, on the engineer's request.
 */
export function versionDrift(user: ProjectOwner, projectId: number, executor: Executor = db): VersionDrift[] {
  getOwnProject(user, projectId, executor);
  const latest =
    executor === db
      ? latestRevisionId().get({ projectId })
      : executor
          .select({ id: projectRevisions.id })
          .from(projectRevisions)
          .where(eq(projectRevisions.projectId, projectId))
          .orderBy(desc(projectRevisions.number))
          .limit(1)
          .get();
  if (!latest) return [];
  return driftBasis(latest.id, executor).flatMap((frozen) => {
    const calculator = getCalculator(frozen.calculatorSlug);
    const currentVersion = calculator?.version ?? null;
    if (currentVersion === frozen.version) return [];
    const now = currentResults(frozen);
    return [
      {
        sourceId: frozen.sourceId,
        title: frozen.title,
        calculatorTitle: frozen.calculatorTitle,
        frozenVersion: frozen.version,
        currentVersion,
        moves: now ? resultMoves(frozen.results, now) : [],
        broken: now === null,
      },
    ];
  });
}
