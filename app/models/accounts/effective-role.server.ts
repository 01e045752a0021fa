import { eq, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { roleGrants, type Role, type UserRow } from '../../../db/schema';
import { effectiveRole, type GrantPeriod } from './role-arithmetic';

/**
 * The role in force, computed on read (decision 056). A stored role is stale once its period has
 * ended (`roleExpiryDate` passed); the reader then gets the role the grants give now, and nothing is
 * written: the next write of the user's grants, the lists filtered by role, the admin's expiry check
 * and the daily job persist it (`syncUserRole`, `syncLapsedRoles` in role-grant.server.ts).
 */
const GRANT_PERIOD = { role: roleGrants.role, startsAt: roleGrants.startsAt, endsAt: roleGrants.endsAt, revokedAt: roleGrants.revokedAt };

// 'Minha Conta' reads them on every view: prepared once per connection; a transaction's read builds its own.
const grantPeriods = preparedQuery(() =>
  db
    .select(GRANT_PERIOD)
    .from(roleGrants)
    .where(eq(roleGrants.userId, sql.placeholder('userId')))
    .prepare(),
);

export function loadGrants(executor: Executor, userId: number): GrantPeriod[] {
  if (executor === db) return grantPeriods().all({ userId });
  return executor.select(GRANT_PERIOD).from(roleGrants).where(eq(roleGrants.userId, userId)).all();
}

/** Whether the stored role's period has ended, so the stored role is not the one in force (cheap on every read). */
function needsRoleSync(row: { role: Role; roleExpiryDate: Date | null }, now = new Date()): boolean {
  return row.roleExpiryDate !== null && row.roleExpiryDate.getTime() <= now.getTime();
}

/** The row with the role and expiry in force at `now`; the same row when the stored ones still hold. */
export function withRoleInForce(executor: Executor, row: UserRow, now = new Date()): UserRow {
  if (!needsRoleSync(row, now)) return row;
  const { role, expiresAt } = effectiveRole(loadGrants(executor, row.id), now);
  return { ...row, role, roleExpiryDate: expiresAt };
}
