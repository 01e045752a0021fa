import { expect, test } from '@playwright/test';
import { startSmtpSink, type SmtpSink } from '../setup/smtp-sink';
import { launch, startProductionServer, type ProductionServer } from './production-server';
import { inParallel, inspect, MANY_CLIENTS_ENV, registerClient, runTag, sleep } from './load-client';

/**
 * The outbox survives a SIGKILL in the middle of deliveries (docs/mail.md). Users register (each
 * acknowledged registration committed a welcome mail) while the server delivers to a slow SMTP
 * server in this process; the server is killed once some mails have arrived and others are on
 * the wire, then started again on the same file. Every committed mail arrives; a mail the SMTP
 * server accepted just before the kill, whose row had not yet been marked sent, arrives twice
 * with the same Message-ID (at-least-once delivery): the test counts those and prints the count.
 */
const USERS = 80;

test('after SIGKILL mid-delivery, a restart delivers every committed mail; duplicates carry the same Message-ID', async () => {
  let sink: SmtpSink | undefined;
  let server: ProductionServer | undefined;
  try {
    sink = await startSmtpSink();
    // Slow enough that deliveries are in flight when the kill lands.
    sink.delayAcceptance(60);
    const mailEnv = {
      ...MANY_CLIENTS_ENV,
      MAIL_TRANSPORT: '',
      SMTP_URL: sink.url,
      MAIL_FROM: 'E-Engenharia <nao-responda@e-engenharia.test>',
    };
    server = await startProductionServer({ name: 'mail-crash', env: mailEnv });
    const live = server;

    const registered: string[] = [];
    let registering = true;
    const registrations = inParallel(
      Array.from({ length: USERS }, (_, index) => `ml${runTag}u${index}`),
      4,
      async (username) => {
        if (!registering) return;
        try {
          await registerClient(live, username);
          registered.push(`${username}@example.com`.toLowerCase());
        } catch {
          // Cut by the kill: not acknowledged, so its mail may or may not exist.
        }
      },
    );

    const received = sink.received;
    const killBy = Date.now() + 20_000;
    while (received.length < 20 && Date.now() < killBy) await sleep(10);
    expect(received.length).toBeGreaterThanOrEqual(20);
    const killed = await server.stop('SIGKILL');
    registering = false;
    await registrations;
    expect(killed.signal).toBe('SIGKILL');
    const beforeRestart = received.length;

    const committed = inspect(
      live.dbPath,
      (sqlite) =>
        sqlite.prepare('select message_id as messageId, to_address as address, status from mail_outbox').all() as {
          messageId: string;
          address: string;
          status: string;
        }[],
    );
    const inFlight = committed.filter((row) => row.status === 'sending').length;
    // Every acknowledged registration committed its welcome mail.
    const committedAddresses = new Set(committed.map((row) => row.address));
    for (const address of registered) expect(committedAddresses.has(address), address).toBe(true);

    server = await launch(live.dir, live.dbPath, live.port, live.env);
    await sink.waitFor(beforeRestart + 1, 30_000).catch(() => undefined);
    const deadline = Date.now() + 30_000;
    const arrivedIds = () => new Set(received.map((mail) => mail.messageId));
    while (committed.some((row) => !arrivedIds().has(row.messageId)) && Date.now() < deadline) await sleep(50);

    const missing = committed.filter((row) => !arrivedIds().has(row.messageId));
    expect(missing, 'committed mails that never arrived').toEqual([]);
    // The SMTP server keeps a mail before its 250 reaches the worker, which marks the row sent right after: wait for those last marks.
    const notSent = () =>
      (
        inspect(live.dbPath, (sqlite) => sqlite.prepare("select count(*) as pending from mail_outbox where status != 'sent'").get()) as {
          pending: number;
        }
      ).pending;
    while (notSent() > 0 && Date.now() < deadline) await sleep(50);
    expect(notSent()).toBe(0);

    const counts = new Map<string, number>();
    for (const mail of received) counts.set(mail.messageId ?? '', (counts.get(mail.messageId ?? '') ?? 0) + 1);
    const twice = [...counts.values()].filter((count) => count > 1).length;
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    const summary = `e-mails: ${committed.length} confirmados no banco, ${beforeRestart} chegaram antes do SIGKILL, ${inFlight} em entrega no momento do kill, ${received.length} recebidos no total, ${twice} entregues duas vezes (mesmo Message-ID), 0 perdidos`;
    test.info().annotations.push({ type: 'mail-crash', description: summary });
    console.log(summary);
  } finally {
    await server?.stop('SIGKILL');
    await sink?.close();
  }
});
