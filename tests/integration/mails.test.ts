import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import { registerUser } from '../../app/models/signup/registration.server';
import { setPasswordRecoveryAs, updateAccount } from '../../app/models/accounts/account.server';
import { EMAIL_RECOVERY_SENT } from '../../app/models/accounts/password-recovery.server';
import { action as authAction, loader as authLoader } from '~/routes/_auth+/auth';
import { loader as resetLinkLoader } from '~/routes/_auth+/auth_.reset-link';
import { readToast } from '~/utils/toast.server';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { BASE_URL, call, cookieJar, createUser, expectRedirect, formRequest, getRequest } from '../setup/helpers';
import { smtpTransport, type MailTransport } from '../../app/plumbing/mail-transport.server';
import { deliverDueMails } from '../../app/plumbing/mail-worker.server';
import { startSmtpSink, type SmtpSink } from '../setup/smtp-sink';

/**
 * Each mail the platform sends, caused by its real event and delivered to a real SMTP server in
 * this process: what arrived (headers, both bodies, links) is what is checked. The text bodies are
 * snapshots, so a change of wording shows in review.
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

async function deliveredTo(address: string) {
  await deliverDueMails(smtp);
  return sink.received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase()));
}

describe('the welcome mail', () => {
  test('registration queues it in its own transaction; it names nobody and carries the link that confirms the address', async () => {
    const { user } = await registerUser({
      username: 'boas_vindas',
      email: 'Boas.Vindas@example.com',
      cpf: '52998224725',
      password: 'senha-segura-1',
    });
    expect(db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id)).all()).toHaveLength(1);
    const [mail] = await deliveredTo('boas.vindas@example.com');
    expect(mail?.subject).toBe('Bem-vindo ao E-Engenharia');
    expect(mail?.html).toMatch(/href="http:\/\/127\.0\.0\.1:3000\/email\/confirm\?token=[\w-]{43}"/);
    expect(mail?.text?.replace(/token=[\w-]{43}/, 'token={token}')).toMatchInlineSnapshot(`
      "E-Engenharia

      Olá! Sua conta está pronta.

      Com o plano E-BASIC você já usa as calculadoras básicas de engenharia mecânica, elétrica, têxtil, informática e química, salva seus cálculos no histórico e fala com o suporte quando precisar.

      Quando quiser mais ferramentas, os planos E-TOOL e E-MASTER liberam as calculadoras avançadas e os cursos.

      Confirme que este e-mail é seu pelo botão abaixo (o link vale por 7 dias). Até lá, nossos e-mails para este endereço não trazem textos escritos na conta.

      Se você não criou esta conta, ignore este e-mail: sem a confirmação, este endereço não recebe mensagens escritas por quem a criou.

      Confirmar meu e-mail: http://127.0.0.1:3000/email/confirm?token={token}

      --
      Você recebeu este e-mail porque uma conta no E-Engenharia foi criada com este endereço."
    `);
  });

  test('a refused registration (an unknown promo code) queues nothing', async () => {
    await expect(
      registerUser({
        username: 'sem_mail',
        email: 'sem.mail@example.com',
        cpf: '11144477735',
        password: 'senha-segura-1',
        promoCode: 'NAOEXISTE',
      }),
    ).rejects.toMatchObject({ status: 404, field: 'code' });
    expect(db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'sem.mail@example.com')).all()).toHaveLength(0);
  });
});

describe("'Recuperar senha por e-mail'", () => {
  const post = (fields: Record<string, string>, cookie?: string) => call(authAction, formRequest('/auth', fields, { cookie }));
  const toastOf = async (response: Response) => {
    const cookie = response.headers
      .getSetCookie()
      .find((header) => header.startsWith('en_toast='))
      ?.split(';')[0];
    return cookie ? (await readToast(new Request(BASE_URL, { headers: { Cookie: cookie } }))).toast : null;
  };
  /** Asks for the link as the page does, delivers, and returns the link the mail carries (or null when no mail came). */
  async function askForLink(email: string): Promise<string | null> {
    const before = sink.received.length;
    const answer = await post({ intent: 'recover-email', email });
    expectRedirect(answer, '/auth');
    expect(await toastOf(answer)).toMatchObject({ title: 'Verifique seu e-mail', description: EMAIL_RECOVERY_SENT });
    await deliverDueMails(smtp);
    const mail = sink.received.slice(before).find((arrived) => arrived.envelopeTo.includes(email.toLowerCase()));
    if (!mail) return null;
    expect(mail.subject).toBe('Redefinir sua senha do E-Engenharia');
    return /https?:\/\/\S+\/auth\/reset-link\?token=\S+/.exec(mail.text ?? '')?.[0] ?? null;
  }
  /** Follows the link as a browser would: its loader, then the reset dialog's form. */
  async function followLink(link: string, password: string): Promise<Response> {
    const jar = cookieJar();
    const opened = await call(resetLinkLoader, getRequest(new URL(link).pathname + new URL(link).search));
    expectRedirect(opened, '/auth?dialog=reset');
    expect(opened.headers.get('Cache-Control')).toBe('no-store');
    jar.absorb(opened);
    return post({ intent: 'reset', password, confirmPassword: password }, jar.header());
  }

  beforeEach(async () => {
    await resetAllLimits();
  });

  test('the link arrives, opens the new-password dialog without the token in the address, and the new password logs in', async () => {
    const user = await createUser();
    const link = await askForLink(user.email);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/auth\/reset-link\?token=[\w-]{43}$/);
    const opened = await call(resetLinkLoader, getRequest(new URL(link!).pathname + new URL(link!).search));
    const jar = cookieJar();
    jar.absorb(opened);
    expect((await (await call(authLoader, getRequest('/auth?dialog=reset', { cookie: jar.header() }))).json()).hasRecoveryToken).toBe(true);
    expectRedirect(await followLink(link!, 'nova-senha-1'), '/auth');
    expectRedirect(await post({ intent: 'login', email: user.email, password: 'nova-senha-1' }), '/dashboard');
    // Single use: the same link again leads to an expired recovery.
    const again = await followLink(link!, 'outra-senha-2');
    expect(again.status).toBe(400);
    expect(db.select({ password: users.password }).from(users).where(eq(users.id, user.id)).get()?.password).not.toContain('outra');
  });

  test('an address without an account gets the same answer and no mail', async () => {
    expect(await askForLink('ninguem-aqui@example.com')).toBeNull();
  });

  test('the next link, a password change and switching recovery off each invalidate a link; with recovery off no mail is sent', async () => {
    const user = await createUser();
    const first = await askForLink(user.email);
    const second = await askForLink(user.email);
    expect((await followLink(first!, 'primeira-1')).status).toBe(400);
    expectRedirect(await followLink(second!, 'segunda-2'), '/auth');

    const third = await askForLink(user.email);
    await updateAccount(user.id, { currentPassword: 'segunda-2', newPassword: 'trocada-3' }, '127.0.0.1');
    expect((await followLink(third!, 'terceira-3')).status).toBe(400);

    const fourth = await askForLink(user.email);
    setPasswordRecoveryAs(user, user.id, true);
    expect((await followLink(fourth!, 'quarta-44')).status).toBe(400);
    expect(await askForLink(user.email)).toBeNull();
  });

  test('a link past its 30 minutes is expired', async () => {
    const user = await createUser();
    const link = await askForLink(user.email);
    db.update(users)
      .set({ resetTokenExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
      .run();
    expect((await followLink(link!, 'tarde-demais')).status).toBe(400);
  });

  test('a garbage or missing token lands on the expired dialog, never a 500', async () => {
    for (const path of [
      '/auth/reset-link',
      '/auth/reset-link?token=',
      '/auth/reset-link?token=abc',
      `/auth/reset-link?token=${'x'.repeat(5000)}`,
    ]) {
      expectRedirect(await call(resetLinkLoader, getRequest(path)), '/auth?dialog=reset');
    }
  });

  test('asking too often for one address is refused like the CPF flow, without saying whether it exists', async () => {
    const user = await createUser();
    for (let attempt = 0; attempt < 5; attempt += 1) expectRedirect(await post({ intent: 'recover-email', email: user.email }), '/auth');
    const refused = await post({ intent: 'recover-email', email: user.email });
    expect(refused.status).toBe(429);
  });
});
