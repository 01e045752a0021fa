import { generateTOTP } from '@epic-web/totp';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { activeSessions, auditLog, mailOutbox, pendingLogins, recoveryCodes as recoveryCodeRows, twoFactor } from '../../db/schema';
import { action as accountAction, loader as accountLoader } from '~/routes/_app+/account';
import { action as authAction, loader as authLoader } from '~/routes/_auth+/auth';
import { action as loginAction } from '~/routes/api+/login';
import { loader as rootLoader } from '~/root';
import { action as adminUsersAction, loader as adminUsersLoader } from '~/routes/_app+/admin.users';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { loader as usersApiLoader } from '~/routes/api+/users';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { call, cookieJar, createUser, expectRedirect, formRequest, getRequest, jsonRequest, sessionCookie } from '../setup/helpers';

const ADDRESS = { clientAddress: '203.0.113.9' };
const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;

beforeEach(() => {
  resetAllLimits();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:05Z'));
});
afterEach(() => vi.useRealTimers());

/** The authenticator app: the current code for the secret. */
const codeFor = async (secret: string) => (await generateTOTP({ ...TOTP, secret })).otp;
/** Thirty seconds later, the app shows the next code. */
const nextStep = () => vi.setSystemTime(new Date(Date.now() + 30_000));
const secretOf = (userId: number) => db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get()!.secret;

const accountPost = (cookie: string, fields: Record<string, string>) =>
  call(accountAction, formRequest('/account', fields, { cookie }), {}, ADDRESS);
const authPost = (fields: Record<string, string>, cookie?: string) =>
  call(authAction, formRequest('/auth', fields, { cookie }), {}, ADDRESS);

/** Turns two-step sign-in on through 'Minha Conta' → 'Segurança', as a person would; returns the secret and the recovery codes. */
async function enrol(user: { id: number }) {
  const cookie = await sessionCookie(user);
  expectRedirect(await accountPost(cookie, { intent: 'two-factor-start' }), '/account#seguranca');
  const secret = secretOf(user.id);
  const confirmed = await accountPost(cookie, { intent: 'two-factor-confirm', code: await codeFor(secret) });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  nextStep();
  return { secret, recoveryCodes, cookie };
}

describe('two-step sign-in: activation in Segurança', () => {
  it('shows the QR code and the secret as text, and turns on only with a right first code', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    expectRedirect(await accountPost(cookie, { intent: 'two-factor-start' }), '/account#seguranca');
    const page = (await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as {
      twoFactor: { state: string; setup: { secret: string; uri: string; qr: { path: string } } };
    };
    expect(page.twoFactor.state).toBe('setting-up');
    expect(page.twoFactor.setup.secret).toMatch(/^[A-Z2-7]+$/);
    expect(page.twoFactor.setup.uri).toContain(`secret=${page.twoFactor.setup.secret}`);
    expect(page.twoFactor.setup.uri).toContain('algorithm=SHA1');
    expect(page.twoFactor.setup.qr.path.length).toBeGreaterThan(100);

    const wrong = await accountPost(cookie, { intent: 'two-factor-confirm', code: '000000' });
    expect(wrong.status).toBe(401);
    const confirmed = await accountPost(cookie, { intent: 'two-factor-confirm', code: await codeFor(page.twoFactor.setup.secret) });
    const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const after = (await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as {
      twoFactor: { state: string; recoveryCodesLeft: number };
    };
    expect(after.twoFactor).toMatchObject({ state: 'on', recoveryCodesLeft: 10 });
    // Stored hashed: no code appears in the database.
    const stored = JSON.stringify(db.select().from(recoveryCodeRows).where(eq(recoveryCodeRows.userId, user.id)).all());
    expect(JSON.parse(stored)).toHaveLength(10);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
    expect(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'two-factor.enable')))
        .all(),
    ).toHaveLength(1);
  });
});

describe('two-step sign-in on /auth (plain form posts)', () => {
  it('the password alone starts no session; the code completes it, once', async () => {
    const user = await createUser();
    const { secret } = await enrol(user);
    db.delete(activeSessions).where(eq(activeSessions.userId, user.id)).run();

    const jar = cookieJar();
    const first = await authPost({ intent: 'login', email: user.email, password: 'senha123', redirectTo: '/account' });
    expectRedirect(first, '/auth?step=code&redirectTo=%2Faccount');
    jar.absorb(first);
    expect(jar.header()).not.toContain('en_session');
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, user.id)).all()).toHaveLength(0);
    const page = (await (await call(authLoader, getRequest('/auth?step=code', { cookie: jar.header() }))).json()) as { askCode: boolean };
    expect(page.askCode).toBe(true);

    const code = await codeFor(secret);
    const done = await authPost({ intent: 'login-code', code, redirectTo: '/account' }, jar.header());
    expectRedirect(done, '/account');
    jar.absorb(done);
    const root = (await (await call(rootLoader, getRequest('/account', { cookie: jar.header() }))).json()) as { user: { id: number } };
    expect(root.user.id).toBe(user.id);

    // The same code again, in a new sign-in within its window: refused.
    const again = cookieJar();
    again.absorb(await authPost({ intent: 'login', email: user.email, password: 'senha123' }));
    const replay = await authPost({ intent: 'login-code', code }, again.header());
    expect(replay.status).toBe(401);
    expect(JSON.stringify(await replay.json())).toContain('Código inválido ou já utilizado.');
  });

  it('a stolen pending-login cookie is no use after its minutes or after the sign-in it belonged to', async () => {
    const user = await createUser();
    const { secret } = await enrol(user);
    const jar = cookieJar();
    jar.absorb(await authPost({ intent: 'login', email: user.email, password: 'senha123' }));
    const stolen = jar.header();
    expectRedirect(await authPost({ intent: 'login-code', code: await codeFor(secret) }, stolen), '/dashboard');
    nextStep();
    const reused = await authPost({ intent: 'login-code', code: await codeFor(secret) }, stolen);
    expect(reused.status).toBe(401);
    expect(JSON.stringify(await reused.json())).toContain('Sua verificação expirou.');

    const late = cookieJar();
    late.absorb(await authPost({ intent: 'login', email: user.email, password: 'senha123' }));
    vi.setSystemTime(new Date(Date.now() + 5 * 60_000 + 1000));
    const expired = await authPost({ intent: 'login-code', code: await codeFor(secret) }, late.header());
    expect(expired.status).toBe(401);
  });

  it('40 code guesses sent at once check at most the limit', async () => {
    const user = await createUser();
    await enrol(user);
    const jar = cookieJar();
    jar.absorb(await authPost({ intent: 'login', email: user.email, password: 'senha123' }));
    const guesses = Array.from({ length: 40 }, (_, i) => String(100000 + i));
    const statuses = (await Promise.all(guesses.map((code) => authPost({ intent: 'login-code', code }, jar.header())))).map(
      (r) => r.status,
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  it('a recovery code signs in once; its use is audited and mailed', async () => {
    const user = await createUser();
    const { recoveryCodes } = await enrol(user);
    const jar = cookieJar();
    jar.absorb(await authPost({ intent: 'login', email: user.email, password: 'senha123' }));
    expectRedirect(await authPost({ intent: 'login-code', code: recoveryCodes[3].toUpperCase() }, jar.header()), '/dashboard');
    expect(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'two-factor.recovery-code-used')))
        .all(),
    ).toHaveLength(1);
    const mails = db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, 'security')))
      .all();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Um código de recuperação foi usado na sua conta');

    const again = cookieJar();
    again.absorb(await authPost({ intent: 'login', email: user.email, password: 'senha123' }));
    expect((await authPost({ intent: 'login-code', code: recoveryCodes[3] }, again.header())).status).toBe(401);
  });

  it('turning it off needs the password and a current code', async () => {
    const user = await createUser();
    const { secret, cookie } = await enrol(user);
    expect((await accountPost(cookie, { intent: 'two-factor-disable', password: 'errada123', code: await codeFor(secret) })).status).toBe(
      401,
    );
    expect((await accountPost(cookie, { intent: 'two-factor-disable', password: 'senha123', code: '123456' })).status).toBe(401);
    expect(db.select().from(twoFactor).where(eq(twoFactor.userId, user.id)).get()?.enabledAt).toBeTruthy();
    expectRedirect(
      await accountPost(cookie, { intent: 'two-factor-disable', password: 'senha123', code: await codeFor(secret) }),
      '/account#seguranca',
    );
    expect(db.select().from(twoFactor).where(eq(twoFactor.userId, user.id)).get()).toBeUndefined();
    const back = await authPost({ intent: 'login', email: user.email, password: 'senha123' });
    expectRedirect(back, '/dashboard');
  });
});

describe('POST /api/login with two-step sign-in', () => {
  const apiLogin = (payload: unknown, cookie?: string) => call(loginAction, jsonRequest('/api/login', payload, { cookie }), {}, ADDRESS);

  it('answers { twoFactorRequired: true } and completes with the code; unchanged for accounts without it', async () => {
    const plain = await createUser();
    const plainAnswer = await apiLogin({ email: plain.email, password: 'senha123' });
    expect(plainAnswer.status).toBe(200);
    expect(await plainAnswer.json()).toMatchObject({ email: plain.email });

    const user = await createUser();
    const { secret } = await enrol(user);
    const jar = cookieJar();
    const first = await apiLogin({ email: user.email, password: 'senha123' });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ twoFactorRequired: true });
    jar.absorb(first);
    expect(jar.header()).not.toContain('en_session');
    expect((await apiLogin({ code: '000000' }, jar.header())).status).toBe(401);
    const second = await apiLogin({ code: await codeFor(secret) }, jar.header());
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ email: user.email });
    jar.absorb(second);
    expect(jar.header()).toContain('en_session');
    expect(db.select().from(pendingLogins).where(eq(pendingLogins.userId, user.id)).all()).toHaveLength(0);
    // Without a pending login, a code alone opens nothing.
    nextStep();
    expect((await apiLogin({ code: await codeFor(secret) })).status).toBe(401);
  });
});

describe('admins must use two-step sign-in where the setting requires it', () => {
  beforeEach(() => {
    process.env.ADMIN_TWO_FACTOR = 'required';
  });
  afterEach(() => {
    delete process.env.ADMIN_TWO_FACTOR;
  });

  it('an admin without it reaches only its setup page, on pages and in the API; with it, everything', async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    expectRedirect(await call(adminUsersLoader, getRequest('/admin/users', { cookie })), '/account#seguranca');
    expect((await call(accountLoader, getRequest('/account', { cookie }))).status).toBe(200);
    const api = await call(usersApiLoader, getRequest('/api/users', { cookie }));
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({
      message: 'Administradores precisam ativar a verificação em duas etapas antes de continuar.',
      twoFactorSetupRequired: true,
    });
    // Other users are not asked.
    const basic = await createUser();
    expect((await call(dashboardLoader, getRequest('/dashboard', { cookie: await sessionCookie(basic) }))).status).toBe(200);

    const { cookie: after } = await enrol(admin);
    expect((await call(adminUsersLoader, getRequest('/admin/users', { cookie: after }))).status).toBe(200);
    expect((await call(usersApiLoader, getRequest('/api/users', { cookie: after }))).status).toBe(200);
  });

  it('is relaxed by ADMIN_TWO_FACTOR=optional', async () => {
    process.env.ADMIN_TWO_FACTOR = 'optional';
    const admin = await createUser({ role: 'admin' });
    expect((await call(adminUsersLoader, getRequest('/admin/users', { cookie: await sessionCookie(admin) }))).status).toBe(200);
  });
});

describe('an admin who lost the phone', () => {
  it('another admin turns two-step sign-in off for them, audited under the acting admin', async () => {
    const lost = await createUser({ role: 'admin' });
    await enrol(lost);
    const helper = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(helper);
    const done = await call(
      adminUsersAction,
      formRequest('/admin/users', { intent: 'two-factor-off', id: String(lost.id) }, { cookie }),
      {},
      ADDRESS,
    );
    expect(done.status).toBe(302);
    expect(db.select().from(twoFactor).where(eq(twoFactor.userId, lost.id)).get()).toBeUndefined();
    expect(db.select().from(recoveryCodeRows).where(eq(recoveryCodeRows.userId, lost.id)).all()).toHaveLength(0);
    const audit = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_off'), eq(auditLog.entityId, lost.id)))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(helper.id);
    // Nothing left to turn off: 409, and no second audit row.
    const again = await call(
      adminUsersAction,
      formRequest('/admin/users', { intent: 'two-factor-off', id: String(lost.id) }, { cookie }),
      {},
      ADDRESS,
    );
    expect(again.status).toBe(409);
    expect(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.two_factor_off'), eq(auditLog.entityId, lost.id)))
        .all(),
    ).toHaveLength(1);
    // A non-admin cannot.
    const basic = await createUser();
    await enrol(basic);
    const refused = await call(
      adminUsersAction,
      formRequest('/admin/users', { intent: 'two-factor-off', id: String(basic.id) }, { cookie: await sessionCookie(basic) }),
      {},
      ADDRESS,
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get('Location')).toBe('/dashboard');
    expect(db.select().from(twoFactor).where(eq(twoFactor.userId, basic.id)).get()?.enabledAt).toBeTruthy();
  });
});

describe('LGPD: export and deletion', () => {
  it('the export says whether it is on, never the secret or the codes; deleting the account removes the factor', async () => {
    const user = await createUser();
    const { secret, recoveryCodes, cookie } = await enrol(user);
    const data = exportPersonalData(user.id);
    expect(data.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10, recoveryCodesUsed: [] });
    const text = JSON.stringify(data);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);

    expectRedirect(await accountPost(cookie, { intent: 'delete-account', password: 'senha123' }), '/');
    expect(db.select().from(twoFactor).where(eq(twoFactor.userId, user.id)).all()).toHaveLength(0);
    expect(db.select().from(recoveryCodeRows).where(eq(recoveryCodeRows.userId, user.id)).all()).toHaveLength(0);
  });
});
