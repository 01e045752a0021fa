import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { mailOptOuts, mailOutbox } from '../../db/schema';
import { deleteOwnAccount } from '~/models/privacy/account-deletion.server';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { enqueueMail } from '~/models/mail/outbox.server';
import { unsubscribeHeaders, unsubscribeUrl, wantsMail } from '~/models/mail/preferences.server';
import { action as accountAction, loader as accountLoader } from '~/routes/_app+/account';
import { action as unsubscribeAction, loader as unsubscribeLoader } from '~/routes/_marketing+/email.unsubscribe';
import * as unsubscribePage from '~/routes/_marketing+/email.unsubscribe';
import { BASE_URL, call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler } from './helpers/document-handler';

/** Each user's choices of mail: 'Minha Conta' → 'E-mails', the one-click unsubscribe, the LGPD export and deletion (docs/mail.md). */

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const optOuts = (userId: number) =>
  db
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.userId, userId))
    .all()
    .map((row) => row.kind)
    .sort();

describe("'Minha Conta' → 'E-mails'", () => {
  test('lists the kinds the role may switch off, all on at first; admins also see new tickets', async () => {
    const user = await createUser();
    const admin = await createUser({ role: 'admin' });
    const choices = async (cookie: string) =>
      (
        (await (await call(accountLoader, getRequest('/account', { cookie }))).json()) as {
          mailChoices: { kind: string; enabled: boolean }[];
        }
      ).mailChoices;
    expect(await choices(await sessionCookie(user))).toEqual([
      expect.objectContaining({ kind: 'support-reply', enabled: true }),
      expect.objectContaining({ kind: 'support-rating', enabled: true }),
      expect.objectContaining({ kind: 'plan-reminder', enabled: true }),
    ]);
    expect((await choices(await sessionCookie(admin))).map((choice) => choice.kind)).toEqual([
      'support-reply',
      'support-rating',
      'plan-reminder',
      'new-ticket',
    ]);
  });

  test('the form (without JavaScript) saves what is left checked; a receipt cannot be switched off by a forged field', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const body = new URLSearchParams([
      ['intent', 'mail-choices'],
      ['enabled', 'plan-reminder'],
      ['enabled', 'receipt'],
    ]);
    const saved = await call(
      accountAction,
      new Request('http://localhost:3000/account', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
    expectRedirect(saved, '/account#emails');
    expect(optOuts(user.id)).toEqual(['support-rating', 'support-reply']);
    expect(wantsMail(user.id, 'support-reply')).toBe(false);
    expect(wantsMail(user.id, 'plan-reminder')).toBe(true);
    expect(wantsMail(user.id, 'receipt')).toBe(true);
    // Nothing checked: every optional kind off.
    expectRedirect(await call(accountAction, formRequest('/account', { intent: 'mail-choices' }, { cookie })), '/account#emails');
    expect(optOuts(user.id)).toEqual(['plan-reminder', 'support-rating', 'support-reply']);
  });
});

describe('the one-click unsubscribe', () => {
  test('GET only asks; the page’s button unsubscribes without a login', async () => {
    const user = await createUser();
    const link = pathOf(unsubscribeUrl(user.id, 'support-reply'));
    const page = await call(unsubscribeLoader, getRequest(link));
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ state: 'confirm', label: 'Respostas do suporte' });
    expect(optOuts(user.id)).toEqual([]);
    const done = await call(unsubscribeAction, formRequest(link, { intent: 'unsubscribe' }));
    expect(await done.json()).toEqual({ done: true, label: 'Respostas do suporte' });
    expect(optOuts(user.id)).toEqual(['support-reply']);
  });

  test("a mail client's RFC 8058 POST unsubscribes at once; the mail carries both headers", async () => {
    const user = await createUser();
    const headers = unsubscribeHeaders(user.id, 'plan-reminder');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = pathOf(/^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!);
    const oneClick = await call(unsubscribeAction, formRequest(link, { 'List-Unsubscribe': 'One-Click' }));
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ done: true, label: 'Avisos do plano' });
    expect(optOuts(user.id)).toEqual(['plan-reminder']);
  });

  // Issue 26, item 4: the one-click POST saved the opt-out and then failed rendering the page (500).
  const serve = documentHandler([
    { id: 'routes/_marketing+/email.unsubscribe', parentId: 'root', path: 'email/unsubscribe', module: unsubscribePage },
  ]);
  const postDocument = (link: string, body: string) =>
    serve(new Request(`${BASE_URL}${link}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body }));

  test('through the whole page pipeline, as Gmail sends it (no cookie): 200 and a page that says it is done', async () => {
    const user = await createUser();
    const link = pathOf(unsubscribeUrl(user.id, 'support-rating'));
    const oneClick = await postDocument(link, 'List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    const page = await oneClick.text();
    expect(page).toContain('Você não vai mais receber');
    expect(page).toContain('Avaliação do atendimento');
    expect(optOuts(user.id)).toEqual(['support-rating']);
    // A person's click on the page's button gets the same page.
    const button = await postDocument(link, 'intent=unsubscribe');
    expect(button.status).toBe(200);
    expect(await button.text()).toContain('Você não vai mais receber');
  });

  test('the link of an account deleted since is done, not a 500', async () => {
    const user = await createUser();
    const link = pathOf(unsubscribeUrl(user.id, 'support-reply'));
    await deleteOwnAccount(user.id, user.plainPassword, '127.0.0.92');
    for (const body of ['List-Unsubscribe=One-Click', 'intent=unsubscribe']) {
      const answer = await postDocument(link, body);
      expect(answer.status, body).toBe(200);
      expect(await answer.text()).toContain('Você não vai mais receber');
    }
    expect(optOuts(user.id)).toEqual([]);
  });

  test('a forged or altered link is refused, and a kind that cannot be switched off has no link', async () => {
    const user = await createUser();
    const other = await createUser();
    const link = new URL(unsubscribeUrl(user.id, 'support-reply'));
    const forged = [
      `/email/unsubscribe?u=${other.id}&k=support-reply&t=${link.searchParams.get('t')}`,
      `/email/unsubscribe?u=${user.id}&k=plan-reminder&t=${link.searchParams.get('t')}`,
      `/email/unsubscribe?u=${user.id}&k=receipt&t=${link.searchParams.get('t')}`,
      '/email/unsubscribe',
      `/email/unsubscribe?u=abc&k=support-reply&t=${'x'.repeat(500)}`,
    ];
    for (const path of forged) {
      const page = await call(unsubscribeLoader, getRequest(path));
      expect(page.status, path).toBe(400);
      expect((await call(unsubscribeAction, formRequest(path, { 'List-Unsubscribe': 'One-Click' }))).status, path).toBe(400);
    }
    expect(optOuts(user.id)).toEqual([]);
    expect(optOuts(other.id)).toEqual([]);
  });
});

describe('LGPD', () => {
  test('the export lists the choices and the mails; deleting the account deletes both', async () => {
    const user = await createUser();
    enqueueMail(db, {
      userId: user.id,
      to: user.email,
      kind: 'welcome',
      subject: 'Bem-vindo ao E-Engenharia',
      text: 'Olá',
      html: '<p>Olá</p>',
    });
    await call(
      accountAction,
      formRequest('/account', { intent: 'mail-choices', enabled: 'plan-reminder' }, { cookie: await sessionCookie(user) }),
    );
    const data = exportPersonalData(user.id);
    expect(data.mailChoices).toEqual([
      { kind: 'support-reply', label: 'Respostas do suporte', enabled: false },
      { kind: 'support-rating', label: 'Avaliação do atendimento', enabled: false },
      { kind: 'plan-reminder', label: 'Avisos do plano', enabled: true },
    ]);
    expect(data.mails).toEqual([
      expect.objectContaining({
        kind: 'welcome',
        to: user.email.toLowerCase(),
        subject: 'Bem-vindo ao E-Engenharia',
        status: expect.any(String),
      }),
    ]);

    await deleteOwnAccount(user.id, user.plainPassword, '127.0.0.91');
    expect(db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id)).all()).toEqual([]);
    expect(optOuts(user.id)).toEqual([]);
  });
});
