import { generateTOTP } from '@epic-web/totp';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { auditLog, knownDevices, mailOutbox, signIns, twoFactor, users } from '../../db/schema';
import { loader as accountLoader } from '~/routes/_app+/account';
import { action as authAction } from '~/routes/_auth+/auth';
import { action as loginAction } from '~/routes/api+/login';
import { action as registerAction } from '~/routes/api+/register';
import { recordSignIn, SIGN_INS_KEPT } from '~/models/accounts/sign-ins.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { eraseAccount } from '~/models/privacy/account-deletion.server';
import { deviceCookie } from '~/utils/device-cookie.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, cookieJar, createUser, expectRedirect, formRequest, getRequest, jsonRequest, uniqueCpf } from '../setup/helpers';

const ADDRESS = { clientAddress: '203.0.113.9' };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SUBJECT = 'Novo acesso à sua conta';

beforeEach(() => resetAllLimits());

type Jar = ReturnType<typeof cookieJar>;

/** The browser's cookies after a logout: everything but the session (the device cookie stays, as in a browser). */
const loggedOut = (jar: Jar) =>
  jar
    .header()
    .split('; ')
    .filter((pair) => pair && !pair.startsWith('en_session='))
    .join('; ');

/** The /auth form's login from a browser whose cookies are `jar`: it keeps what the answer sets. */
async function formLogin(jar: Jar, user: { email: string }, userAgent = FIREFOX) {
  const answer = await call(
    authAction,
    formRequest(
      '/auth',
      { intent: 'login', email: user.email, password: 'senha123' },
      { cookie: loggedOut(jar), headers: { 'User-Agent': userAgent } },
    ),
    {},
    ADDRESS,
  );
  expectRedirect(answer, '/dashboard');
  jar.absorb(answer);
  return answer;
}

async function apiLogin(jar: Jar, payload: unknown) {
  const answer = await call(
    loginAction,
    jsonRequest('/api/login', payload, { cookie: loggedOut(jar), headers: { 'User-Agent': FIREFOX } }),
    {},
    ADDRESS,
  );
  jar.absorb(answer);
  return answer;
}

const alertsTo = (userId: number) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'new-sign-in')))
    .all();
const alertAudits = (userId: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, 'account.new_device_sign_in')))
    .all();
const signInRows = (userId: number) => db.select().from(signIns).where(eq(signIns.userId, userId)).all();

describe('the sign-in alert: a browser the account has not used', () => {
  it('mails once, in São Paulo time with the browser in words and the address; the same browser again does not', async () => {
    const user = await createUser({ fullName: 'Maria Souza' });
    const browser = cookieJar();
    const first = await formLogin(browser, user);
    const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith('en_device='));
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Lax/i);
    expect(device).toMatch(/Max-Age=31536000/);

    const [alert, ...more] = alertsTo(user.id);
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ subject: SUBJECT, toAddress: user.email, status: 'pending' });
    const at = signInRows(user.id)[0]!.at;
    const saoPaulo = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(at)
      .replace(',', '');
    expect(alert.textBody).toContain(`${saoPaulo} (horário de Brasília)`);
    expect(alert.textBody).toContain('Firefox 133 no Windows 10');
    expect(alert.textBody).toContain('203.0.113.9');
    expect(alert.textBody).toContain('Olá, Maria Souza.');
    expect(alertAudits(user.id)).toHaveLength(1);
    expect(alertAudits(user.id)[0]).toMatchObject({ actorId: user.id, summary: 'Aviso de novo acesso enviado: Firefox 133 no Windows 10' });

    // The same browser (its cookie kept through the logout) signs in again: no mail.
    await formLogin(browser, user);
    await formLogin(browser, user);
    expect(alertsTo(user.id)).toHaveLength(1);
    expect(alertAudits(user.id)).toHaveLength(1);
    expect(signInRows(user.id).map((row) => row.newDevice)).toEqual([true, false, false]);
    expect(db.select().from(knownDevices).where(eq(knownDevices.userId, user.id)).all()).toHaveLength(1);

    // Another browser: a second mail.
    await formLogin(cookieJar(), user);
    expect(alertsTo(user.id)).toHaveLength(2);
  });

  it('counts a forged or altered device cookie as a new browser', async () => {
    const user = await createUser();
    const browser = cookieJar();
    await formLogin(browser, user);
    expect(alertsTo(user.id)).toHaveLength(1);
    const genuine = /en_device=([^;]+)/.exec(browser.header())![1];
    const unsigned = Buffer.from(JSON.stringify('x'.repeat(43))).toString('base64');
    for (const forged of [`${genuine.slice(0, -3)}abc`, unsigned, `${unsigned}.${genuine.split('.')[1] ?? ''}`]) {
      await formLogin(cookieJar(`en_device=${forged}`), user);
    }
    expect(alertsTo(user.id)).toHaveLength(4);
    // The genuine one is still known.
    await formLogin(cookieJar(`en_device=${genuine}`), user);
    expect(alertsTo(user.id)).toHaveLength(4);
  });

  it('a browser one account knows is new to another account on it', async () => {
    const [first, second] = [await createUser(), await createUser()];
    const browser = cookieJar();
    await formLogin(browser, first);
    await formLogin(browser, second);
    await formLogin(browser, first);
    expect(alertsTo(first.id)).toHaveLength(1);
    expect(alertsTo(second.id)).toHaveLength(1);
  });

  it('POST /api/login alerts too, also at the second step of two-step sign-in, once', async () => {
    const plain = await createUser();
    const api = cookieJar();
    expect((await apiLogin(api, { email: plain.email, password: 'senha123' })).status).toBe(200);
    expect(api.header()).toContain('en_device=');
    expect((await apiLogin(api, { email: plain.email, password: 'senha123' })).status).toBe(200);
    expect(alertsTo(plain.id)).toHaveLength(1);

    const guarded = await createUser();
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    db.insert(twoFactor).values({ userId: guarded.id, secret, enabledAt: new Date() }).run();
    const browser = cookieJar();
    expect((await apiLogin(browser, { email: guarded.email, password: 'senha123' })).status).toBe(202);
    // The password step alone starts no session, records nothing and mails nothing.
    expect(alertsTo(guarded.id)).toHaveLength(0);
    expect(signInRows(guarded.id)).toHaveLength(0);
    const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: 'SHA-1' });
    expect((await apiLogin(browser, { code: otp })).status).toBe(200);
    expect(alertsTo(guarded.id)).toHaveLength(1);
    expect(signInRows(guarded.id)).toHaveLength(1);
  });

  it("the registration's own sign-in does not alert, and makes the browser known", async () => {
    const id = randomUUID().slice(0, 8);
    const browser = cookieJar();
    const registered = await call(
      registerAction,
      jsonRequest(
        '/api/register',
        { username: `novo_${id}`, email: `novo_${id}@example.com`, cpf: uniqueCpf(), password: 'senha123' },
        { headers: { 'User-Agent': FIREFOX } },
      ),
      {},
      ADDRESS,
    );
    expect(registered.status).toBe(201);
    browser.absorb(registered);
    const user = db
      .select()
      .from(users)
      .where(eq(users.email, `novo_${id}@example.com`))
      .get()!;
    expect(signInRows(user.id)).toHaveLength(1);
    await formLogin(browser, user);
    expect(alertsTo(user.id)).toHaveLength(0);

    const page = cookieJar();
    const fields = {
      intent: 'register',
      username: `pagina_${id}`,
      email: `pagina_${id}@example.com`,
      cpf: uniqueCpf(),
      password: 'senha123',
    };
    const answer = await call(authAction, formRequest('/auth', fields, { headers: { 'User-Agent': FIREFOX } }), {}, ADDRESS);
    expectRedirect(answer, '/dashboard');
    page.absorb(answer);
    const pageUser = db
      .select()
      .from(users)
      .where(eq(users.email, `pagina_${id}@example.com`))
      .get()!;
    await formLogin(page, pageUser);
    expect(alertsTo(pageUser.id)).toHaveLength(0);
    expect(signInRows(pageUser.id)).toHaveLength(2);
  });
});

describe('the last sign-ins', () => {
  it(`keeps the newest ${SIGN_INS_KEPT}, pruning the oldest in the same write`, async () => {
    const user = await createUser();
    const start = Date.UTC(2026, 0, 1);
    db.transaction((tx) => {
      for (let i = 0; i < SIGN_INS_KEPT; i++) {
        recordSignIn(tx, {
          user,
          deviceId: 'd'.repeat(43),
          userAgent: FIREFOX,
          ipAddress: `198.51.100.${i}`,
          alert: false,
          now: new Date(start + i * 60_000),
        });
      }
    });
    expect(signInRows(user.id)).toHaveLength(SIGN_INS_KEPT);
    await formLogin(cookieJar(), user);
    await formLogin(cookieJar(), user);
    const kept = signInRows(user.id);
    expect(kept).toHaveLength(SIGN_INS_KEPT);
    const addresses = kept.map((row) => row.ipAddress);
    expect(addresses).not.toContain('198.51.100.0');
    expect(addresses).not.toContain('198.51.100.1');
    expect(addresses).toContain('198.51.100.2');
    expect(addresses.filter((address) => address === ADDRESS.clientAddress)).toHaveLength(2);
  });

  it("lists 10 a page in 'Segurança', newest first, marking this browser", async () => {
    const user = await createUser();
    const other = cookieJar();
    await formLogin(
      other,
      user,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    );
    const mine = cookieJar();
    for (let i = 0; i < 11; i++) await formLogin(mine, user);
    type Page = {
      signIns: { items: { browser: string; address: string; thisBrowser: boolean }[]; total: number; page: number; pageCount: number };
    };
    const first = (await (await call(accountLoader, getRequest('/account', { cookie: mine.header() }))).json()) as Page;
    expect(first.signIns).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    expect(first.signIns.items).toHaveLength(10);
    expect(first.signIns.items.every((item) => item.thisBrowser && item.browser === 'Firefox 133 no Windows 10')).toBe(true);
    expect(first.signIns.items[0].address).toBe('203.0.113.9');
    const second = (await (await call(accountLoader, getRequest('/account?acessos=2', { cookie: mine.header() }))).json()) as Page;
    expect(second.signIns.items.map((item) => [item.browser, item.thisBrowser])).toEqual([
      ['Firefox 133 no Windows 10', true],
      ['Safari 17 no iOS 17.1', false],
    ]);
    const bad = (await (await call(accountLoader, getRequest('/account?acessos=abc', { cookie: mine.header() }))).json()) as Page;
    expect(bad.signIns.page).toBe(1);
  });

  describe("'Este navegador' from the browser's cookie, checked once per cookie value", () => {
    afterEach(() => vi.restoreAllMocks());
    type Marks = { signIns: { items: { thisBrowser: boolean }[] } };
    const marks = async (cookie: string) => {
      const response = await call(accountLoader, getRequest('/account', { cookie }));
      expect(response.status, response.headers.get('Location') ?? '').toBe(200);
      return ((await response.json()) as Marks).signIns.items.map((item) => item.thisBrowser);
    };

    it('checks the signature of a cookie value once, and reads each value for itself', async () => {
      const user = await createUser();
      const mine = cookieJar();
      await formLogin(mine, user);
      const other = cookieJar();
      await formLogin(other, user);
      // The second browser's session (the newest sign-in), viewed with each browser's device cookie.
      const session = other
        .header()
        .split('; ')
        .filter((pair) => !pair.startsWith('en_device='));
      const deviceOf = (jar: Jar) => /en_device=[^;]+/.exec(jar.header())![0];
      const parse = vi.spyOn(deviceCookie, 'parse');
      expect(await marks([...session, deviceOf(mine)].join('; '))).toEqual([false, true]);
      expect(await marks([...session, deviceOf(mine)].join('; '))).toEqual([false, true]);
      expect(parse).toHaveBeenCalledTimes(1);
      expect(await marks([...session, deviceOf(other)].join('; '))).toEqual([true, false]);
      // This browser's cookie altered, then no cookie at all: no row is this browser's.
      expect(await marks([...session, `${deviceOf(mine).slice(0, -2)}xy`].join('; '))).toEqual([false, false]);
      expect(await marks(session.join('; '))).toEqual([false, false]);
    });
  });

  it("show only the signed-in account's own sign-ins, and none to a visitor", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    await formLogin(cookieJar(), owner);
    const browser = cookieJar();
    await formLogin(browser, other);
    type Page = { signIns: { items: { address: string }[]; total: number } };
    const page = (await (await call(accountLoader, getRequest('/account', { cookie: browser.header() }))).json()) as Page;
    expect(page.signIns.total).toBe(1);
    expect(signInRows(owner.id)).toHaveLength(1);
    // Without a session the page sends the visitor to sign in; the list takes no user id to ask for another's.
    expectRedirect(await call(accountLoader, getRequest('/account?acessos=1')), /^\/auth\?redirectTo=/);
  });

  it('are in the LGPD export without any browser id, and go with the account', async () => {
    const user = await createUser();
    const browser = cookieJar();
    await formLogin(browser, user);
    const deviceValue = /en_device=([^;]+)/.exec(browser.header())![1];
    const data = exportPersonalData(user.id);
    expect(data.signIns).toEqual([
      expect.objectContaining({ browser: 'Firefox 133 no Windows 10', userAgent: FIREFOX, ipAddress: '203.0.113.9', newBrowser: true }),
    ]);
    expect(data.knownBrowsers).toEqual([expect.objectContaining({ browser: 'Firefox 133 no Windows 10' })]);
    const text = JSON.stringify(data);
    const stored = db.select().from(knownDevices).where(eq(knownDevices.userId, user.id)).get()!;
    expect(text).not.toContain(stored.deviceHash);
    expect(text).not.toContain(decodeURIComponent(deviceValue).slice(0, 20));

    db.transaction((tx) => eraseAccount(tx, user, user, 'account.delete'));
    expect(signInRows(user.id)).toHaveLength(0);
    expect(db.select().from(knownDevices).where(eq(knownDevices.userId, user.id)).all()).toHaveLength(0);
  });
});
