import { generateTOTP } from '@epic-web/totp';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/client';
import { mailOutbox, notifications, twoFactor, users } from '../../db/schema';
import { action as accountAction } from '~/routes/_app+/account';
import { action as adminUsersAction } from '~/routes/_app+/admin.users';
import { action as adminRefundsAction } from '~/routes/_app+/admin.refunds';
import { action as adminCertificatesAction } from '~/routes/_app+/admin.certificates';
import { loader as accountExportLoader } from '~/routes/_app+/account_.export';
import { loader as historyExportLoader } from '~/routes/_app+/calculators.history_.export';
import { action as freshCheckPageAction, loader as freshCheckPageLoader } from '~/routes/_app+/account_.fresh-check';
import { action as freshCheckApi } from '~/routes/api+/fresh-check';
import { action as userApi } from '~/routes/api+/users.$id';
import { action as usersApi } from '~/routes/api+/users';
import { getUserById } from '~/models/accounts/user.server';
import { ADMIN_PROMOTION_NOTICE } from '~/models/admin/admin-promotion.server';
import { loader as notificationsLoader } from '~/routes/_app+/notifications';
import { FRESH_CHECK_MESSAGES } from '~/models/accounts/fresh-check.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import type { FreshCheckPrompt } from '~/utils/fresh-check';
import { call, createUser, expectRedirect, formRequest, getRequest, jsonRequest, sessionCookie } from '../setup/helpers';

/**
 * The fresh check before dangerous actions (decision 060): signing in counts for 10 minutes;
 * past them each dangerous form answers the step (carrying the pending action), the API 403
 * `{ freshCheckRequired }`, and a download goes to the step's page first.
 */
const ADDRESS = { clientAddress: '203.0.113.60' };
const TOTP = { period: 30, digits: 6, algorithm: 'SHA-1' } as const;
const MINUTE = 60_000;

beforeEach(() => {
  resetAllLimits();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:05Z'));
});
afterEach(() => vi.useRealTimers());

const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
const prompt = async (response: Response) => ((await response.json()) as { freshCheck?: FreshCheckPrompt }).freshCheck;
const usersPost = (cookie: string, fields: Record<string, string>) =>
  call(adminUsersAction, formRequest('/admin/users', fields, { cookie }), {}, ADDRESS);

async function signedInAdmin() {
  const admin = await createUser({ role: 'admin' });
  return { admin, cookie: await sessionCookie(admin) };
}

describe('the fresh check on page forms', () => {
  it('signing in counts; past 10 minutes deleting a user asks, the step carries the action, a wrong password is refused', async () => {
    const { admin, cookie } = await signedInAdmin();
    const first = await createUser();
    later(9 * MINUTE);
    expectRedirect(await usersPost(cookie, { intent: 'delete', id: String(first.id) }), '/admin/users');
    expect(getUserById(first.id)).toBeUndefined();

    const target = await createUser();
    later(2 * MINUTE);
    const asked = await usersPost(cookie, { intent: 'delete', id: String(target.id) });
    expect(asked.status).toBe(403);
    expect(await prompt(asked)).toEqual({ intent: 'delete', method: 'password', fields: [['id', String(target.id)]], error: null });
    expect(getUserById(target.id)).toBeDefined();

    const wrong = await usersPost(cookie, { intent: 'delete', id: String(target.id), freshCheckSecret: 'errada' });
    expect(wrong.status).toBe(401);
    expect((await prompt(wrong))?.error).toBe(FRESH_CHECK_MESSAGES.badPassword);
    expect(getUserById(target.id)).toBeDefined();

    const done = await usersPost(cookie, { intent: 'delete', id: String(target.id), freshCheckSecret: admin.plainPassword });
    expectRedirect(done, '/admin/users');
    expect(getUserById(target.id)).toBeUndefined();
    // Renewed for the next 10 minutes: the next dangerous action runs at once.
    const third = await createUser();
    later(5 * MINUTE);
    expectRedirect(await usersPost(cookie, { intent: 'delete', id: String(third.id) }), '/admin/users');
  });

  it('a role change to admin asks, other edits of a user do not; creating an admin asks too', async () => {
    const { admin, cookie } = await signedInAdmin();
    const target = await createUser();
    later(11 * MINUTE);
    const edit = (role: string) => ({
      intent: 'update',
      id: String(target.id),
      username: target.username,
      email: target.email,
      cpf: '',
      role,
      proDays: '30',
    });
    expectRedirect(await usersPost(cookie, edit('E-TOOL')), '/admin/users');
    const asked = await usersPost(cookie, edit('admin'));
    expect(asked.status).toBe(403);
    expect((await prompt(asked))?.fields).toEqual(expect.arrayContaining([['role', 'admin']]));
    expect(getUserById(target.id)?.role).toBe('E-TOOL');
    expectRedirect(await usersPost(cookie, { ...edit('admin'), freshCheckSecret: admin.plainPassword }), '/admin/users');
    expect(getUserById(target.id)?.role).toBe('admin');

    later(11 * MINUTE);
    // Already an admin: renaming one is no promotion.
    expectRedirect(await usersPost(cookie, { ...edit('admin'), username: 'renomeado' }), '/admin/users');
    const create = {
      intent: 'create',
      username: 'novoadmin',
      email: 'novo.admin@example.com',
      password: 'senha123',
      cpf: '',
      role: 'admin',
      proDays: '0',
    };
    expect((await usersPost(cookie, create)).status).toBe(403);
    expect(db.select().from(users).where(eq(users.email, 'novo.admin@example.com')).get()).toBeUndefined();
  });

  it('a secret no browser sends (past the cap, repeated) is refused even within the window, and nothing runs', async () => {
    const { cookie } = await signedInAdmin();
    const target = await createUser();
    const tooLong = await usersPost(cookie, { intent: 'delete', id: String(target.id), freshCheckSecret: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect((await prompt(tooLong))?.error).toBe(FRESH_CHECK_MESSAGES.malformed);
    const body = new URLSearchParams([
      ['intent', 'delete'],
      ['id', String(target.id)],
      ['freshCheckSecret', 'a'],
      ['freshCheckSecret', 'b'],
    ]);
    const repeated = await call(
      adminUsersAction,
      new Request('http://localhost:3000/admin/users', {
        method: 'POST',
        body,
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:3000' },
      }),
    );
    expect(repeated.status).toBe(400);
    expect(getUserById(target.id)).toBeDefined();
  });

  it('approving a refund and revoking a certificate ask before anything runs', async () => {
    const { cookie } = await signedInAdmin();
    later(11 * MINUTE);
    const refund = await call(adminRefundsAction, formRequest('/admin/refunds', { intent: 'approve', paymentId: '999999' }, { cookie }));
    expect(refund.status).toBe(403);
    expect(await prompt(refund)).toMatchObject({ intent: 'approve', fields: [['paymentId', '999999']] });
    // Rejecting is not dangerous: it runs (and finds no such payment).
    const reject = await call(adminRefundsAction, formRequest('/admin/refunds', { intent: 'reject', paymentId: '999999' }, { cookie }));
    expect(reject.status).toBe(404);
    const revoke = await call(
      adminCertificatesAction,
      formRequest('/admin/certificates', { intent: 'revoke', certificateId: '999999' }, { cookie }),
    );
    expect(revoke.status).toBe(403);
    expect(await prompt(revoke)).toMatchObject({ intent: 'revoke', fields: [['certificateId', '999999']] });
  });

  it('an admin with two-step sign-in gives a current code, not the password', async () => {
    const { admin, cookie } = await signedInAdmin();
    const post = (fields: Record<string, string>) => call(accountAction, formRequest('/account', fields, { cookie }), {}, ADDRESS);
    await post({ intent: 'two-factor-start' });
    const secret = db.select().from(twoFactor).where(eq(twoFactor.userId, admin.id)).get()!.secret;
    const code = async () => (await generateTOTP({ ...TOTP, secret })).otp;
    expect((await post({ intent: 'two-factor-confirm', code: await code() })).status).toBe(200);
    const target = await createUser();
    later(11 * MINUTE);
    const asked = await usersPost(cookie, { intent: 'delete', id: String(target.id) });
    expect((await prompt(asked))?.method).toBe('code');
    const byPassword = await usersPost(cookie, { intent: 'delete', id: String(target.id), freshCheckSecret: admin.plainPassword });
    expect(byPassword.status).toBe(401);
    expectRedirect(await usersPost(cookie, { intent: 'delete', id: String(target.id), freshCheckSecret: await code() }), '/admin/users');
  });
});

describe('the fresh check on the JSON API', () => {
  const patch = (id: number, body: unknown, cookie: string) =>
    call(userApi, jsonRequest(`/api/users/${id}`, body, { cookie, method: 'PATCH' }), { id: String(id) });
  const remove = (id: number, cookie: string) =>
    call(userApi, jsonRequest(`/api/users/${id}`, undefined, { cookie, method: 'DELETE' }), { id: String(id) });
  const renew = (body: unknown, cookie: string) => call(freshCheckApi, jsonRequest('/api/fresh-check', body, { cookie }), {}, ADDRESS);

  it('past the window the dangerous endpoints answer 403 freshCheckRequired; POST /api/fresh-check renews', async () => {
    const { admin, cookie } = await signedInAdmin();
    const target = await createUser();
    later(11 * MINUTE);
    const refused = await remove(target.id, cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: FRESH_CHECK_MESSAGES.required, freshCheckRequired: true });
    expect((await patch(target.id, { role: 'admin' }, cookie)).status).toBe(403);
    const created = await call(
      usersApi,
      jsonRequest('/api/users', { username: 'apiadmin', email: 'api.admin@example.com', password: 'senha123', role: 'admin' }, { cookie }),
    );
    expect(created.status).toBe(403);
    // Harmless edits need no check.
    expect((await patch(target.id, { username: 'outro' }, cookie)).status).toBe(200);

    expect((await renew({}, cookie)).status).toBe(400);
    const wrong = await renew({ password: 'errada' }, cookie);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: FRESH_CHECK_MESSAGES.badPassword });
    const renewed = await renew({ password: admin.plainPassword }, cookie);
    expect(renewed.status).toBe(200);
    expect(await renewed.json()).toEqual({ freshCheckUntil: new Date(Date.now() + 10 * MINUTE).toISOString() });
    expect((await patch(target.id, { role: 'admin' }, cookie)).status).toBe(200);
    expect((await remove(target.id, cookie)).status).toBe(200);
  });

  it('wrong passwords sent at once are counted like sign-in guesses', async () => {
    const { cookie } = await signedInAdmin();
    const answers = await Promise.all(Array.from({ length: 40 }, () => renew({ password: 'errada' }, cookie)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
  });
});

describe('the fresh check before a download', () => {
  it('past the window an export goes to the step page, which sends the browser back to it', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    expect((await call(accountExportLoader, getRequest('/account/export', { cookie }))).status).toBe(200);
    later(11 * MINUTE);
    expectRedirect(
      await call(accountExportLoader, getRequest('/account/export', { cookie })),
      '/account/fresh-check?redirectTo=%2Faccount%2Fexport',
    );
    expectRedirect(
      await call(historyExportLoader, getRequest('/calculators/history/export?q=viga', { cookie })),
      '/account/fresh-check?redirectTo=%2Fcalculators%2Fhistory%2Fexport%3Fq%3Dviga',
    );
    const page = await (
      await call(freshCheckPageLoader, getRequest('/account/fresh-check?redirectTo=%2Faccount%2Fexport', { cookie }))
    ).json();
    expect(page).toEqual({ method: 'password', redirectTo: '/account/export' });
    // Another site is never a destination.
    const offsite = await (
      await call(freshCheckPageLoader, getRequest('/account/fresh-check?redirectTo=https%3A%2F%2Fevil.example', { cookie }))
    ).json();
    expect(offsite).toMatchObject({ redirectTo: '/account' });

    const post = (secret: string) =>
      call(
        freshCheckPageAction,
        formRequest('/account/fresh-check', { intent: 'renew', freshCheckSecret: secret, redirectTo: '/account/export' }, { cookie }),
        {},
        ADDRESS,
      );
    expect((await post('errada')).status).toBe(401);
    const done = await post(user.plainPassword);
    expectRedirect(done, '/account/export');
    expect(done.headers.get('X-Remix-Reload-Document')).toBe('true');
    expect((await call(accountExportLoader, getRequest('/account/export', { cookie }))).status).toBe(200);
  });
});

describe('a user made an admin is told (issue 30, item 3)', () => {
  const promotionMails = (userId: number) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'security')))
      .all()
      .filter((mail) => mail.subject === 'Você agora é administrador do E-Engenharia');
  const promotionNotices = (userId: number) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, ADMIN_PROMOTION_NOTICE.title)))
      .all();

  it('by mail and by a notice waiting at the next sign-in, once per promotion; other edits tell nothing', async () => {
    const { cookie } = await signedInAdmin();
    const target = await createUser();
    const edit = (role: string, username = target.username) => ({
      intent: 'update',
      id: String(target.id),
      username,
      email: target.email,
      cpf: '',
      role,
      proDays: '30',
    });
    expectRedirect(await usersPost(cookie, edit('E-TOOL')), '/admin/users');
    expect(promotionMails(target.id)).toHaveLength(0);
    expectRedirect(await usersPost(cookie, edit('admin')), '/admin/users');
    expect(promotionMails(target.id)).toHaveLength(1);
    expect(promotionMails(target.id)[0].textBody).toContain('Minha Conta → Segurança');
    expect(promotionNotices(target.id)).toEqual([expect.objectContaining({ link: '/account#seguranca', type: 'warning' })]);
    // Renaming one who already is an admin is no promotion.
    expectRedirect(await usersPost(cookie, edit('admin', 'outro_nome_admin')), '/admin/users');
    expect(promotionMails(target.id)).toHaveLength(1);

    // At the next sign-in the notice is among theirs.
    const next = await sessionCookie(target);
    const page = (await (await call(notificationsLoader, getRequest('/notifications', { cookie: next }))).json()) as object;
    expect(JSON.stringify(page)).toContain(ADMIN_PROMOTION_NOTICE.title);

    const created = await usersPost(cookie, {
      intent: 'create',
      username: 'criadoadmin',
      email: 'criado.admin@example.com',
      password: 'senha123',
      cpf: '',
      role: 'admin',
      proDays: '0',
    });
    expectRedirect(created, '/admin/users');
    const createdId = db.select().from(users).where(eq(users.email, 'criado.admin@example.com')).get()!.id;
    expect(promotionMails(createdId)).toHaveLength(1);
    expect(promotionNotices(createdId)).toHaveLength(1);
  });
});
