import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { contactMessages, planPrices, tools, users } from '../../db/schema';
import { loader as calculatorLoader } from '~/routes/_app+/calculators.$slug';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { loader as toolsApi } from '~/routes/api+/tools';
import { action as authAction } from '~/routes/_auth+/auth';
import { action as contactAction, loader as contactLoader } from '~/routes/_marketing+/contact';
import { loader as landingLoader } from '~/routes/_marketing+/_index';
import { action as loginApi } from '~/routes/api+/login';
import { action as createPromoApi } from '~/routes/api+/promocodes';
import { action as usePromoApi } from '~/routes/api+/promocodes.use';
import { action as registerApi } from '~/routes/api+/register';
import { action as createUserApi } from '~/routes/api+/users';
import { action as updateUserApi } from '~/routes/api+/users.$id';
import { action as profileApi } from '~/routes/api+/profile';
import { action as recoverApi } from '~/routes/api+/recover-password';
import { action as resetApi } from '~/routes/api+/reset-password';
import { action as recoveryToggleApi } from '~/routes/api+/users.$id.password-recovery';
import { action as adminResetApi } from '~/routes/api+/users.$id.reset-password';
import { USER_CONFLICTS, verifyCredentials, writeUser } from '~/models/user.server';
import { AppError } from '~/utils/errors';
import { toolInputSchema } from '~/schemas/tool';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { serve } from './helpers/document-handler';
import { call, createUser, expectRedirect, formRequest, getRequest, jsonRequest, sessionCookie, uniqueCpf } from '../setup/helpers';

/** Findings of the production-build probe (issue 7, item 9), one block per finding. */

beforeEach(() => resetAllLimits());

const postAuth = (fields: Record<string, string>, options: { cookie?: string; context?: Record<string, unknown> } = {}) =>
  call(authAction, formRequest('/auth', fields, { cookie: options.cookie }), {}, options.context);

describe('a) redirect targets stay on this site', () => {
  const OFF_SITE = [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '//evil.example',
    '/\\evil.example',
    '/ /evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ];

  it('a login with an off-site or malformed redirectTo goes to /dashboard (never a 500, never another host)', async () => {
    for (const redirectTo of OFF_SITE) {
      const user = await createUser();
      const response = await postAuth({ intent: 'login', email: user.email, password: 'senha123', redirectTo });
      expectRedirect(response, '/dashboard');
    }
  });

  it('a login keeps a same-site path with its query', async () => {
    const user = await createUser();
    const response = await postAuth({ intent: 'login', email: user.email, password: 'senha123', redirectTo: '/calculators/torque?p=2#r' });
    expectRedirect(response, '/calculators/torque?p=2#r');
  });

  it('an internal tool link must be a path of this site by the same rule', () => {
    const tool = { name: 'Ferramenta', description: 'Uma ferramenta', category: 'mechanical', accessLevel: 'E-BASIC', linkType: 'internal' };
    for (const link of ['/\t/evil.example', '/\u0000x', '/a\u2028b', '/\u202eevil']) {
      expect(toolInputSchema.safeParse({ ...tool, link }).success, JSON.stringify(link)).toBe(false);
    }
    expect(toolInputSchema.safeParse({ ...tool, link: '/calculators/torque' }).success).toBe(true);
  });
});

describe('b) a recovery token dies with its reason', () => {
  const RECOVERY_EXPIRED = 'Sessão de recuperação expirada. Por favor, inicie o processo novamente.';

  async function issueToken(user: { email: string; cpf: string | null }): Promise<string> {
    const response = await call(recoverApi, jsonRequest('/api/recover-password', { identifier: user.email, cpf: user.cpf }));
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  const resetWith = (token: string, password = 'nova-senha-1') =>
    call(resetApi, jsonRequest('/api/reset-password', { token, password, confirmPassword: password }));

  async function expectRefused(token: string, user: { email: string }, stillValid: string) {
    const response = await resetWith(token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: RECOVERY_EXPIRED });
    expect(await verifyCredentials(user.email, 'nova-senha-1')).toBeNull();
    expect(await verifyCredentials(user.email, stillValid)).not.toBeNull();
  }

  it('switching recovery off kills a token issued before (also after switching it on again)', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const token = await issueToken(user);
    const toggle = (disablePasswordRecovery: boolean) =>
      call(
        recoveryToggleApi,
        jsonRequest(`/api/users/${user.id}/password-recovery`, { disablePasswordRecovery }, { method: 'PATCH', cookie }),
        { id: String(user.id) },
      );
    expect((await toggle(true)).status).toBe(200);
    expect(db.select({ resetToken: users.resetToken }).from(users).where(eq(users.id, user.id)).get()?.resetToken).toBeNull();
    expect((await toggle(false)).status).toBe(200);
    await expectRefused(token, user, 'senha123');
  });

  it('a live token is refused while recovery is switched off, even if it was left in the row', async () => {
    const user = await createUser();
    const token = await issueToken(user);
    db.update(users).set({ disablePasswordRecovery: true }).where(eq(users.id, user.id)).run();
    await expectRefused(token, user, 'senha123');
  });

  it("the user's own password change kills a token issued before", async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const token = await issueToken(user);
    const changed = await call(
      profileApi,
      jsonRequest('/api/profile', { currentPassword: 'senha123', newPassword: 'trocada-1' }, { method: 'PATCH', cookie }),
    );
    expect(changed.status).toBe(200);
    await expectRefused(token, user, 'trocada-1');
  });

  it("an admin's password reset and a successful reset kill earlier tokens", async () => {
    const admin = await createUser({ role: 'admin' });
    const adminCookie = await sessionCookie(admin);
    const user = await createUser();
    const first = await issueToken(user);
    const adminReset = await call(
      adminResetApi,
      jsonRequest(`/api/users/${user.id}/reset-password`, { password: 'pelo-admin-1' }, { method: 'PATCH', cookie: adminCookie }),
      { id: String(user.id) },
    );
    expect(adminReset.status).toBe(200);
    await expectRefused(first, user, 'pelo-admin-1');

    const second = await issueToken(user);
    expect((await resetWith(second, 'redefinida-1')).status).toBe(200);
    const again = await resetWith(second);
    expect(again.status).toBe(400);
    expect(await verifyCredentials(user.email, 'redefinida-1')).not.toBeNull();
  });
});

describe('c) usernames, e-mails and codes compare on one Unicode-aware folded form', () => {
  const TAKEN_USERNAME = { message: 'Este nome de usuário já está em uso.' };
  const register = (username: string, email = `${crypto.randomUUID().slice(0, 8)}@example.com`, extra: Record<string, unknown> = {}) =>
    call(registerApi, jsonRequest('/api/register', { username, email, cpf: uniqueCpf(), password: 'senha123', ...extra }));

  it('the same non-ASCII username twice is a 409, not a 500', async () => {
    expect((await register('Ørsted_x')).status).toBe(201);
    const again = await register('Ørsted_x');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(TAKEN_USERNAME);
  });

  it('usernames that differ only in (Unicode) case or compatibility form are one user', async () => {
    expect((await register('Ñandu_x')).status).toBe(201);
    for (const variant of ['ñandu_x', 'ÑANDU_X', ' ñandu_X ']) {
      const response = await register(variant);
      expect(response.status, variant).toBe(409);
      expect(await response.json()).toEqual(TAKEN_USERNAME);
    }
    expect((await register('\ufb01nn_x')).status).toBe(201); // 'ﬁnn_x', the ligature
    expect((await register('FInn_x')).status).toBe(409);
    expect(db.select().from(users).all().filter((user) => user.username.toLowerCase().includes('andu_x'))).toHaveLength(1);
  });

  it('recovery finds an account by its username in another case', async () => {
    const user = await createUser({ username: 'Ágata_x' });
    const response = await call(recoverApi, jsonRequest('/api/recover-password', { identifier: 'ÁGATA_X', cpf: user.cpf }));
    expect(response.status).toBe(200);
  });

  it('the admin API refuses a folded duplicate with 409', async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    await createUser({ username: 'Émile_x' });
    const created = await call(
      createUserApi,
      jsonRequest('/api/users', { username: 'émile_X', email: 'emile-x@example.com', password: 'senha123', role: 'E-BASIC' }, { cookie }),
    );
    expect(created.status).toBe(409);
    expect(await created.json()).toEqual(TAKEN_USERNAME);
    const other = await createUser({ username: 'other_x' });
    const updated = await call(
      updateUserApi,
      jsonRequest(`/api/users/${other.id}`, { username: 'ÉMILE_x' }, { method: 'PATCH', cookie }),
      { id: String(other.id) },
    );
    expect(updated.status).toBe(409);
    expect(await updated.json()).toEqual(TAKEN_USERNAME);
  });

  it('a promo code with accented letters is redeemable in any case, and unique in any case', async () => {
    const admin = await createUser({ role: 'admin' });
    const adminCookie = await sessionCookie(admin);
    const create = (code: string) =>
      call(createPromoApi, jsonRequest('/api/promocodes', { code, days: 7, maxUses: 5, promoType: 'role', targetRole: 'E-TOOL' }, { cookie: adminCookie }));
    const created = await create('ção10');
    expect(created.status).toBe(201);
    expect(((await created.json()) as { code: string }).code).toBe('ção10');
    const duplicate = await create('ÇÃO10');
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: 'Já existe um código promocional com este código.' });

    for (const typed of ['ção10', 'ÇÃO10']) {
      const user = await createUser();
      const response = await call(usePromoApi, jsonRequest('/api/promocodes/use', { code: typed }, { cookie: await sessionCookie(user) }));
      expect(response.status, typed).toBe(200);
    }
    const registered = await register('novo_cao', undefined, { promoCode: 'Ção10' });
    expect(registered.status).toBe(201);
  });
});

describe('c) the folded keys of rows written before migration 0002', () => {
  it('are filled by the backfill that runs after the migrations (clashing old rows kept apart, idempotent)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fold-backfill-'));
    try {
      // A database at migration 0001 with rows in it, as production had before 0002.
      const oldMigrations = join(dir, 'migrations');
      cpSync(join(process.cwd(), 'db', 'migrations'), oldMigrations, { recursive: true });
      const journalPath = join(oldMigrations, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
      expect(journal.entries.map((entry) => entry.tag)).toContain('0002_folded_keys');
      journal.entries = journal.entries.filter((entry) => entry.tag < '0002');
      writeFileSync(journalPath, JSON.stringify(journal));
      const { db: old, sqlite } = openDatabase(join(dir, 'app.db'));
      migrate(old, { migrationsFolder: oldMigrations });
      const addUser = sqlite.prepare('insert into users (username, email, password) values (?, ?, ?)');
      addUser.run('Ñandu_y', 'nandu-y@example.com', 'x');
      addUser.run('ñandu_y', 'nandu-y2@example.com', 'x');
      addUser.run('Ørsted_y', 'ORSTED-Y@example.com', 'x');
      sqlite.prepare("insert into promo_codes (code, days, max_uses) values ('ção11', 5, 5)").run();

      applyMigrations(old);
      const keys = () => sqlite.prepare('select username, username_key, email_key from users order by id').all();
      expect(keys()).toEqual([
        { username: 'Ñandu_y', username_key: 'ñandu_y', email_key: 'nandu-y@example.com' },
        { username: 'ñandu_y', username_key: expect.stringMatching(/^ clash:\d+:ñandu_y$/), email_key: 'nandu-y2@example.com' },
        { username: 'Ørsted_y', username_key: 'ørsted_y', email_key: 'orsted-y@example.com' },
      ]);
      expect(sqlite.prepare('select code_key from promo_codes').get()).toEqual({ code_key: 'ção11' });
      const before = keys();
      applyMigrations(old);
      expect(keys()).toEqual(before);
      expect(() => addUser.run('ØRSTED_Y', 'outro@example.com', 'x')).not.toThrow(); // no key given: left for the backfill
      expect(() => applyMigrations(old)).not.toThrow();
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a UNIQUE failure that slips past the check (a race) is the same 409, never a 500', async () => {
    const existing = await createUser({ username: 'Corrida_x' });
    const race = () =>
      writeUser(() =>
        db
          .insert(users)
          .values({ username: 'corrida_X', email: 'corrida@example.com', usernameKey: existing.usernameKey, emailKey: 'corrida@example.com', password: 'x' })
          .run(),
      );
    expect(race).toThrow(AppError);
    expect(race).toThrow(USER_CONFLICTS.username.message);
    try {
      race();
    } catch (error) {
      expect((error as AppError).status).toBe(409);
    }
  });
});

describe('d) rate limits count per client address, and a stranger cannot lock the owner out', () => {
  afterEach(() => vi.unstubAllEnvs());

  const pageLogin = (email: string, password: string, address: string) =>
    postAuth({ intent: 'login', email, password }, { context: { clientAddress: address } });
  const apiLogin = (email: string, password: string, headers: Record<string, string> = {}, address?: string) =>
    call(loginApi, jsonRequest('/api/login', { email, password }, { headers }), {}, address ? { clientAddress: address } : {});

  it('failed logins from one socket address do not block another address', async () => {
    const victim = await createUser();
    for (let i = 0; i < 30; i++) expect((await pageLogin(`ninguem${i}@example.com`, 'errada123', '203.0.113.7')).status).toBe(401);
    expect((await pageLogin(`ninguem@example.com`, 'errada123', '203.0.113.7')).status).toBe(429);
    expectRedirect(await pageLogin(victim.email, 'senha123', '198.51.100.20'), '/dashboard');
  });

  it("5 failures from a stranger's address do not stop the owner's correct password from another address", async () => {
    const owner = await createUser();
    for (let i = 0; i < 5; i++) expect((await apiLogin(owner.email, 'errada123', {}, '203.0.113.9')).status).toBe(401);
    expect((await apiLogin(owner.email, 'senha123', {}, '203.0.113.9')).status).toBe(429);
    const response = await apiLogin(owner.email, 'senha123', {}, '198.51.100.30');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { email: string }).email).toBe(owner.email);
  });

  it('CLIENT_IP_HEADER names the proxy header to trust (first entry of a list); without it the header is ignored', async () => {
    const user = await createUser();
    const burn = async (headers: Record<string, string>) => {
      for (let i = 0; i < 30; i++) await apiLogin(`ninguem${i}@example.com`, 'errada123', headers);
    };
    // Not configured: a client-sent X-Real-IP changes nothing, everyone behind this socket is one client.
    await burn({ 'X-Real-IP': '192.0.2.1' });
    expect((await apiLogin(user.email, 'senha123', { 'X-Real-IP': '192.0.2.2' })).status).toBe(429);

    resetAllLimits();
    vi.stubEnv('CLIENT_IP_HEADER', 'X-Real-IP');
    await burn({ 'X-Real-IP': ' 192.0.2.1 , 10.0.0.1' });
    expect((await apiLogin(user.email, 'senha123', { 'X-Real-IP': '192.0.2.1' })).status).toBe(429);
    expect((await apiLogin(user.email, 'senha123', { 'X-Real-IP': '192.0.2.2, 192.0.2.1' })).status).toBe(200);
  });

  it('recovery attempts are counted per address too', async () => {
    const recover = (identifier: string, address: string) =>
      call(recoverApi, jsonRequest('/api/recover-password', { identifier, cpf: uniqueCpf() }), {}, { clientAddress: address });
    for (let i = 0; i < 20; i++) expect((await recover(`ninguem${i}`, '203.0.113.11')).status).toBe(400);
    expect((await recover('ninguem-mais', '203.0.113.11')).status).toBe(429);
    expect((await recover('ninguem-mais', '198.51.100.12')).status).toBe(400);
  });
});

describe('e) origins come from configuration, never from client-sent host headers', () => {
  afterEach(() => vi.unstubAllEnvs());

  const SHAFT_QUERY = '?power=7.5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';
  async function shareUrl(url: string, headers: Record<string, string>) {
    const user = await createUser();
    const request = new Request(url, { headers: { ...headers, Cookie: await sessionCookie(user) } });
    const response = await call(calculatorLoader, request, { slug: 'torque-eixo' });
    expect(response.status).toBe(200);
    return ((await response.json()) as { outcome: { shareUrl: string } }).outcome.shareUrl;
  }

  it('the calculator share link uses PUBLIC_ORIGIN, whatever host the request names', async () => {
    vi.stubEnv('PUBLIC_ORIGIN', 'https://e-engenharia.fly.dev');
    // Remix builds request.url from the Host (or X-Forwarded-Host) header a client sent.
    const link = await shareUrl(`http://evil.example/calculators/torque-eixo${SHAFT_QUERY}`, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    expect(link).toMatch(/^https:\/\/e-engenharia\.fly\.dev\/calculators\/torque-eixo\?/);
  });

  it('without PUBLIC_ORIGIN the share link is relative: neither the Host header nor X-Forwarded-Host', async () => {
    const link = await shareUrl(`http://evil.example/calculators/torque-eixo${SHAFT_QUERY}`, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    expect(link).toMatch(/^\/calculators\/torque-eixo\?/);
  });

  const loginFrom = (headers: Record<string, string>) =>
    call(loginApi, jsonRequest('/api/login', { email: 'ninguem@example.com', password: 'errada123' }, { headers }));

  it('a write whose Origin matches only a client-sent X-Forwarded-Host is refused', async () => {
    const forged = await loginFrom({ Origin: 'https://evil.example', Host: 'localhost:3000', 'X-Forwarded-Host': 'evil.example' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ message: 'Origem da requisição não permitida.' });
    expect((await loginFrom({ Origin: 'http://localhost:3000', Host: 'localhost:3000' })).status).toBe(401);
  });

  it('with PUBLIC_ORIGIN, only that origin may write', async () => {
    vi.stubEnv('PUBLIC_ORIGIN', 'https://e-engenharia.fly.dev');
    expect((await loginFrom({ Origin: 'https://e-engenharia.fly.dev', Host: 'e-engenharia.internal:3000' })).status).toBe(401);
    expect((await loginFrom({ Origin: 'http://localhost:3000', Host: 'localhost:3000' })).status).toBe(403);
    expect((await loginFrom({ Origin: 'https://evil.example', Host: 'evil.example' })).status).toBe(403);
  });
});

describe('f) pages for a signed-in user are never stored by caches', () => {
  const page = (path: string, cookie?: string) => serve(new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} }));

  it('a document for a live session is Cache-Control: private, no-store', async () => {
    const cookie = await sessionCookie(await createUser());
    const response = await page('/', cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Sair'); // the signed-in header really rendered
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('loader data for a live session (a client-side navigation) is private, no-store too', async () => {
    const cookie = await sessionCookie(await createUser());
    for (const path of ['/?_data=root', '/?index&_data=routes%2F_marketing%2B%2F_index']) {
      const response = await page(path, cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store');
    }
  });

  it('anonymous public pages keep their caching (no private, no-store)', async () => {
    for (const path of ['/', '/?_data=root']) {
      const response = await page(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Cache-Control') ?? '', path).not.toMatch(/no-store|private/);
    }
  });
});

describe('g) the contact form is rate-limited per client address', () => {
  const MESSAGE = { name: 'Ana Souza', email: 'ana@example.com', subject: 'Dúvida', message: 'Uma mensagem de contato qualquer.' };
  const send = (address: string) => call(contactAction, formRequest('/contact', MESSAGE), {}, { clientAddress: address, toast: { pending: null } });
  const stored = () => db.select().from(contactMessages).all().length;

  it('5 messages per address go through; the 6th shows a Portuguese error and stores nothing; another address is unaffected', async () => {
    const before = stored();
    for (let i = 0; i < 5; i++) expectRedirect(await send('203.0.113.21'), '/contact');
    expect(stored()).toBe(before + 5);

    const refused = await send('203.0.113.21');
    expect(refused.status).toBe(429);
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error['']?.[0]).toMatch(/^Muitas tentativas\. Aguarde \d+ minutos? e tente novamente\.$/);
    expect(stored()).toBe(before + 5);

    expectRedirect(await send('198.51.100.22'), '/contact');
    expect(stored()).toBe(before + 6);
  });
});

describe('item 7) a CPF an admin writes must pass the check digits', () => {
  it('POST /api/users and PATCH /api/users/{id} refuse a wrong check digit (400) and write nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const valid = uniqueCpf();
    const wrong = `${valid.slice(0, 10)}${(Number(valid[10]) + 1) % 10}`;
    const count = () => db.select().from(users).all().length;

    const before = count();
    for (const cpf of [wrong, `${wrong.slice(0, 3)}.${wrong.slice(3, 6)}.${wrong.slice(6, 9)}-${wrong.slice(9)}`, '11111111111']) {
      const created = await call(
        createUserApi,
        jsonRequest('/api/users', { username: 'cpf_errado', email: 'cpf-errado@example.com', password: 'senha123', cpf, role: 'E-BASIC' }, { cookie }),
      );
      expect(created.status, cpf).toBe(400);
      expect(await created.json()).toEqual({ message: 'CPF inválido' });
    }
    const short = await call(
      createUserApi,
      jsonRequest('/api/users', { username: 'cpf_curto', email: 'cpf-curto@example.com', password: 'senha123', cpf: '1234567890', role: 'E-BASIC' }, { cookie }),
    );
    expect(await short.json()).toEqual({ message: 'Se informado, o CPF deve conter 11 dígitos' });
    expect(count()).toBe(before);

    const target = await createUser({ cpf: valid });
    const patched = await call(
      updateUserApi,
      jsonRequest(`/api/users/${target.id}`, { cpf: wrong, username: 'outro_nome' }, { method: 'PATCH', cookie }),
      { id: String(target.id) },
    );
    expect(patched.status).toBe(400);
    expect(await patched.json()).toEqual({ message: 'CPF inválido' });
    expect(db.select().from(users).where(eq(users.id, target.id)).get()).toMatchObject({ cpf: valid, username: target.username });
  });
});

describe('item 7) plan prices on the public pages come from plan_prices', () => {
  const setPrice = (planType: 'E-TOOL' | 'E-MASTER', monthlyPriceCents: number) =>
    db
      .insert(planPrices)
      .values({ planType, monthlyPriceCents, updatedAt: new Date() })
      .onConflictDoUpdate({ target: planPrices.planType, set: { monthlyPriceCents, updatedAt: new Date() } })
      .run();
  const landingPrices = async () =>
    ((await (await call(landingLoader, getRequest('/'))).json()) as { planPrices: Record<string, string> }).planPrices;
  const contactPrices = async () =>
    ((await (await contactLoader()).json()) as { planPrices: Record<string, string> }).planPrices;
  const html = async (path: string) => (await serve(getRequest(path))).text();

  it("shows the specification's advertised prices while a row is missing", async () => {
    db.delete(planPrices).run();
    const advertised = { 'E-TOOL': 'R$ 29,90', 'E-MASTER': 'R$ 59,90' };
    expect(await landingPrices()).toEqual(advertised);
    expect(await contactPrices()).toEqual(advertised);
  });

  it("an admin's change shows on the landing page and in the contact FAQ", async () => {
    setPrice('E-TOOL', 3490);
    setPrice('E-MASTER', 6990);
    const changed = { 'E-TOOL': 'R$ 34,90', 'E-MASTER': 'R$ 69,90' };
    expect(await landingPrices()).toEqual(changed);
    expect(await contactPrices()).toEqual(changed);

    const landing = await html('/');
    expect(landing).toContain('R$ 34,90');
    expect(landing).toContain('R$ 69,90');
    expect(landing).not.toContain('R$ 29,90');
    const faq = await html('/contact');
    expect(faq).toContain('O E-TOOL (R$ 34,90/mês)');
    expect(faq).toContain('O E-MASTER (R$ 69,90/mês)');
    expect(faq).not.toContain('R$ 59,90');
  });
});

describe('item 8) GET /api/tools gives the custom HTML to users entitled to the tool', () => {
  const HTML = '<!doctype html><p id="marcador-html-proprio">Calculadora própria</p>';
  type ApiTool = { id: number; locked: boolean; link?: string; frameUrl?: string | null; customHtml?: string | null };

  it('an E-MASTER user gets the E-MASTER custom tool with its customHtml and frameUrl; an E-TOOL user gets neither, nor the link', async () => {
    const tool = db
      .insert(tools)
      .values({ name: 'Ferramenta própria', description: 'HTML do admin', category: 'mechanical', accessLevel: 'E-MASTER', linkType: 'custom', link: '#', customHtml: HTML })
      .returning()
      .get();
    const list = async (role: 'E-MASTER' | 'E-TOOL') => {
      const cookie = await sessionCookie(await createUser({ role }));
      const response = await call(toolsApi, getRequest('/api/tools?perPage=200', { cookie }));
      expect(response.status).toBe(200);
      return ((await response.json()) as ApiTool[]).find((item) => item.id === tool.id);
    };

    const master = await list('E-MASTER');
    expect(master).toMatchObject({ locked: false, customHtml: HTML, frameUrl: `/resources/tool-frame/${tool.id}` });

    const locked = await list('E-TOOL');
    expect(locked).toMatchObject({ locked: true });
    expect(locked).not.toHaveProperty('customHtml');
    expect(locked).not.toHaveProperty('link');
    expect(locked).not.toHaveProperty('frameUrl');
  });

  it('the dashboard page keeps the HTML inside the sandboxed frame only (its loader never sends it)', async () => {
    db.insert(tools)
      .values({ name: 'Outra própria', description: 'HTML do admin', category: 'mechanical', accessLevel: 'E-BASIC', linkType: 'custom', link: '#', customHtml: HTML })
      .run();
    const cookie = await sessionCookie(await createUser({ role: 'E-MASTER' }));
    const response = await call(dashboardLoader, getRequest('/dashboard', { cookie }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Outra própria');
    expect(text).not.toContain('marcador-html-proprio');
  });
});
