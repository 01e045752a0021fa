import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { roleGrants, users } from '../../db/schema';
import { action as authAction, loader as authLoader } from '~/routes/_auth+/auth';
import { action as logoutAction } from '~/routes/_auth+/logout';
import { loader as appLayoutLoader } from '~/routes/_app+/_layout';
import { loader as rootLoader } from '~/root';
import { requireAdmin, requireRole } from '~/models/accounts/permissions.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, cookieJar, createUser, expectRedirect, formRequest, getRequest, sessionCookie, uniqueCpf } from '../setup/helpers';

beforeEach(() => resetAllLimits());

const COURSES_RESTRICTED = {
  title: 'Acesso Restrito',
  description: 'Esta funcionalidade está disponível apenas para usuários E-MASTER. Faça upgrade da sua conta para acessar os cursos.',
};
const requireMaster = (request: Request) => requireRole(request, 'E-MASTER', COURSES_RESTRICTED);

const post = (fields: Record<string, string>, cookie?: string) => call(authAction, formRequest('/auth', fields, { cookie }));

type Reply = { intent: string; result: { error?: Record<string, string[] | null> } };
const reply = async (response: Response) => (await response.json()) as Reply;

describe('/auth page', () => {
  it('logs in with the form and goes back to the page asked for', async () => {
    const user = await createUser();
    const response = await post({ intent: 'login', email: user.email, password: 'senha123', redirectTo: '/account' });
    expectRedirect(response, '/account');
    const jar = cookieJar();
    jar.absorb(response);
    const root = await (await call(rootLoader, getRequest('/account', { cookie: jar.header() }))).json();
    expect(root.user.id).toBe(user.id);
    expect(root.toast).toEqual({ title: 'Login bem-sucedido', description: `Bem-vindo, ${user.username}!`, type: 'success' });
  });

  it('never redirects off-site after login', async () => {
    const user = await createUser();
    expectRedirect(await post({ intent: 'login', email: user.email, password: 'senha123', redirectTo: '//evil.example' }), '/dashboard');
  });

  it('shows Portuguese field messages', async () => {
    const response = await post({ intent: 'login', email: 'x', password: '1' });
    expect(response.status).toBe(400);
    const { result } = await reply(response);
    expect(result.error).toMatchObject({ email: ['Digite um e-mail válido'], password: ['A senha deve ter pelo menos 6 caracteres'] });
  });

  it('says when the credentials are wrong, then 429 with a Portuguese message', async () => {
    const user = await createUser();
    const wrong = await post({ intent: 'login', email: user.email, password: 'errada123' });
    expect(wrong.status).toBe(401);
    expect((await reply(wrong)).result.error?.['']).toEqual(['E-mail ou senha incorretos.']);
    for (let i = 0; i < 4; i++) await post({ intent: 'login', email: user.email, password: 'errada123' });
    const blocked = await post({ intent: 'login', email: user.email, password: 'senha123' });
    expect(blocked.status).toBe(429);
    expect((await reply(blocked)).result.error?.['']?.[0]).toMatch(/^Muitas tentativas\. Aguarde \d+ minutos? e tente novamente\.$/);
  });

  it('registers with a masked CPF and checks the CPF digits', async () => {
    const cpf = uniqueCpf();
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const fields = { intent: 'register', username: 'engenheira', email: 'eng@example.com', cpf: masked, password: 'senha123' };
    expectRedirect(await post(fields), '/dashboard');

    const invalid = await post({ ...fields, username: 'outra', email: 'outra@example.com', cpf: '111.111.111-11' });
    expect((await reply(invalid)).result.error?.cpf).toEqual(['CPF inválido']);
    const short = await post({ ...fields, username: 'outra', email: 'outra@example.com', cpf: '123' });
    expect((await reply(short)).result.error?.cpf).toEqual(['CPF deve conter 11 dígitos']);
    const taken = await post({ ...fields, email: 'outra@example.com', cpf: uniqueCpf() });
    expect(taken.status).toBe(409);
    expect((await reply(taken)).result.error?.username).toEqual(['Este nome de usuário já está em uso.']);
  });

  it('runs the two-step recovery with the token kept in the signed cookie, never the URL', async () => {
    const user = await createUser();
    const jar = cookieJar();
    const verified = await post({ intent: 'recover', identifier: user.email.toUpperCase(), cpf: user.cpf! });
    expectRedirect(verified, '/auth?dialog=reset');
    jar.absorb(verified);
    const step2 = await (await call(authLoader, getRequest('/auth?dialog=reset', { cookie: jar.header() }))).json();
    expect(step2.hasRecoveryToken).toBe(true);

    const mismatch = await post({ intent: 'reset', password: 'nova123', confirmPassword: 'nova321' }, jar.header());
    expect((await reply(mismatch)).result.error?.confirmPassword).toEqual(['As senhas não coincidem']);

    const done = await post({ intent: 'reset', password: 'nova123', confirmPassword: 'nova123' }, jar.header());
    expectRedirect(done, '/auth');
    jar.absorb(done);
    expectRedirect(await post({ intent: 'login', email: user.email, password: 'nova123' }), '/dashboard');
  });

  it('blocks the reset step without a recovery token', async () => {
    const response = await post({ intent: 'reset', password: 'nova123', confirmPassword: 'nova123' });
    expect(response.status).toBe(400);
    expect((await reply(response)).result.error?.['']).toEqual(['Sessão de recuperação expirada. Por favor, inicie o processo novamente.']);
  });

  it('sends logged-in users to the dashboard', async () => {
    const user = await createUser();
    expectRedirect(await call(authLoader, getRequest('/auth', { cookie: await sessionCookie(user) })), '/dashboard');
  });

  it('refuses a cross-site form post', async () => {
    const user = await createUser();
    const response = await call(
      authAction,
      formRequest('/auth', { intent: 'login', email: user.email, password: 'senha123' }, { headers: { Origin: 'https://evil.example' } }),
    );
    expect(response.status).toBe(403);
  });
});

describe('guards and logout', () => {
  it('sends visitors of protected pages to /auth with the way back', async () => {
    expectRedirect(await call(appLayoutLoader, getRequest('/account?tab=x')), '/auth?redirectTo=%2Faccount%3Ftab%3Dx');
  });

  it('an ended session goes to /auth with the Sessão expirada toast', async () => {
    const user = await createUser();
    const first = await sessionCookie(user);
    await sessionCookie(user);
    const response = await call(appLayoutLoader, getRequest('/dashboard', { cookie: first }));
    expectRedirect(response, '/auth?redirectTo=%2Fdashboard');
    const jar = cookieJar(first);
    jar.absorb(response);
    const root = await (await call(rootLoader, getRequest('/auth', { cookie: jar.header() }))).json();
    expect(root.user).toBeNull();
    expect(root.toast).toMatchObject({ title: 'Sessão expirada', type: 'error' });
  });

  it('logout ends the session and says goodbye', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const response = await call(logoutAction, formRequest('/logout', {}, { cookie }));
    expectRedirect(response, '/');
    expect((await call(appLayoutLoader, getRequest('/dashboard', { cookie }))).status).toBe(302);
  });
});

describe('role guards for admin and E-MASTER pages', () => {
  const guarded = (guard: (request: Request) => Promise<unknown>) => (args: { request: Request }) => guard(args.request);

  it('requireAdmin lets admins through and sends everyone else to the dashboard', async () => {
    const admin = await createUser({ role: 'admin' });
    const adminResult = await guarded(requireAdmin)({ request: getRequest('/admin', { cookie: await sessionCookie(admin) }) });
    expect(adminResult).toMatchObject({ id: admin.id, role: 'admin' });
    for (const role of ['E-BASIC', 'E-TOOL', 'E-MASTER'] as const) {
      const user = await createUser({ role });
      expectRedirect(await call(guarded(requireAdmin), getRequest('/admin', { cookie: await sessionCookie(user) })), '/dashboard');
    }
    expectRedirect(await call(guarded(requireAdmin), getRequest('/admin')), '/auth?redirectTo=%2Fadmin');
  });

  it('requireRole(E-MASTER) admits E-MASTER and admins; lower tiers get the Acesso Restrito toast', async () => {
    for (const role of ['E-MASTER', 'admin'] as const) {
      const user = await createUser({ role });
      expect(await guarded(requireMaster)({ request: getRequest('/courses', { cookie: await sessionCookie(user) }) })).toMatchObject({
        id: user.id,
      });
    }
    for (const role of ['E-BASIC', 'E-TOOL'] as const) {
      const user = await createUser({ role });
      const jar = cookieJar(await sessionCookie(user));
      const response = await call(guarded(requireMaster), getRequest('/courses', { cookie: jar.header() }));
      expectRedirect(response, '/dashboard');
      jar.absorb(response);
      const root = await (await call(rootLoader, getRequest('/dashboard', { cookie: jar.header() }))).json();
      expect(root.toast).toMatchObject({ title: 'Acesso Restrito', type: 'error' });
    }
  });

  it('an expired E-MASTER period no longer passes requireRole(E-MASTER)', async () => {
    const user = await createUser({ role: 'E-MASTER', days: 30 });
    db.update(roleGrants)
      .set({ endsAt: new Date(Date.now() - 1000), startsAt: new Date(Date.now() - 2000) })
      .where(eq(roleGrants.userId, user.id))
      .run();
    db.update(users)
      .set({ roleExpiryDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
      .run();
    expectRedirect(await call(guarded(requireMaster), getRequest('/courses', { cookie: await sessionCookie(user) })), '/dashboard');
  });
});
