import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { db, openDatabase, sqliteConnection } from '../../db/client';
import { activeSessions, notificationReads, notifications, roleGrants, users } from '../../db/schema';
import { readSessionUser } from '~/models/accounts/auth.server';
import { countUnreadNotifications } from '~/models/notifications/notification.server';
import { loader as rootLoader } from '~/root';
import { getAuthSession } from '~/utils/session.server';
import { call, createUser, getRequest, sessionCookie } from '../setup/helpers';

/**
 * What every signed-in page pays before its own loader (issue 33): the session read and the
 * header's unread badge. As `queryPlans` (helpers/query-plans.ts) but for an async `run`: the app
 * runs on a fresh connection to the same file, where every statement it makes is prepared anew and
 * watched (statements kept per connection would otherwise have been prepared before the watch).
 */
async function statementsRunBy(run: () => unknown, warm?: () => unknown): Promise<string[]> {
  type Runner = (...args: unknown[]) => unknown;
  const app = globalThis.__db;
  const fresh = openDatabase(sqliteConnection().name);
  const seen: string[] = [];
  let watching = false;
  const prepare = fresh.sqlite.prepare;
  fresh.sqlite.prepare = ((source: string) => {
    const statement = prepare.call(fresh.sqlite, source) as unknown as Record<'get' | 'all' | 'run' | 'iterate', Runner>;
    for (const method of ['get', 'all', 'run', 'iterate'] as const) {
      const original = statement[method].bind(statement);
      statement[method] = (...args: unknown[]) => {
        if (watching) seen.push(source);
        return original(...args);
      };
    }
    return statement;
  }) as typeof fresh.sqlite.prepare;
  globalThis.__db = fresh;
  try {
    await warm?.();
    watching = true;
    await run();
  } finally {
    globalThis.__db = app;
    fresh.sqlite.close();
  }
  return seen.filter((source) => !/^\s*(select total_changes\(\)|pragma data_version)/i.test(source));
}

const insertNotice = (values: Partial<typeof notifications.$inferInsert>) =>
  db
    .insert(notifications)
    .values({ title: 'Aviso de teste', message: 'Mensagem de teste.', ...values })
    .returning()
    .get();

describe('the session read', () => {
  test('reads the session and its user in one statement', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(user);
    let state: Awaited<ReturnType<typeof readSessionUser>> | undefined;
    const run = await statementsRunBy(async () => {
      state = await readSessionUser(getRequest('/dashboard', { cookie }));
    });
    expect(state?.user?.id).toBe(user.id);
    expect(state?.user?.role).toBe('E-TOOL');
    expect(run).toHaveLength(1);
    expect(run[0]).toMatch(/from "active_sessions" inner join "users"/);
  });

  test('still applies the role in force: a lapsed period reads as the role the grants give now', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(user);
    db.delete(roleGrants).where(eq(roleGrants.userId, user.id)).run();
    db.update(users)
      .set({ roleExpiryDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
      .run();
    const { user: read } = await readSessionUser(getRequest('/dashboard', { cookie }));
    expect(read?.role).toBe('E-BASIC');
  });

  test('an expired session and an unknown one read as nobody, with the reason', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    db.update(activeSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activeSessions.userId, user.id))
      .run();
    expect(await readSessionUser(getRequest('/dashboard', { cookie }))).toEqual({ user: null, ended: 'expired' });
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, user.id)).all()).toEqual([]);
    const replacedCookie = await sessionCookie(user);
    await sessionCookie(user);
    expect(await readSessionUser(getRequest('/dashboard', { cookie: replacedCookie }))).toEqual({ user: null, ended: 'replaced' });
  });
});

describe('the session cookie', () => {
  test("a cookie value's signature is checked once per process, and a tampered one is still refused", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const check = vi.spyOn(crypto, 'timingSafeEqual');
    try {
      const first = await getAuthSession(getRequest('/dashboard', { cookie: `en_theme=1; ${cookie}` }));
      const again = await getAuthSession(getRequest('/account', { cookie }));
      expect(again.get('sessionId')).toBe(first.get('sessionId'));
      expect(first.get('sessionId')).toEqual(expect.any(String));
      expect(check).toHaveBeenCalledTimes(1);
      const tampered = `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await getAuthSession(getRequest('/dashboard', { cookie: tampered }))).get('sessionId')).toBeUndefined();
    } finally {
      check.mockRestore();
    }
  });

  test("a change to one request's session stays in that request", async () => {
    const cookie = await sessionCookie(await createUser());
    const first = await getAuthSession(getRequest('/dashboard', { cookie }));
    const sessionId = first.get('sessionId');
    first.unset('sessionId');
    first.set('recoveryToken', 'x');
    const again = await getAuthSession(getRequest('/dashboard', { cookie }));
    expect(again.get('sessionId')).toBe(sessionId);
    expect(again.get('recoveryToken')).toBeUndefined();
  });
});

describe("the header's unread-notification badge", () => {
  test("a repeat with the database unchanged runs no statement: the role's broadcasts and the user's count are kept", async () => {
    const user = await createUser({ role: 'E-TOOL' });
    insertNotice({ targetRole: 'E-TOOL' });
    let first = -1;
    let again = -1;
    const run = await statementsRunBy(
      () => (again = countUnreadNotifications(user)),
      () => (first = countUnreadNotifications(user)),
    );
    expect(again).toBe(first);
    // Not even the user's own rows (their notices and their read marks, hundreds for a long-time user) are walked again.
    expect(run).toEqual([]);
  });

  test("another user of the same role walks only their own rows: the role's broadcasts are kept", async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const other = await createUser({ role: 'E-TOOL' });
    insertNotice({ targetRole: 'E-TOOL' });
    const run = await statementsRunBy(
      () => countUnreadNotifications(other),
      () => countUnreadNotifications(user),
    );
    // One statement, on the user's own rows (their notices and their reads, by index): no count over "notifications" as a whole.
    expect(run).toHaveLength(1);
    expect(run[0]).toMatch(/ from "users" where "users"."id" = \?$/);
  });

  test('the kept count follows a new broadcast, a read one, a deleted one and another role', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const master = await createUser({ role: 'E-MASTER' });
    const before = countUnreadNotifications(user);
    const masterBefore = countUnreadNotifications(master);
    const notice = insertNotice({ targetRole: 'E-TOOL' });
    expect(countUnreadNotifications(user)).toBe(before + 1);
    expect(countUnreadNotifications(master)).toBe(masterBefore);
    insertNotice({ targetRole: 'all' });
    expect(countUnreadNotifications(master)).toBe(masterBefore + 1);
    expect(countUnreadNotifications(user)).toBe(before + 2);
    db.insert(notificationReads).values({ notificationId: notice.id, userId: user.id, readAt: new Date() }).run();
    expect(countUnreadNotifications(user)).toBe(before + 1);
    db.delete(notifications).where(eq(notifications.id, notice.id)).run();
    expect(countUnreadNotifications(user)).toBe(before + 1);
  });

  test('the kept count drops when a broadcast expires, with no write in between', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const now = new Date();
    insertNotice({ targetRole: 'all', expiresAt: new Date(now.getTime() + 60_000) });
    const withIt = countUnreadNotifications(user, now);
    expect(countUnreadNotifications(user, new Date(now.getTime() + 59_000))).toBe(withIt);
    expect(countUnreadNotifications(user, new Date(now.getTime() + 61_000))).toBe(withIt - 1);
    // And back: a count asked for an earlier moment than the kept one was taken is not served from it.
    expect(countUnreadNotifications(user, now)).toBe(withIt);
  });

  test('personal notices count by their own flag', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const before = countUnreadNotifications(user);
    const personal = insertNotice({ userId: user.id });
    expect(countUnreadNotifications(user)).toBe(before + 1);
    db.update(notifications).set({ isRead: true }).where(eq(notifications.id, personal.id)).run();
    expect(countUnreadNotifications(user)).toBe(before);
  });
});

describe("the root's loader data", () => {
  test('hands the browser only what the layout reads of the user (its name, links and live stream)', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const root = await (await call(rootLoader, getRequest('/dashboard', { cookie: await sessionCookie(user) }))).json();
    expect(root.user).toEqual({ id: user.id, username: user.username, role: 'E-TOOL', isAdmin: false, isMaster: false });
    const admin = await createUser({ role: 'admin' });
    const adminRoot = await (await call(rootLoader, getRequest('/dashboard', { cookie: await sessionCookie(admin) }))).json();
    expect(adminRoot.user).toMatchObject({ role: 'admin', isAdmin: true, isMaster: true });
  });
});
