import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt } from 'drizzle-orm';
import { db } from '../../../db/client';
import { purchaseLeases } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { PAYMENT_MESSAGES } from './messages';

/**
 * One purchase creation at a time per buyer, in every process of the machine (decision 026): two
 * tabs paying for the same course at once must not each get a PaymentIntent. Within a process the
 * calls queue on a promise; across processes they take a lease row in SQLite first (an upsert
 * that only takes a free or expired lease), since the Stripe call between cannot hold a write
 * transaction. A lease outlives a crashed holder by at most LEASE_MS. The second caller then finds
 * the first one's open purchase (checkout.server.ts) instead of making another.
 */
const LEASE_MS = 60_000;
const WAIT_MS = 45_000;
const POLL_MS = 25;

const queues = new Map<number, Promise<unknown>>();

export function onePurchaseAtATime<T>(userId: number, create: () => Promise<T>): Promise<T> {
  const run = (queues.get(userId) ?? Promise.resolve()).catch(() => undefined).then(() => withLease(userId, create));
  const settled = run.catch(() => undefined);
  queues.set(userId, settled);
  void settled.then(() => {
    if (queues.get(userId) === settled) queues.delete(userId);
  });
  return run;
}

/** Takes the buyer's lease if it is free or expired; true when this holder has it. */
export function takeLease(userId: number, holder: string, now = Date.now()): boolean {
  const taken = db
    .insert(purchaseLeases)
    .values({ userId, holder, expiresAt: now + LEASE_MS })
    .onConflictDoUpdate({
      target: purchaseLeases.userId,
      set: { holder, expiresAt: now + LEASE_MS },
      setWhere: lt(purchaseLeases.expiresAt, now),
    })
    .run();
  return taken.changes === 1;
}

export function giveBackLease(userId: number, holder: string): void {
  db.delete(purchaseLeases)
    .where(and(eq(purchaseLeases.userId, userId), eq(purchaseLeases.holder, holder)))
    .run();
}

async function withLease<T>(userId: number, create: () => Promise<T>): Promise<T> {
  const holder = `${process.pid}:${randomUUID()}`;
  const deadline = Date.now() + WAIT_MS;
  while (!takeLease(userId, holder)) {
    if (Date.now() > deadline) throw new AppError(503, PAYMENT_MESSAGES.createFallback);
    await sleep(POLL_MS);
  }
  try {
    return await create();
  } finally {
    giveBackLease(userId, holder);
  }
}
