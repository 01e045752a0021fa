import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { projectRevisions, projects, projectShareLinks, type ProjectShareLinkRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { formatDateTime } from '../../utils/format';
import { paginate, type Page } from '../../utils/pagination.server';
import { getOwnProject, type ProjectOwner } from './project.server';
import { revisionLabel, revisionsUpTo, type Revision, type RevisionSummary, type RevisionSnapshot } from './revisions.server';

/**
 * 'Compartilhar revisão' (issue 32, decision 065): a read-only link to one frozen revision for the
 * client. The link holds 256 random bits; only their SHA-256 is kept, so a copy of the database
 * opens nothing. Revocable (at once: every view reads the row), with an optional expiry, and every
 * view is counted.
 */

export const SHARE_LINK_MESSAGES = {
  notFound: 'Link não encontrado',
  revoked: 'Este link foi revogado pelo responsável pelo projeto.',
  expired: 'Este link expirou.',
  expiry: 'Escolha uma validade entre 1 e 365 dias, ou deixe em branco.',
} as const;

export const MAX_SHARE_DAYS = 365;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export const sharePath = (token: string) => `/p/${token}`;

export type ShareLinkView = {
  id: number;
  revision: string;
  createdAt: string;
  expiresAt: string | null;
  revoked: boolean;
  expired: boolean;
  viewCount: number;
};

const toView = (row: ProjectShareLinkRow & { number: number }, now = Date.now()): ShareLinkView => ({
  id: row.id,
  revision: revisionLabel(row.number),
  createdAt: formatDateTime(row.createdAt),
  expiresAt: row.expiresAt ? formatDateTime(row.expiresAt) : null,
  revoked: row.revokedAt !== null,
  expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
  viewCount: row.viewCount,
});

/** Creates a link to one of the project's revisions; the token is returned once (shown to the engineer) and never stored. */
export function createShareLink(
  user: ProjectOwner,
  projectId: number,
  revisionNumber: number,
  days: number | null,
  executor: Executor = db,
): { token: string; path: string } {
  getOwnProject(user, projectId, executor);
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_SHARE_DAYS))
    throw new AppError(400, SHARE_LINK_MESSAGES.expiry, 'days');
  const revision = executor
    .select({ id: projectRevisions.id })
    .from(projectRevisions)
    .where(and(eq(projectRevisions.projectId, projectId), eq(projectRevisions.number, revisionNumber)))
    .get();
  if (!revision) throw new AppError(404, 'Revisão não encontrada');
  const token = randomBytes(32).toString('base64url');
  executor
    .insert(projectShareLinks)
    .values({
      projectId,
      revisionId: revision.id,
      tokenHash: digest(token),
      expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000),
    })
    .run();
  return { token, path: sharePath(token) };
}

const linkCount = preparedQuery(() =>
  db
    .select({ total: count() })
    .from(projectShareLinks)
    .where(eq(projectShareLinks.projectId, sql.placeholder('projectId')))
    .prepare(),
);
const linkRows = preparedQuery(() =>
  db
    .select({ link: projectShareLinks, number: projectRevisions.number })
    .from(projectShareLinks)
    .innerJoin(projectRevisions, eq(projectRevisions.id, projectShareLinks.revisionId))
    .where(eq(projectShareLinks.projectId, sql.placeholder('projectId')))
    .orderBy(desc(projectShareLinks.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(),
);

/** One page of the project's share links, the newest first, through `project_share_links_project_idx`. */
export function listShareLinks(
  user: ProjectOwner,
  projectId: number,
  query: { page: number; perPage: number } = { page: 1, perPage: 10 },
): Page<ShareLinkView> {
  getOwnProject(user, projectId);
  return paginate(query, {
    count: () => linkCount().get({ projectId })?.total ?? 0,
    rows: (limit, offset) =>
      linkRows()
        .all({ projectId, limit, offset })
        .map(({ link, number }) => toView({ ...link, number })),
  });
}

/** 'Revogar': takes effect on the next view; another user's link (or a missing one) is a 404. */
export function revokeShareLink(user: ProjectOwner, projectId: number, linkId: number, executor: Executor = db): void {
  getOwnProject(user, projectId, executor);
  const done = executor
    .update(projectShareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(projectShareLinks.id, linkId), eq(projectShareLinks.projectId, projectId)))
    .returning({ id: projectShareLinks.id })
    .get();
  if (!done) throw new AppError(404, SHARE_LINK_MESSAGES.notFound);
}

export type SharedRevision = Omit<Revision, 'changes'> & { revisions: RevisionSummary[] };

/**
 * What an anonymous visitor of a share link sees: the frozen revision (its memorial), counted as a
 * view. A malformed, unknown, revoked or expired token is refused before anything is counted.
 */
export function openSharedRevision(token: string, executor: Executor = db): SharedRevision {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError(404, SHARE_LINK_MESSAGES.notFound);
  return executor.transaction((tx) => {
    const found = tx
      .select({ link: projectShareLinks, revision: projectRevisions })
      .from(projectShareLinks)
      .innerJoin(projectRevisions, eq(projectRevisions.id, projectShareLinks.revisionId))
      .innerJoin(projects, eq(projects.id, projectShareLinks.projectId))
      .where(eq(projectShareLinks.tokenHash, digest(token)))
      .get();
    if (!found) throw new AppError(404, SHARE_LINK_MESSAGES.notFound);
    const { link, revision } = found;
    if (link.revokedAt) throw new AppError(410, SHARE_LINK_MESSAGES.revoked);
    if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) throw new AppError(410, SHARE_LINK_MESSAGES.expired);
    tx.update(projectShareLinks)
      .set({ viewCount: sql`${projectShareLinks.viewCount} + 1` })
      .where(eq(projectShareLinks.id, link.id))
      .run();
    return {
      id: revision.id,
      number: revision.number,
      label: revisionLabel(revision.number),
      issuedAt: formatDateTime(revision.issuedAt),
      snapshot: JSON.parse(revision.snapshot) as RevisionSnapshot,
      revisions: revisionsUpTo(link.projectId, revision.number, tx),
    };
  });
}
