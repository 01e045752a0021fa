import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server in the test's process (the `smtp-server` package of the nodemailer
 * project): it speaks SMTP on 127.0.0.1 without TLS or authentication, parses each mail it
 * accepts with `mailparser` and keeps it, so a test checks what actually arrived.
 */
export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: string };

type Refusal = { code: number; message: string };

export type SmtpSink = {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedMail[];
  /** The next `count` mails are refused with this SMTP reply (451 temporary, 550 permanent). */
  refuseNext(count: number, refusal: Refusal): void;
  /** Each mail is accepted only after this many milliseconds (a slow server, for the crash test). */
  delayAcceptance(ms: number): void;
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export async function startSmtpSink({
  port = 0,
  options = {},
}: { port?: number; options?: Partial<SMTPServerOptions> } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refusals: Refusal[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let delayMs = 0;

  const settle = () => {
    for (const waiter of [...waiters]) {
      if (received.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 10 * 1024 * 1024,
    ...options,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks);
        const accept = async () => {
          const parsed = await simpleParser(raw);
          received.push(
            Object.assign(parsed, { envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: raw.toString('utf8') }),
          );
          callback();
          settle();
        };
        const run = () => void accept().catch((error: Error) => callback(error));
        if (delayMs > 0) setTimeout(run, delayMs);
        else run();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const boundPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    port: boundPort,
    received,
    refuseNext(count, refusal) {
      for (let index = 0; index < count; index += 1) refusals.push(refusal);
    },
    delayAcceptance(ms) {
      delayMs = ms;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Esperava ${count} e-mails; chegaram ${received.length}.`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
        settle();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
