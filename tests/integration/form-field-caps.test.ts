import { MULTIPART_MESSAGES } from '~/utils/multipart-upload.server';
import { beforeEach, describe, expect, it } from 'vitest';
import { createThread } from '~/models/chat/chat.server';
import { action as accountAction } from '~/routes/_app+/account';
import { action as ticketAction } from '~/routes/_app+/chat.$id';
import { action as authAction } from '~/routes/_auth+/auth';
import { action as contactAction } from '~/routes/_marketing+/contact';
import { FORM_MESSAGES } from '~/utils/form.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, call, createUser, sessionCookie } from '../setup/helpers';

/**
 * Issue 26, item 1: Conform copies a field's value list each time its name repeats, so a 64 KB
 * `a&a&…` body held the server for 6 s and 5 MB of multipart parts named `x` for a minute. The
 * form kit counts fields on the raw body against what the form's schema can use, before parsing.
 */

beforeEach(() => resetAllLimits());

type Action = Parameters<typeof call>[0];

function post(action: Action, path: string, body: BodyInit, contentType: string, cookie?: string, params: Record<string, string> = {}) {
  const headers = new Headers({ 'Content-Type': contentType });
  if (cookie) headers.set('Cookie', cookie);
  return call(action, new Request(`${BASE_URL}${path}`, { method: 'POST', headers, body }), params, { toast: { pending: null } });
}

const URLENCODED = 'application/x-www-form-urlencoded';

function multipart(fields: Array<[string, string]>, boundary = 'caps') {
  const parts = fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function expectKitRefusal(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(((await response.json()) as { message: string }).message).toBe(message);
}

describe('a form with more fields than its schema can use', () => {
  it.each([
    ['/auth', authAction],
    ['/contact', contactAction],
  ] as const)('%s: the probe’s 64 KB of `a&` answers 413 at once', async (path, action) => {
    const started = performance.now();
    const response = await post(action, path, `intent=login&${'a&'.repeat(32_700)}`, URLENCODED);
    await expectKitRefusal(response, 413, FORM_MESSAGES.tooManyFields);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('a signed-in multipart body of 1 MB of parts named `x` answers 413 at once', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const thread = await createThread(user, { subject: 'Campos demais', message: 'Olá' });
    const fields: Array<[string, string]> = [['intent', 'refresh']];
    while (fields.length * 50 < 1024 * 1024) fields.push(['x', '']);
    const { body, contentType } = multipart(fields);
    const started = performance.now();
    const response = await post(ticketAction, `/chat/${thread.id}`, body, contentType, cookie, { id: String(thread.id) });
    // The ticket page reads multipart through the upload kit, whose part cap answers with its own words.
    await expectKitRefusal(response, 413, MULTIPART_MESSAGES.tooManyParts);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('a form that uses few fields refuses a body with a dozen more, under the page’s own cap', async () => {
    // 'Atualizar' has no fields; the page's widest form (the reply with three files) has nine.
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const thread = await createThread(user, { subject: 'Campos demais', message: 'Olá' });
    const { body, contentType } = multipart([
      ['intent', 'refresh'],
      ...Array.from({ length: 7 }, (_, i): [string, string] => [`f${i}`, '']),
    ]);
    const response = await post(ticketAction, `/chat/${thread.id}`, body, contentType, cookie, { id: String(thread.id) });
    await expectKitRefusal(response, 413, FORM_MESSAGES.tooManyFields);
  });
});

describe('a field name repeated beyond what the schema allows', () => {
  it('a name the form does not know, sent twice, is 400', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const thread = await createThread(user, { subject: 'Nome repetido', message: 'Olá' });
    const response = await post(ticketAction, `/chat/${thread.id}`, 'intent=refresh&x=1&x=2', URLENCODED, cookie, {
      id: String(thread.id),
    });
    await expectKitRefusal(response, 400, FORM_MESSAGES.repeatedField);
  });

  it('a single-valued field sent twice is 400, before Conform builds its list', async () => {
    const response = await post(
      contactAction,
      '/contact',
      'name=Ana&name=Ana&email=a%40b.com&subject=Oi&message=Ol%C3%A1%20mundo',
      URLENCODED,
    );
    await expectKitRefusal(response, 400, FORM_MESSAGES.repeatedField);
  });

  it('an array field may repeat up to its maximum (mail choices: several boxes named `enabled`)', async () => {
    const cookie = await sessionCookie(await createUser());
    const ok = await post(accountAction, '/account', 'intent=mail-choices&enabled=a&enabled=b&enabled=c', URLENCODED, cookie);
    expect(ok.status).not.toBe(413);
    expect(ok.status).not.toBe(400);
  });
});
