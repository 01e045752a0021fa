import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { registerUser } from '../../app/models/accounts/registration.server';
import { smtpTransport, type MailTransport } from '../../app/server/mail-transport.server';
import { deliverDueMails } from '../../app/server/mail-worker.server';
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
  test('registration queues it in its own transaction; it arrives with the dashboard link', async () => {
    const { user } = await registerUser({ username: 'boas_vindas', email: 'Boas.Vindas@example.com', cpf: '52998224725', password: 'senha-segura-1' });
    expect(db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id)).all()).toHaveLength(1);
    const [mail] = await deliveredTo('boas.vindas@example.com');
    expect(mail?.subject).toBe('Bem-vindo ao E-Engenharia');
    expect(mail?.html).toContain('href="http://127.0.0.1:3000/dashboard"');
    expect(mail?.text).toMatchInlineSnapshot(`
      "E-Engenharia

      Olá, boas_vindas! Sua conta está pronta.

      Com o plano E-BASIC você já usa as calculadoras básicas de engenharia mecânica, elétrica, têxtil, informática e química, salva seus cálculos no histórico e fala com o suporte quando precisar.

      Quando quiser mais ferramentas, os planos E-TOOL e E-MASTER liberam as calculadoras avançadas e os cursos.

      Abrir meu painel: http://127.0.0.1:3000/dashboard

      --
      Você recebeu este e-mail porque criou uma conta no E-Engenharia com este endereço."
    `);
  });

  test('a refused registration (an unknown promo code) queues nothing', async () => {
    await expect(registerUser({ username: 'sem_mail', email: 'sem.mail@example.com', cpf: '11144477735', password: 'senha-segura-1', promoCode: 'NAOEXISTE' })).rejects.toMatchObject({ status: 404, field: 'code' });
    expect(db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'sem.mail@example.com')).all()).toHaveLength(0);
  });
});
