/**
 * The mail outbox under a burst (docs/mail.md): COUNT welcome mails queued through the app's own
 * `enqueueMail` (rendered by the app's template) in one transaction on the demo database, then
 * delivered by the production server's worker to an SMTP server in this process on 127.0.0.1.
 * Measures the queueing time, the time until the last mail was accepted, mails per second, the
 * server's CPU and resident memory (peak sampled every 100 ms), and checks that every row ended
 * 'sent' with no Message-ID received twice. Run by `npm run bench` (its own section of
 * bench/results.md) or alone: `npm run bench:mail [-- --count=N]`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { cpuBetween, groupCpu, killAll } from './processes';
import { origin, PORTS, prepareSmallDatabase, serverMemory, startApp, stop } from './servers';

export type MailBenchResult = {
  count: number;
  queueMs: number;
  deliverMs: number;
  perSecond: number;
  cpuMsPerMail: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  received: number;
  duplicates: number;
  notSent: number;
};

/** An SMTP server that only counts: each mail's Message-ID, read from its header. */
async function countingSmtpServer() {
  const ids = new Map<string, number>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `sem-id-${ids.size}`;
        ids.set(id, (ids.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => [...ids.values()].reduce((sum, n) => sum + n, 0),
    duplicates: () => [...ids.values()].filter((n) => n > 1).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** On `databasePath` (the demo database the bench already made), or a fresh one. */
export async function measureMailDelivery(
  count: number,
  say: (line: string) => void = console.log,
  databasePath?: string,
): Promise<MailBenchResult> {
  databasePath ??= await prepareSmallDatabase('mail');
  // The queue side renders templates with React: its production build, as the server runs it. Loading
  // the app's modules checks a production configuration, which this process only needs to pass.
  process.env.NODE_ENV = 'production';
  process.env.SESSION_SECRET ??= 'bench-secret';
  process.env.STRIPE_TEST_MODE ??= '1';
  process.env.MAIL_TRANSPORT ??= 'file';
  process.env.PUBLIC_ORIGIN ??= origin(PORTS.mail);
  const smtp = await countingSmtpServer();
  const app = await startApp('app-mail', PORTS.mail, databasePath, 1, {
    MAIL_TRANSPORT: undefined,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'E-Engenharia <nao-responda@e-engenharia.test>',
  });
  try {
    // The queue side runs in this process, through the app's own modules, on the server's file.
    process.env.DATABASE_URL = `file:${databasePath}`;
    process.env.SESSION_SECRET ??= 'bench-secret';
    const { db, sqliteConnection } = await import('../db/client');
    const { enqueueMail } = await import('../app/models/mail/outbox.server');
    const { renderEmail } = await import('../app/emails/render');
    const { welcomeEmail } = await import('../app/emails/welcome');

    const rssBeforeMb = serverMemory(app)?.rssMb ?? 0;
    const cpuBefore = groupCpu(app.group.pid);
    const queueStarted = performance.now();
    db.transaction((tx) => {
      for (let index = 0; index < count; index += 1) {
        const mail = renderEmail(welcomeEmail({ confirmUrl: `http://127.0.0.1/email/confirm?token=bench${index}`, days: 7 }));
        enqueueMail(tx, { userId: null, to: `bench_${index}@example.com`, kind: 'welcome', ...mail });
      }
    });
    const queueMs = performance.now() - queueStarted;
    say(`  ${count} e-mails na fila em ${Math.round(queueMs)} ms; entregando…`);

    const started = performance.now();
    let rssPeakMb = rssBeforeMb;
    const deadline = started + 10 * 60_000;
    while (smtp.received() < count && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rssPeakMb = Math.max(rssPeakMb, serverMemory(app)?.rssMb ?? 0);
    }
    const deliverMs = performance.now() - started;
    const cpuMs = cpuBetween(cpuBefore, groupCpu(app.group.pid));
    // The worker marks a row sent right after the server's 250: give the last ones a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const notSent = (
      sqliteConnection()
        .prepare("select count(*) as n from mail_outbox where to_address like 'bench!_%@example.com' escape '!' and status != 'sent'")
        .get() as { n: number }
    ).n;
    return {
      count,
      queueMs,
      deliverMs,
      perSecond: (smtp.received() / deliverMs) * 1000,
      cpuMsPerMail: cpuMs / Math.max(1, smtp.received()),
      rssBeforeMb,
      rssPeakMb,
      received: smtp.received(),
      duplicates: smtp.duplicates(),
      notSent,
    };
  } finally {
    await stop(app);
    await smtp.close();
  }
}

export function renderMailSection(result: MailBenchResult): string {
  const row = (label: string, value: string) => `| ${label} | ${value} |`;
  return [
    '## Mail outbox: a burst delivered over SMTP',
    '',
    `${result.count.toLocaleString('en-US')} welcome mails queued with the app's \`enqueueMail\` in one transaction on the demo database, delivered by the production server's worker (one process, a pool of 4 SMTP connections) to an SMTP server in the bench process on 127.0.0.1 (docs/mail.md).`,
    '',
    '| measure | value |',
    '|---|---|',
    row('queued in', `${Math.round(result.queueMs).toLocaleString('en-US')} ms`),
    row('all accepted by the SMTP server after', `${(result.deliverMs / 1000).toFixed(1)} s`),
    row('mails per second', result.perSecond.toFixed(0)),
    row("server's CPU per mail", `${result.cpuMsPerMail.toFixed(2)} ms`),
    row("server's resident memory before → peak", `${result.rssBeforeMb.toFixed(0)} → ${result.rssPeakMb.toFixed(0)} MB`),
    row('received / Message-IDs received twice / rows not sent', `${result.received} / ${result.duplicates} / ${result.notSent}`),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const countArg = process.argv.find((arg) => arg.startsWith('--count='));
  const count = countArg ? Number(countArg.split('=')[1]) : 10_000;
  const { buildApp } = await import('./servers');
  if (!process.argv.includes('--no-build')) await buildApp();
  const result = await measureMailDelivery(count);
  await killAll();
  console.log(renderMailSection(result));
  process.exit(result.received >= count && result.notSent === 0 ? 0 : 1);
}
