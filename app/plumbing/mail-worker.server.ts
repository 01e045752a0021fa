import { dirname, join } from 'node:path';
import { databasePath } from '../../db/client';
import type { MailOutboxRow } from '../../db/schema';
import { nextDueAt, recordDelivered, recordFailure, takeDueMails, type DeliveryFailure } from '../models/mail/delivery.server';
import { onMailQueued } from '../models/mail/outbox.server';
import { getEnv } from '../utils/env.server';
import { logger } from '../utils/logger.server';
import { fileTransport, smtpTransport, type MailTransport } from './mail-transport.server';

/**
 * The outbox's worker (docs/mail.md): runs in every server process (server.js starts it after
 * listening and stops it on shutdown). It wakes when this process queues a mail, and otherwise
 * every POLL_MS (a mail queued by another process of the cluster, a retry falling due), takes
 * due rows in batches and sends BATCH at a time over the transport's pool.
 */
const POLL_MS = 2_000;
const BATCH = 20;

/** The folder of the .eml files: `mail/` beside the database. */
export const mailDirectory = () => join(dirname(databasePath()), 'mail');

export function defaultMailTransport(): MailTransport {
  const url = getEnv().smtpUrl;
  return url ? smtpTransport(url, getEnv().mailFrom) : fileTransport(mailDirectory(), getEnv().mailFrom);
}

export type PassResult = { sent: number; retrying: number; failed: number };

async function deliverOne(transport: MailTransport, row: MailOutboxRow, result: PassResult): Promise<void> {
  try {
    await transport.send(row);
    recordDelivered(row.id);
    result.sent += 1;
  } catch (error) {
    const failure = error as DeliveryFailure;
    const outcome = recordFailure(row, typeof failure?.reason === 'string' ? failure : { permanent: false, reason: String(error) });
    if (outcome === 'failed') result.failed += 1;
    else result.retrying += 1;
    logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, outcome, reason: failure?.reason }, 'e-mail não entregue');
  }
}

/** Delivers every row due now, batch after batch, until none is left. What tests and the bench call directly. */
export async function deliverDueMails(transport: MailTransport, isStopping: () => boolean = () => false): Promise<PassResult> {
  const result: PassResult = { sent: 0, retrying: 0, failed: 0 };
  while (!isStopping()) {
    const rows = takeDueMails(BATCH);
    if (rows.length === 0) break;
    await Promise.all(rows.map((row) => deliverOne(transport, row, result)));
  }
  return result;
}

type Worker = {
  transport: MailTransport;
  stopping: boolean;
  running: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout | null;
  unsubscribe: () => void;
};
let worker: Worker | null = null;

function schedule(current: Worker): void {
  if (current.stopping) return;
  if (current.timer) clearTimeout(current.timer);
  const due = nextDueAt();
  const wait = due === null ? POLL_MS : Math.min(POLL_MS, Math.max(0, due - Date.now()));
  current.timer = setTimeout(() => wake(current), wait).unref();
}

function wake(current: Worker): void {
  if (current.stopping) return;
  if (current.running) {
    current.again = true;
    return;
  }
  current.running = (async () => {
    do {
      current.again = false;
      try {
        await deliverDueMails(current.transport, () => current.stopping);
      } catch (error) {
        logger.error({ err: error }, 'falha no envio de e-mails');
      }
    } while (current.again && !current.stopping);
    current.running = null;
    schedule(current);
  })();
}

/** Starts this process's worker (once; server.js, after listening). */
export function startMailWorker(transport: MailTransport = defaultMailTransport()): void {
  if (worker) return;
  const current: Worker = { transport, stopping: false, running: null, again: false, timer: null, unsubscribe: () => undefined };
  current.unsubscribe = onMailQueued(() => wake(current));
  worker = current;
  wake(current);
}

/** Stops taking rows and waits for the deliveries in flight (a cut one goes again at the next start). */
export async function stopMailWorker(): Promise<void> {
  const current = worker;
  if (!current) return;
  worker = null;
  current.stopping = true;
  current.unsubscribe();
  if (current.timer) clearTimeout(current.timer);
  await current.running;
  current.transport.close();
}
