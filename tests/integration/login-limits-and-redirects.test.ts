import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { db, sqliteConnection } from '../../db/client';
import { activeSessions, users } from '../../db/schema';
import { action as loginAction } from '~/routes/api+/login';
import { action as authAction } from '~/routes/_auth+/auth';
import { loader as sessionEndedLoader } from '~/routes/resources+/session-ended';
import { deleteOwnAccount } from '~/models/privacy/account-deletion.server';
import { updateAccount } from '~/models/accounts/account.server';
import { verifyPassword } from '~/utils/password.server';
import { consume, resetAllLimits } from '~/utils/rate-limit.server';
import { call, cookieJar, createUser, expectRedirect, formRequest, getRequest, jsonRequest, sessionCookie } from '../setup/helpers';

// Every password check of the app goes through verifyPassword: the tests count them.
vi.mock('~/utils/password.server', async (importOriginal) => {
  const actual = await importOriginal<{ verifyPassword: typeof verifyPassword }>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});
const passwordChecks = vi.mocked(verifyPassword);

beforeEach(() => {
  resetAllLimits();
  passwordChecks.mockClear();
});

const ADDRESS = { clientAddress: '203.0.113.7' };
const apiLogin = (email: string, password: string, context: Record<string, unknown> = ADDRESS) =>
  call(loginAction, jsonRequest('/api/login', { email, password }), {}, context);
const formLogin = (fields: Record<string, string>, cookie?: string) =>
  call(authAction, formRequest('/auth', { intent: 'login', ...fields }, { cookie }), {}, ADDRESS);

/** 39 wrong passwords and the right one last, all sent at once. */
const guesses = (right: string) => Array.from({ length: 40 }, (_, i) => (i === 39 ? right : `errada-${i}`));

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const sessionsOf = (userId: number) => db.select().from(activeSessions).where(eq(activeSessions.userId, userId)).all();

describe('parallel password guesses are limited like sequential ones', () => {
  it('40 API logins at once for one account (right password last): 5 password checks, 5 × 401, the rest and the right one 429', async () => {
    const user = await createUser();
    const statuses = (await Promise.all(guesses('senha123').map((password) => apiLogin(user.email, password)))).map((r) => r.status);
    expect({ passwordChecks: passwordChecks.mock.calls.length, outcomes: tally(statuses), rightOne: statuses[39] }).toEqual({
      passwordChecks: 5,
      outcomes: { 401: 5, 429: 35 },
      rightOne: 429,
    });
  });

  it('40 /auth form logins at once: the same 5 password checks and 429 for the right one', async () => {
    const user = await createUser();
    const statuses = (await Promise.all(guesses('senha123').map((password) => formLogin({ email: user.email, password })))).map(
      (r) => r.status,
    );
    expect({ passwordChecks: passwordChecks.mock.calls.length, outcomes: tally(statuses), rightOne: statuses[39] }).toEqual({
      passwordChecks: 5,
      outcomes: { 401: 5, 429: 35 },
      rightOne: 429,
    });
    expect(sessionsOf(user.id)).toEqual([]);
  });

  it("'Excluir conta' confirmations at once: 5 password checks, and the account survives the right password sent 40th", async () => {
    const user = await createUser();
    const outcomes = await Promise.all(
      guesses('senha123').map((password) =>
        deleteOwnAccount(user.id, password, ADDRESS.clientAddress).then(
          () => 'deleted',
          (error: { status?: number }) => error.status,
        ),
      ),
    );
    expect({ passwordChecks: passwordChecks.mock.calls.length, outcomes: tally(outcomes as number[]), rightOne: outcomes[39] }).toEqual({
      passwordChecks: 5,
      outcomes: { 400: 5, 429: 35 },
      rightOne: 429,
    });
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
  });

  it('a password change confirmed with guesses at once: 5 password checks, and the right current password sent 40th does not change it', async () => {
    const user = await createUser();
    const outcomes = await Promise.all(
      guesses('senha123').map((currentPassword) =>
        updateAccount(user.id, { currentPassword, newPassword: 'tomada123' }, ADDRESS.clientAddress).then(
          () => 'changed',
          (error: { status?: number }) => error.status,
        ),
      ),
    );
    expect({ passwordChecks: passwordChecks.mock.calls.length, outcomes: tally(outcomes as number[]), rightOne: outcomes[39] }).toEqual({
      passwordChecks: 5,
      outcomes: { 400: 5, 429: 35 },
      rightOne: 429,
    });
    expect(db.select({ password: users.password }).from(users).where(eq(users.id, user.id)).get()?.password).toBe(user.password);
  });

  it('a login that gets in gives its points back: the pair starts over and successes never lock the address', async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i++) expect((await apiLogin(user.email, 'errada123')).status).toBe(401);
    expect((await apiLogin(user.email, 'senha123')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await apiLogin(user.email, 'errada123')).status).toBe(401);
    expect((await apiLogin(user.email, 'senha123')).status).toBe(429);

    // A good login leaves the address all its 30 points.
    resetAllLimits();
    expect((await apiLogin(user.email, 'senha123')).status).toBe(200);
    for (let i = 0; i < 30; i++) await consume([['loginAddress', ADDRESS.clientAddress]]);
    await expect(consume([['loginAddress', ADDRESS.clientAddress]])).rejects.toMatchObject({ status: 429 });
  });

  it('a key refused gives back the points its call took from the keys before it', async () => {
    for (let i = 0; i < 5; i++)
      await consume([
        ['recoverAccount', `conta-${i}`],
        ['recoverAddress', 'cheio'],
      ]);
    await consume([['recoverAddress', 'cheio']]);
    for (let i = 0; i < 14; i++) await consume([['recoverAddress', 'cheio']]);
    // 'cheio' is spent (20): the next call is refused and 'conta-0' keeps its single point.
    await expect(
      consume([
        ['recoverAccount', 'conta-0'],
        ['recoverAddress', 'cheio'],
      ]),
    ).rejects.toMatchObject({ status: 429 });
    for (let i = 0; i < 4; i++) await consume([['recoverAccount', 'conta-0']]);
    await expect(consume([['recoverAccount', 'conta-0']])).rejects.toMatchObject({ status: 429 });
  });
});

describe('the limiter store', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps no e-mail or address in the clear', async () => {
    const user = await createUser();
    await apiLogin(user.email, 'errada123');
    const rows = JSON.stringify(sqliteConnection().prepare('select * from rate_limits').all());
    expect(rows).not.toContain(user.email);
    expect(rows).not.toContain(ADDRESS.clientAddress);
  });

  it('resetAllLimits() gives clean counters', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) await apiLogin(user.email, 'errada123');
    expect((await apiLogin(user.email, 'senha123')).status).toBe(429);
    resetAllLimits();
    expect((await apiLogin(user.email, 'senha123')).status).toBe(200);
  });

  it('clears rows whose window ended more than an hour ago', async () => {
    const user = await createUser();
    await apiLogin(user.email, 'errada123');
    const count = () => sqliteConnection().prepare('select count(*) from rate_limits').pluck().get() as number;
    expect(count()).toBe(3);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
    await apiLogin(user.email, 'errada123', { clientAddress: '198.51.100.9' });
    // The three old rows are gone; the new attempt wrote its own three.
    expect(count()).toBe(3);
  });

  it('counters survive a restart: a fresh process on the same database file still refuses the sixth try', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await apiLogin(user.email, 'errada123')).status).toBe(401);

    // A restart: the connection closes and every module (the limiters with it) loads again.
    const open = globalThis.__db!;
    open.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    open.sqlite.close();
    globalThis.__db = undefined;
    vi.resetModules();
    const fresh = await import('~/routes/api+/login');

    const after = await call(fresh.action, jsonRequest('/api/login', { email: user.email, password: 'senha123' }), {}, ADDRESS);
    expect(after.status).toBe(429);
  });
});

describe('redirect targets that a Location header cannot carry', () => {
  const TARGET = '/\u3002evil'; // '/。evil': U+3002 is above U+00FF

  it('/resources/session-ended sends a live session to the percent-encoded path, not a 500', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const response = await call(
      sessionEndedLoader,
      getRequest(`/resources/session-ended?redirectTo=${encodeURIComponent(TARGET)}`, { cookie }),
    );
    expectRedirect(response, '/%E3%80%82evil');
  });

  it('/resources/session-ended without a session goes to /auth keeping the target', async () => {
    const response = await call(sessionEndedLoader, getRequest(`/resources/session-ended?redirectTo=${encodeURIComponent(TARGET)}`));
    expectRedirect(response, `/auth?${new URLSearchParams({ redirectTo: '/%E3%80%82evil' })}`);
  });

  it('/auth logs in and lands on the percent-encoded path, not a 500 after the session was made', async () => {
    const user = await createUser();
    const response = await formLogin({ email: user.email, password: 'senha123', redirectTo: TARGET });
    expectRedirect(response, '/%E3%80%82evil');
    const jar = cookieJar();
    jar.absorb(response);
    expect(jar.header()).toMatch(/en_session=/);
    expect(sessionsOf(user.id)).toHaveLength(1);
  });

  it('/auth refusals with such a target leave the other sessions alone', async () => {
    const user = await createUser();
    await sessionCookie(user);
    const wrong = await formLogin({ email: user.email, password: 'errada123', redirectTo: TARGET });
    expect(wrong.status).toBe(401);
    const tooLong = await formLogin({ email: user.email, password: 'senha123', redirectTo: `/${'\u3002'.repeat(600)}` });
    expect(tooLong.status).toBe(400);
    expect(sessionsOf(user.id)).toHaveLength(1);
  });
});
