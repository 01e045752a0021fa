import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { db } from '../../db/client';
import { promoCodes, users } from '../../db/schema';
import { action as loginAction } from '~/routes/api+/login';
import { action as logoutAction } from '~/routes/api+/logout';
import { action as profileAction } from '~/routes/api+/profile';
import { action as recoverAction } from '~/routes/api+/recover-password';
import { action as registerAction } from '~/routes/api+/register';
import { action as resetAction } from '~/routes/api+/reset-password';
import { loader as userLoader } from '~/routes/api+/user';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { body, call, cookieJar, createUser, jsonRequest, getRequest, sessionCookie, uniqueCpf } from '../setup/helpers';
import { updateAccount } from '~/models/accounts/account.server';

beforeEach(() => resetAllLimits());

const login = (email: string, password: string, headers?: Record<string, string>) =>
  call(loginAction, jsonRequest('/api/login', { email, password }, { headers }));

function sessionOf(response: Response) {
  const jar = cookieJar();
  jar.absorb(response);
  return jar.header();
}

describe('POST /api/login', () => {
  it('answers the shaped user and a session cookie', async () => {
    const user = await createUser();
    const response = await login(user.email, 'senha123');
    expect(response.status).toBe(200);
    const data = await body(response);
    expect(data).toMatchObject({ id: user.id, email: user.email, role: 'E-BASIC', isBasic: true, isAdmin: false });
    expect(data.lastLogin).toEqual(expect.any(String));
    const text = JSON.stringify(data);
    expect(text).not.toContain('password');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('resetToken');
    expect(response.headers.get('Set-Cookie')).toMatch(/en_session=.*HttpOnly.*SameSite=Lax/i);
  });

  it('refuses a wrong password with 401 and the same answer for an unknown e-mail', async () => {
    const user = await createUser();
    const wrong = await login(user.email, 'errada123');
    const unknown = await login('ninguem@example.com', 'errada123');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await body(wrong)).toEqual(await body(unknown));
  });

  it('uses the specification messages for invalid input', async () => {
    expect(await body(await login('not-an-email', 'senha123'))).toEqual({ message: 'Must provide a valid email' });
    expect(await body(await login('a@example.com', '123'))).toEqual({ message: 'Password must be at least 6 characters' });
  });

  it('answers 400, never 500, to malformed or mistyped bodies', async () => {
    const cases: unknown[] = [
      '{not json',
      '[]',
      'null',
      { email: 42, password: true },
      { email: 'a'.repeat(10_000) + '@x.com', password: 'x'.repeat(10_000) },
      {},
    ];
    for (const payload of cases) {
      const response = await call(loginAction, jsonRequest('/api/login', payload));
      expect(response.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect((await body(response)).message).toEqual(expect.any(String));
    }
  });

  it('gives 429 after repeated wrong passwords, even with the right one', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'errada123')).status).toBe(401);
    const blocked = await login(user.email, 'senha123');
    expect(blocked.status).toBe(429);
    expect((await body(blocked)).message).toMatch(/Muitas tentativas/);
  });

  it('a second login ends the first session with sessionExpired', async () => {
    const user = await createUser();
    const first = sessionOf(await login(user.email, 'senha123'));
    expect((await call(userLoader, getRequest('/api/user', { cookie: first }))).status).toBe(200);
    const second = sessionOf(await login(user.email, 'senha123'));

    const ended = await call(userLoader, getRequest('/api/user', { cookie: first }));
    expect(ended.status).toBe(401);
    expect(await body(ended)).toEqual({
      message: 'Sua conta foi acessada em outro dispositivo. Por favor, faça login novamente.',
      sessionExpired: true,
    });
    expect((await call(userLoader, getRequest('/api/user', { cookie: second }))).status).toBe(200);
  });

  it('refuses a cross-site POST with 403', async () => {
    const user = await createUser();
    const response = await login(user.email, 'senha123', { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    const fetchSite = await login(user.email, 'senha123', { 'Sec-Fetch-Site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
  });

  it('puts the security headers on API answers', async () => {
    const response = await login('x@example.com', 'senha123');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(response.headers.get('Referrer-Policy')).toBeTruthy();
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
  });
});

describe('GET /api/user and POST /api/logout', () => {
  it('401 without a session (no sessionExpired flag)', async () => {
    const response = await call(userLoader, getRequest('/api/user'));
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ message: 'Não autenticado' });
  });

  it('logout ends the session server-side', async () => {
    const user = await createUser();
    const cookie = sessionOf(await login(user.email, 'senha123'));
    const out = await call(logoutAction, jsonRequest('/api/logout', {}, { cookie }));
    expect(out.status).toBe(200);
    const after = await call(userLoader, getRequest('/api/user', { cookie }));
    expect(after.status).toBe(401);
    expect((await body(after)).sessionExpired).toBe(true);
  });

  it('applies an expired role when the user is read', async () => {
    const user = await createUser({ role: 'E-TOOL', days: 30 });
    db.update(users)
      .set({ roleExpiryDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
      .run();
    const cookie = sessionOf(await login(user.email, 'senha123'));
    // The grant itself still runs 30 days, so the stale stored expiry is recomputed, not trusted.
    const data = await body(await call(userLoader, getRequest('/api/user', { cookie })));
    expect(data.role).toBe('E-TOOL');
    expect(new Date(data.roleExpiryDate as string).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('POST /api/register', () => {
  const valid = () => ({
    username: `eng_${Math.random().toString(36).slice(2, 8)}`,
    email: `${Math.random().toString(36).slice(2)}@example.com`,
    cpf: uniqueCpf(),
    password: 'senha123',
  });

  it('creates an E-BASIC user, logs them in and stores the CPF as digits', async () => {
    const input = valid();
    const response = await call(registerAction, jsonRequest('/api/register', input));
    expect(response.status).toBe(201);
    const data = await body(response);
    expect(data).toMatchObject({ username: input.username, email: input.email, cpf: input.cpf, role: 'E-BASIC' });
    const cookie = sessionOf(response);
    expect((await call(userLoader, getRequest('/api/user', { cookie }))).status).toBe(200);
  });

  it('uses the server schema messages of the validation rules', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ email: 'nope' }, 'Must provide a valid email'],
      [{ cpf: '123' }, 'CPF deve conter 11 dígitos'],
      [{ cpf: '529.982.247-25' }, 'CPF deve conter 11 dígitos'],
      [{ cpf: '529.982.247' }, 'CPF deve conter apenas números'],
      [{ cpf: '5299822472a' }, 'CPF deve conter apenas números'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
    ];
    for (const [override, message] of cases) {
      const response = await call(registerAction, jsonRequest('/api/register', { ...valid(), ...override }));
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ message });
    }
  });

  it('refuses a CPF with wrong check digits', async () => {
    const response = await call(registerAction, jsonRequest('/api/register', { ...valid(), cpf: '52998224724' }));
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message: 'CPF inválido' });
  });

  it('answers 409 for a duplicate username, e-mail or CPF', async () => {
    const existing = await createUser();
    for (const clash of [{ username: existing.username.toUpperCase() }, { email: existing.email.toUpperCase() }, { cpf: existing.cpf! }]) {
      const response = await call(registerAction, jsonRequest('/api/register', { ...valid(), ...clash }));
      expect(response.status).toBe(409);
    }
  });

  it('redeems a promo code at sign-up, and refuses the whole sign-up for a bad code', async () => {
    db.insert(promoCodes).values({ code: 'BOASVINDAS', codeKey: 'boasvindas', days: 15, maxUses: 5, targetRole: 'E-TOOL' }).run();
    const good = await call(registerAction, jsonRequest('/api/register', { ...valid(), promoCode: ' boasvindas ' }));
    expect(good.status).toBe(201);
    expect((await body(good)).role).toBe('E-TOOL');

    const input = valid();
    const bad = await call(registerAction, jsonRequest('/api/register', { ...input, promoCode: 'NAOEXISTE' }));
    expect(bad.status).toBe(404);
    expect(db.select().from(users).where(eq(users.email, input.email)).get()).toBeUndefined();
  });
});

describe('password recovery API', () => {
  it('verifies identity, returns a token once, and resets the password with it', async () => {
    const user = await createUser();
    const verified = await call(recoverAction, jsonRequest('/api/recover-password', { identifier: user.username, cpf: user.cpf }));
    expect(verified.status).toBe(200);
    const { token } = await body<{ token: string }>(verified);
    expect(token).toMatch(/^[\w-]{20,}$/);
    const stored = db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(stored.resetToken).not.toBe(token);

    const mismatch = await call(
      resetAction,
      jsonRequest('/api/reset-password', { token, password: 'nova123', confirmPassword: 'nova124' }),
    );
    expect(await body(mismatch)).toEqual({ message: 'As senhas não coincidem' });

    const reset = await call(resetAction, jsonRequest('/api/reset-password', { token, password: 'nova123', confirmPassword: 'nova123' }));
    expect(reset.status).toBe(200);
    expect((await login(user.email, 'nova123')).status).toBe(200);

    const reused = await call(
      resetAction,
      jsonRequest('/api/reset-password', { token, password: 'outra123', confirmPassword: 'outra123' }),
    );
    expect(reused.status).toBe(400);
    expect(await body(reused)).toEqual({ message: 'Sessão de recuperação expirada. Por favor, inicie o processo novamente.' });
  });

  it('answers the same for an unknown account, a wrong CPF and a disabled recovery', async () => {
    const user = await createUser();
    const disabled = await createUser();
    db.update(users).set({ disablePasswordRecovery: true }).where(eq(users.id, disabled.id)).run();
    const answers = await Promise.all([
      call(recoverAction, jsonRequest('/api/recover-password', { identifier: 'ninguem', cpf: uniqueCpf() })),
      call(recoverAction, jsonRequest('/api/recover-password', { identifier: user.email, cpf: uniqueCpf() })),
      call(recoverAction, jsonRequest('/api/recover-password', { identifier: disabled.email, cpf: disabled.cpf })),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(await body(answer)).toEqual({ message: 'Não foi possível verificar sua identidade. Verifique os dados informados.' });
    }
  });

  it('refuses a reset without a token, and an expired token', async () => {
    const none = await call(resetAction, jsonRequest('/api/reset-password', { password: 'nova123', confirmPassword: 'nova123' }));
    expect(none.status).toBe(400);
    const user = await createUser();
    const { token } = await body<{ token: string }>(
      await call(recoverAction, jsonRequest('/api/recover-password', { identifier: user.email, cpf: user.cpf })),
    );
    db.update(users)
      .set({ resetTokenExpiry: new Date(Date.now() - 1) })
      .where(eq(users.id, user.id))
      .run();
    const expired = await call(resetAction, jsonRequest('/api/reset-password', { token, password: 'nova123', confirmPassword: 'nova123' }));
    expect(expired.status).toBe(400);
  });

  it('is rate limited per account', async () => {
    const user = await createUser();
    let last: Response | undefined;
    for (let i = 0; i < 6; i++)
      last = await call(recoverAction, jsonRequest('/api/recover-password', { identifier: user.email, cpf: uniqueCpf() }));
    expect(last!.status).toBe(429);
  });
});

describe('PATCH /api/profile', () => {
  it('updates username and e-mail, and changes the password only with the right current one', async () => {
    const user = await createUser();
    const cookie = sessionOf(await login(user.email, 'senha123'));
    const patch = (payload: unknown) => call(profileAction, jsonRequest('/api/profile', payload, { method: 'PATCH', cookie }));

    const updated = await patch({ username: 'novo_nome', email: 'Novo@Example.com' });
    expect(updated.status).toBe(200);
    expect(await body(updated)).toMatchObject({ username: 'novo_nome', email: 'novo@example.com' });

    const wrong = await patch({ currentPassword: 'errada', newPassword: 'nova123' });
    expect(wrong.status).toBe(400);
    expect(await body(wrong)).toEqual({ message: 'Senha atual incorreta.' });

    expect((await patch({ currentPassword: 'senha123', newPassword: 'nova123' })).status).toBe(200);
    expect((await login('novo@example.com', 'nova123')).status).toBe(200);
  });

  it('changes nothing when the new e-mail is taken, even with a valid password change', async () => {
    const other = await createUser();
    const user = await createUser();
    const cookie = sessionOf(await login(user.email, 'senha123'));
    const response = await call(
      profileAction,
      jsonRequest('/api/profile', { email: other.email, currentPassword: 'senha123', newPassword: 'nova123' }, { method: 'PATCH', cookie }),
    );
    expect(response.status).toBe(409);
    expect((await login(user.email, 'senha123')).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await call(profileAction, jsonRequest('/api/profile', { username: 'abc' }, { method: 'PATCH' }));
    expect(response.status).toBe(401);
  });
});

describe('GET /api/user revalidation', () => {
  it('answers an ETag, a 304 without a body while the user is unchanged, and a new ETag after a change', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const first = await call(userLoader, getRequest('/api/user', { cookie }));
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('Cache-Control')).toBe('private, no-store');

    const again = await call(userLoader, getRequest('/api/user', { cookie, headers: { 'If-None-Match': etag! } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await updateAccount(user.id, { username: `${user.username}_novo` }, '127.0.0.1');
    const changed = await call(userLoader, getRequest('/api/user', { cookie, headers: { 'If-None-Match': etag! } }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    expect((await changed.json()).username).toBe(`${user.username}_novo`);
  });
});

describe('JSON bodies', () => {
  it('a body past 256 KB is 413 even when it does not declare its length, and reading stops near the cap', async () => {
    const chunk = new TextEncoder().encode(`{"pad":"${'a'.repeat(64 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost:3000/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await call(loginAction, request);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Corpo da requisição grande demais.' });
    expect(sent).toBeLessThan(1024 * 1024);
  });
});
