import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { promoCodes, users } from '../../db/schema';
import { accountStatus } from '~/utils/role-labels';

const accountStatusLabel = (...args: Parameters<typeof accountStatus>) => accountStatus(...args).label;
import { getUserById, verifyCredentials } from '~/models/accounts/user.server';
import { loader, action } from '~/routes/_app+/account';
import { action as recoveryApi } from '~/routes/api+/users.$id.password-recovery';
import { formatLongDate } from '~/utils/format';
import type { Toast } from '~/utils/toast.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { apiCall, expectNoSecrets, safeJson } from './helpers/admin-api';

type Reply = { status?: string; error?: Record<string, string[] | null> };
type ActionData = { intent: string | null; result?: Reply; success?: string };

beforeEach(() => {
  resetAllLimits();
});

async function signedIn(options: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(options);
  return { user, cookie: await sessionCookie(user) };
}

/** What server.js gives an action: the toast slot the root loader of the same request reads. */
let context: { toast: { pending: Toast | null } } = { toast: { pending: null } };
const pageToast = () => context.toast.pending;

const post = (cookie: string | undefined, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  context = { toast: { pending: null } };
  return call(action, formRequest('/account', fields, { cookie, headers }), {}, context);
};

async function actionData(response: Response): Promise<ActionData> {
  const text = await response.text();
  expectNoSecrets(text);
  return JSON.parse(text) as ActionData;
}

describe('account page access', () => {
  test('visitors are sent to /auth and come back to /account', async () => {
    expectRedirect(await call(loader, getRequest('/account')), '/auth?redirectTo=%2Faccount');
    expectRedirect(await post(undefined, { intent: 'profile', username: 'x', email: 'x@example.com' }), /^\/auth\?redirectTo=/);
  });

  test('a cross-site post is refused with 403', async () => {
    const { cookie } = await signedIn();
    const response = await post(cookie, { intent: 'recovery', disablePasswordRecovery: 'true' }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  test('an unknown intent is a 400', async () => {
    const { cookie } = await signedIn();
    expect((await post(cookie, { intent: 'hack' })).status).toBe(400);
  });
});

describe('status badge', () => {
  test('Administrador, Pro até dd de MMMM de yyyy, Básico', async () => {
    const now = new Date('2026-02-01T12:00:00Z');
    expect(accountStatusLabel({ role: 'admin', roleExpiryDate: null }, now)).toBe('Administrador');
    expect(accountStatusLabel({ role: 'E-TOOL', roleExpiryDate: new Date('2026-03-10T15:00:00Z') }, now)).toBe(
      'Pro até 10 de março de 2026',
    );
    expect(accountStatusLabel({ role: 'E-MASTER', roleExpiryDate: new Date('2026-12-01T15:00:00Z') }, now)).toBe(
      'Pro até 01 de dezembro de 2026',
    );
    expect(accountStatusLabel({ role: 'E-TOOL', roleExpiryDate: new Date('2026-01-31T15:00:00Z') }, now)).toBe('Básico');
    expect(accountStatusLabel({ role: 'E-BASIC', roleExpiryDate: null }, now)).toBe('Básico');
  });

  test('the loader answers the shaped user and the label of their role', async () => {
    const pro = await signedIn({ role: 'E-MASTER', days: 30 });
    const response = await call(loader, getRequest('/account', { cookie: pro.cookie }));
    const text = await response.text();
    expectNoSecrets(text);
    const data = JSON.parse(text);
    expect(data.user).toMatchObject({ id: pro.user.id, role: 'E-MASTER' });
    expect(data.status.label).toBe(`Pro até ${formatLongDate(getUserById(pro.user.id)!.roleExpiryDate!)}`);

    const admin = await signedIn({ role: 'admin' });
    expect((await (await call(loader, getRequest('/account', { cookie: admin.cookie }))).json()).status.label).toBe('Administrador');
    const basic = await signedIn();
    expect((await (await call(loader, getRequest('/account', { cookie: basic.cookie }))).json()).status.label).toBe('Básico');
  });
});

describe('profile form', () => {
  test('saves username and e-mail and redirects with the success toast', async () => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, { intent: 'profile', username: '  perfil_novo ', email: 'Perfil.Novo@Example.com' });
    expectRedirect(response, '/account');
    expect(response.headers.get('Set-Cookie')).toContain('en_toast=');
    expect(getUserById(user.id)).toMatchObject({ username: 'perfil_novo', email: 'perfil.novo@example.com' });
  });

  test.each([
    ['a short username', { username: 'ab' }, 'username', 'Nome de usuário deve ter pelo menos 3 caracteres'],
    ['an invalid e-mail', { email: 'sem-arroba' }, 'email', 'Digite um e-mail válido'],
  ])('refuses %s with 400 beside the field', async (_case, overrides, field, message) => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, { intent: 'profile', username: 'valido_nome', email: 'valido@example.com', ...overrides });
    expect(response.status).toBe(400);
    const data = await actionData(response);
    expect(data.intent).toBe('profile');
    expect(data.result?.error?.[field]).toEqual([message]);
    expect(getUserById(user.id)).toMatchObject({ username: user.username, email: user.email });
  });

  test('a taken e-mail is a 409 beside the field and nothing is half saved', async () => {
    const { user, cookie } = await signedIn();
    const other = await createUser();
    const response = await post(cookie, { intent: 'profile', username: 'nome_que_nao_fica', email: other.email });
    expect(response.status).toBe(409);
    const data = await actionData(response);
    expect(data.result?.error?.email).toEqual(['Este e-mail já está cadastrado.']);
    expect(getUserById(user.id)).toMatchObject({ username: user.username, email: user.email });
  });

  test('a taken username is a 409 too', async () => {
    const { cookie } = await signedIn();
    const other = await createUser();
    const response = await post(cookie, { intent: 'profile', username: other.username.toUpperCase(), email: 'livre@example.com' });
    expect(response.status).toBe(409);
    expect((await actionData(response)).result?.error?.username).toEqual(['Este nome de usuário já está em uso.']);
  });
});

describe('change-password form', () => {
  const fields = (overrides: Record<string, string> = {}) => ({
    intent: 'password',
    currentPassword: 'senha123',
    newPassword: 'nova-senha-1',
    confirmPassword: 'nova-senha-1',
    ...overrides,
  });

  test('changes the password and redirects with the success toast', async () => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, fields());
    expectRedirect(response, '/account');
    expect(await verifyCredentials(user.email, 'nova-senha-1')).not.toBeNull();
    expect(await verifyCredentials(user.email, 'senha123')).toBeNull();
  });

  test('a wrong current password is refused beside that field and nothing changes', async () => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, fields({ currentPassword: 'errada123' }));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain('nova-senha-1');
    expect(text).not.toContain('errada123');
    expect(JSON.parse(text).result.error.currentPassword).toEqual(['Senha atual incorreta.']);
    expect(await verifyCredentials(user.email, 'senha123')).not.toBeNull();
  });

  test.each([
    ['no current password', { currentPassword: '' }, 'currentPassword', 'Informe a senha atual'],
    ['a short new password', { newPassword: '12345', confirmPassword: '12345' }, 'newPassword', 'A senha deve ter pelo menos 6 caracteres'],
    ['a short confirmation', { confirmPassword: '12345' }, 'confirmPassword', 'A confirmação de senha deve ter pelo menos 6 caracteres'],
    ['a confirmation that does not match', { confirmPassword: 'outra-senha' }, 'confirmPassword', 'As senhas não conferem'],
  ])('refuses %s with its message', async (_case, overrides, field, message) => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, fields(overrides));
    expect(response.status).toBe(400);
    const data = await actionData(response);
    expect(data.intent).toBe('password');
    expect(data.result?.error?.[field]?.[0]).toBe(message);
    expect(await verifyCredentials(user.email, 'senha123')).not.toBeNull();
  });
});

describe('promo activation form', () => {
  test('an empty or blank code answers the specification message, inline and as a toast titled Código Promocional', async () => {
    const { cookie } = await signedIn();
    for (const code of ['', '    ']) {
      const response = await post(cookie, { intent: 'promo', code });
      expect(response.status).toBe(400);
      const data = await actionData(response);
      expect(data.result?.error?.code).toEqual(['Por favor, insira um código promocional.']);
      expect(pageToast()).toEqual({ title: 'Código Promocional', description: 'Por favor, insira um código promocional.', type: 'error' });
    }
  });

  test('a valid code (trimmed) succeeds with the green text and the success toast, and the role changes', async () => {
    db.insert(promoCodes).values({ code: 'CONTA30', codeKey: 'conta30', days: 30, maxUses: 5, targetRole: 'E-MASTER' }).run();
    const { user, cookie } = await signedIn();
    const response = await post(cookie, { intent: 'promo', code: '  conta30  ' });
    expect(response.status).toBe(200);
    const data = await actionData(response);
    const message = 'Código ativado! Você recebeu 30 dias de acesso E-MASTER.';
    expect(data.success).toBe(message);
    expect(pageToast()).toEqual({ title: 'Código promocional ativado', description: message, type: 'success' });
    expect(data.result?.error ?? {}).toEqual({});
    expect(getUserById(user.id)!.role).toBe('E-MASTER');
    const page = await (await call(loader, getRequest('/account', { cookie }))).json();
    expect(page.status.label).toMatch(/^Pro até \d{2} de [a-zç]+ de \d{4}$/);

    const again = await post(cookie, { intent: 'promo', code: 'CONTA30' });
    expect(again.status).toBe(409);
    const refused = await actionData(again);
    expect(refused.result?.error?.code).toEqual(['Você já utilizou este código promocional.']);
    expect(pageToast()).toMatchObject({ title: 'Falha ao ativar código', description: 'Você já utilizou este código promocional.' });
    expect(refused.success).toBeUndefined();
  });

  test('from the hydrated app (a fetch) the toast is flashed for the root instead, so only one toast shows', async () => {
    const { cookie } = await signedIn();
    const response = await post(cookie, { intent: 'promo', code: 'NAOEXISTE2' }, { 'Sec-Fetch-Mode': 'cors' });
    expect(response.status).toBe(404);
    expect(response.headers.get('Set-Cookie')).toContain('en_toast=');
    const data = await actionData(response);
    expect(pageToast()).toBeNull();
    expect(data.result?.error?.code).toEqual(['Código promocional inválido.']);

    const plainPost = await post(cookie, { intent: 'promo', code: 'NAOEXISTE3' }, { 'Sec-Fetch-Mode': 'navigate' });
    expect(plainPost.headers.get('Set-Cookie')).toBeNull();
    expect(pageToast()).toMatchObject({ title: 'Falha ao ativar código' });
  });

  test('an unknown code is refused inline with the failure toast', async () => {
    const { user, cookie } = await signedIn();
    const response = await post(cookie, { intent: 'promo', code: 'NAOEXISTE' });
    expect(response.status).toBe(404);
    const data = await actionData(response);
    expect(data.result?.error?.code).toEqual(['Código promocional inválido.']);
    expect(pageToast()).toEqual({ title: 'Falha ao ativar código', description: 'Código promocional inválido.', type: 'error' });
    expect(getUserById(user.id)!.role).toBe('E-BASIC');
  });
});

describe('password-recovery toggle', () => {
  test('the page form flips disablePasswordRecovery both ways', async () => {
    const { user, cookie } = await signedIn();
    expectRedirect(await post(cookie, { intent: 'recovery', disablePasswordRecovery: 'true' }), '/account');
    expect(getUserById(user.id)!.disablePasswordRecovery).toBe(true);
    expect((await (await call(loader, getRequest('/account', { cookie }))).json()).user.disablePasswordRecovery).toBe(true);
    expectRedirect(await post(cookie, { intent: 'recovery', disablePasswordRecovery: 'false' }), '/account');
    expect(getUserById(user.id)!.disablePasswordRecovery).toBe(false);
  });

  test('an invalid value gives the failure toast and changes nothing', async () => {
    const { user, cookie } = await signedIn();
    const attempts: Array<Record<string, string>> = [{ intent: 'recovery', disablePasswordRecovery: 'talvez' }, { intent: 'recovery' }];
    for (const fields of attempts) {
      const response = await post(cookie, fields);
      expect(response.status).toBe(400);
      expect(pageToast()).toEqual({
        title: 'Erro',
        description: 'Não foi possível atualizar a configuração de recuperação de senha.',
        type: 'error',
      });
    }
    expect(getUserById(user.id)!.disablePasswordRecovery).toBe(false);
  });

  const patchRecovery = (id: number | string, body: unknown, cookie?: string) =>
    apiCall(recoveryApi, 'PATCH', `/api/users/${id}/password-recovery`, { cookie, body, params: { id: String(id) } });

  test('PATCH /api/users/{id}/password-recovery on one’s own account returns the user', async () => {
    const { user, cookie } = await signedIn({ role: 'E-TOOL' });
    const response = await patchRecovery(user.id, { disablePasswordRecovery: true }, cookie);
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toMatchObject({ id: user.id, disablePasswordRecovery: true });
    expect(getUserById(user.id)!.disablePasswordRecovery).toBe(true);
  });

  test('an admin may change it on another account', async () => {
    const admin = await signedIn({ role: 'admin' });
    const target = await createUser();
    const response = await patchRecovery(target.id, { disablePasswordRecovery: true }, admin.cookie);
    expect(response.status).toBe(200);
    expect(await safeJson(response)).toMatchObject({ id: target.id, disablePasswordRecovery: true });
    expect((await patchRecovery(999_999, { disablePasswordRecovery: true }, admin.cookie)).status).toBe(404);
  });

  test('a non-admin on another account gets 403, a visitor 401, a bad body 400, and nothing changes', async () => {
    const target = await createUser();
    for (const role of ['E-BASIC', 'E-TOOL', 'E-MASTER'] as const) {
      const { cookie } = await signedIn({ role });
      const response = await patchRecovery(target.id, { disablePasswordRecovery: true }, cookie);
      expect(response.status, role).toBe(403);
      expect(await response.json()).toEqual({ message: 'Acesso negado' });
    }
    expect((await patchRecovery(target.id, { disablePasswordRecovery: true })).status).toBe(401);
    const own = await signedIn();
    const bad = await patchRecovery(own.user.id, { disablePasswordRecovery: 'sim' }, own.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Informe disablePasswordRecovery (true ou false)' });
    expect(db.select({ flag: users.disablePasswordRecovery }).from(users).where(eq(users.id, target.id)).get()!.flag).toBe(false);
  });
});
