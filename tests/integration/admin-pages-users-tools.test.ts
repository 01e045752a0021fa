import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import {
  activeSessions,
  contactMessages,
  courseGrants,
  coursePurchases,
  lessonProgress,
  lessons,
  payments,
  roleGrants,
  toolRatings,
  tools,
  users,
  type ToolRow,
} from '../../db/schema';
import { rateTool } from '~/models/tools/rating.server';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { grantRole } from '~/models/accounts/role-grant.server';
import { getUserById, verifyCredentials } from '~/models/accounts/user.server';
import { loader as adminLayoutLoader } from '~/routes/_app+/admin';
import { loader as adminIndexLoader } from '~/routes/_app+/admin._index';
import { action as toolsPageAction, loader as toolsPageLoader } from '~/routes/_app+/admin.tools';
import { action as usersPageAction, loader as usersPageLoader } from '~/routes/_app+/admin.users';
import { action as expiryApi } from '~/routes/api+/admin.force-expiration-check';
import { action as toolsApi } from '~/routes/api+/tools';
import { action as toolApi } from '~/routes/api+/tools.$id';
import { action as usersApi } from '~/routes/api+/users';
import { action as userApi } from '~/routes/api+/users.$id';
import { action as resetApi } from '~/routes/api+/users.$id.reset-password';
import { formatCpf } from '~/utils/cpf';
import { formatShortDate } from '~/utils/format';
import { createUser, expectRedirect, sessionCookie, uniqueCpf } from '../setup/helpers';
import { apiCall, expectAdminOnly, signedTiers, type Signed, type Tier } from './helpers/admin-api';
import {
  auditSince,
  expectOneAudit,
  expectPageAdminOnly,
  insertCourse,
  lastAuditId,
  pageGet,
  pagePost,
  replyErrors,
  toastOf,
} from './helpers/admin-pages';

/**
 * The /admin layout, the ?tab= redirects, the Users and Tools tabs. Every
 * admin action through the page's forms (as sent without JavaScript) and through the API, each
 * validation message with its error-catalogue toast, and one audit row per write.
 */

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});

const USERS = '/admin/users';
const TOOLS = '/admin/tools';

type UserRowView = { id: number; username: string; email: string; cpfLabel: string; role: string; expiryLabel: string; isSelf: boolean };
type UsersPage = {
  users: UserRowView[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
  role: string | null;
  dialog: { kind: string; user: UserRowView & { cpf: string } } | null;
  confirm: (UserRowView & { cpf: string }) | null;
};
type ToolsPage = {
  tools: { id: number; name: string; category: string; accessLevel: string; linkType: string; restricted: boolean }[];
  total: number;
  page: number;
  pageCount: number;
  dialog: { kind: string; tool: { id: number; restrictedCpfs: string; holders: { cpf: string; username: string | null }[] } } | null;
  confirm: { id: number; name: string } | null;
};

const loadUsers = async (query = '') => (await (await pageGet(usersPageLoader, `${USERS}${query}`, admin.cookie)).json()) as UsersPage;
const loadTools = async (query = '') => (await (await pageGet(toolsPageLoader, `${TOOLS}${query}`, admin.cookie)).json()) as ToolsPage;
const postUsers = (fields: Record<string, string>, path = USERS) => pagePost(usersPageAction, path, fields, admin.cookie);
const postTools = (fields: Record<string, string>, path = TOOLS) => pagePost(toolsPageAction, path, fields, admin.cookie);

let sequence = 0;
const next = () => ++sequence;
const userForm = (fields: Record<string, string> = {}) => {
  const n = next();
  return {
    intent: 'create',
    username: `pagina_${n}`,
    email: `pagina_${n}@example.com`,
    password: 'segredo1',
    cpf: '',
    role: 'E-BASIC',
    proDays: '30',
    ...fields,
  };
};
const byEmail = (email: string) => db.select().from(users).where(eq(users.email, email)).get();
const toolByName = (name: string) => db.select().from(tools).where(eq(tools.name, name)).get();

function insertTool(values: Partial<typeof tools.$inferInsert> = {}): ToolRow {
  const n = next();
  return db
    .insert(tools)
    .values({
      name: `Ferramenta ${n}`,
      description: 'Uma ferramenta de teste para engenheiros.',
      category: 'mechanical',
      accessLevel: 'E-BASIC',
      linkType: 'internal',
      link: '/calculators/torque-eixo',
      ...values,
    })
    .returning()
    .get();
}

const toolForm = (fields: Record<string, string> = {}) => ({
  intent: 'create',
  name: `Calculadora ${next()}`,
  description: 'Calcula coisas úteis para a obra.',
  category: 'mechanical',
  accessLevel: 'E-BASIC',
  linkType: 'internal',
  link: '/calculators/torque-eixo',
  customHtml: '',
  restrictedCpfs: '',
  ...fields,
});

// ---------------------------------------------------------------------------------------------

describe('access', () => {
  test('every admin page sends visitors to /auth and every non-admin tier to /dashboard', async () => {
    const pages = [
      [adminLayoutLoader, '/admin/users'],
      [adminIndexLoader, '/admin?tab=tools'],
      [usersPageLoader, '/admin/users?q=ana'],
      [toolsPageLoader, '/admin/tools'],
    ] as const;
    for (const [loader, path] of pages) await expectPageAdminOnly(tiers, path, (cookie) => pageGet(loader, path, cookie));
  });

  test('every form of the Users and Tools tabs refuses non-admins the same way and changes nothing', async () => {
    const target = await createUser({ username: 'alvo_da_pagina' });
    const tool = insertTool({ name: 'Ferramenta Intocada' });
    const userForms: Record<string, string>[] = [
      userForm({ username: 'nao_criado_pagina', email: 'nao_criado_pagina@example.com' }),
      { intent: 'update', id: String(target.id), username: 'mudado', email: target.email, cpf: '', role: 'admin', proDays: '0' },
      { intent: 'reset', id: String(target.id), password: 'outrasenha' },
      { intent: 'delete', id: String(target.id) },
      { intent: 'expire' },
    ];
    for (const fields of userForms) await expectPageAdminOnly(tiers, USERS, (cookie) => pagePost(usersPageAction, USERS, fields, cookie));
    const toolForms: Record<string, string>[] = [
      toolForm({ name: 'Não Criada' }),
      { ...toolForm({ name: 'Mudada' }), intent: 'update', id: String(tool.id) },
      { intent: 'delete', id: String(tool.id) },
    ];
    for (const fields of toolForms) await expectPageAdminOnly(tiers, TOOLS, (cookie) => pagePost(toolsPageAction, TOOLS, fields, cookie));

    expect(getUserById(target.id)).toMatchObject({ username: 'alvo_da_pagina', role: 'E-BASIC' });
    expect(await verifyCredentials(target.email, 'senha123')).not.toBeNull();
    expect(byEmail('nao_criado_pagina@example.com')).toBeUndefined();
    expect(toolByName('Ferramenta Intocada')).toBeDefined();
    expect(toolByName('Não Criada')).toBeUndefined();
  });

  test('the API answers visitors 401 and every non-admin tier 403 for every user and tool write and the expiry check', async () => {
    const target = await createUser();
    const tool = insertTool();
    const params = { id: String(target.id) };
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(usersApi, 'POST', '/api/users', {
        cookie,
        body: { username: 'api_nao', email: 'api_nao@example.com', password: 'segredo1' },
      }),
    );
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(userApi, 'PATCH', `/api/users/${target.id}`, { cookie, body: { role: 'admin' }, params }),
    );
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(resetApi, 'PATCH', `/api/users/${target.id}/reset-password`, { cookie, body: { password: 'outrasenha' }, params }),
    );
    await expectAdminOnly(tiers, (cookie) => apiCall(userApi, 'DELETE', `/api/users/${target.id}`, { cookie, params }));
    await expectAdminOnly(tiers, (cookie) => apiCall(expiryApi, 'POST', '/api/admin/force-expiration-check', { cookie }));
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(toolsApi, 'POST', '/api/tools', {
        cookie,
        body: {
          name: 'Nova API',
          description: 'Descrição longa',
          category: 'mechanical',
          accessLevel: 'E-BASIC',
          linkType: 'internal',
          link: '/x',
        },
      }),
    );
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(toolApi, 'PATCH', `/api/tools/${tool.id}`, { cookie, body: { name: 'Mudada' }, params: { id: String(tool.id) } }),
    );
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(toolApi, 'DELETE', `/api/tools/${tool.id}`, { cookie, params: { id: String(tool.id) } }),
    );
    expect(getUserById(target.id)).toMatchObject({ role: 'E-BASIC', username: target.username });
    expect(db.select().from(tools).where(eq(tools.id, tool.id)).get()).toMatchObject({ name: tool.name });
  });
});

describe('/admin and the ?tab= links', () => {
  test('/admin opens the users tab; every ?tab= goes to its nested route keeping the other parameters', async () => {
    const go = (path: string) => pageGet(adminIndexLoader, path, admin.cookie);
    expectRedirect(await go('/admin'), '/admin/users');
    expectRedirect(await go('/admin?tab=promocodes&courseId=3'), '/admin/promocodes?courseId=3');
    for (const tab of ['users', 'tools', 'promocodes', 'courses', 'notifications', 'prices']) {
      expectRedirect(await go(`/admin?tab=${tab}`), `/admin/${tab}`);
    }
    expectRedirect(await go('/admin?tab=users&q=ana&role=E-TOOL'), '/admin/users?q=ana&role=E-TOOL');
    expectRedirect(await go('/admin?tab=desconhecida'), '/admin/users');
  });

  test('the layout counts the contact messages neither read nor archived', async () => {
    db.delete(contactMessages).run();
    const base = { name: 'Visitante', email: 'v@example.com', subject: 'Dúvida', message: 'Uma pergunta sobre o site.' };
    db.insert(contactMessages)
      .values([
        base,
        base,
        { ...base, readAt: new Date() },
        { ...base, archivedAt: new Date() },
        { ...base, readAt: new Date(), archivedAt: new Date() },
      ])
      .run();
    const response = await pageGet(adminLayoutLoader, '/admin/users', admin.cookie);
    expect(await response.json()).toEqual({ unreadMessages: 2 });
  });
});

// ---------------------------------------------------------------------------------------------
// Users tab

describe('Users tab: the list', () => {
  test('shows username, e-mail, CPF formatted or -, role and Pro expiry dd/MM/yyyy or -, newest first', async () => {
    const cpf = uniqueCpf();
    const pro = await createUser({ username: 'lista_pro', cpf, role: 'E-MASTER', days: 30 });
    const plain = await createUser({ username: 'lista_sem_cpf', cpf: null });
    const page = await loadUsers('?q=lista_');
    expect(page.users).toEqual([
      { id: plain.id, username: 'lista_sem_cpf', email: plain.email, cpfLabel: '-', role: 'E-BASIC', expiryLabel: '-', isSelf: false },
      {
        id: pro.id,
        username: 'lista_pro',
        email: pro.email,
        cpfLabel: formatCpf(cpf),
        role: 'E-MASTER',
        expiryLabel: formatShortDate(pro.roleExpiryDate!),
        isSelf: false,
      },
    ]);
    expect(formatCpf(cpf)).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(page.total).toBe(2);
  });

  test('searches username or e-mail ignoring case, filters by role, and pages 25 at a time on the server', async () => {
    for (let i = 1; i <= 27; i++)
      await createUser({
        username: `Paginado${String(i).padStart(2, '0')}`,
        email: `pag${i}@Empresa-Busca.test`,
        role: i % 3 === 0 ? 'E-TOOL' : 'E-BASIC',
      });
    const first = await loadUsers('?q=PAGINADO');
    expect(first).toMatchObject({ total: 27, page: 1, pageCount: 2, q: 'PAGINADO' });
    expect(first.users).toHaveLength(25);
    const second = await loadUsers('?q=paginado&page=2');
    expect(second.users).toHaveLength(2);
    expect(new Set([...first.users, ...second.users].map((user) => user.id)).size).toBe(27);
    // By e-mail, in the middle of the address.
    expect((await loadUsers('?q=empresa-busca')).total).toBe(27);
    const tools = await loadUsers('?q=paginado&role=E-TOOL');
    expect(tools).toMatchObject({ total: 9, role: 'E-TOOL' });
    expect(tools.users.every((user) => user.role === 'E-TOOL')).toBe(true);
    // A hand-edited URL still shows a list: an unknown role or page falls back to the defaults.
    expect(await loadUsers('?q=paginado&role=root&page=x')).toMatchObject({ total: 27, role: null, page: 1 });
    expect((await loadUsers('?q=ninguem-com-este-nome')).users).toEqual([]);
  });

  test('the edit and reset dialogs and the deletion confirmation are URL state about one user', async () => {
    const target = await createUser({ username: 'dialogo_alvo', role: 'E-TOOL', days: 10 });
    const edit = await loadUsers(`?dialog=edit&user=${target.id}`);
    expect(edit.dialog).toMatchObject({ kind: 'edit', user: { id: target.id, username: 'dialogo_alvo', cpf: target.cpf, role: 'E-TOOL' } });
    expect((await loadUsers(`?dialog=reset&user=${target.id}`)).dialog).toMatchObject({ kind: 'reset', user: { id: target.id } });
    expect((await loadUsers(`?confirm=delete-user&user=${target.id}`)).confirm).toMatchObject({ id: target.id, username: 'dialogo_alvo' });
    // Nothing opens for a missing user, an unknown dialog, or the admin's own deletion.
    expect((await loadUsers('?dialog=edit&user=999999')).dialog).toBeNull();
    expect((await loadUsers(`?dialog=apagar&user=${target.id}`)).dialog).toBeNull();
    expect((await loadUsers(`?confirm=delete-user&user=${admin.user.id}`)).confirm).toBeNull();
  });
});

describe('Users tab: add user', () => {
  test("creates an E-TOOL user with the form's default 30 Pro days: toast 'Usuário criado', one audit row, no password in it", async () => {
    const fields = userForm({ role: 'E-TOOL', cpf: '' });
    const { result: response, row } = await expectOneAudit(admin, 'user.create', () => postUsers(fields, `${USERS}?q=x&page=1`));
    expectRedirect(response, `${USERS}?q=x&page=1`);
    expect(await toastOf(response)).toMatchObject({ title: 'Usuário criado', type: 'success' });
    const created = getUserById(byEmail(fields.email)!.id)!;
    expect(created.role).toBe('E-TOOL');
    expect((created.roleExpiryDate!.getTime() - Date.now()) / DAY_MS).toBeCloseTo(30, 1);
    expect(row).toMatchObject({ entityType: 'user', entityId: created.id });
    expect(row.summary).toContain(fields.username);
    expect(row.summary).toContain('30 dias');
    expect(row.summary).not.toContain('segredo1');
    expect(await verifyCredentials(fields.email, 'segredo1')).not.toBeNull();
  });

  test('the Pro days a form without JavaScript sends are ignored for E-BASIC and admin, whatever they hold', async () => {
    const basic = userForm({ role: 'E-BASIC', proDays: 'trinta' });
    expect((await postUsers(basic)).status).toBe(302);
    expect(getUserById(byEmail(basic.email)!.id)).toMatchObject({ role: 'E-BASIC', roleExpiryDate: null });
    const newAdmin = userForm({ role: 'admin', proDays: '-5' });
    expect((await postUsers(newAdmin)).status).toBe(302);
    expect(getUserById(byEmail(newAdmin.email)!.id)).toMatchObject({ role: 'admin', roleExpiryDate: null });
  });

  test('a CPF with punctuation is stored as 11 digits', async () => {
    const cpf = uniqueCpf();
    const fields = userForm({ cpf: formatCpf(cpf) });
    expect((await postUsers(fields)).status).toBe(302);
    expect(byEmail(fields.email)!.cpf).toBe(cpf);
  });

  test("each validation rule refuses with its message beside the field and the toast 'Erro ao criar usuário', creating nothing", async () => {
    const taken = tiers['E-BASIC'].user;
    const cases: [Record<string, string>, string, string, number][] = [
      [{ username: 'ab' }, 'username', 'Nome de usuário deve ter pelo menos 3 caracteres', 400],
      [{ email: 'nao-e-email' }, 'email', 'Digite um e-mail válido', 400],
      [{ password: '12345' }, 'password', 'A senha deve ter pelo menos 6 caracteres', 400],
      [{ cpf: '123.456.789-0' }, 'cpf', 'Se informado, o CPF deve conter 11 dígitos', 400],
      [{ cpf: '111.111.111-11' }, 'cpf', 'CPF inválido', 400],
      [{ role: 'root' }, 'role', 'O cargo deve ser E-BASIC, E-TOOL, E-MASTER ou admin', 400],
      [{ role: 'E-TOOL', proDays: '-1' }, 'proDays', 'Os dias Pro devem ser um número inteiro entre 0 e 3650', 400],
      [{ role: 'E-MASTER', proDays: 'trinta' }, 'proDays', 'Os dias Pro devem ser um número inteiro entre 0 e 3650', 400],
      [{ role: 'E-TOOL', proDays: '0' }, 'proDays', 'Para E-TOOL ou E-MASTER, informe pelo menos 1 dia de acesso Pro.', 400],
      [{ username: taken.username.toUpperCase() }, 'username', 'Este nome de usuário já está em uso.', 409],
      [{ email: taken.email.toUpperCase() }, 'email', 'Este e-mail já está cadastrado.', 409],
      [{ cpf: taken.cpf! }, 'cpf', 'Este CPF já está cadastrado.', 409],
    ];
    const before = lastAuditId();
    for (const [overrides, field, message, status] of cases) {
      const fields = userForm({ ...overrides });
      const response = await postUsers(fields);
      expect(response.status, message).toBe(status);
      expect((await replyErrors(response))[field], message).toEqual([message]);
      expect(await toastOf(response), message).toEqual({ title: 'Erro ao criar usuário', description: message, type: 'error' });
      // The password never comes back in the reply.
      expect(await response.text()).not.toContain('segredo1');
      if (!overrides.email) expect(byEmail(fields.email), message).toBeUndefined();
    }
    expect(auditSince(before)).toEqual([]);
  });
});

describe('Users tab: edit', () => {
  test('adding 10 Pro days moves the expiry by 10 days through a chained grant, audited as a role change', async () => {
    const target = await createUser({ role: 'E-TOOL', days: 30 });
    const before = getUserById(target.id)!.roleExpiryDate!;
    const fields = {
      intent: 'update',
      id: String(target.id),
      username: target.username,
      email: target.email,
      cpf: target.cpf!,
      role: 'E-TOOL',
      proDays: '10',
    };
    const back = `${USERS}?dialog=edit&user=${target.id}&q=abc`;
    const { result: response, row } = await expectOneAudit(admin, 'user.role', () => postUsers(fields, back));
    expectRedirect(response, `${USERS}?q=abc`);
    expect(await toastOf(response)).toMatchObject({ title: 'Usuário atualizado', type: 'success' });
    expect(getUserById(target.id)!.roleExpiryDate!.getTime()).toBe(before.getTime() + 10 * DAY_MS);
    expect(db.select().from(roleGrants).where(eq(roleGrants.userId, target.id)).all()).toHaveLength(2);
    expect(row).toMatchObject({ entityType: 'user', entityId: target.id });
    expect(row.summary).toContain('roleExpiryDate:');
    expect(row.summary).toContain('+10 dias de E-TOOL');
  });

  test('the edit form defaults Pro days to 0 (nothing added); renaming and clearing the CPF is a user.update with a masked CPF', async () => {
    const target = await createUser({ role: 'E-MASTER', days: 20 });
    const before = getUserById(target.id)!;
    const fields = {
      intent: 'update',
      id: String(target.id),
      username: 'renomeado_pagina',
      email: target.email,
      cpf: '',
      role: 'E-MASTER',
    };
    const { row } = await expectOneAudit(admin, 'user.update', () => postUsers(fields));
    expect(getUserById(target.id)).toMatchObject({
      username: 'renomeado_pagina',
      cpf: null,
      role: 'E-MASTER',
      roleExpiryDate: before.roleExpiryDate,
    });
    expect(row.summary).toContain(`username: ${target.username} → renomeado_pagina`);
    expect(row.summary).toContain(`cpf: ***${target.cpf!.slice(-2)} → —`);
    expect(row.summary).not.toContain(target.cpf!);
  });

  test("refusals keep the dialog open with the message and the toast 'Erro ao atualizar usuário', changing nothing", async () => {
    const target = await createUser({ role: 'E-BASIC' });
    const base = {
      intent: 'update',
      id: String(target.id),
      username: target.username,
      email: target.email,
      cpf: '',
      role: 'E-BASIC',
      proDays: '0',
    };
    const cases: [Record<string, string>, string, string, number][] = [
      [{ username: '' }, 'username', 'Nome de usuário deve ter pelo menos 3 caracteres', 400],
      [{ email: 'x@' }, 'email', 'Digite um e-mail válido', 400],
      [{ cpf: '1234' }, 'cpf', 'Se informado, o CPF deve conter 11 dígitos', 400],
      [{ role: 'E-TOOL', proDays: '0' }, 'proDays', 'Para E-TOOL ou E-MASTER, informe pelo menos 1 dia de acesso Pro.', 400],
      [{ email: tiers['E-TOOL'].user.email }, 'email', 'Este e-mail já está cadastrado.', 409],
    ];
    const before = lastAuditId();
    for (const [overrides, field, message, status] of cases) {
      const response = await postUsers({ ...base, ...overrides }, `${USERS}?dialog=edit&user=${target.id}`);
      expect(response.status, message).toBe(status);
      expect((await replyErrors(response))[field], message).toEqual([message]);
      expect(await toastOf(response)).toEqual({ title: 'Erro ao atualizar usuário', description: message, type: 'error' });
    }
    const self = await postUsers({
      ...base,
      id: String(admin.user.id),
      username: admin.user.username,
      email: admin.user.email,
      role: 'E-BASIC',
    });
    expect(await toastOf(self)).toEqual({
      title: 'Erro ao atualizar usuário',
      description: 'Você não pode remover seu próprio acesso de administrador.',
      type: 'error',
    });
    const missing = await postUsers({ ...base, id: '999999' });
    expect(missing.status).toBe(404);
    expect(await toastOf(missing)).toEqual({ title: 'Erro ao atualizar usuário', description: 'Usuário não encontrado', type: 'error' });
    expect(getUserById(target.id)).toMatchObject({ username: target.username, role: 'E-BASIC' });
    expect(getUserById(admin.user.id)!.role).toBe('admin');
    expect(auditSince(before)).toEqual([]);
  });
});

describe('Users tab: reset password', () => {
  test('sets the new password, ends every session of that user, and audits it without the password', async () => {
    const target = await createUser();
    await sessionCookie(target);
    await sessionCookie(target);
    const { result: response, row } = await expectOneAudit(admin, 'user.password_reset', () =>
      postUsers({ intent: 'reset', id: String(target.id), password: 'novasenha9' }, `${USERS}?dialog=reset&user=${target.id}`),
    );
    expectRedirect(response, USERS);
    expect(await toastOf(response)).toMatchObject({ title: 'Senha redefinida', type: 'success' });
    expect(await verifyCredentials(target.email, 'novasenha9')).not.toBeNull();
    expect(await verifyCredentials(target.email, 'senha123')).toBeNull();
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, target.id)).all()).toEqual([]);
    expect(row).toMatchObject({ entityType: 'user', entityId: target.id });
    expect(row.summary).not.toContain('novasenha9');
  });

  test("a short password or an unknown user is refused with 'Erro ao redefinir senha'", async () => {
    const target = await createUser();
    const short = await postUsers({ intent: 'reset', id: String(target.id), password: '12345' });
    expect(short.status).toBe(400);
    expect((await replyErrors(short)).password).toEqual(['A senha deve ter pelo menos 6 caracteres']);
    expect(await toastOf(short)).toEqual({
      title: 'Erro ao redefinir senha',
      description: 'A senha deve ter pelo menos 6 caracteres',
      type: 'error',
    });
    expect(await short.text()).not.toContain('12345');
    const missing = await postUsers({ intent: 'reset', id: '999999', password: 'valida123' });
    expect(missing.status).toBe(404);
    expect(await toastOf(missing)).toEqual({ title: 'Erro ao redefinir senha', description: 'Usuário não encontrado', type: 'error' });
    expect(await verifyCredentials(target.email, 'senha123')).not.toBeNull();
  });
});

describe('Users tab: delete', () => {
  test('the deletion rule: sessions, ratings (averages recomputed), chats, course grants, purchases and progress go; payments stay with who paid', async () => {
    const target = await createUser({ username: 'a_excluir', role: 'E-MASTER', days: 30 });
    const other = await createUser();
    await sessionCookie(target);
    const tool = insertTool({ name: 'Ferramenta Avaliada' });
    rateTool(target, tool.id, { rating: 5, comment: 'ótima' });
    rateTool(other, tool.id, { rating: 2, comment: null });
    expect(db.select().from(tools).where(eq(tools.id, tool.id)).get()).toMatchObject({ averageRating: 3.5, totalRatings: 2 });
    // Raw SQL: only the columns every version of the chat tables has.
    const sqlite = sqliteConnection();
    const thread = {
      id: Number(sqlite.prepare('insert into chat_threads (user_id, subject) values (?, ?)').run(target.id, 'Ajuda').lastInsertRowid),
    };
    const message = sqlite.prepare('insert into chat_messages (thread_id, user_id, message, is_admin_message) values (?, ?, ?, ?)');
    message.run(thread.id, target.id, 'Olá', 0);
    message.run(thread.id, admin.user.id, 'Resposta', 1);
    const course = insertCourse();
    const lesson = db
      .insert(lessons)
      .values({ courseId: course.id, title: 'Aula 1', description: 'Primeira aula do curso.', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' })
      .returning()
      .get();
    db.insert(courseGrants).values({ userId: target.id, courseId: course.id, source: 'purchase', startsAt: new Date() }).run();
    db.insert(coursePurchases).values({ userId: target.id, courseId: course.id, purchasedAt: new Date(), priceCents: 9990 }).run();
    db.insert(lessonProgress).values({ userId: target.id, lessonId: lesson.id, courseId: course.id, completedAt: new Date() }).run();
    const payment = db
      .insert(payments)
      .values({
        userId: target.id,
        stripePaymentIntentId: `pi_test_${target.id}`,
        kind: 'plan',
        planType: 'E-MASTER',
        months: 1,
        amountCents: 5990,
        status: 'succeeded',
      })
      .returning()
      .get();

    const path = `${USERS}?confirm=delete-user&user=${target.id}&page=1`;
    const { result: response, row } = await expectOneAudit(admin, 'user.delete', () =>
      postUsers({ intent: 'delete', id: String(target.id) }, path),
    );
    expectRedirect(response, `${USERS}?page=1`);
    expect(await toastOf(response)).toMatchObject({ title: 'Usuário excluído', type: 'success' });

    expect(getUserById(target.id)).toBeUndefined();
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, target.id)).all()).toEqual([]);
    expect(db.select().from(toolRatings).where(eq(toolRatings.userId, target.id)).all()).toEqual([]);
    expect(db.select().from(tools).where(eq(tools.id, tool.id)).get()).toMatchObject({ averageRating: 2, totalRatings: 1 });
    expect(sqlite.prepare('select count(*) as n from chat_threads where id = ?').get(thread.id)).toEqual({ n: 0 });
    expect(sqlite.prepare('select count(*) as n from chat_messages where thread_id = ?').get(thread.id)).toEqual({ n: 0 });
    expect(db.select().from(courseGrants).where(eq(courseGrants.userId, target.id)).all()).toEqual([]);
    expect(db.select().from(coursePurchases).where(eq(coursePurchases.userId, target.id)).all()).toEqual([]);
    expect(db.select().from(lessonProgress).where(eq(lessonProgress.userId, target.id)).all()).toEqual([]);
    expect(db.select().from(payments).where(eq(payments.id, payment.id)).get()).toMatchObject({
      userId: null,
      payerUsername: 'a_excluir',
      payerEmail: target.email,
      payerCpf: target.cpf,
      amountCents: 5990,
      status: 'succeeded',
    });
    expect(row).toMatchObject({ entityType: 'user', entityId: target.id });
    expect(row.summary).toContain(`conta #${target.id} excluída`);
    expect(row.summary).not.toContain('a_excluir');
    expect(row.summary).toContain('1 pagamento(s) mantido(s)');
  });

  test("a deleted admin's audit rows keep their ids and actions, under 'usuário excluído #ID'", async () => {
    const other = await createUser({ role: 'admin', username: 'admin_que_sai' });
    const leaving: Signed = { user: other, cookie: await sessionCookie(other) };
    const { row } = await expectOneAudit(leaving, 'user.create', () =>
      apiCall(usersApi, 'POST', '/api/users', {
        cookie: leaving.cookie,
        body: { username: `criado_por_${next()}`, email: `criado_${next()}@example.com`, password: 'segredo1' },
      }),
    );
    await postUsers({ intent: 'delete', id: String(other.id) });
    expect(auditSince(row.id - 1)[0]).toMatchObject({
      id: row.id,
      actorId: null,
      actorName: `usuário excluído #${other.id}`,
      action: 'user.create',
    });
  });

  test("an admin cannot delete their own account; an unknown user is 'Usuário não encontrado'", async () => {
    const before = lastAuditId();
    const self = await postUsers({ intent: 'delete', id: String(admin.user.id) });
    expect(self.status).toBe(400);
    expect(await toastOf(self)).toEqual({
      title: 'Erro ao excluir usuário',
      description: 'Você não pode excluir sua própria conta.',
      type: 'error',
    });
    expect(getUserById(admin.user.id)).toBeDefined();
    const missing = await postUsers({ intent: 'delete', id: '999999' });
    expect(missing.status).toBe(404);
    expect(await toastOf(missing)).toEqual({ title: 'Erro ao excluir usuário', description: 'Usuário não encontrado', type: 'error' });
    expect(auditSince(before)).toEqual([]);
  });
});

describe("Users tab: 'Verificar Planos Expirados'", () => {
  afterEach(() => {
    sqliteConnection().exec('drop trigger if exists falha_na_verificacao');
    vi.restoreAllMocks();
  });

  const lapsedUser = async (username: string) => {
    const user = await createUser({ username });
    grantRole(db, { userId: user.id, role: 'E-TOOL', days: 10, source: 'admin' }, new Date(Date.now() - 20 * DAY_MS));
    db.update(users)
      .set({ role: 'E-TOOL', roleExpiryDate: new Date(Date.now() - 10 * DAY_MS) })
      .where(eq(users.id, user.id))
      .run();
    return user;
  };

  test("applies every lapsed period now: toast 'Verificação concluída' and one audit row", async () => {
    const lapsed = await lapsedUser('plano_vencido');
    const { result: response, row } = await expectOneAudit(admin, 'user.expiry_check', () =>
      postUsers({ intent: 'expire' }, `${USERS}?role=E-TOOL`),
    );
    expectRedirect(response, `${USERS}?role=E-TOOL`);
    expect(await toastOf(response)).toMatchObject({ title: 'Verificação concluída', type: 'success' });
    expect(db.select({ role: users.role, expiry: users.roleExpiryDate }).from(users).where(eq(users.id, lapsed.id)).get()).toEqual({
      role: 'E-BASIC',
      expiry: null,
    });
    expect(row.summary).toMatch(/\d+ usuário\(s\) atualizado\(s\)/);
  });

  test("a database failure is the toast 'Erro na verificação', not an error page, and nothing is half done", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lapsed = await lapsedUser('falha_vencido');
    sqliteConnection().exec(
      `create trigger falha_na_verificacao before update of role on users when old.id = ${lapsed.id} begin select raise(abort, 'falha simulada'); end`,
    );
    const before = lastAuditId();
    const response = await postUsers({ intent: 'expire' });
    expect(response.status).toBe(503);
    expect(await toastOf(response)).toEqual({
      title: 'Erro na verificação',
      description: 'Não foi possível concluir a verificação agora. Tente novamente em instantes.',
      type: 'error',
    });
    expect(auditSince(before)).toEqual([]);
    expect(db.select({ role: users.role }).from(users).where(eq(users.id, lapsed.id)).get()).toEqual({ role: 'E-TOOL' });
  });
});

describe('Users: the same writes through the API, each with one audit row', () => {
  test('create, edit (role and fields), reset, expiry check and delete', async () => {
    const { result: created } = await expectOneAudit(admin, 'user.create', () =>
      apiCall(usersApi, 'POST', '/api/users', {
        cookie: admin.cookie,
        body: { username: 'via_api', email: 'via_api@example.com', password: 'segredo1', role: 'E-TOOL' },
      }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const params = { id: String(id) };
    const { row: role } = await expectOneAudit(admin, 'user.role', () =>
      apiCall(userApi, 'PATCH', `/api/users/${id}`, { cookie: admin.cookie, body: { role: 'E-MASTER', proDays: 15 }, params }),
    );
    expect(role.summary).toContain('role: E-TOOL → E-MASTER');
    await expectOneAudit(admin, 'user.update', () =>
      apiCall(userApi, 'PATCH', `/api/users/${id}`, { cookie: admin.cookie, body: { username: 'via_api_2' }, params }),
    );
    const { row: reset } = await expectOneAudit(admin, 'user.password_reset', () =>
      apiCall(resetApi, 'PATCH', `/api/users/${id}/reset-password`, { cookie: admin.cookie, body: { password: 'senhaapi1' }, params }),
    );
    expect(reset.summary).not.toContain('senhaapi1');
    const { result: check } = await expectOneAudit(admin, 'user.expiry_check', () =>
      apiCall(expiryApi, 'POST', '/api/admin/force-expiration-check', { cookie: admin.cookie }),
    );
    expect(await check.json()).toMatchObject({ message: 'Verificação concluída' });
    await expectOneAudit(admin, 'user.delete', () => apiCall(userApi, 'DELETE', `/api/users/${id}`, { cookie: admin.cookie, params }));
    expect(getUserById(id)).toBeUndefined();
  });

  test('an edit that changes nothing writes no audit row', async () => {
    const target = await createUser({ role: 'E-TOOL', days: 5 });
    const before = lastAuditId();
    const response = await apiCall(userApi, 'PATCH', `/api/users/${target.id}`, {
      cookie: admin.cookie,
      body: { role: 'E-TOOL', proDays: 0 },
      params: { id: String(target.id) },
    });
    expect(response.status).toBe(200);
    expect(auditSince(before)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Tools tab

describe('Tools tab: the list', () => {
  test('searches name or description without case or accents, filters by category and access level, 25 a page', async () => {
    db.delete(tools).run();
    for (let i = 1; i <= 26; i++)
      insertTool({ name: `Elétrica ${String(i).padStart(2, '0')}`, category: 'electrical', accessLevel: i % 2 ? 'E-TOOL' : 'E-MASTER' });
    insertTool({
      name: 'Vazão em Tubos',
      description: 'Perda de carga em tubulações ELÉTRICAS não existe.',
      category: 'chemical',
      linkType: 'external',
      link: 'https://example.com',
    });
    insertTool({ name: 'Outra Coisa', category: 'textile' });

    const all = await loadTools();
    expect(all).toMatchObject({ total: 28, page: 1, pageCount: 2 });
    expect(all.tools).toHaveLength(25);
    expect(all.tools[0]).toEqual({
      id: expect.any(Number),
      name: 'Elétrica 01',
      category: 'electrical',
      accessLevel: 'E-TOOL',
      linkType: 'internal',
      restricted: false,
    });
    expect((await loadTools('?q=ELETRICA')).total).toBe(27);
    expect((await loadTools('?q=eletrica&category=chemical')).tools.map((tool) => tool.name)).toEqual(['Vazão em Tubos']);
    expect((await loadTools('?category=electrical&access=E-MASTER')).total).toBe(13);
    // A page past the end shows the last one (the list kit clamps it).
    expect((await loadTools('?category=electrical&access=E-MASTER&page=2')).page).toBe(1);
    expect((await loadTools('?q=nada-parecido')).tools).toEqual([]);
    expect((await loadTools('?category=civil&access=root')).total).toBe(28);
  });

  test('the edit dialog shows, for each whitelisted CPF, the account that holds it or none', async () => {
    const holderCpf = uniqueCpf();
    const holder = await createUser({ username: 'dono_do_cpf', cpf: holderCpf });
    const freeCpf = uniqueCpf();
    const tool = insertTool({ name: 'Restrita', restrictedCpfs: `${holderCpf},${freeCpf}` });
    const page = await loadTools(`?dialog=edit&tool=${tool.id}`);
    expect(page.dialog).toMatchObject({
      kind: 'edit',
      tool: {
        id: tool.id,
        restrictedCpfs: `${holderCpf}, ${freeCpf}`,
        holders: [
          { cpf: holderCpf, username: holder.username },
          { cpf: freeCpf, username: null },
        ],
      },
    });
    expect(page.tools.find((row) => row.id === tool.id)?.restricted ?? true).toBe(true);
    expect((await loadTools(`?confirm=delete-tool&tool=${tool.id}`)).confirm).toEqual({ id: tool.id, name: 'Restrita' });
    expect((await loadTools('?dialog=edit&tool=999999')).dialog).toBeNull();
  });
});

describe('Tools tab: add, edit and delete', () => {
  test("creates a tool: toast 'Ferramenta criada', createdBy, one audit row", async () => {
    const fields = toolForm({ name: 'Flecha de Vigas', accessLevel: 'E-TOOL' });
    const { result: response, row } = await expectOneAudit(admin, 'tool.create', () => postTools(fields, `${TOOLS}?category=mechanical`));
    expectRedirect(response, `${TOOLS}?category=mechanical`);
    expect(await toastOf(response)).toMatchObject({ title: 'Ferramenta criada', type: 'success' });
    const tool = toolByName('Flecha de Vigas')!;
    expect(tool).toMatchObject({
      accessLevel: 'E-TOOL',
      linkType: 'internal',
      link: '/calculators/torque-eixo',
      customHtml: null,
      restrictedCpfs: null,
      createdBy: admin.user.id,
    });
    expect(row).toMatchObject({ entityType: 'tool', entityId: tool.id });
  });

  test("the form's rules without JavaScript: custom keeps '#' as link, internal and external drop the HTML, unchecking 'Restringir por CPF' clears the list", async () => {
    await postTools(
      toolForm({ name: 'Personalizada Um', linkType: 'custom', link: 'https://example.com/ignorado', customHtml: '<p>Olá</p>' }),
    );
    expect(toolByName('Personalizada Um')).toMatchObject({ link: '#', customHtml: '<p>Olá</p>' });
    await postTools(toolForm({ name: 'Externa Um', linkType: 'external', link: 'https://example.com/x', customHtml: '<p>sobra</p>' }));
    expect(toolByName('Externa Um')).toMatchObject({ link: 'https://example.com/x', customHtml: null });
    // Unchecked: even a list that would not parse is dropped.
    await postTools(toolForm({ name: 'Sem Restrição', restrictedCpfs: 'isto não é cpf' }));
    expect(toolByName('Sem Restrição')).toMatchObject({ restrictedCpfs: null });
    const cpfA = uniqueCpf();
    const cpfB = uniqueCpf();
    await postTools(toolForm({ name: 'Com Restrição', restrictByCpf: 'on', restrictedCpfs: `${formatCpf(cpfA)},\n${cpfB}, ${cpfA}` }));
    expect(toolByName('Com Restrição')).toMatchObject({ restrictedCpfs: `${cpfA},${cpfB}` });
  });

  test("each tool validation rule refuses with its message and the toast 'Erro ao criar ferramenta'", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ name: 'ab' }, 'name', 'O nome deve ter pelo menos 3 caracteres'],
      [{ description: 'abc' }, 'description', 'A descrição deve ter pelo menos 5 caracteres'],
      [{ category: 'civil' }, 'category', 'Categoria inválida'],
      [{ accessLevel: 'admin' }, 'accessLevel', 'Nível de acesso inválido'],
      [{ linkType: 'ftp' }, 'linkType', 'Tipo de link inválido'],
      [{ linkType: 'custom', customHtml: '' }, 'customHtml', 'Link ou HTML personalizado é obrigatório dependendo do tipo selecionado'],
      [{ linkType: 'internal', link: '' }, 'link', 'Link must not be empty'],
      [{ linkType: 'external', link: 'javascript:alert(1)' }, 'link', 'O link externo deve ser uma URL http:// ou https:// válida.'],
      [
        { restrictByCpf: 'on', restrictedCpfs: '123' },
        'restrictedCpfs',
        'CPF inválido na lista de restrição: "123". Informe CPFs de 11 dígitos separados por vírgula.',
      ],
    ];
    const before = lastAuditId();
    for (const [overrides, field, message] of cases) {
      const fields = toolForm({ name: 'Inválida Sempre', ...overrides });
      const response = await postTools(fields);
      expect(response.status, message).toBe(400);
      expect((await replyErrors(response))[field], message).toEqual([message]);
      expect(await toastOf(response), message).toEqual({ title: 'Erro ao criar ferramenta', description: message, type: 'error' });
    }
    expect(toolByName('Inválida Sempre')).toBeUndefined();
    expect(auditSince(before)).toEqual([]);
  });

  test("edits a tool from its dialog: toast 'Ferramenta atualizada', the audit summary shows what changed, never the HTML or the CPFs", async () => {
    const cpfA = uniqueCpf();
    const cpfB = uniqueCpf();
    const tool = insertTool({
      name: 'Antes da Edição',
      linkType: 'custom',
      link: '#',
      customHtml: '<p>SEGREDO_HTML_ANTIGO</p>',
      restrictedCpfs: `${cpfA},${cpfB}`,
    });
    const fields = {
      ...toolForm({
        name: 'Depois da Edição',
        linkType: 'custom',
        link: '#',
        customHtml: '<p>SEGREDO_HTML_NOVO</p>',
        restrictByCpf: 'on',
        restrictedCpfs: cpfA,
      }),
      intent: 'update',
      id: String(tool.id),
    };
    const { result: response, row } = await expectOneAudit(admin, 'tool.update', () =>
      postTools(fields, `${TOOLS}?dialog=edit&tool=${tool.id}`),
    );
    expectRedirect(response, TOOLS);
    expect(await toastOf(response)).toMatchObject({ title: 'Ferramenta atualizada', type: 'success' });
    expect(db.select().from(tools).where(eq(tools.id, tool.id)).get()).toMatchObject({
      name: 'Depois da Edição',
      customHtml: '<p>SEGREDO_HTML_NOVO</p>',
      restrictedCpfs: cpfA,
    });
    expect(row.summary).toContain('name: Antes da Edição → Depois da Edição');
    expect(row.summary).toContain('restrictedCpfs: 2 CPF(s) → 1 CPF(s)');
    expect(row.summary).toMatch(/customHtml: \d+ caracteres \([0-9a-f]{8}\) → \d+ caracteres \([0-9a-f]{8}\)/);
    for (const secret of ['SEGREDO_HTML', cpfA, cpfB]) expect(row.summary).not.toContain(secret);

    // Switching to internal clears the HTML; unchecking the restriction clears the list.
    await postTools({ ...fields, linkType: 'internal', link: '/calculators/torque-eixo', restrictByCpf: '' });
    expect(db.select().from(tools).where(eq(tools.id, tool.id)).get()).toMatchObject({
      linkType: 'internal',
      customHtml: null,
      restrictedCpfs: null,
    });

    const invalid = await postTools({ ...fields, name: 'x' });
    expect(await toastOf(invalid)).toEqual({
      title: 'Erro ao atualizar ferramenta',
      description: 'O nome deve ter pelo menos 3 caracteres',
      type: 'error',
    });
    const missing = await postTools({ ...fields, id: '999999' });
    expect(missing.status).toBe(404);
    expect(await toastOf(missing)).toEqual({
      title: 'Erro ao atualizar ferramenta',
      description: 'Ferramenta não encontrada',
      type: 'error',
    });
  });

  test("deletes a tool and its ratings after the confirmation: toast 'Ferramenta excluída', one audit row", async () => {
    const tool = insertTool({ name: 'A Remover' });
    rateTool(tiers['E-BASIC'].user, tool.id, { rating: 4, comment: null });
    const { result: response, row } = await expectOneAudit(admin, 'tool.delete', () =>
      postTools({ intent: 'delete', id: String(tool.id) }, `${TOOLS}?confirm=delete-tool&tool=${tool.id}`),
    );
    expectRedirect(response, TOOLS);
    expect(await toastOf(response)).toMatchObject({ title: 'Ferramenta excluída', type: 'success' });
    expect(toolByName('A Remover')).toBeUndefined();
    expect(db.select().from(toolRatings).where(eq(toolRatings.toolId, tool.id)).all()).toEqual([]);
    expect(row.summary).toContain('A Remover');
    const again = await postTools({ intent: 'delete', id: String(tool.id) });
    expect(again.status).toBe(404);
    expect(await toastOf(again)).toEqual({ title: 'Erro ao excluir ferramenta', description: 'Ferramenta não encontrada', type: 'error' });
  });

  test('the same writes through the API, each with one audit row', async () => {
    const body = {
      name: 'Via API',
      description: 'Ferramenta criada pela API.',
      category: 'informatics',
      accessLevel: 'E-MASTER',
      linkType: 'external',
      link: 'https://example.com/api',
    };
    const { result: created } = await expectOneAudit(admin, 'tool.create', () =>
      apiCall(toolsApi, 'POST', '/api/tools', { cookie: admin.cookie, body }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const params = { id: String(id) };
    const { row } = await expectOneAudit(admin, 'tool.update', () =>
      apiCall(toolApi, 'PATCH', `/api/tools/${id}`, { cookie: admin.cookie, body: { accessLevel: 'E-TOOL' }, params }),
    );
    expect(row.summary).toBe('accessLevel: E-MASTER → E-TOOL');
    await expectOneAudit(admin, 'tool.delete', () => apiCall(toolApi, 'DELETE', `/api/tools/${id}`, { cookie: admin.cookie, params }));
    // A PATCH that changes nothing writes nothing.
    const same = insertTool();
    const before = lastAuditId();
    await apiCall(toolApi, 'PATCH', `/api/tools/${same.id}`, {
      cookie: admin.cookie,
      body: { name: same.name },
      params: { id: String(same.id) },
    });
    expect(auditSince(before)).toEqual([]);
  });
});

test('no audit row written by this file holds a password, a hash or a token', () => {
  const rows = db.all<{ summary: string }>(sql`select summary from audit_log`);
  expect(rows.length).toBeGreaterThan(10);
  for (const { summary } of rows) {
    expect(summary).not.toContain('$argon2');
    expect(summary).not.toMatch(/segredo1|novasenha9|senhaapi1|password|hash|token/i);
  }
});
