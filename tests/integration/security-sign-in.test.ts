import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { users } from '../../db/schema';
import { action as authAction } from '~/routes/_auth+/auth';
import { action as loginApi } from '~/routes/api+/login';
import { action as profileApi } from '~/routes/api+/profile';
import { action as recoverApi } from '~/routes/api+/recover-password';
import { action as resetApi } from '~/routes/api+/reset-password';
import { action as recoveryToggleApi } from '~/routes/api+/users.$id.password-recovery';
import { action as adminResetApi } from '~/routes/api+/users.$id.reset-password';
import { verifyCredentials } from '~/models/accounts/user.server';
import type { AppLoadContext } from '~/utils/load-context';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { call, createUser, expectRedirect, formRequest, jsonRequest, sessionCookie, uniqueCpf } from '../setup/helpers';

/** Findings of the production-build probe about signing in: where a login may send the browser, how attempts are counted, when a recovery token dies. */

beforeEach(() => resetAllLimits());

const postAuth = (fields: Record<string, string>, options: { cookie?: string; context?: AppLoadContext } = {}) =>
  call(authAction, formRequest('/auth', fields, { cookie: options.cookie }), {}, options.context);

describe('sign-in: redirect targets stay on this site', () => {
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
});

describe('sign-in and recovery: attempts count per client address, and a stranger cannot lock the owner out', () => {
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

describe('password recovery: a token dies with its reason', () => {
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
