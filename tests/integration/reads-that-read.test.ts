import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { users } from '../../db/schema';
import { grantRole } from '~/models/accounts/role-grant.server';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { requireUser } from '~/models/accounts/permissions.server';
import { getUserById } from '~/models/accounts/user.server';
import { accessVersion } from '~/models/live-bus/live-events.server';
import { loader as userLoader } from '~/routes/api+/user';
import { startPlanReminderJob, stopPlanReminderJob } from '~/plumbing/plan-reminder-job.server';
import { body, call, createUser, getRequest, sessionCookie } from '../setup/helpers';

/** Decision 056: reading the signed-in user computes the role in force and writes nothing. */
const totalChanges = () => (sqliteConnection().prepare('select total_changes() as n').get() as { n: number }).n;
const storedRole = (id: number) =>
  db.select({ role: users.role, roleExpiryDate: users.roleExpiryDate }).from(users).where(eq(users.id, id)).get()!;

/** An E-TOOL user whose 10-day plan ended 10 days ago, the stored row not yet brought up to date. */
async function lapsedToolUser(start = new Date(Date.now() - 20 * DAY_MS)) {
  const user = await createUser();
  grantRole(db, { userId: user.id, role: 'E-TOOL', days: 10, source: 'admin' }, start);
  expect(storedRole(user.id).role).toBe('E-TOOL');
  return user;
}

describe('reads that read (a lapsed plan)', () => {
  it('requireUser and GET /api/user see the role in force, with no write to the database and nothing published', async () => {
    const user = await lapsedToolUser();
    const cookie = await sessionCookie(user);
    const before = { changes: totalChanges(), version: accessVersion(user.id), stored: storedRole(user.id) };

    const signedIn = await requireUser(getRequest('/dashboard', { cookie }));
    expect(signedIn).toMatchObject({ id: user.id, role: 'E-BASIC', roleExpiryDate: null });
    const data = await body(await call(userLoader, getRequest('/api/user', { cookie })));
    expect(data).toMatchObject({ id: user.id, role: 'E-BASIC', roleExpiryDate: null, isTool: false });

    expect(totalChanges()).toBe(before.changes);
    expect(accessVersion(user.id)).toBe(before.version);
    expect(storedRole(user.id)).toEqual(before.stored);
  });

  it('a plan that waits behind the lapsed one is in force on read, with its own end (never stale)', async () => {
    const start = new Date(Date.now() - 20 * DAY_MS);
    const user = await lapsedToolUser(start);
    grantRole(db, { userId: user.id, role: 'E-TOOL', days: 30, source: 'admin' }, start);
    // Chained after the first 10 days: 40 days from the start, 20 from now. Back-date the stored expiry to the first end.
    db.update(users)
      .set({ roleExpiryDate: new Date(start.getTime() + 10 * DAY_MS) })
      .where(eq(users.id, user.id))
      .run();
    const changes = totalChanges();
    const read = getUserById(user.id)!;
    expect(read.role).toBe('E-TOOL');
    expect(read.roleExpiryDate!.getTime()).toBe(start.getTime() + 40 * DAY_MS);
    expect(totalChanges()).toBe(changes);
  });

  it("the server's daily plan job stores the role in force and tells the user's open streams", async () => {
    const user = await lapsedToolUser();
    const version = accessVersion(user.id);
    startPlanReminderJob(10);
    try {
      await expect.poll(() => storedRole(user.id)).toEqual({ role: 'E-BASIC', roleExpiryDate: null });
    } finally {
      stopPlanReminderJob();
    }
    expect(accessVersion(user.id)).toBeGreaterThan(version);
  });
});
