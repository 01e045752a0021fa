import { and, count, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { roleGrants, users, type GrantableRole, type Role } from '../../../db/schema';
import { publishAccessChanged } from '../live-bus/live-events.server';
import { loadGrants } from './effective-role.server';
import { addDays, effectiveRole, grantOutlook, nextGrantStart, planOutlook, type PlanOutlook } from './role-arithmetic';

type GrantSource = (typeof roleGrants.$inferInsert)['source'];

/**
 * Recomputes the stored role and expiry from the grants; returns what is in force now. The one
 * write of a role: the user's open event streams re-read what they may carry.
 */
export function syncUserRole(executor: Executor, userId: number, now = new Date()): { role: Role; roleExpiryDate: Date | null } {
  const { role, expiresAt } = effectiveRole(loadGrants(executor, userId), now);
  executor.update(users).set({ role, roleExpiryDate: expiresAt }).where(eq(users.id, userId)).run();
  publishAccessChanged(userId);
  return { role, roleExpiryDate: expiresAt };
}

/**
 * Adds `days` of `role` (null days: permanent), chained after any current period of the
 * same role, and returns the role now in force.
 */
export function grantRole(
  executor: Executor,
  input: {
    userId: number;
    role: GrantableRole;
    days: number | null;
    source: GrantSource;
    sourceId?: number | null;
    createdBy?: number | null;
  },
  now = new Date(),
) {
  const start = nextGrantStart(loadGrants(executor, input.userId), input.role, now);
  executor
    .insert(roleGrants)
    .values({
      userId: input.userId,
      role: input.role,
      startsAt: start,
      endsAt: input.days === null ? null : addDays(start, input.days),
      source: input.source,
      sourceId: input.sourceId ?? null,
      createdBy: input.createdBy ?? null,
    })
    .run();
  return syncUserRole(executor, input.userId, now);
}

/** The user's run of `role` now or next, and the plan that follows it (Minha Conta, receipts). */
export function planOutlookOf(userId: number, role: GrantableRole, now = new Date(), executor: Executor = db): PlanOutlook | null {
  return planOutlook(loadGrants(executor, userId), role, now);
}

/** The same, as it would be after `days` of `role` granted now (what /upgrade shows before paying). */
export function previewPlanOutlook(
  userId: number,
  role: GrantableRole,
  days: number,
  now = new Date(),
  executor: Executor = db,
): PlanOutlook | null {
  const grants = loadGrants(executor, userId);
  const start = nextGrantStart(grants, role, now);
  return planOutlook([...grants, { role, startsAt: start, endsAt: addDays(start, days) }], role, now);
}

/** What a payment's grant buys in the user's timeline: until when it runs, and the plan that follows (its receipt); null without one. */
export function paymentGrantOutlook(userId: number, paymentId: number, executor: Executor = db): PlanOutlook | null {
  const rows = executor
    .select({
      role: roleGrants.role,
      startsAt: roleGrants.startsAt,
      endsAt: roleGrants.endsAt,
      revokedAt: roleGrants.revokedAt,
      source: roleGrants.source,
      sourceId: roleGrants.sourceId,
    })
    .from(roleGrants)
    .where(eq(roleGrants.userId, userId))
    .all();
  const index = rows.findIndex((row) => row.source === 'payment' && row.sourceId === paymentId);
  return index < 0 ? null : grantOutlook(rows, index);
}

/** What follows the user's current role when it ends (Minha Conta's 'Depois: …'); null for E-BASIC or when E-BASIC follows. */
export function currentPlanAfter(user: { id: number; role: Role }, now = new Date()): PlanOutlook['after'] {
  if (user.role === 'E-BASIC') return null;
  return planOutlookOf(user.id, user.role, now)?.after ?? null;
}

/** Ends, now, every unfinished grant of the given roles (an admin lowering a user's role). */
export function revokeGrants(executor: Executor, userId: number, roles: GrantableRole[], now = new Date()) {
  if (roles.length === 0) return;
  executor
    .update(roleGrants)
    .set({ revokedAt: now })
    .where(
      and(
        eq(roleGrants.userId, userId),
        inArray(roleGrants.role, roles),
        isNull(roleGrants.revokedAt),
        or(isNull(roleGrants.endsAt), gt(roleGrants.endsAt, now)),
      ),
    )
    .run();
}

// Every admin list of users runs the sweep first: prepared once on the process's one connection,
// so it also runs inside the caller's transaction.
const lapsedRoles = preparedQuery(() =>
  db
    .select({ id: users.id, role: users.role, roleExpiryDate: users.roleExpiryDate })
    .from(users)
    .where(and(isNotNull(users.roleExpiryDate), lte(users.roleExpiryDate, sql.placeholder('now'))))
    .prepare(),
);

/**
 * Recomputes every stored role whose period has ended (users_role_expiry_idx finds them), so
 * that stored roles are the roles in force. Returns how many changed. Lists filtered by role run
 * it first; the forced expiry check runs it on its own (with its audit row, in admin-users).
 */
export function syncLapsedRoles(executor: Executor, now = new Date()): number {
  const lapsed = lapsedRoles().all({ now: users.roleExpiryDate.mapToDriverValue(now) });
  let changed = 0;
  for (const user of lapsed) {
    const next = syncUserRole(executor, user.id, now);
    if (next.role !== user.role || next.roleExpiryDate?.getTime() !== user.roleExpiryDate?.getTime()) changed++;
  }
  return changed;
}

/** Whether a stored role's period has ended, so syncLapsedRoles has work to do (one prepared read, no lock). */
export const hasLapsedRoles = (now = new Date()) => lapsedRoles().all({ now: users.roleExpiryDate.mapToDriverValue(now) }).length > 0;

/** The forced expiry check in a transaction of its own. Returns how many stored roles changed. */
export function syncAllUserRoles(now = new Date()): number {
  return db.transaction((tx) => syncLapsedRoles(tx, now));
}

/**
 * Admins other than `userId`. Admin grants are permanent (no expiry ever demotes one), so the
 * stored role counts; the last admin can be neither demoted nor erased.
 */
export function otherAdminCount(executor: Executor, userId: number): number {
  return (
    executor
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), ne(users.id, userId)))
      .get()?.value ?? 0
  );
}
