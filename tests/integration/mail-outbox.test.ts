import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  resumeInterruptedDeliveries,
  retryDelay,
  takeDueMails,
} from '../../app/models/mail/delivery.server';
import { enqueueMail, type OutgoingMail } from '../../app/models/mail/outbox.server';
import { fileTransport, smtpTransport, type MailTransport } from '../../app/plumbing/mail-transport.server';
import { deliverDueMails, startMailWorker, stopMailWorker } from '../../app/plumbing/mail-worker.server';
import { startSmtpSink, type SmtpSink } from '../setup/smtp-sink';
import { createUser } from '../setup/factories';

const FROM = 'E-Engenharia <nao-responda@e-engenharia.test>';

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    userId: null,
    to: 'Cliente@Example.com',
    kind: 'receipt',
    subject: 'Recibo de pagamento — ção',
    text: 'Olá! Seu pagamento de R$ 49,90 foi confirmado.',
    html: '<p>Olá! Seu pagamento de <strong>R$ 49,90</strong> foi confirmado.</p>',
    ...overrides,
  };
}

const rowOf = (id: number) => db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get()!;
/** Makes a waiting row due now, as time passing would. */
const makeDue = (id: number) =>
  db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(Date.now() - 1) })
    .where(eq(mailOutbox.id, id))
    .run();

let sink: SmtpSink;
let smtp: MailTransport;

beforeAll(async () => {
  sink = await startSmtpSink();
  smtp = smtpTransport(sink.url, FROM);
});
afterAll(async () => {
  smtp.close();
  await sink.close();
});
beforeEach(() => {
  // Each test starts with an empty outbox and nothing received.
  db.delete(mailOutbox).run();
  sink.received.length = 0;
});

describe('the transactional outbox over a real SMTP server', () => {
  test('a committed mail arrives once, with its subject, both bodies, sender and the Message-ID fixed in its row', async () => {
    const id = db.transaction((tx) => enqueueMail(tx, mail({ headers: { 'List-Unsubscribe': '<https://e-engenharia.test/u/abc>' } })))!;
    const pass = await deliverDueMails(smtp);
    expect(pass).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [arrived] = sink.received;
    const row = rowOf(id);
    expect(arrived?.subject).toBe('Recibo de pagamento — ção');
    expect(arrived?.text?.trim()).toBe('Olá! Seu pagamento de R$ 49,90 foi confirmado.');
    expect(arrived?.html).toContain('<strong>R$ 49,90</strong>');
    expect(arrived?.from?.value).toEqual([{ name: 'E-Engenharia', address: 'nao-responda@e-engenharia.test' }]);
    expect(arrived?.envelopeTo).toEqual(['cliente@example.com']);
    expect(arrived?.messageId).toBe(row.messageId);
    expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@e-engenharia\.localhost>$/);
    expect(arrived?.raw).toContain('List-Unsubscribe: <https://e-engenharia.test/u/abc>');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, leaseUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Nothing is due any more: a second pass sends nothing.
    expect(await deliverDueMails(smtp)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
  });

  test('a mail queued in a transaction that rolls back is never sent', async () => {
    expect(() =>
      db.transaction((tx) => {
        enqueueMail(tx, mail());
        throw new Error('o evento falhou');
      }),
    ).toThrow('o evento falhou');
    expect(db.select().from(mailOutbox).all()).toHaveLength(0);
    expect(await deliverDueMails(smtp)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);
  });

  test('a temporary refusal (451) waits and goes again, keeping the reason meanwhile', async () => {
    const id = enqueueMail(db, mail())!;
    sink.refuseNext(1, { code: 451, message: 'Caixa ocupada, tente mais tarde' });
    const before = Date.now();
    expect(await deliverDueMails(smtp)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = rowOf(id);
    expect(waiting.status).toBe('pending');
    expect(waiting.lastError).toContain('451');
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + RETRY_DELAYS_MS[0]);
    // Not due yet: nothing goes.
    expect(await deliverDueMails(smtp)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    makeDue(id);
    expect(await deliverDueMails(smtp)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(rowOf(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(sink.received).toHaveLength(1);
  });

  test('a permanent refusal (550) gives up at once with the server’s reason', async () => {
    const id = enqueueMail(db, mail({ to: 'nao-existe@example.com' }))!;
    sink.refuseNext(1, { code: 550, message: 'Mailbox unavailable' });
    expect(await deliverDueMails(smtp)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(rowOf(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rowOf(id).lastError).toMatch(/550.*Mailbox unavailable/);
  });

  test('a mail still failing after MAX_ATTEMPTS temporary refusals (about a day) is given up, saying after how many', async () => {
    const id = enqueueMail(db, mail())!;
    db.update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 2 })
      .where(eq(mailOutbox.id, id))
      .run();
    sink.refuseNext(2, { code: 421, message: 'Service not available' });
    expect(await deliverDueMails(smtp)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    makeDue(id);
    expect(await deliverDueMails(smtp)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(rowOf(id).lastError).toMatch(new RegExp(`^Desistimos após ${MAX_ATTEMPTS} tentativas: .*421`));
    // The bounded time: the waits between those attempts add up to about a day.
    const waited = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) => retryDelay(index + 1)).reduce((sum, delay) => sum + delay, 0);
    expect(waited / 3_600_000).toBeGreaterThan(20);
    expect(waited / 3_600_000).toBeLessThan(26);
  });

  test('no server listening is a temporary failure with its reason', async () => {
    const down = await startSmtpSink();
    const url = down.url;
    await down.close();
    const unreachable = smtpTransport(url, FROM);
    const id = enqueueMail(db, mail())!;
    expect(await deliverDueMails(unreachable)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(rowOf(id).lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    unreachable.close();
  });

  test('a mail with a dedupe key is queued once', () => {
    expect(enqueueMail(db, mail({ dedupeKey: 'plan-ending:42:3d' }))).toEqual(expect.any(Number));
    expect(enqueueMail(db, mail({ dedupeKey: 'plan-ending:42:3d' }))).toBeNull();
    expect(db.select().from(mailOutbox).all()).toHaveLength(1);
  });

  test('two processes delivering at once never take the same row', async () => {
    for (let index = 0; index < 30; index += 1) enqueueMail(db, mail({ to: `pessoa${index}@example.com` }));
    const first = takeDueMails(20);
    const second = takeDueMails(20);
    expect(first).toHaveLength(20);
    expect(second).toHaveLength(10);
    expect(new Set([...first, ...second].map((row) => row.id)).size).toBe(30);
    // Taken rows are not due again until their lease runs out, or the next start resumes them.
    expect(takeDueMails(20)).toHaveLength(0);
    expect(resumeInterruptedDeliveries()).toBe(30);
    expect(await deliverDueMails(smtp)).toEqual({ sent: 30, retrying: 0, failed: 0 });
    expect(new Set(sink.received.map((arrived) => arrived.envelopeTo[0])).size).toBe(30);
  });

  test('the worker delivers a mail as soon as it is committed, without waiting for its poll', async () => {
    startMailWorker(smtp);
    try {
      const user = await createUser();
      const started = Date.now();
      db.transaction((tx) => enqueueMail(tx, mail({ userId: user.id, to: user.email })));
      await sink.waitFor(1, 1_500);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(sink.received[0]?.envelopeTo).toEqual([user.email.toLowerCase()]);
    } finally {
      await stopMailWorker();
    }
    // Stopped: a new mail waits in the outbox.
    const id = enqueueMail(db, mail())!;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rowOf(id).status).toBe('pending');
  });

  test('without SMTP the mail is written as an .eml file that a mail client reads, with the same Message-ID', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'mail-')), 'mail');
    const files = fileTransport(directory, FROM);
    const id = enqueueMail(db, mail())!;
    expect(await deliverDueMails(files)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const written = readdirSync(directory);
    expect(written).toEqual([expect.stringMatching(new RegExp(`-${id}\\.eml$`))]);
    const parsed = await simpleParser(readFileSync(join(directory, written[0]!)));
    expect(parsed.subject).toBe('Recibo de pagamento — ção');
    expect(parsed.messageId).toBe(rowOf(id).messageId);
    expect(parsed.html).toContain('<strong>R$ 49,90</strong>');
    files.close();
  });
});
