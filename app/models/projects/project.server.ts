import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { keptUntilWritten } from '../../../db/kept-until-written';
import { projects, type ProjectRow } from '../../../db/schema';
import { MAX_ACTIVE_PROJECTS_E_TOOL, PROJECT_MESSAGES, projectSchema, type ProjectFields, type ProjectInput } from '../../schemas/projects';
import { AppError } from '../../utils/errors';
import { paginate, type Page } from '../../utils/pagination.server';
import { PROJECT_STATUS_LABELS, type Role } from '../../utils/value-sets';
import { hasAtLeast } from '../accounts/roles';
import { getMemorialProfile } from '../tools/memorial-profile.server';

/**
 * 'Projetos' (issue 32): who may hold projects and how many, and the project's own data. A user only
 * ever reaches their own projects: another user's project is the same 404 as a missing one.
 */

export type ProjectOwner = { id: number; role: Role };

/** E-TOOL and above; a downgraded account keeps its projects (LGPD export, deletion) but cannot open them. */
export const canUseProjects = (role: Role) => hasAtLeast(role, 'E-TOOL');

export function assertCanUseProjects(user: ProjectOwner): void {
  if (!canUseProjects(user.role)) throw new AppError(403, PROJECT_MESSAGES.restricted);
}

/** How many active projects the role may hold; null: no limit (E-MASTER, admin). */
export const activeProjectLimit = (role: Role): number | null => (role === 'E-TOOL' ? MAX_ACTIVE_PROJECTS_E_TOOL : null);

export type ProjectView = ProjectFields & {
  id: number;
  statusLabel: string;
  updatedAt: string;
  calculationCount?: number;
};

export const toProjectView = (row: ProjectRow): ProjectView => ({
  id: row.id,
  name: row.name,
  client: row.client,
  place: row.place,
  art: row.art,
  engineerName: row.engineerName,
  crea: row.crea,
  description: row.description,
  status: row.status,
  statusLabel: PROJECT_STATUS_LABELS[row.status],
  updatedAt: row.updatedAt.toISOString(),
});

function parseProject(input: ProjectInput): ProjectFields {
  const parsed = projectSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(400, issue.message, typeof issue.path[0] === 'string' ? issue.path[0] : undefined);
}

function countActive(executor: Executor, userId: number, except?: number): number {
  return (
    executor
      .select({ total: count() })
      .from(projects)
      .where(and(eq(projects.userId, userId), ne(projects.status, 'archived'), except ? ne(projects.id, except) : undefined))
      .get()?.total ?? 0
  );
}

function assertActiveRoom(executor: Executor, user: ProjectOwner, except?: number): void {
  const limit = activeProjectLimit(user.role);
  if (limit !== null && countActive(executor, user.id, except) >= limit) throw new AppError(409, PROJECT_MESSAGES.activeLimit);
}

/** The new project form's values: the memorial profile's client, place, ART, engineer and CREA. */
export function newProjectDefaults(userId: number, executor: Executor = db): ProjectFields {
  const profile = getMemorialProfile(userId, executor);
  return {
    name: profile.projectName,
    client: profile.client,
    place: profile.place,
    art: profile.art,
    engineerName: profile.engineerName,
    crea: profile.crea,
    description: '',
    status: 'draft',
  };
}

export function createProject(user: ProjectOwner, input: ProjectInput, executor: Executor = db): ProjectView {
  assertCanUseProjects(user);
  const values = parseProject(input);
  return executor.transaction((tx) => {
    if (values.status !== 'archived') assertActiveRoom(tx, user);
    return toProjectView(
      tx
        .insert(projects)
        .values({ userId: user.id, ...values })
        .returning()
        .get(),
    );
  });
}

const ownProject = preparedQuery(() =>
  db
    .select()
    .from(projects)
    .where(and(eq(projects.id, sql.placeholder('projectId')), eq(projects.userId, sql.placeholder('userId'))))
    .prepare(),
);

/** The user's own project; anyone else's (or a missing one) is a 404. */
export function getOwnProject(user: ProjectOwner, projectId: number, executor: Executor = db): ProjectRow {
  assertCanUseProjects(user);
  const row =
    executor === db
      ? ownProject().get({ projectId, userId: user.id })
      : executor
          .select()
          .from(projects)
          .where(and(eq(projects.id, projectId), eq(projects.userId, user.id)))
          .get();
  if (!row) throw new AppError(404, PROJECT_MESSAGES.notFound);
  return row;
}

/** A project whose calculations may change: not archived. */
export function getEditableProject(user: ProjectOwner, projectId: number, executor: Executor = db): ProjectRow {
  const row = getOwnProject(user, projectId, executor);
  if (row.status === 'archived') throw new AppError(409, PROJECT_MESSAGES.archived);
  return row;
}

export function updateProject(user: ProjectOwner, projectId: number, input: ProjectInput, executor: Executor = db): ProjectView {
  const values = parseProject(input);
  return executor.transaction((tx) => {
    const current = getOwnProject(user, projectId, tx);
    if (current.status === 'archived' && values.status !== 'archived') assertActiveRoom(tx, user, projectId);
    return toProjectView(
      tx
        .update(projects)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(projects.id, projectId))
        .returning()
        .get(),
    );
  });
}

/** Marks a project changed (its list is ordered by the last change). */
export function touchProject(projectId: number, executor: Executor = db): void {
  executor.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId)).run();
}

export function deleteProject(user: ProjectOwner, projectId: number, executor: Executor = db): void {
  getOwnProject(user, projectId, executor);
  executor.delete(projects).where(eq(projects.id, projectId)).run();
}

/** The user's projects, most recently changed first, through `projects_user_updated_idx`. */
export function listProjects(user: ProjectOwner, query: { page: number; perPage: number }): Page<ProjectView> {
  assertCanUseProjects(user);
  const where = eq(projects.userId, user.id);
  return paginate(query, {
    count: () => db.select({ total: count() }).from(projects).where(where).get()?.total ?? 0,
    rows: (limit, offset) => {
      const rows = db
        .select()
        .from(projects)
        .where(where)
        .orderBy(desc(projects.updatedAt), desc(projects.id))
        .limit(limit)
        .offset(offset)
        .all();
      const counts = countCalculations(rows.map((row) => row.id));
      return rows.map((row) => ({ ...toProjectView(row), calculationCount: counts.get(row.id) ?? 0 }));
    },
  });
}

function countCalculations(projectIds: number[]): Map<number, number> {
  if (projectIds.length === 0) return new Map();
  const rows = db.all<{ projectId: number; total: number }>(
    sql`select project_id as projectId, count(*) as total from project_calculations where ${inArray(sql`project_id`, projectIds)} group by project_id`,
  );
  return new Map(rows.map((row) => [row.projectId, row.total]));
}

/** The active-project count and limit, as the projects page says them. */
export function projectQuota(user: ProjectOwner): { active: number; limit: number | null } {
  return { active: countActive(db, user.id), limit: activeProjectLimit(user.role) };
}

/** The select of 'Adicionar ao projeto': the user's projects that accept calculations, newest change first (bounded). */
const activeProjectChoices = preparedQuery(() =>
  db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.userId, sql.placeholder('userId')), ne(projects.status, 'archived')))
    .orderBy(desc(projects.updatedAt))
    .limit(100)
    .prepare(),
);

/** Every result page lists them: kept per user until the database changes (a project made, renamed or archived). */
const keptChoices = keptUntilWritten<{ id: number; name: string }[]>(2000);

export function projectChoices(user: ProjectOwner): { id: number; name: string }[] {
  if (!canUseProjects(user.role)) return [];
  return keptChoices.get(String(user.id), Date.now(), () => ({ value: activeProjectChoices().all({ userId: user.id }) }));
}
