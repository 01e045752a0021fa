import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { auditLog, passkeys, signIns, webauthnChallenges } from '../../db/schema';
import { action as accountAction, loader as accountLoader } from '~/routes/_app+/account';
import { action as authAction } from '~/routes/_auth+/auth';
import { action as apiLoginAction } from '~/routes/api+/login';
import { action as loginOptionsAction } from '~/routes/api+/passkeys.login-options';
import { action as loginAction } from '~/routes/api+/passkeys.login';
import { action as registerOptionsAction } from '~/routes/api+/passkeys.register-options';
import { action as registerAction, loader as listLoader } from '~/routes/api+/passkeys';
import { action as removeAction } from '~/routes/api+/passkeys.$id';
import { action as freshOptionsAction } from '~/routes/api+/passkeys.fresh-check-options';
import { action as freshAction } from '~/routes/api+/passkeys.fresh-check';
import { action as adminUsersAction, loader as adminUsersLoader } from '~/routes/_app+/admin.users';
import { loader as usersApiLoader } from '~/routes/api+/users';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { admitLiveStream } from '~/plumbing/live-stream.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import {
  BASE_URL,
  call,
  cookieJar,
  createUser,
  expectRedirect,
  formRequest,
  getRequest,
  jsonRequest,
  sessionCookie,
} from '../setup/helpers';
import { softAuthenticator } from '../setup/soft-authenticator';

const ADDRESS = { clientAddress: '203.0.113.40' };
const ORIGIN = new URL(BASE_URL).origin;

beforeEach(() => {
  resetAllLimits();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };

const post = (fn: Parameters<typeof call>[0], path: string, body: unknown, cookie?: string, params = {}) =>
  call(fn, jsonRequest(path, body, { cookie }), params, ADDRESS);
const options = async (fn: Parameters<typeof call>[0], path: string, cookie?: string) => {
  const response = await post(fn, path, {}, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as Options;
};

/** 'Adicionar passkey' in Segurança: the registration ceremony through the API the page calls. */
async function register(cookie: string, authenticator = softAuthenticator(), name = 'Celular', origin = ORIGIN) {
  const answer = authenticator.create(await options(registerOptionsAction, '/api/passkeys/register-options', cookie), origin);
  return { authenticator, response: await post(registerAction, '/api/passkeys', { name, response: answer }, cookie) };
}

async function signIn(
  authenticator: ReturnType<typeof softAuthenticator>,
  extra: Parameters<ReturnType<typeof softAuthenticator>['get']>[2] = {},
) {
  const answer = authenticator.get(await options(loginOptionsAction, '/api/passkeys/login-options'), ORIGIN, extra);
  return { answer, response: await post(loginAction, '/api/passkeys/login', { response: answer, redirectTo: '/tools' }) };
}

describe('passkeys: registration and sign-in', () => {
  it('registers a passkey in Segurança and signs in with it alone, audited, with the name and dates listed', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const { authenticator, response } = await register(cookie);
    expect(response.status).toBe(201);
    const listed = (await (await call(listLoader, getRequest('/api/passkeys', { cookie }))).json()) as {
      passkeys: Array<Record<string, unknown>>;
    };
    expect(listed.passkeys).toEqual([{ id: expect.any(Number), name: 'Celular', createdAt: '2026-11-28T12:00:00.000Z', lastUsedAt: null }]);
    const page = (await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as { passkeys: unknown[] };
    expect(page.passkeys).toHaveLength(1);

    vi.setSystemTime(new Date('2026-11-28T12:05:00Z'));
    const { response: login } = await signIn(authenticator);
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ user: { id: user.id }, redirectTo: '/tools' });
    const jar = cookieJar();
    jar.absorb(login);
    expect(jar.header()).toContain('en_session');
    expect(db.select().from(passkeys).where(eq(passkeys.userId, user.id)).get()).toMatchObject({
      counter: 1,
      lastUsedAt: new Date('2026-11-28T12:05:00Z'),
    });
    const actions = db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id))
      .all()
      .map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['passkey.register', 'passkey.sign_in']));
    // Like every sign-in, it sets the browser cookie and is listed in 'Últimos acessos' (decision 068).
    expect(jar.header()).toContain('en_device');
    expect(db.select().from(signIns).where(eq(signIns.userId, user.id)).all()).toHaveLength(1);
  });

  it('refuses a replayed challenge: the same signed answer signs in once', async () => {
    const user = await createUser();
    const { authenticator } = await register(await sessionCookie(user));
    const { answer, response } = await signIn(authenticator);
    expect(response.status).toBe(200);
    const replay = await post(loginAction, '/api/passkeys/login', { response: answer });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ message: 'O pedido da passkey expirou ou já foi usado. Tente novamente.' });
  });

  it('refuses a challenge past its five minutes', async () => {
    const user = await createUser();
    const { authenticator } = await register(await sessionCookie(user));
    const answer = authenticator.get(await options(loginOptionsAction, '/api/passkeys/login-options'), ORIGIN);
    vi.setSystemTime(new Date('2026-11-28T12:05:01Z'));
    expect((await post(loginAction, '/api/passkeys/login', { response: answer })).status).toBe(400);
  });

  it('refuses an answer made for another origin, at registration and at sign-in', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const { response } = await register(cookie, softAuthenticator(), 'Phishing', 'https://e-engenharia.evil.example');
    expect(response.status).toBe(400);
    expect(db.select().from(passkeys).where(eq(passkeys.userId, user.id)).all()).toHaveLength(0);

    const { authenticator } = await register(cookie);
    const answer = authenticator.get(await options(loginOptionsAction, '/api/passkeys/login-options'), 'https://e-engenharia.evil.example');
    const login = await post(loginAction, '/api/passkeys/login', { response: answer });
    expect(login.status).toBe(400);
    expect(login.headers.getSetCookie().join()).not.toContain('en_session');
  });

  it('refuses a cloned authenticator whose counter does not move on', async () => {
    const user = await createUser();
    const { authenticator } = await register(await sessionCookie(user));
    expect((await signIn(authenticator, { counter: 5 })).response.status).toBe(200);
    expect((await signIn(authenticator, { counter: 5 })).response.status).toBe(400);
    expect((await signIn(authenticator, { counter: 6 })).response.status).toBe(200);
  });

  it("refuses another user's passkey for the fresh check, and a passkey this site does not know", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { authenticator } = await register(await sessionCookie(owner));
    const otherCookie = await sessionCookie(other);
    const answer = authenticator.get(await options(freshOptionsAction, '/api/passkeys/fresh-check-options', otherCookie), ORIGIN);
    const refused = await post(freshAction, '/api/passkeys/fresh-check', { response: answer }, otherCookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Esta passkey não pertence à sua conta.' });

    db.delete(passkeys).where(eq(passkeys.userId, owner.id)).run();
    expect((await signIn(authenticator)).response.status).toBe(401);
  });

  it('refuses a malformed or oversized answer with a clear message, writing nothing', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const bad = await post(loginAction, '/api/passkeys/login', { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } });
    expect(bad.status).toBe(400);
    const huge = await post(registerAction, '/api/passkeys', { name: 'A', response: { id: 'a'.repeat(5000) } }, cookie);
    expect(huge.status).toBe(400);
    const noName = await register(cookie, softAuthenticator(), ' ');
    expect(noName.response.status).toBe(400);
    expect(await noName.response.json()).toEqual({ message: 'Dê um nome à passkey (ex.: Celular, Notebook).' });
  });

  it('counts challenges and failed answers per address, like passwords', async () => {
    for (let i = 0; i < 60; i++) expect((await post(loginOptionsAction, '/api/passkeys/login-options', {})).status).toBe(200);
    expect((await post(loginOptionsAction, '/api/passkeys/login-options', {})).status).toBe(429);
    resetAllLimits();
    const user = await createUser();
    const { authenticator } = await register(await sessionCookie(user));
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () =>
        authenticator.get(await options(loginOptionsAction, '/api/passkeys/login-options'), 'https://evil.example'),
      ),
    );
    const statuses = await Promise.all(
      answers.map((answer) => post(loginAction, '/api/passkeys/login', { response: answer }).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe('removing a passkey', () => {
  it('asks the fresh check past its 10 minutes, then removes it, audited; the API likewise', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    await register(cookie);
    await register(cookie, softAuthenticator(), 'Notebook');
    const [first, second] = db.select().from(passkeys).where(eq(passkeys.userId, user.id)).all();
    vi.setSystemTime(new Date('2026-11-28T12:11:00Z'));
    const asked = await call(
      accountAction,
      formRequest('/account', { intent: 'passkey-remove', passkeyId: String(first.id) }, { cookie }),
      {},
      ADDRESS,
    );
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ freshCheck: { intent: 'passkey-remove', method: 'password', passkey: true } });
    expect(db.select().from(passkeys).where(eq(passkeys.userId, user.id)).all()).toHaveLength(2);
    const apiAsked = await call(removeAction, jsonRequest(`/api/passkeys/${second.id}`, undefined, { method: 'DELETE', cookie }), {
      id: String(second.id),
    });
    expect(apiAsked.status).toBe(403);
    expect(await apiAsked.json()).toMatchObject({ freshCheckRequired: true });

    const removed = await call(
      accountAction,
      formRequest('/account', { intent: 'passkey-remove', passkeyId: String(first.id), freshCheckSecret: 'senha123' }, { cookie }),
      {},
      ADDRESS,
    );
    expectRedirect(removed, '/account#passkeys');
    expect(
      db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, user.id))
        .all()
        .map((row) => row.name),
    ).toEqual(['Notebook']);
    expect(db.select().from(auditLog).where(eq(auditLog.action, 'passkey.remove')).all()).toHaveLength(1);
    // Now within the window, the API removes the other; another user's id is not found.
    const stranger = await sessionCookie(await createUser());
    expect(
      (
        await call(removeAction, jsonRequest(`/api/passkeys/${second.id}`, undefined, { method: 'DELETE', cookie: stranger }), {
          id: String(second.id),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(removeAction, jsonRequest(`/api/passkeys/${second.id}`, undefined, { method: 'DELETE', cookie }), {
          id: String(second.id),
        })
      ).status,
    ).toBe(200);
  });

  it('a passkey renews the fresh check', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const { authenticator } = await register(cookie);
    const row = db.select().from(passkeys).where(eq(passkeys.userId, user.id)).get()!;
    vi.setSystemTime(new Date('2026-11-28T12:11:00Z'));
    const answer = authenticator.get(await options(freshOptionsAction, '/api/passkeys/fresh-check-options', cookie), ORIGIN);
    const renewed = await post(freshAction, '/api/passkeys/fresh-check', { response: answer }, cookie);
    expect(renewed.status).toBe(200);
    expect(
      (await call(removeAction, jsonRequest(`/api/passkeys/${row.id}`, undefined, { method: 'DELETE', cookie }), { id: String(row.id) }))
        .status,
    ).toBe(200);
  });
});

describe('a passkey counts as both factors for admins where two-step sign-in is required', () => {
  beforeEach(() => {
    process.env.ADMIN_TWO_FACTOR = 'required';
  });
  afterEach(() => {
    delete process.env.ADMIN_TWO_FACTOR;
  });

  it('an admin registers one from the setup page, then reaches everything; the password alone no longer signs them in', async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    expectRedirect(await call(adminUsersLoader, getRequest('/admin/users', { cookie })), '/account#seguranca');
    const { authenticator, response } = await register(cookie);
    expect(response.status).toBe(201);
    expect((await call(adminUsersLoader, getRequest('/admin/users', { cookie }))).status).toBe(200);
    expect((await call(usersApiLoader, getRequest('/api/users', { cookie }))).status).toBe(200);

    const byPassword = await call(apiLoginAction, jsonRequest('/api/login', { email: admin.email, password: 'senha123' }), {}, ADDRESS);
    expect(byPassword.status).toBe(403);
    const byForm = await call(authAction, formRequest('/auth', { intent: 'login', email: admin.email, password: 'senha123' }), {}, ADDRESS);
    expect(byForm.headers.getSetCookie().join()).not.toContain('en_session');

    const { response: login } = await signIn(authenticator);
    expect(login.status).toBe(200);
  });

  it("the setup page's live stream answers 403, not the 401 that sent the tab through 'Sessão expirada' in a loop", async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const held = await admitLiveStream(getRequest('/resources/live?probe=1', { cookie }));
    expect(held).toBeInstanceOf(Response);
    expect((held as Response).status).toBe(403);
    await register(cookie);
    const admitted = await admitLiveStream(getRequest('/resources/live?probe=1', { cookie }));
    expect((admitted as Response).status).toBe(204);
  });

  it('another admin removes the passkeys of one who lost them, audited', async () => {
    const admin = await createUser({ role: 'admin' });
    await register(await sessionCookie(admin));
    const helper = await createUser({ role: 'admin' });
    await register(await sessionCookie(helper));
    const off = await call(
      adminUsersAction,
      formRequest('/admin/users', { intent: 'two-factor-off', id: String(admin.id) }, { cookie: await sessionCookie(helper) }),
      {},
      ADDRESS,
    );
    expect(off.status).toBe(302);
    expect(db.select().from(passkeys).where(eq(passkeys.userId, admin.id)).all()).toHaveLength(0);
    expect(db.select().from(auditLog).where(eq(auditLog.action, 'user.two_factor_off')).get()?.summary).toContain(
      '1 passkey(s) removida(s)',
    );
  });
});

describe('personal data', () => {
  it('the export lists the passkeys by name and dates, never the key; deleting the account deletes them', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    await register(cookie);
    const exported = exportPersonalData(user.id);
    expect(exported.passkeys).toEqual([{ name: 'Celular', createdAt: '2026-11-28T12:00:00.000Z', lastUsedAt: null }]);
    const row = db.select().from(passkeys).where(eq(passkeys.userId, user.id)).get()!;
    expect(JSON.stringify(exported)).not.toContain(row.publicKey);
    expect(JSON.stringify(exported)).not.toContain(row.credentialId);

    await post(registerOptionsAction, '/api/passkeys/register-options', {}, cookie);
    const deleted = await call(
      accountAction,
      formRequest('/account', { intent: 'delete-account', password: 'senha123' }, { cookie }),
      {},
      ADDRESS,
    );
    expect(deleted.status).toBe(302);
    expect(db.select().from(passkeys).where(eq(passkeys.userId, user.id)).all()).toHaveLength(0);
    expect(db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id)).all()).toHaveLength(0);
  });
});
