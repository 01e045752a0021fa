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

/** A stretch of time in which one role is in force (`to` null: for good). */
export type RoleSegment = { role: GrantableRole; from: Date; to: Date | null };

/**
 * Which role is in force when, from the grants (decision 047). Each grant holds its length
 * (endsAt − startsAt; none: permanent) and may start at startsAt. At any moment the highest role
 * among the grants that may run is in force, and only its days pass: one grant of that role at a
 * time, the earliest first; the days of lower roles wait and resume when the higher ones end (an
 * upgrade never swallows days already paid for). A revoked grant stops at its revocation, used
 * or not. Segments come in time order, adjacent ones of one role merged; gaps are E-BASIC.
 */
export function roleTimeline(grants: GrantPeriod[]): RoleSegment[] {
  return simulate(grants).segments;
}

/** When each grant's days run out in the timeline (or it is revoked); null: never (permanent, or never run). In the order given. */
export function grantEnds(grants: GrantPeriod[]): Array<Date | null> {
  return simulate(grants).ends;
}

function simulate(grants: GrantPeriod[]): { segments: RoleSegment[]; ends: Array<Date | null> } {
  const slots = grants.map((grant, order) => ({
    role: grant.role,
    start: grant.startsAt.getTime(),
    remaining: grant.endsAt ? grant.endsAt.getTime() - grant.startsAt.getTime() : Infinity,
    revoked: grant.revokedAt ? grant.revokedAt.getTime() : Infinity,
    end: Infinity,
    order,
  }));
  const queue = slots
    .filter((slot) => slot.remaining > 0 && slot.revoked > slot.start)
    .sort((a, b) => a.start - b.start || a.order - b.order);
  for (const slot of slots) if (!queue.includes(slot)) slot.end = Math.min(slot.start, slot.revoked);
  const segments: Array<{ role: GrantableRole; from: number; to: number }> = [];
  let t = queue.length > 0 ? queue[0].start : Infinity;
  // Each step ends a slot, or reaches a slot's start or a revocation: a few per slot at most.
  for (let step = 0; t < Infinity && step <= 4 * queue.length; step++) {
    const now = t;
    for (const slot of queue) if (slot.end === Infinity && slot.revoked <= now) slot.end = slot.revoked;
    const live = queue.filter((slot) => slot.start <= now && slot.remaining > 0 && slot.revoked > now);
    if (live.length === 0) {
      t = Math.min(...queue.filter((slot) => slot.start > now && slot.remaining > 0).map((slot) => slot.start));
      continue;
    }
    const running = live.reduce((best, slot) => (ROLE_RANK[slot.role] > ROLE_RANK[best.role] ? slot : best));
    const until = Math.min(
      now + running.remaining,
      ...live.map((slot) => slot.revoked),
      ...queue.filter((slot) => slot.start > now).map((slot) => slot.start),
    );
    const last = segments.at(-1);
    if (last && last.role === running.role && last.to === now) last.to = until;
    else segments.push({ role: running.role, from: now, to: until });
    running.remaining -= until - now;
    if (running.remaining <= 0) running.end = until;
    t = until;
  }
  for (const slot of queue) if (slot.end === Infinity && slot.revoked < Infinity) slot.end = slot.revoked;
  return {
    segments: segments.map((segment) => ({
      role: segment.role,
      from: new Date(segment.from),
      to: segment.to === Infinity ? null : new Date(segment.to),
    })),
    ends: slots.map((slot) => (slot.end === Infinity ? null : new Date(slot.end))),
  };
}

function segmentAt(timeline: RoleSegment[], at: number): number {
  return timeline.findIndex((segment) => segment.from.getTime() <= at && (segment.to === null || segment.to.getTime() > at));
}

/**
 * The role in force at `now` (else E-BASIC) and the instant it ends: the end of its run in the
 * timeline, when another role (a waiting lower plan, or E-BASIC) takes over; null when permanent
 * or basic. This instant is what keeps the stored role never stale (syncUserRole).
 */
export function effectiveRole(grants: GrantPeriod[], now: Date): { role: Role; expiresAt: Date | null } {
  const timeline = roleTimeline(grants);
  const index = segmentAt(timeline, now.getTime());
  if (index < 0) return { role: 'E-BASIC', expiresAt: null };
  return { role: timeline[index].role, expiresAt: timeline[index].to };
}

/** What follows the role in force at `now` when it ends, if a plan does ('Depois: E-TOOL até …'); null when E-BASIC follows. */
export function roleAfter(grants: GrantPeriod[], now: Date): { role: GrantableRole; until: Date | null } | null {
  const timeline = roleTimeline(grants);
  const index = segmentAt(timeline, now.getTime());
  const current = timeline[index];
  const next = timeline[index + 1];
  if (index < 0 || !current.to || !next || next.from.getTime() !== current.to.getTime()) return null;
  return { role: next.role, until: next.to };
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

export type PlanOutlook = {
  /** When the plan's coming run in the timeline ends (null: for good). */
  until: Date | null;
  /** The plan that takes over right then, if any ('Depois: E-TOOL até …'); null when E-BASIC follows. */
  after: { role: GrantableRole; until: Date | null } | null;
};

/**
 * What the grant at `index` of `grants` buys: the day its days run out in the timeline, and the
 * plan that takes over then if the role changes (a receipt's 'Válido até' and 'Depois').
 */
export function grantOutlook(grants: GrantPeriod[], index: number): PlanOutlook {
  const { segments, ends } = simulate(grants);
  const until = ends[index] ?? null;
  if (!until) return { until: null, after: null };
  const next = segments.find((segment) => segment.from.getTime() === until.getTime());
  const follows = next && next.role !== grants[index].role && ROLE_RANK[next.role] < ROLE_RANK[grants[index].role];
  return { until, after: follows ? { role: next.role, until: next.to } : null };
}

/**
 * The run of `role` in force now or next in the timeline (a plan just bought, or the current
 * one), and what follows it; null when the grants hold no more of that role.
 */
export function planOutlook(grants: GrantPeriod[], role: GrantableRole, now: Date): PlanOutlook | null {
  const timeline = roleTimeline(grants);
  const at = now.getTime();
  const index = timeline.findIndex((segment) => segment.role === role && (segment.to === null || segment.to.getTime() > at));
  if (index < 0) return null;
  const run = timeline[index];
  const next = timeline[index + 1];
  const follows = run.to !== null && next !== undefined && next.from.getTime() === run.to.getTime();
  return { until: run.to, after: follows ? { role: next.role, until: next.to } : null };
}
