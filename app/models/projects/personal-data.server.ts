import { asc, eq, inArray } from 'drizzle-orm';
import { type Executor } from '../../../db/client';
import { projectCalculations, projectRevisions, projects, projectShareLinks } from '../../../db/schema';

/**
 * A user's projects as the LGPD export lists them (issue 32): the project's data, its calculations
 * (inputs and calculator versions), its revisions (number and date) and its share links (no token:
 * only its digest is kept, and that is not the user's data). Deleting the account deletes them all
 * (every table cascades from `users`).
 */
export function projectsOf(userId: number, executor: Executor) {
  const rows = executor.select().from(projects).where(eq(projects.userId, userId)).orderBy(asc(projects.id)).all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const calculations = executor
    .select()
    .from(projectCalculations)
    .where(inArray(projectCalculations.projectId, ids))
    .orderBy(asc(projectCalculations.position))
    .all();
  const revisions = executor
    .select({ projectId: projectRevisions.projectId, number: projectRevisions.number, issuedAt: projectRevisions.issuedAt })
    .from(projectRevisions)
    .where(inArray(projectRevisions.projectId, ids))
    .orderBy(asc(projectRevisions.number))
    .all();
  const links = executor.select().from(projectShareLinks).where(inArray(projectShareLinks.projectId, ids)).all();
  return rows.map((row) => ({
    name: row.name,
    client: row.client,
    place: row.place,
    art: row.art,
    engineerName: row.engineerName,
    crea: row.crea,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    calculations: calculations
      .filter((calculation) => calculation.projectId === row.id)
      .map(({ title, calculatorSlug, calculatorVersion, query }) => ({ title, calculator: calculatorSlug, calculatorVersion, query })),
    revisions: revisions
      .filter((revision) => revision.projectId === row.id)
      .map(({ number, issuedAt }) => ({ number, issuedAt: issuedAt.toISOString() })),
    shareLinks: links
      .filter((link) => link.projectId === row.id)
      .map((link) => ({
        createdAt: link.createdAt.toISOString(),
        expiresAt: link.expiresAt?.toISOString() ?? null,
        revokedAt: link.revokedAt?.toISOString() ?? null,
        viewCount: link.viewCount,
      })),
  }));
}
