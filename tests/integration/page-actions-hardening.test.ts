import { beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { db } from '../../db/client';
import { action as accountAction } from '~/routes/_app+/account';
import { action as calculatorAction } from '~/routes/_app+/calculators.$slug';
import { action as historyAction } from '~/routes/_app+/calculators.history';
import { action as dashboardAction } from '~/routes/_app+/dashboard';
import { action as notificationsAction } from '~/routes/_app+/notifications';
import { action as authAction } from '~/routes/_auth+/auth';
import { action as logoutAction } from '~/routes/_auth+/logout';
import { action as contactAction } from '~/routes/_marketing+/contact';
import { DEFAULT_FORM_BYTES } from '~/utils/form.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, call, createUser, sessionCookie } from '../setup/helpers';

/**
 * Bodies a browser form never sends used to reach `request.formData()` and
 * answer 500. Every page action now answers 400, 405, 413 or 415, with the security headers.
 */

type Action = Parameters<typeof call>[0];
const PAGES: Array<{ path: string; action: Action; params?: Record<string, string>; signedIn: boolean }> = [
  { path: '/auth', action: authAction, signedIn: false },
  { path: '/contact', action: contactAction, signedIn: false },
  { path: '/logout', action: logoutAction, signedIn: true },
  { path: '/dashboard', action: dashboardAction, signedIn: true },
  { path: '/account', action: accountAction, signedIn: true },
  { path: '/notifications', action: notificationsAction, signedIn: true },
  { path: '/calculators/history', action: historyAction, signedIn: true },
  { path: '/calculators/torque-eixo', action: calculatorAction, params: { slug: 'torque-eixo' }, signedIn: true },
];

beforeEach(() => resetAllLimits());

async function send(
  page: (typeof PAGES)[number],
  init: { method?: string; body?: BodyInit | null; contentType?: string; headers?: Record<string, string> },
) {
  const headers = new Headers(init.headers);
  if (init.contentType) headers.set('Content-Type', init.contentType);
  if (page.signedIn) headers.set('Cookie', await sessionCookie(await createUser()));
  const request = new Request(`${BASE_URL}${page.path}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body ?? null,
    duplex: 'half',
  } as RequestInit);
  return call(page.action, request, page.params ?? {}, { toast: { pending: null } });
}

function expectRefusal(response: Response, statuses: number[]) {
  expect(statuses).toContain(response.status);
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('Content-Security-Policy')).toBeTruthy();
}

describe.each(PAGES)('$path', (page) => {
  it('a POST with no body is 400 or 415, never a 500', async () => {
    expectRefusal(await send(page, {}), [400, 415]);
    // An empty form is a form: it gets the form's own answer (logout's form has no fields at all).
    const empty = await send(page, { contentType: 'application/x-www-form-urlencoded' });
    expect(empty.status).toBe(page.path === '/logout' ? 302 : 400);
  });

  it('a JSON or text body is 415', async () => {
    expectRefusal(await send(page, { body: '{"intent":"login"}', contentType: 'application/json' }), [415]);
    expectRefusal(await send(page, { body: 'intent=login', contentType: 'text/plain' }), [415]);
  });

  it('broken multipart is 400', async () => {
    const body = '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlog';
    expectRefusal(await send(page, { body, contentType: 'multipart/form-data; boundary=xyz' }), [400]);
    expectRefusal(await send(page, { body: 'garbage', contentType: 'multipart/form-data' }), [400]);
  });

  it('PUT, PATCH and DELETE are 405', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await send(page, { method, body: 'intent=x', contentType: 'application/x-www-form-urlencoded' });
      expectRefusal(response, [405]);
      expect(response.headers.get('Allow')).toContain('POST');
    }
  });

  it('a body past the cap is 413 even when it does not declare its length', async () => {
    const chunk = new TextEncoder().encode(`message=${'a'.repeat(16 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > DEFAULT_FORM_BYTES * 2) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    expectRefusal(await send(page, { body: stream, contentType: 'application/x-www-form-urlencoded' }), [413]);
    // The stream was abandoned soon after the cap instead of being read to the end.
    expect(sent).toBeLessThan(DEFAULT_FORM_BYTES * 2);
  });
});

it('a refused contact body stores nothing', async () => {
  const contact = PAGES.find((page) => page.path === '/contact')!;
  await send(contact, {
    body: JSON.stringify({ name: 'a', email: 'a@b.co', subject: 'assunto', message: 'mensagem longa' }),
    contentType: 'application/json',
  });
  expect(db.select().from(contactMessages).all()).toHaveLength(0);
});
