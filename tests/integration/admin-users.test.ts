import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { activeSessions, promoCodes, promoUsage, roleGrants, tools, users } from '../../db/schema';
import { redeemPromoCode } from '~/models/courses/promo-code.server';
import { rateTool } from '~/models/tools/rating.server';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { grantRole } from '~/models/accounts/role-grant.server';
import { getUserById, verifyCredentials } from '~/models/accounts/user.server';
import { action as userAction } from '~/routes/api+/users.$id';
import { action as resetPasswordAction } from '~/routes/api+/users.$id.reset-password';
import { loader as usersLoader, action as usersAction } from '~/routes/api+/users';
import { loader as currentUserLoader } from '~/routes/api+/user';
import { createUser, sessionCookie, uniqueCpf } from '../setup/helpers';
import { apiCall, expectAdminOnly, safeJson, signedTiers, type Signed, type Tier } from './helpers/admin-api';

type ApiUser = { id: number; username: string; email: string; cpf: string | null; role: string; roleExpiryDate: string | null };

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});

const listUsers = (query = '', cookie = admin.cookie) => apiCall(usersLoader, 'GET', `/api/users${query}`, { cookie });
const createViaApi = (body: unknown, cookie = admin.cookie) => apiCall(usersAction, 'POST', '/api/users', { cookie, body });
const patchUser = (id: number | string, body: unknown, cookie = admin.cookie) =>
  apiCall(userAction, 'PATCH', `/api/users/${id}`, { cookie, body, params: { id: String(id) } });
const deleteUser = (id: number | string, cookie = admin.cookie) =>
  apiCall(userAction, 'DELETE', `/api/users/${id}`, { cookie, params: { id: String(id) } });
const resetPassword = (id: number | string, body: unknown, cookie = admin.cookie) =>
  apiCall(resetPasswordAction, 'PATCH', `/api/users/${id}/reset-password`, { cookie, body, params: { id: String(id) } });

let sequence = 0;
const newUserBody = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return { username: `novo_${sequence}`, email: `novo_${sequence}@example.com`, password: 'segredo1', ...overrides };
};

const grantsOf = (userId: number) => db.select().from(roleGrants).where(eq(roleGrants.userId, userId)).all();
const liveGrantsOf = (userId: number) =>
  db
    .select()
    .from(roleGrants)
    .where(and(eq(roleGrants.userId, userId), isNull(roleGrants.revokedAt)))
    .all();
const daysFromNow = (iso: string | null) => (iso ? (new Date(iso).getTime() - Date.now()) / DAY_MS : null);

describe('admin users API: access', () => {
  test('every endpoint answers 401 to visitors and 403 to E-BASIC, E-TOOL and E-MASTER, and changes nothing', async () => {
    const target = await createUser({ username: 'alvo_acesso' });
    await expectAdminOnly(tiers, (cookie) => listUsers('', cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => createViaApi(newUserBody({ username: 'nao_criado' }), cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => patchUser(target.id, { username: 'alterado', role: 'admin' }, cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => resetPassword(target.id, { password: 'outrasenha' }, cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => deleteUser(target.id, cookie ?? ''));

    const after = getUserById(target.id)!;
    expect(after).toMatchObject({ username: 'alvo_acesso', role: 'E-BASIC' });
    expect(await verifyCredentials(after.email, 'senha123')).not.toBeNull();
    expect(db.select().from(users).where(eq(users.username, 'nao_criado')).get()).toBeUndefined();
  });

  test('a cross-site write is refused with 403 even for an admin', async () => {
    const response = await apiCall(usersAction, 'POST', '/api/users', {
      cookie: admin.cookie,
      body: newUserBody(),
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /api/users', () => {
  test('lists shaped users, searches username or e-mail case-insensitively and filters by role', async () => {
    const ana = await createUser({ username: 'Ana_Busca', email: 'ana.busca@example.com', role: 'E-TOOL' });
    const bia = await createUser({ username: 'bia_outra', email: 'Contato.BUSCA2@example.com' });

    const all = await listUsers();
    expect(all.status).toBe(200);
    const everyone = await safeJson<ApiUser[]>(all);
    expect(everyone.map((user) => user.id)).toEqual(expect.arrayContaining([ana.id, bia.id, admin.user.id]));
    expect(Number(all.headers.get('X-Total-Count'))).toBe(everyone.length);
    expect(Object.keys(everyone[0]).sort()).toEqual(
      [
        'cpf',
        'createdAt',
        'disablePasswordRecovery',
        'email',
        'id',
        'isAdmin',
        'isBasic',
        'isMaster',
        'isTool',
        'lastLogin',
        'role',
        'roleExpiryDate',
        'username',
      ].sort(),
    );

    const byName = await safeJson<ApiUser[]>(await listUsers('?q=ANA_B'));
    expect(byName.map((user) => user.id)).toEqual([ana.id]);
    const byEmail = await safeJson<ApiUser[]>(await listUsers('?q=busca2'));
    expect(byEmail.map((user) => user.id)).toEqual([bia.id]);
    const both = await safeJson<ApiUser[]>(await listUsers('?q=busca'));
    expect(both.map((user) => user.id).sort()).toEqual([ana.id, bia.id].sort());
    // LIKE wildcards in the search are taken literally.
    expect(await safeJson<ApiUser[]>(await listUsers('?q=%25'))).toEqual([]);

    const tools = await safeJson<ApiUser[]>(await listUsers('?role=E-TOOL'));
    expect(tools.length).toBeGreaterThanOrEqual(2);
    expect(tools.every((user) => user.role === 'E-TOOL')).toBe(true);
    expect(tools.map((user) => user.id)).toContain(ana.id);
    const toolNamedAna = await safeJson<ApiUser[]>(await listUsers('?role=E-TOOL&q=ana'));
    expect(toolNamedAna.map((user) => user.id)).toEqual([ana.id]);
    expect((await safeJson<ApiUser[]>(await listUsers('?role=all'))).length).toBe(everyone.length);
  });

  test('the role filter sees roles as they are now, even when the stored row is stale', async () => {
    const lapsed = await createUser({ username: 'expirado_lista' });
    grantRole(db, { userId: lapsed.id, role: 'E-MASTER', days: 10, source: 'admin' }, new Date(Date.now() - 20 * DAY_MS));
    db.update(users)
      .set({ role: 'E-MASTER', roleExpiryDate: new Date(Date.now() - 10 * DAY_MS) })
      .where(eq(users.id, lapsed.id))
      .run();

    const masters = await safeJson<ApiUser[]>(await listUsers('?role=E-MASTER'));
    expect(masters.map((user) => user.id)).not.toContain(lapsed.id);
    const basics = await safeJson<ApiUser[]>(await listUsers('?role=E-BASIC&q=expirado_lista'));
    expect(basics).toMatchObject([{ id: lapsed.id, role: 'E-BASIC', roleExpiryDate: null }]);
  });

  test('an unknown role filter is a 400', async () => {
    const response = await listUsers('?role=superuser');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'O cargo deve ser E-BASIC, E-TOOL, E-MASTER ou admin' });
  });
});

describe('POST /api/users', () => {
  test('creates an E-BASIC user by default, with the e-mail lowercased and no secrets in the answer', async () => {
    const response = await createViaApi(newUserBody({ username: 'criado_basico', email: 'Criado.Basico@Example.com' }));
    expect(response.status).toBe(201);
    const created = await safeJson<ApiUser>(response);
    expect(created).toMatchObject({
      username: 'criado_basico',
      email: 'criado.basico@example.com',
      role: 'E-BASIC',
      roleExpiryDate: null,
      cpf: null,
    });
    expect(grantsOf(created.id)).toHaveLength(0);
    expect(await verifyCredentials('criado.basico@example.com', 'segredo1')).not.toBeNull();
  });

  test('E-TOOL and E-MASTER get proDays of that role (default 30, a string is accepted), admin a permanent grant', async () => {
    const tool = await safeJson<ApiUser>(await createViaApi(newUserBody({ role: 'E-TOOL' })));
    expect(tool.role).toBe('E-TOOL');
    expect(daysFromNow(tool.roleExpiryDate)).toBeCloseTo(30, 1);
    expect(grantsOf(tool.id)).toMatchObject([{ role: 'E-TOOL', source: 'admin', createdBy: admin.user.id, revokedAt: null }]);

    const master = await safeJson<ApiUser>(await createViaApi(newUserBody({ role: 'E-MASTER', proDays: '45' })));
    expect(master.role).toBe('E-MASTER');
    expect(daysFromNow(master.roleExpiryDate)).toBeCloseTo(45, 1);

    const newAdmin = await safeJson<ApiUser>(await createViaApi(newUserBody({ role: 'admin', proDays: 7 })));
    expect(newAdmin).toMatchObject({ role: 'admin', roleExpiryDate: null });
    expect(grantsOf(newAdmin.id)).toMatchObject([{ role: 'admin', endsAt: null }]);
  });

  test('a CPF is optional; punctuation is stripped and it is stored as 11 digits', async () => {
    const cpf = uniqueCpf();
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const created = await safeJson<ApiUser>(await createViaApi(newUserBody({ cpf: masked })));
    expect(created.cpf).toBe(cpf);
    const blank = await safeJson<ApiUser>(await createViaApi(newUserBody({ cpf: '' })));
    expect(blank.cpf).toBeNull();
  });

  test.each([
    ['username shorter than 3', { username: 'ab' }, 'Nome de usuário deve ter pelo menos 3 caracteres'],
    ['missing username', { username: undefined }, 'Nome de usuário deve ter pelo menos 3 caracteres'],
    ['invalid e-mail', { email: 'nao-e-email' }, 'Digite um e-mail válido'],
    ['password shorter than 6', { password: '12345' }, 'A senha deve ter pelo menos 6 caracteres'],
    ['CPF with 10 digits', { cpf: '123.456.789-0' }, 'Se informado, o CPF deve conter 11 dígitos'],
    ['CPF with 12 digits', { cpf: '123456789012' }, 'Se informado, o CPF deve conter 11 dígitos'],
    ['unknown role', { role: 'root' }, 'O cargo deve ser E-BASIC, E-TOOL, E-MASTER ou admin'],
    ['negative proDays', { role: 'E-TOOL', proDays: -1 }, 'Os dias Pro devem ser um número inteiro entre 0 e 3650'],
    ['proDays over 3650', { role: 'E-TOOL', proDays: '3651' }, 'Os dias Pro devem ser um número inteiro entre 0 e 3650'],
    ['fractional proDays', { role: 'E-TOOL', proDays: 1.5 }, 'Os dias Pro devem ser um número inteiro entre 0 e 3650'],
    ['non-numeric proDays', { role: 'E-TOOL', proDays: 'trinta' }, 'Os dias Pro devem ser um número inteiro entre 0 e 3650'],
    ['E-TOOL with 0 days', { role: 'E-TOOL', proDays: 0 }, 'Para E-TOOL ou E-MASTER, informe pelo menos 1 dia de acesso Pro.'],
  ])('refuses a %s with 400 and its message, creating nothing', async (_case, overrides, message) => {
    const body = newUserBody(overrides);
    const response = await createViaApi(body);
    expect(response.status).toBe(400);
    expect(await safeJson(response)).toEqual({ message });
    expect(
      db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email)))
        .get(),
    ).toBeUndefined();
  });

  test.each([
    ['username', (user: Signed['user']) => ({ username: user.username.toUpperCase() }), 'Este nome de usuário já está em uso.'],
    ['email', (user: Signed['user']) => ({ email: user.email.toUpperCase() }), 'Este e-mail já está cadastrado.'],
    ['cpf', (user: Signed['user']) => ({ cpf: user.cpf }), 'Este CPF já está cadastrado.'],
  ])('a duplicate %s answers 409', async (_field, clash, message) => {
    const response = await createViaApi(newUserBody(clash(tiers['E-BASIC'].user)));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message });
  });
});

describe('PATCH /api/users/{id}', () => {
  test('edits username, e-mail and CPF (a blank CPF clears it) and answers the shaped user', async () => {
    const target = await createUser();
    const response = await patchUser(target.id, { username: 'editado_nome', email: 'Editado@Example.com', cpf: '' });
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toMatchObject({ id: target.id, username: 'editado_nome', email: 'editado@example.com', cpf: null });
  });

  test('duplicates answer 409, unknown ids 404, and invalid fields their validation message', async () => {
    const target = await createUser();
    const other = tiers['E-TOOL'].user;
    expect((await patchUser(target.id, { email: other.email })).status).toBe(409);
    expect((await patchUser(target.id, { username: other.username })).status).toBe(409);
    expect((await patchUser(999_999, { username: 'fantasma' })).status).toBe(404);
    expect((await patchUser('abc', { username: 'fantasma' })).status).toBe(404);
    const badCpf = await patchUser(target.id, { cpf: '1234' });
    expect(badCpf.status).toBe(400);
    expect(await badCpf.json()).toEqual({ message: 'Se informado, o CPF deve conter 11 dígitos' });
    const badDays = await patchUser(target.id, { proDays: '-3' });
    expect(await badDays.json()).toEqual({ message: 'Os dias Pro devem ser um número inteiro entre 0 e 3650' });
    expect(getUserById(target.id)).toMatchObject({ username: target.username, email: target.email });
  });

  test('proDays are added to the current period of that role, through a chained grant', async () => {
    const target = await createUser({ role: 'E-TOOL', days: 30 });
    const before = getUserById(target.id)!.roleExpiryDate!;
    const response = await patchUser(target.id, { role: 'E-TOOL', proDays: 10 });
    const edited = await safeJson<ApiUser>(response);
    expect(edited.role).toBe('E-TOOL');
    expect(new Date(edited.roleExpiryDate!).getTime()).toBe(before.getTime() + 10 * DAY_MS);
    expect(grantsOf(target.id)).toHaveLength(2);

    // Role left out: the current role, so proDays still extend it.
    const again = await safeJson<ApiUser>(await patchUser(target.id, { proDays: '5' }));
    expect(new Date(again.roleExpiryDate!).getTime()).toBe(before.getTime() + 15 * DAY_MS);
  });

  test('the same role with proDays 0 changes nothing', async () => {
    const target = await createUser({ role: 'E-MASTER', days: 20 });
    const before = getUserById(target.id)!;
    const edited = await safeJson<ApiUser>(await patchUser(target.id, { role: 'E-MASTER', proDays: 0 }));
    expect(edited).toMatchObject({ role: 'E-MASTER', roleExpiryDate: before.roleExpiryDate!.toISOString() });
    expect(grantsOf(target.id)).toHaveLength(1);
  });

  test('a lower role revokes the grants above it, so the user falls back now to what is below', async () => {
    const target = await createUser({ role: 'E-TOOL', days: 60 });
    const toolEnd = getUserById(target.id)!.roleExpiryDate!;
    grantRole(db, { userId: target.id, role: 'E-MASTER', days: 30, source: 'payment' });
    expect(getUserById(target.id)!.role).toBe('E-MASTER');

    const edited = await safeJson<ApiUser>(await patchUser(target.id, { role: 'E-TOOL' }));
    // The E-TOOL days waited while E-MASTER ran (decision 047): they resume now, their end moved by that while.
    const master = db
      .select()
      .from(roleGrants)
      .where(and(eq(roleGrants.userId, target.id), eq(roleGrants.role, 'E-MASTER')))
      .get()!;
    const waited = master.revokedAt!.getTime() - master.startsAt.getTime();
    expect(edited).toMatchObject({ role: 'E-TOOL', roleExpiryDate: new Date(toolEnd.getTime() + waited).toISOString() });
    expect(liveGrantsOf(target.id).map((grant) => grant.role)).toEqual(['E-TOOL']);
  });

  test('E-BASIC revokes every unfinished grant; E-TOOL without days for a basic user is refused whole', async () => {
    const target = await createUser({ role: 'E-MASTER', days: 30 });
    const basic = await safeJson<ApiUser>(await patchUser(target.id, { role: 'E-BASIC' }));
    expect(basic).toMatchObject({ role: 'E-BASIC', roleExpiryDate: null });
    expect(liveGrantsOf(target.id)).toHaveLength(0);

    const refused = await patchUser(target.id, { role: 'E-TOOL', proDays: 0, username: 'nao_salvo' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Para E-TOOL ou E-MASTER, informe pelo menos 1 dia de acesso Pro.' });
    expect(getUserById(target.id)).toMatchObject({ role: 'E-BASIC', username: target.username });
  });

  test("'admin' gives a permanent admin grant; a later pro role with days replaces it", async () => {
    const target = await createUser({ role: 'E-TOOL', days: 30 });
    const promoted = await safeJson<ApiUser>(await patchUser(target.id, { role: 'admin' }));
    expect(promoted).toMatchObject({ role: 'admin', roleExpiryDate: null });
    expect(liveGrantsOf(target.id).find((grant) => grant.role === 'admin')).toMatchObject({ endsAt: null, createdBy: admin.user.id });

    const demoted = await safeJson<ApiUser>(await patchUser(target.id, { role: 'E-MASTER', proDays: 5 }));
    expect(demoted.role).toBe('E-MASTER');
    expect(daysFromNow(demoted.roleExpiryDate)).toBeCloseTo(5, 1);
  });

  test('an admin cannot remove their own admin role', async () => {
    const self = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(self);
    const response = await patchUser(self.id, { role: 'E-BASIC' }, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Você não pode remover seu próprio acesso de administrador.' });
    expect(getUserById(self.id)!.role).toBe('admin');
    expect((await patchUser(self.id, { username: 'admin_renomeado' }, cookie)).status).toBe(200);
  });
});

describe('DELETE /api/users/{id}', () => {
  test('deletes the account and, through the foreign keys, its sessions, grants and promo usage', async () => {
    const target = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(target);
    db.insert(promoCodes).values({ code: 'APAGAR1', codeKey: 'apagar1', days: 5, maxUses: 5 }).run();
    redeemPromoCode({ userId: target.id, code: 'APAGAR1' });

    const response = await deleteUser(target.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Usuário excluído' });
    expect(getUserById(target.id)).toBeUndefined();
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, target.id)).all()).toHaveLength(0);
    expect(grantsOf(target.id)).toHaveLength(0);
    expect(db.select().from(promoUsage).where(eq(promoUsage.userId, target.id)).all()).toHaveLength(0);
    expect((await apiCall(currentUserLoader, 'GET', '/api/user', { cookie })).status).toBe(401);
    expect((await deleteUser(target.id)).status).toBe(404);
  });

  test('recomputes the average and count of the tools the deleted user had rated', async () => {
    const tool = db
      .insert(tools)
      .values({
        name: 'Ferramenta avaliada',
        description: 'Avaliada por dois usuários',
        category: 'chemical',
        linkType: 'external',
        link: 'https://example.com',
      })
      .returning()
      .get();
    const stays = await createUser();
    const leaves = await createUser();
    rateTool(stays, tool.id, { rating: 4, comment: null });
    rateTool(leaves, tool.id, { rating: 1, comment: null });
    expect(db.select().from(tools).where(eq(tools.id, tool.id)).get()).toMatchObject({ averageRating: 2.5, totalRatings: 2 });

    expect((await deleteUser(leaves.id)).status).toBe(200);
    expect(db.select().from(tools).where(eq(tools.id, tool.id)).get()).toMatchObject({ averageRating: 4, totalRatings: 1 });
  });

  test('an admin cannot delete themself', async () => {
    const response = await deleteUser(admin.user.id);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Você não pode excluir sua própria conta.' });
    expect(getUserById(admin.user.id)).toBeDefined();
  });
});

describe('PATCH /api/users/{id}/reset-password', () => {
  test('sets the new password and ends that user’s sessions', async () => {
    const target = await createUser();
    const cookie = await sessionCookie(target);
    const response = await resetPassword(target.id, { password: 'nova-senha' });
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toEqual({ message: 'Senha redefinida' });
    expect(await verifyCredentials(target.email, 'nova-senha')).not.toBeNull();
    expect(await verifyCredentials(target.email, 'senha123')).toBeNull();
    expect((await apiCall(currentUserLoader, 'GET', '/api/user', { cookie })).status).toBe(401);
  });

  test('a short password is refused with its message, and unknown users are 404', async () => {
    const target = await createUser();
    const short = await resetPassword(target.id, { password: '12345' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: 'A senha deve ter pelo menos 6 caracteres' });
    expect(await verifyCredentials(target.email, 'senha123')).not.toBeNull();
    expect((await resetPassword(999_999, { password: 'qualquer1' })).status).toBe(404);
  });
});
