import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { mailOutbox, type UserRow } from '../../db/schema';
import { createThread, postMessage } from '../../app/models/chat/chat.server';
import { queueSupportReplyMail } from '../../app/models/chat/support-mails.server';
import { setMailChoice } from '../../app/models/mail/preferences.server';
import { hasOpenLiveTab } from '../../app/models/live-bus/live-presence.server';
import { smtpTransport, type MailTransport } from '../../app/plumbing/mail-transport.server';
import { deliverDueMails } from '../../app/plumbing/mail-worker.server';
import { serveLiveStream } from '../../app/plumbing/live-stream.server';
import { action as ticketAction } from '~/routes/_app+/chat.$id';
import { action as newChatAction } from '~/routes/_app+/chat.new';
import { call, createUser, expectRedirect, formRequest, sessionCookie } from '../setup/helpers';
import { queryPlans } from './helpers/query-plans';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../setup/smtp-sink';

/**
 * The support mails (docs/mail.md), caused by the real events (the ticket page's and 'Nova
 * Conversa''s forms, as posted without JavaScript, or the chat model) and delivered to a real SMTP
 * server in this process: 'Nova resposta no seu ticket' to the owner without an open tab, at most
 * one per ticket every 15 minutes gathering the replies, and 'Novo ticket' to the admins.
 */
let sink: SmtpSink;
let smtp: MailTransport;
let liveServer: http.Server;
let liveOrigin = '';

beforeAll(async () => {
  sink = await startSmtpSink();
  smtp = smtpTransport(sink.url, 'E-Engenharia <nao-responda@e-engenharia.test>');
  liveServer = http.createServer((req, res) => void serveLiveStream(req, res));
  await new Promise<void>((resolve) => liveServer.listen(0, '127.0.0.1', resolve));
  liveOrigin = `http://127.0.0.1:${(liveServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  smtp.close();
  await sink.close();
  liveServer.closeAllConnections();
  await new Promise((resolve) => liveServer.close(resolve));
});

async function deliveredTo(address: string) {
  await deliverDueMails(smtp);
  return sink.received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase()));
}

/** A header as it arrived (unfolded), without its name. */
function headerOf(mail: ReceivedMail | undefined, name: string): string | undefined {
  const line = mail?.headerLines.find((header) => header.key === name)?.line;
  return line
    ?.replace(/\r?\n(?=[ \t])/g, '')
    .slice(line.indexOf(':') + 1)
    .trim();
}

const supportRows = (userId: number) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'support-reply')))
    .orderBy(mailOutbox.id)
    .all();

/** A user's ticket (as 'Nova Conversa' creates it) and an admin to answer it. */
async function ticketWithDesk(subject = 'Queda de tensão no motor') {
  const user = await createUser();
  const admin = await createUser({ role: 'admin' });
  const thread = await createThread(user, { subject, message: 'O resultado passa de 4 %. Está certo?' });
  return { user, admin, thread };
}

/** The admin's reply through the ticket page's form, as the browser posts it without JavaScript. */
async function replyThroughPage(admin: UserRow, threadId: number, message: string) {
  const answer = await call(
    ticketAction,
    formRequest(`/chat/${threadId}`, { intent: 'send', message }, { cookie: await sessionCookie(admin) }),
    { id: String(threadId) },
  );
  expectRedirect(answer, `/chat/${threadId}#recentes`);
}

describe("'Nova resposta no seu ticket'", () => {
  test('an admin reply through the ticket page mails the owner (no tab open): the quote, one button to the ticket, one-click unsubscribe', async () => {
    const { user, admin, thread } = await ticketWithDesk();
    await replyThroughPage(admin, thread.id, 'Sim, o limite da NBR 5410 é 4 %.\nAumente a seção do condutor.');
    const [mail, ...more] = await deliveredTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Nova resposta no seu ticket: Queda de tensão no motor');
    expect(headerOf(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^<http://127\\.0\\.0\\.1:3000/email/unsubscribe\\?u=${user.id}&k=support-reply&t=[\\w-]+>$`),
    );
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail?.html).toContain(`href="http://127.0.0.1:3000/chat/${thread.id}"`);
    expect(mail?.html).toContain('Suporte E-Engenharia');
    const text = (mail?.text ?? '')
      .replaceAll(user.username, '{username}')
      .replace(/\/chat\/\d+/, '/chat/{id}')
      .replace(/u=\d+&k=support-reply&t=[\w-]+/, 'u={id}&k=support-reply&t={token}');
    expect(text).toMatchInlineSnapshot(`
      "E-Engenharia

      Olá, {username}. O suporte respondeu ao ticket “Queda de tensão no motor”.

      Suporte E-Engenharia:
      > Sim, o limite da NBR 5410 é 4 %.
      > Aumente a seção do condutor.

      Para continuar a conversa, responda pelo ticket: respostas a este e-mail não chegam ao suporte.

      Abrir o ticket: http://127.0.0.1:3000/chat/{id}

      --
      Você recebeu este e-mail porque o suporte respondeu um ticket seu enquanto você não estava com o E-Engenharia aberto.
      Não quero mais receber este tipo de e-mail: http://127.0.0.1:3000/email/unsubscribe?u={id}&k=support-reply&t={token}"
    `);
  });

  test('with a tab open on the live stream nothing is queued; once it closes, the next reply mails', async () => {
    const { user, admin, thread } = await ticketWithDesk();
    const abort = new AbortController();
    const stream = await fetch(`${liveOrigin}/resources/live`, { headers: { Cookie: await sessionCookie(user) }, signal: abort.signal });
    expect(stream.status).toBe(200);
    expect(hasOpenLiveTab(user.id)).toBe(true);
    await postMessage(admin, thread.id, 'Resposta vista ao vivo.');
    expect(supportRows(user.id)).toHaveLength(0);

    abort.abort();
    await vi.waitFor(() => expect(hasOpenLiveTab(user.id)).toBe(false));
    await postMessage(admin, thread.id, 'Resposta com a aba fechada.');
    const mails = await deliveredTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('> Resposta com a aba fechada.');
    expect(mails[0]?.text).not.toContain('Resposta vista ao vivo.');
  });

  test('three replies make one mail with the three quotes; a fourth within 15 minutes waits for the interval, then goes alone', async () => {
    const { user, admin, thread } = await ticketWithDesk('Dimensionamento de cabo');
    await postMessage(admin, thread.id, 'Primeira resposta.');
    await postMessage(user, thread.id, 'Obrigado, mas e a queda?');
    await postMessage(admin, thread.id, 'Segunda resposta.');
    await postMessage(admin, thread.id, 'Terceira resposta.');
    expect(supportRows(user.id)).toHaveLength(1);

    const [first, ...others] = await deliveredTo(user.email);
    expect(others).toHaveLength(0);
    expect(first?.subject).toBe('Novas respostas no seu ticket: Dimensionamento de cabo');
    expect(first?.text).toContain('O suporte enviou 3 respostas');
    expect(first?.text).toContain(
      'Suporte E-Engenharia:\n> Primeira resposta.\n\nSuporte E-Engenharia:\n> Segunda resposta.\n\nSuporte E-Engenharia:\n> Terceira resposta.',
    );
    expect(first?.text).not.toContain('Obrigado, mas e a queda?');

    await postMessage(admin, thread.id, 'Quarta resposta.');
    const [sent, waiting] = supportRows(user.id);
    expect(waiting?.status).toBe('pending');
    expect(waiting!.nextAttemptAt.getTime()).toBe(sent!.sentAt!.getTime() + 15 * 60_000);
    await postMessage(admin, thread.id, 'Quinta resposta.');
    expect(supportRows(user.id)).toHaveLength(2);
    expect(await deliveredTo(user.email)).toHaveLength(1);

    // The 15 minutes pass.
    db.update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, waiting!.id))
      .run();
    const all = await deliveredTo(user.email);
    expect(all).toHaveLength(2);
    expect(all[1]?.text).toContain('> Quarta resposta.');
    expect(all[1]?.text).toContain('> Quinta resposta.');
    expect(all[1]?.text).not.toContain('Terceira resposta.');

    // Long after the last mail, a reply goes at once.
    db.update(mailOutbox)
      .set({ sentAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(mailOutbox.id, waiting!.id))
      .run();
    await postMessage(admin, thread.id, 'Sexta resposta.');
    const later = await deliveredTo(user.email);
    expect(later).toHaveLength(3);
    expect(later[2]?.subject).toBe('Nova resposta no seu ticket: Dimensionamento de cabo');
    expect(later[2]?.text).toContain('> Sexta resposta.');
  });

  test('a reply while the last mail is being delivered is not added to it: it waits 15 minutes in a mail of its own', async () => {
    const { user, admin, thread } = await ticketWithDesk();
    await postMessage(admin, thread.id, 'Resposta já a caminho.');
    const [taken] = supportRows(user.id);
    db.update(mailOutbox).set({ status: 'sending' }).where(eq(mailOutbox.id, taken!.id)).run();
    const before = Date.now();
    await postMessage(admin, thread.id, 'Resposta durante o envio.');
    const rows = supportRows(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textBody).not.toContain('Resposta durante o envio.');
    expect(rows[1]).toMatchObject({ status: 'pending' });
    expect(rows[1]?.textBody).toContain('> Resposta durante o envio.');
    expect(rows[1]?.textBody).not.toContain('Resposta já a caminho.');
    expect(rows[1]!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000);
    db.delete(mailOutbox).where(eq(mailOutbox.userId, user.id)).run();
  });

  test("a reply's lookups (the ticket's last mail, its replies, the opt-out) read through indexes", async () => {
    const { user, admin, thread } = await ticketWithDesk();
    const reply = await postMessage(admin, thread.id, 'Resposta para o plano de consulta.');
    const plans = queryPlans(sqliteConnection(), () =>
      db.transaction((tx) => queueSupportReplyMail(tx, { id: thread.id, userId: user.id, subject: thread.subject }, reply.id)),
    );
    const reads = plans.filter((plan) => /^select/i.test(plan.sql)).flatMap((plan) => plan.plan);
    expect(reads.join('\n')).toContain('mail_outbox_topic_idx');
    // The support's replies from the first one on: a range of the ticket's replies in an index, not the whole ticket.
    expect(reads.join('\n')).toContain('chat_messages_thread_replies_idx (thread_id=? AND is_admin_message=? AND created_at>?)');
    expect(reads.filter((step) => /^SCAN (mail_outbox|chat_messages|mail_opt_outs|users)\b/.test(step) && !/USING/.test(step))).toEqual([]);
  });

  test('a mail gathering 25 replies quotes the newest 20 and counts the rest; each reply reads those 20 rows, not every reply since the mail began', async () => {
    const { user, admin, thread } = await ticketWithDesk('Muitas respostas');
    const rowsRead: number[] = [];
    const sqlite = sqliteConnection();
    const prepare = sqlite.prepare;
    sqlite.prepare = ((source: string) => {
      const statement = prepare.call(sqlite, source) as unknown as { all: (...params: unknown[]) => unknown[] };
      if (!/^select "message" from "chat_messages"/i.test(source)) return statement;
      const all = statement.all;
      statement.all = (...params: unknown[]) => {
        const rows = all.apply(statement, params);
        rowsRead.push(rows.length);
        return rows;
      };
      return statement;
    }) as typeof sqlite.prepare;
    try {
      for (let reply = 1; reply <= 25; reply += 1) await postMessage(admin, thread.id, `Resposta número ${reply}.`);
    } finally {
      sqlite.prepare = prepare;
    }
    expect(supportRows(user.id)).toHaveLength(1);
    expect(rowsRead).toHaveLength(25);
    expect(Math.max(...rowsRead)).toBe(20);

    const [mail] = await deliveredTo(user.email);
    expect(mail?.text).toContain('As 5 respostas mais antigas estão no ticket; seguem as 20 mais recentes.');
    expect(mail?.text).not.toContain('> Resposta número 5.');
    expect(mail?.text).toContain('> Resposta número 6.\n\nSuporte E-Engenharia:\n> Resposta número 7.');
    expect(mail?.text).toContain('> Resposta número 25.');
  });

  test('a user who switched support replies off gets nothing', async () => {
    const { user, admin, thread } = await ticketWithDesk();
    setMailChoice(user.id, 'support-reply', false);
    await replyThroughPage(admin, thread.id, 'Resposta que não vira e-mail.');
    expect(supportRows(user.id)).toHaveLength(0);
    expect(await deliveredTo(user.email)).toHaveLength(0);
  });

  test("the user's own messages mail nobody; an admin's ticket answered by the admin itself neither", async () => {
    const { user, admin, thread } = await ticketWithDesk();
    const before = db.select().from(mailOutbox).all().length;
    await postMessage(user, thread.id, 'Mais um detalhe: o motor tem 15 kW.');
    expect(db.select().from(mailOutbox).all()).toHaveLength(before);

    const own = await createThread(admin, { subject: 'Ticket do próprio admin', message: 'Nota interna.' });
    const afterOwn = db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'support-reply')).all().length;
    await postMessage(admin, own.id, 'Respondendo a mim mesmo.');
    expect(db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'support-reply')).all()).toHaveLength(afterOwn);
  });
});

describe("'Novo ticket'", () => {
  test("'Nova Conversa' mails every admin who did not switch it off, in the ticket's transaction, with the first message and the ticket's link", async () => {
    const wants = await createUser({ role: 'admin' });
    const optedOut = await createUser({ role: 'admin' });
    setMailChoice(optedOut.id, 'new-ticket', false);
    const user = await createUser();
    const answer = await call(
      newChatAction,
      formRequest(
        '/chat/new',
        { intent: 'create', subject: 'Cálculo de viga', message: 'A flecha ficou acima de L/250.\nO que faço?' },
        { cookie: await sessionCookie(user) },
      ),
    );
    expectRedirect(answer, /^\/chat\/\d+#recentes$/);
    const threadId = Number(/\/chat\/(\d+)/.exec(answer.headers.get('Location')!)![1]);

    expect(await deliveredTo(optedOut.email)).toHaveLength(0);
    const [mail, ...more] = await deliveredTo(wants.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Novo ticket: Cálculo de viga');
    expect(headerOf(mail, 'list-unsubscribe')).toContain(`u=${wants.id}&k=new-ticket&t=`);
    expect(mail?.html).toContain(`href="http://127.0.0.1:3000/chat/${threadId}"`);
    expect(await deliveredTo(user.email)).toHaveLength(0);
    const text = (mail?.text ?? '')
      .replaceAll(wants.username, '{admin}')
      .replaceAll(user.username, '{user}')
      .replace(/\/chat\/\d+/, '/chat/{id}')
      .replace(/u=\d+&k=new-ticket&t=[\w-]+/, 'u={id}&k=new-ticket&t={token}');
    expect(text).toMatchInlineSnapshot(`
      "E-Engenharia

      Olá, {admin}. {user} abriu um ticket de suporte.

      Assunto: Cálculo de viga
      Usuário: {user}

      {user}:
      > A flecha ficou acima de L/250.
      > O que faço?

      Responder no painel: http://127.0.0.1:3000/chat/{id}

      --
      Você recebeu este e-mail porque é administrador do E-Engenharia e recebe os novos tickets de suporte.
      Não quero mais receber este tipo de e-mail: http://127.0.0.1:3000/email/unsubscribe?u={id}&k=new-ticket&t={token}"
    `);
  });

  test('a ticket refused (a blank subject) queues no mail', async () => {
    const user = await createUser();
    const before = db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'new-ticket')).all().length;
    await expect(createThread(user, { subject: '  ', message: 'Mensagem' })).rejects.toMatchObject({ status: 400 });
    expect(db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'new-ticket')).all()).toHaveLength(before);
  });
});
