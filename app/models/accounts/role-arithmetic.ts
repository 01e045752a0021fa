import type { GrantableRole, Role } from '../../../db/schema';
import { ROLE_RANK } from './roles';

/** A period of access as the rules see it (a revoked grant ends when it was revoked). */
export type GrantPeriod = {
  role: GrantableRole;
  startsAt: Date;
  endsAt: Date | null;
  revokedAt?: Date | null;
};

export const DAY_MS = 24 * 60 * 60 * 1000;

function effectiveEnd(grant: GrantPeriod): number {
  const ends = grant.endsAt ? grant.endsAt.getTime() : Infinity;
  const revoked = grant.revokedAt ? grant.revokedAt.getTime() : Infinity;
  return Math.min(ends, revoked);
}

const isActiveAt = (grant: GrantPeriod, at: number) => grant.startsAt.getTime() <= at && effectiveEnd(grant) > at;

/**
 * The role in force at `now` (the highest among active grants, else E-BASIC) and the instant
 * it ends: the end of the unbroken run of grants of that role (null when permanent or basic).
 */
export function effectiveRole(grants: GrantPeriod[], now: Date): { role: Role; expiresAt: Date | null } {
  const at = now.getTime();
  const active = grants.filter((grant) => isActiveAt(grant, at));
  if (active.length === 0) return { role: 'E-BASIC', expiresAt: null };
  const role = active.reduce((best, grant) => (ROLE_RANK[grant.role] > ROLE_RANK[best] ? grant.role : best), active[0].role);

  const sameRole = grants.filter((grant) => grant.role === role);
  let end = at;
  for (;;) {
    const covering = sameRole.filter((grant) => isActiveAt(grant, end));
    if (covering.length === 0) break;
    const next = Math.max(...covering.map(effectiveEnd));
    if (next === Infinity) return { role, expiresAt: null };
    end = next;
  }
  return { role, expiresAt: new Date(end) };
}

/**
 * Where a new grant of `role` starts: now, or at the end of the user's current or future
 * run of that same role, so that a second grant of a role extends it.
 */
export function nextGrantStart(grants: GrantPeriod[], role: GrantableRole, now: Date): Date {
  const at = now.getTime();
  let start = at;
  for (;;) {
    const covering = grants.filter((grant) => grant.role === role && isActiveAt(grant, start));
    if (covering.length === 0) return new Date(start);
    const next = Math.max(...covering.map(effectiveEnd));
    if (next === Infinity) return new Date(start);
    start = next;
  }
}

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
