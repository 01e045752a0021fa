import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { loader as calculatorLoader } from '~/routes/_app+/calculators.$slug';
import { action as contactAction } from '~/routes/_marketing+/contact';
import { action as loginApi } from '~/routes/api+/login';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { serve } from './helpers/document-handler';
import { call, createUser, expectRedirect, formRequest, jsonRequest, sessionCookie } from '../setup/helpers';

/** Findings of the production-build probe about requests: which origin is trusted, what caches may keep, how often a visitor may write. */

beforeEach(() => resetAllLimits());

describe('origins: from configuration, never from client-sent host headers', () => {
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
    const link = await shareUrl(`http://evil.example/calculators/torque-eixo${SHAFT_QUERY}`, {
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(link).toMatch(/^https:\/\/e-engenharia\.fly\.dev\/calculators\/torque-eixo\?/);
  });

  it('without PUBLIC_ORIGIN the share link is relative: neither the Host header nor X-Forwarded-Host', async () => {
    const link = await shareUrl(`http://evil.example/calculators/torque-eixo${SHAFT_QUERY}`, {
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
    });
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

describe('caching: pages for a signed-in user are never stored by caches', () => {
  const page = (path: string, cookie?: string) =>
    serve(new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} }));

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

describe('contact form: rate-limited per client address', () => {
  const MESSAGE = { name: 'Ana Souza', email: 'ana@example.com', subject: 'Dúvida', message: 'Uma mensagem de contato qualquer.' };
  const send = (address: string) =>
    call(contactAction, formRequest('/contact', MESSAGE), {}, { clientAddress: address, toast: { pending: null } });
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
