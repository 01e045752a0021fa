import { and, eq, gt, isNull, lte, or, sql, type Placeholder } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { courseGrants, courses, users, type CourseGrantRow, type UserRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import type { CourseGrantSource, Role } from '../../utils/value-sets';
import { requireApiRole, requireRole } from '../accounts/permissions.server';
import { hasAtLeast } from '../accounts/roles';
import type { AuditActor } from '../audit/audit.server';
import { recordAudit } from '../audit/audit.server';

/**
 * Who may open which course (the specification's Roles and permissions, 'Courses'), the twin of tool-access.ts: one module decides,
 * pages and the API ask it. Courses are for E-MASTER and admin; admins see everything, hidden
 * courses included; for everyone else a course needs a code, is premium, or is open, unless an
 * entitlement in course_grants is in force.
 */

export const COURSE_ACCESS_MESSAGES = {
  restrictedTitle: 'Acesso Restrito',
  restricted: 'Esta funcionalidade está disponível apenas para usuários E-MASTER. Faça upgrade da sua conta para acessar os cursos.',
  notFound: 'Curso não encontrado',
  noAccess: 'Você não tem acesso a este curso',
} as const;

export const COURSES_RESTRICTED_TOAST = {
  title: COURSE_ACCESS_MESSAGES.restrictedTitle,
  description: COURSE_ACCESS_MESSAGES.restricted,
} as const;

/** Page guard: below E-MASTER goes to /dashboard with the 'Acesso Restrito' toast. */
export const requireCourseReader = (request: Request) => requireRole(request, 'E-MASTER', COURSES_RESTRICTED_TOAST);
/** API guard: 401 for visitors, 403 with the same message below E-MASTER. */
export const requireApiCourseReader = (request: Request) => requireApiRole(request, 'E-MASTER', COURSE_ACCESS_MESSAGES.restricted);

/** promo: needs a code; premium: needs a purchase; open: everything shows. */
export type CourseState = 'promo' | 'premium' | 'open';
export type CourseAccess = { state: CourseState; hasAccess: boolean; hasPurchased: boolean; isAdmin: boolean };

type AccessCourse = { isHidden: boolean; requiresPromoCode: boolean; priceCents: number | null };
type Entitlement = Pick<CourseGrantRow, 'source'> | null | undefined;

/** The rule itself, pure: the viewer's role, the course, and the viewer's grant in force (if any). */
export function courseAccess(role: Role, course: AccessCourse, grant: Entitlement): CourseAccess {
  const isAdmin = role === 'admin';
  const hasPurchased = grant?.source === 'purchase';
  if (isAdmin) return { state: 'open', hasAccess: true, hasPurchased, isAdmin };
  if (!hasAtLeast(role, 'E-MASTER')) {
    return {
      state: course.requiresPromoCode ? 'promo' : course.priceCents !== null ? 'premium' : 'open',
      hasAccess: false,
      hasPurchased,
      isAdmin,
    };
  }
  if (grant) return { state: 'open', hasAccess: true, hasPurchased, isAdmin };
  if (course.requiresPromoCode) return { state: 'promo', hasAccess: false, hasPurchased, isAdmin };
  if (course.priceCents !== null) return { state: 'premium', hasAccess: false, hasPurchased, isAdmin };
  return { state: 'open', hasAccess: true, hasPurchased, isAdmin };
}

/** Hidden courses exist only for admins: anyone else gets the same 404 as for a missing course. */
export const canSeeCourse = (role: Role, course: { isHidden: boolean }) => role === 'admin' || !course.isHidden;

/**
 * A course code opens its course only for someone who can then read it (the specification's Roles and permissions: courses are
 * for E-MASTER and admin, hidden ones for admins only), so it is refused before a use is spent:
 * a hidden course is the same 404 as everywhere, below E-MASTER the courses message (403).
 */
export function assertCourseCodeUsable(executor: Executor, viewer: Pick<UserRow, 'role'>, courseId: number): void {
  const course = executor.select({ isHidden: courses.isHidden }).from(courses).where(eq(courses.id, courseId)).get();
  if (!course || !canSeeCourse(viewer.role, course)) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound, 'code');
  if (!hasAtLeast(viewer.role, 'E-MASTER')) throw new AppError(403, COURSE_ACCESS_MESSAGES.restricted, 'code');
}

/**
 * SQL: this grant row is in force at `now` (active, started, not ended). In a prepared query
 * `now` is a placeholder, given `grantTime(now)`.
 */
export const grantInForce = (now: Date | Placeholder) =>
  and(eq(courseGrants.active, true), lte(courseGrants.startsAt, now), or(isNull(courseGrants.endsAt), gt(courseGrants.endsAt, now)));

/** A time as the grant columns store it, for a `now` placeholder of grantInForce. */
export const grantTime = (now: Date) => courseGrants.startsAt.mapToDriverValue(now);

/** SQL: `column` is one of the ids of a JSON array placeholder (one statement whatever the number of ids). */
export const inJsonIds = (column: SQLiteColumn, name: string) => sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;

// The catalogue asks it for every page of cards, a course page for one course: prepared once per connection.
const preparedGrantsInForce = preparedQuery(() =>
  db
    .select()
    .from(courseGrants)
    .where(
      and(
        eq(courseGrants.userId, sql.placeholder('userId')),
        inJsonIds(courseGrants.courseId, 'courseIds'),
        grantInForce(sql.placeholder('now')),
      ),
    )
    .prepare(),
);

/**
 * The viewer's grants in force for these courses, by course id (one query for a whole page of
 * cards). The statement is prepared on the process's one connection, so it also runs inside a
 * caller's transaction (db/client.ts).
 */
export function grantsInForce(userId: number, courseIds: number[], now = new Date()): Map<number, CourseGrantRow> {
  if (courseIds.length === 0) return new Map();
  const rows = preparedGrantsInForce().all({ userId, courseIds: JSON.stringify(courseIds), now: grantTime(now) });
  return new Map(rows.map((row) => [row.courseId, row]));
}

export function grantInForceFor(userId: number, courseId: number, now = new Date()): CourseGrantRow | undefined {
  return grantsInForce(userId, [courseId], now).get(courseId);
}

type AccessibleCourseRow = typeof courses.$inferSelect;

/**
 * Loads a course as the viewer may see it: 404 when it does not exist or is hidden from them.
 * Answers the course and the viewer's access to it.
 */
const preparedCourse = preparedQuery(() =>
  db
    .select()
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')))
    .prepare(),
);

export function loadCourseFor(viewer: Pick<UserRow, 'id' | 'role'>, courseId: number, executor: Executor = db, now = new Date()) {
  const course: AccessibleCourseRow | undefined =
    executor === db ? preparedCourse().get({ courseId }) : executor.select().from(courses).where(eq(courses.id, courseId)).get();
  if (!course || !canSeeCourse(viewer.role, course)) throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
  const grant = grantInForceFor(viewer.id, course.id, now);
  return { course, access: courseAccess(viewer.role, course, grant) };
}

/** Like loadCourseFor, and 403 unless the viewer may open the content (lessons, materials, videos). */
export function loadOpenCourseFor(viewer: Pick<UserRow, 'id' | 'role'>, courseId: number, executor: Executor = db, now = new Date()) {
  const loaded = loadCourseFor(viewer, courseId, executor, now);
  if (!loaded.access.hasAccess) throw new AppError(403, COURSE_ACCESS_MESSAGES.noAccess);
  return loaded;
}

/** The later of two ends, null meaning 'for good'. */
const laterEnd = (a: Date | null, b: Date | null): Date | null => (a === null || b === null ? null : a.getTime() >= b.getTime() ? a : b);

/**
 * Gives a user a course (inside the caller's transaction). A grant already in force that lasts
 * at least as long is kept (a purchase for good is not replaced by a 30-day code), unless the
 * new grant is a purchase and the one in force is not: a purchase always shows as one
 * (`hasPurchased`). Otherwise the old row is retired and the new one, ending at the later of the
 * two ends, takes its place; a grant in force from a purchase keeps its source when a code or an
 * admin only lengthens it. So at most one grant per user and course is active (the partial
 * UNIQUE index holds it).
 */
export function grantCourse(
  tx: Executor,
  input: {
    userId: number;
    courseId: number;
    source: CourseGrantSource;
    sourceId?: number | null;
    endsAt?: Date | null;
    createdBy?: number | null;
  },
  now = new Date(),
): CourseGrantRow {
  let endsAt = input.endsAt ?? null;
  if (endsAt && endsAt.getTime() <= now.getTime()) throw new AppError(400, 'O acesso concedido já teria terminado.');
  let source = input.source;
  let sourceId = input.sourceId ?? null;
  const current = tx
    .select()
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, input.userId), eq(courseGrants.courseId, input.courseId), eq(courseGrants.active, true)))
    .get();
  const currentInForce = current !== undefined && current.startsAt <= now && (current.endsAt === null || current.endsAt > now);
  if (current && currentInForce) {
    const lastsLonger = laterEnd(current.endsAt, endsAt)?.getTime() !== current.endsAt?.getTime();
    const becomesPurchase = input.source === 'purchase' && current.source !== 'purchase';
    if (!lastsLonger && !becomesPurchase) return current;
    endsAt = laterEnd(current.endsAt, endsAt);
    if (current.source === 'purchase' && input.source !== 'purchase') {
      source = current.source;
      sourceId = current.sourceId;
    }
  }
  if (current) tx.update(courseGrants).set({ active: false }).where(eq(courseGrants.id, current.id)).run();
  return tx
    .insert(courseGrants)
    .values({
      userId: input.userId,
      courseId: input.courseId,
      source,
      sourceId,
      startsAt: now,
      endsAt,
      active: true,
      createdBy: input.createdBy ?? null,
    })
    .returning()
    .get();
}

export type CourseGrantView = {
  id: number;
  userId: number;
  courseId: number;
  source: CourseGrantRow['source'];
  startsAt: string;
  endsAt: string | null;
};

export const toCourseGrantView = (row: CourseGrantRow): CourseGrantView => ({
  id: row.id,
  userId: row.userId,
  courseId: row.courseId,
  source: row.source,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
});

export const COURSE_GRANT_MESSAGES = {
  userNotFound: 'Usuário não encontrado',
  noGrant: 'Este usuário não tem acesso concedido a este curso.',
} as const;

/** Both ends of a grant exist (404 otherwise), so a bad id is never a foreign-key failure (500). */
function assertGrantParties(tx: Executor, userId: number, courseId: number) {
  if (!tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).get())
    throw new AppError(404, COURSE_ACCESS_MESSAGES.notFound);
  if (!tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).get())
    throw new AppError(404, COURSE_GRANT_MESSAGES.userNotFound, 'userId');
}

/** An admin gives a user a course for good (or until `endsAt`); audited. */
export function adminGrantCourse(
  actor: AuditActor,
  input: { userId: number; courseId: number; endsAt?: Date | null },
  now = new Date(),
): CourseGrantRow {
  return db.transaction((tx) => {
    assertGrantParties(tx, input.userId, input.courseId);
    const grant = grantCourse(tx, { ...input, source: 'admin', createdBy: actor.id }, now);
    recordAudit(tx, actor, {
      action: 'course.grant',
      entityType: 'course',
      entityId: input.courseId,
      summary: `usuário #${input.userId}: acesso até ${grant.endsAt ? grant.endsAt.toISOString() : 'sem prazo'}`,
    });
    return grant;
  });
}

/** An admin takes a course away from a user (the grant in force ends now); audited; 404 if none is in force. */
export function revokeCourseGrant(actor: AuditActor, input: { userId: number; courseId: number }, now = new Date()): void {
  db.transaction((tx) => {
    assertGrantParties(tx, input.userId, input.courseId);
    const revoked = tx
      .update(courseGrants)
      .set({ active: false })
      .where(and(eq(courseGrants.userId, input.userId), eq(courseGrants.courseId, input.courseId), grantInForce(now)))
      .returning({ id: courseGrants.id })
      .get();
    if (!revoked) throw new AppError(404, COURSE_GRANT_MESSAGES.noGrant);
    recordAudit(tx, actor, {
      action: 'course.revoke',
      entityType: 'course',
      entityId: input.courseId,
      summary: `usuário #${input.userId}: acesso revogado`,
    });
  });
}
