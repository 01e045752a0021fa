import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { activeSessions, auditLog, emailTokens, mailOutbox, users } from '../../db/schema';
import { registerUser } from '../../app/models/signup/registration.server';
import { EMAIL_RESET_HOLD_MS } from '../../app/models/accounts/email-change.server';
import { closeThread, createThread } from '../../app/models/chat/chat.server';
import { smtpTransport, type MailTransport } from '../../app/plumbing/mail-transport.server';
import { deliverDueMails } from '../../app/plumbing/mail-worker.server';
import { action as accountAction, loader as accountLoader } from '~/routes/_app+/account';
import { action as authAction } from '~/routes/_auth+/auth';
import { action as profileApi } from '~/routes/api+/profile';
import { loader as userApi } from '~/routes/api+/user';
import { deleteOwnAccount } from '../../app/models/privacy/account-deletion.server';
import { exportPersonalData } from '../../app/models/privacy/personal-data.server';
import { action as confirmAction, loader as confirmLoader } from '~/routes/_marketing+/email.confirm';
import { action as revertAction, loader as revertLoader } from '~/routes/_marketing+/email.revert';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, body, call, createUser, expectRedirect, formRequest, getRequest, jsonRequest, sessionCookie } from '../setup/helpers';
import { startSmtpSink, type SmtpSink } from '../setup/smtp-sink';

/**
 * Issue 26, item 3: an address change must not turn the platform into a relay of the account's
 * texts to someone else's address. Every mail is delivered to a real SMTP server and read back.
 */
let sink: SmtpSink;
let smtp: MailTransport;

beforeAll(async () => {
  sink = await startSmtpSink();
  smtp = smtpTransport(sink.url, 'E-Engenharia <nao-responda@e-engenharia.test>');
});
afterAll(async () => {
  smtp.close();
  await sink.close();
});
beforeEach(async () => {
  await resetAllLimits();
});

async function mailsTo(address: string) {
  await deliverDueMails(smtp);
  return sink.received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase()));
}
const whole = (mail: { subject?: string; text?: string; html?: string | false }) => `${mail.subject}\n${mail.text}\n${mail.html || ''}`;
const linkIn = (mail: { text?: string }, path: string) => {
  const found = new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  if (!found) throw new Error(`no ${path} link in:\n${mail.text}`);
  const url = new URL(found);
  return `${url.pathname}${url.search}`;
};
const auditOf = (userId: number) =>
  db
    .select({ action: auditLog.action, summary: auditLog.summary })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)))
    .all();

const ATTACKER_NAME = 'Suporte E-Engenharia: ligue 0800-000-0000';
const ATTACKER_SUBJECT = 'Sua conta será bloqueada: ligue 0800-000-0000';

async function openAndClose(owner: { id: number; role: 'E-BASIC' | 'admin' | 'E-TOOL' | 'E-MASTER' }, subject: string) {
  const thread = await createThread(owner, { subject, message: 'Ligue agora para 0800-000-0000.' });
  closeThread(owner, thread.id);
}

describe('the relay of issue 26', () => {
  test("a profile change to someone else's address sends them none of the account's texts", async () => {
    const attacker = await createUser();
    const cookie = await sessionCookie(attacker);
    const changed = await call(
      accountAction,
      formRequest('/account', { intent: 'profile', username: ATTACKER_NAME, email: 'vitima@example.com' }, { cookie }),
    );
    // The specification's form still changes the address at once.
    expectRedirect(changed, '/account');
    expect(db.select({ email: users.email }).from(users).where(eq(users.id, attacker.id)).get()?.email).toBe('vitima@example.com');

    for (let ticket = 0; ticket < 3; ticket += 1) await openAndClose(attacker, `${ATTACKER_SUBJECT} #${ticket}`);
    const arrived = await mailsTo('vitima@example.com');
    const ratings = arrived.filter((mail) => mail.subject?.startsWith('Como foi o atendimento?'));
    expect(ratings).toHaveLength(3);
    for (const mail of arrived) {
      expect(whole(mail)).not.toContain('0800');
      expect(whole(mail)).not.toContain(ATTACKER_NAME);
    }
    expect(ratings[0]!.text).toContain('Seu ticket de suporte foi encerrado.');
  });

  test("registering with someone else's address: the welcome names nobody and carries the confirmation link", async () => {
    const { user } = await registerUser({
      username: `${ATTACKER_NAME} (2)`,
      email: 'outra.vitima@example.com',
      cpf: null,
      password: 'senha-segura-1',
    });
    await openAndClose(user, ATTACKER_SUBJECT);
    const arrived = await mailsTo('outra.vitima@example.com');
    expect(arrived.map((mail) => mail.subject).sort()).toEqual(['Bem-vindo ao E-Engenharia', 'Como foi o atendimento?']);
    for (const mail of arrived) expect(whole(mail)).not.toContain('0800');
    const welcome = arrived.find((mail) => mail.subject === 'Bem-vindo ao E-Engenharia')!;
    expect(welcome.text).toContain('Olá! Sua conta está pronta.');
    expect(linkIn(welcome, '/email/confirm')).toMatch(/^\/email\/confirm\?token=[\w-]{43}$/);
  });

  test("once the owner follows the link, the mails carry the account's texts again", async () => {
    const { user } = await registerUser({ username: 'dona_do_email', email: 'dona@example.com', cpf: null, password: 'senha-segura-1' });
    const [welcome] = await mailsTo('dona@example.com');
    const link = linkIn(welcome!, '/email/confirm');
    // The GET only asks: a mail scanner opening the link confirms nothing.
    const page = await call(confirmLoader, getRequest(link));
    expect(await body(page)).toEqual({ invalid: null, address: 'dona@example.com' });
    expect(db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, user.id)).get()?.at).toBeNull();
    const confirmed = await call(confirmAction, formRequest(link, { intent: 'confirm-email' }));
    expect(await body(confirmed)).toMatchObject({ done: true, email: 'dona@example.com' });
    // Single use.
    expect((await call(confirmAction, formRequest(link, { intent: 'confirm-email' }))).status).toBe(400);

    await openAndClose(user, 'Dúvida sobre a calculadora de torque');
    const rating = (await mailsTo('dona@example.com')).find((mail) => mail.subject?.startsWith('Como foi'));
    expect(rating?.subject).toBe('Como foi o atendimento? Ticket: Dúvida sobre a calculadora de torque');
    expect(rating?.text).toContain('Olá, dona_do_email.');
    expect(auditOf(user.id).map((row) => row.action)).toContain('account.email_confirm');
  });
});

describe('an address change', () => {
  test('tells the old address with “Não fui eu”, sends the new one its link, and is audited', async () => {
    const owner = await createUser({ email: 'antigo@example.com' });
    const cookie = await sessionCookie(owner);
    const answer = await call(profileApi, jsonRequest('/api/profile', { email: 'novo@example.com' }, { method: 'PATCH', cookie }));
    expect(answer.status).toBe(200);
    expect(await body(answer)).toMatchObject({ email: 'novo@example.com', username: owner.username });

    const [notice] = await mailsTo('antigo@example.com');
    expect(notice?.subject).toBe('O e-mail da sua conta no E-Engenharia foi alterado');
    expect(notice?.text).toContain('novo@example.com');
    expect(linkIn(notice!, '/email/revert')).toMatch(/^\/email\/revert\?token=[\w-]{43}$/);
    const [confirmation] = await mailsTo('novo@example.com');
    expect(confirmation?.subject).toBe('Confirme seu e-mail no E-Engenharia');
    expect(whole(confirmation!)).not.toContain(owner.username);

    const account = await body<{ pendingEmail: string | null }>(await call(accountLoader, getRequest('/account', { cookie })));
    expect(account.pendingEmail).toBe('novo@example.com');
    expect(auditOf(owner.id)).toEqual([
      { action: 'account.email_change', summary: 'e-mail trocado, aguardando confirmação; email: antigo@example.com → novo@example.com' },
    ]);
  });

  test('an e-mailed link’s button sent 40 times at once acts once; a 64 KB body of one repeated field, thousands of parts and 20 MB are refused before parsing', async () => {
    const owner = await createUser({ email: 'paralelo@example.com' });
    const cookie = await sessionCookie(owner);
    expectRedirect(
      await call(
        accountAction,
        formRequest('/account', { intent: 'profile', username: owner.username, email: 'outro.paralelo@example.com' }, { cookie }),
      ),
      '/account',
    );
    const revert = linkIn((await mailsTo('paralelo@example.com'))[0]!, '/email/revert');
    const raw = (body: string | Uint8Array<ArrayBuffer>, type: string) =>
      call(revertAction, new Request(`${BASE_URL}${revert}`, { method: 'POST', body, headers: { 'Content-Type': type } }));

    const repeated = await raw(`intent=revert-email&${'a=1&'.repeat(16_384)}`, 'application/x-www-form-urlencoded');
    expect(repeated.status).toBe(413);
    const parts = Array.from({ length: 3_000 }, (_, index) => `--b\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n\r\n`).join(
      '',
    );
    expect((await raw(`${parts}--b--\r\n`, 'multipart/form-data; boundary=b')).status).toBe(413);
    expect((await raw(new Uint8Array(20 * 1024 * 1024), 'application/x-www-form-urlencoded')).status).toBe(413);
    expect(db.select().from(users).where(eq(users.id, owner.id)).get()!.email).toBe('outro.paralelo@example.com');

    const answers = await Promise.all(
      Array.from({ length: 40 }, () => call(revertAction, formRequest(revert, { intent: 'revert-email' }))),
    );
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(39);
    expect(db.select().from(users).where(eq(users.id, owner.id)).get()!.email).toBe('paralelo@example.com');
    expect(auditOf(owner.id).map((entry) => entry.action)).toEqual(['account.email_change', 'account.email_revert']);
  });

  test('“Não fui eu” restores the old address, ends every session, works once and kills the pending confirmation', async () => {
    const owner = await createUser({ email: 'meu@example.com' });
    const cookie = await sessionCookie(owner);
    expectRedirect(
      await call(
        accountAction,
        formRequest('/account', { intent: 'profile', username: owner.username, email: 'intruso@example.com' }, { cookie }),
      ),
      '/account',
    );
    const revert = linkIn((await mailsTo('meu@example.com'))[0]!, '/email/revert');
    const confirm = linkIn((await mailsTo('intruso@example.com'))[0]!, '/email/confirm');

    expect(await body(await call(revertLoader, getRequest(revert)))).toEqual({ invalid: null, address: 'meu@example.com' });
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, owner.id)).all()).toHaveLength(1);
    const reverted = await call(revertAction, formRequest(revert, { intent: 'revert-email' }, { cookie }));
    expectRedirect(reverted, '/auth');
    expect(reverted.headers.getSetCookie().join('\n')).toMatch(/en_session=;|Expires=Thu, 01 Jan 1970/);

    const row = db.select().from(users).where(eq(users.id, owner.id)).get()!;
    expect(row.email).toBe('meu@example.com');
    expect(row.emailConfirmedAt).not.toBeNull();
    expect(db.select().from(activeSessions).where(eq(activeSessions.userId, owner.id)).all()).toHaveLength(0);
    expectRedirect(await call(accountLoader, getRequest('/account', { cookie })), /^\/auth/);
    expect((await call(revertAction, formRequest(revert, { intent: 'revert-email' }))).status).toBe(400);
    expect((await call(confirmAction, formRequest(confirm, { intent: 'confirm-email' }))).status).toBe(400);
    expect(auditOf(owner.id).map((entry) => entry.action)).toEqual(['account.email_change', 'account.email_revert']);
  });

  test('“Não fui eu” expires after 7 days', async () => {
    const owner = await createUser({ email: 'sete.dias@example.com' });
    expectRedirect(
      await call(
        accountAction,
        formRequest(
          '/account',
          { intent: 'profile', username: owner.username, email: 'depois@example.com' },
          { cookie: await sessionCookie(owner) },
        ),
      ),
      '/account',
    );
    const revert = linkIn((await mailsTo('sete.dias@example.com'))[0]!, '/email/revert');
    const [token] = db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, owner.id), eq(emailTokens.purpose, 'revert')))
      .all();
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(7 * 24 * 3_600_000);
    db.update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.id, token!.id))
      .run();
    const page = await call(revertLoader, getRequest(revert));
    expect(page.status).toBe(400);
    expect((await call(revertAction, formRequest(revert, { intent: 'revert-email' }))).status).toBe(400);
    expect(db.select({ email: users.email }).from(users).where(eq(users.id, owner.id)).get()?.email).toBe('depois@example.com');
  });

  test('the reset link by e-mail is refused for 72 h after a change; the CPF recovery is not', async () => {
    const owner = await createUser({ email: 'reset.antes@example.com' });
    expectRedirect(
      await call(
        accountAction,
        formRequest(
          '/account',
          { intent: 'profile', username: owner.username, email: 'reset.depois@example.com' },
          { cookie: await sessionCookie(owner) },
        ),
      ),
      '/account',
    );
    const resets = () =>
      db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, owner.id), eq(mailOutbox.kind, 'password-reset')))
        .all().length;
    expectRedirect(await call(authAction, formRequest('/auth', { intent: 'recover-email', email: 'reset.depois@example.com' })), '/auth');
    expect(resets()).toBe(0);
    const cpf = await call(
      authAction,
      formRequest('/auth', { intent: 'recover', identifier: 'reset.depois@example.com', cpf: owner.cpf! }),
    );
    expect(cpf.status).toBeLessThan(400);

    db.update(users)
      .set({ emailChangedAt: new Date(Date.now() - EMAIL_RESET_HOLD_MS - 1000) })
      .where(eq(users.id, owner.id))
      .run();
    expectRedirect(await call(authAction, formRequest('/auth', { intent: 'recover-email', email: 'reset.depois@example.com' })), '/auth');
    expect(resets()).toBe(1);
  });

  test("'Reenviar link' in 'Minha Conta' sends a new confirmation (the old link dies), and is limited", async () => {
    const owner = await createUser({ emailConfirmed: false, email: 'reenviar@example.com' });
    const cookie = await sessionCookie(owner);
    expectRedirect(await call(accountAction, formRequest('/account', { intent: 'resend-confirmation' }, { cookie })), '/account');
    const first = linkIn((await mailsTo('reenviar@example.com'))[0]!, '/email/confirm');
    expectRedirect(await call(accountAction, formRequest('/account', { intent: 'resend-confirmation' }, { cookie })), '/account');
    expect((await call(confirmAction, formRequest(first, { intent: 'confirm-email' }))).status).toBe(400);
    for (let attempt = 0; attempt < 3; attempt += 1)
      await call(accountAction, formRequest('/account', { intent: 'resend-confirmation' }, { cookie }));
    expect((await call(accountAction, formRequest('/account', { intent: 'resend-confirmation' }, { cookie }))).status).toBe(429);
    expect(auditOf(owner.id).filter((entry) => entry.action === 'account.email_confirmation_sent')).toHaveLength(5);
  });

  test('a confirmation link for an address the account no longer has confirms nothing', async () => {
    const owner = await createUser({ email: 'primeiro@example.com' });
    const cookie = await sessionCookie(owner);
    await call(
      accountAction,
      formRequest('/account', { intent: 'profile', username: owner.username, email: 'segundo@example.com' }, { cookie }),
    );
    const stale = linkIn((await mailsTo('segundo@example.com'))[0]!, '/email/confirm');
    await call(
      accountAction,
      formRequest('/account', { intent: 'profile', username: owner.username, email: 'terceiro@example.com' }, { cookie }),
    );
    const page = await call(confirmLoader, getRequest(stale));
    expect(page.status).toBe(400);
    expect((await call(confirmAction, formRequest(stale, { intent: 'confirm-email' }))).status).toBe(400);
    expect(db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, owner.id)).get()?.at).toBeNull();
    // The notice to an old address that was never confirmed does not name the new one.
    const notice = (await mailsTo('segundo@example.com')).find((mail) => mail.subject?.includes('foi alterado'));
    expect(whole(notice!)).not.toContain('terceiro@example.com');
  });
});

describe("'Nome completo' (issue 27, item 8)", () => {
  test('the API takes and returns it beside the specified fields; a bad one is a 400 that changes nothing', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const refused = await call(profileApi, jsonRequest('/api/profile', { fullName: 'Ana\u202E avliS' }, { method: 'PATCH', cookie }));
    expect(refused.status).toBe(400);
    const saved = await call(profileApi, jsonRequest('/api/profile', { fullName: 'Ana  Luísa Prado' }, { method: 'PATCH', cookie }));
    expect(await body(saved)).toMatchObject({ username: user.username, email: user.email, fullName: 'Ana Luísa Prado' });
    const me = await call(userApi, getRequest('/api/user', { cookie }));
    expect(await body(me)).toMatchObject({ id: user.id, username: user.username, fullName: 'Ana Luísa Prado' });
    expect(auditOf(user.id)).toEqual([{ action: 'account.full_name', summary: 'nome completo informado' }]);
  });

  test('mails to a confirmed address greet by the full name; to an unconfirmed one, by no name', async () => {
    const confirmed = await createUser({ fullName: 'Marcos d’Ávila Oliveira', email: 'marcos@example.com' });
    const unconfirmed = await createUser({ fullName: 'Paula Nogueira', email: 'paula@example.com', emailConfirmed: false });
    for (const user of [confirmed, unconfirmed]) await openAndClose(user, 'Dúvida sobre o memorial');
    const [toConfirmed] = await mailsTo('marcos@example.com');
    expect(toConfirmed?.text).toContain('Olá, Marcos d’Ávila Oliveira. Seu ticket “Dúvida sobre o memorial” foi encerrado.');
    const [toUnconfirmed] = await mailsTo('paula@example.com');
    expect(toUnconfirmed?.text).toContain('Olá. Seu ticket de suporte foi encerrado.');
    expect(whole(toUnconfirmed!)).not.toContain('Paula');
  });

  test('the LGPD export carries it; deleting the account removes it', async () => {
    const user = await createUser({ fullName: 'Renata Lúcia Campos' });
    expect(exportPersonalData(user.id).profile).toMatchObject({ fullName: 'Renata Lúcia Campos', emailConfirmedAt: expect.any(String) });
    await deleteOwnAccount(user.id, 'senha123', '127.0.0.1');
    expect(db.select().from(users).where(eq(users.fullName, 'Renata Lúcia Campos')).all()).toEqual([]);
  });
});
