import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { purchaseLeases, users } from '../../db/schema';
import { giveBackLease, onePurchaseAtATime, takeLease } from '../../app/models/payments/purchase-lease.server';
import { createUser } from '../setup/factories';

/**
 * Purchase creations per buyer across processes (decision 026): another process is played by a
 * holder name of its own taking the same lease row in the same database file.
 */
describe('the purchase lease', () => {
  test('one holder at a time; free again when given back or expired', async () => {
    const buyer = await createUser();
    expect(takeLease(buyer.id, 'process-a')).toBe(true);
    expect(takeLease(buyer.id, 'process-b')).toBe(false);
    giveBackLease(buyer.id, 'process-b');
    expect(takeLease(buyer.id, 'process-b')).toBe(false);
    giveBackLease(buyer.id, 'process-a');
    expect(takeLease(buyer.id, 'process-b')).toBe(true);
    // A holder that died leaves its lease; past its expiry another takes it.
    expect(takeLease(buyer.id, 'process-c', Date.now() + 61_000)).toBe(true);
    expect(db.select().from(purchaseLeases).where(eq(purchaseLeases.userId, buyer.id)).get()?.holder).toBe('process-c');
  });

  test('a creation waits while another process holds the buyer, then runs, and gives the lease back', async () => {
    const buyer = await createUser();
    const other = await createUser();
    expect(takeLease(buyer.id, 'another-process')).toBe(true);
    const order: string[] = [];
    const waiting = onePurchaseAtATime(buyer.id, async () => {
      order.push('created');
      return 'ok';
    });
    // Another buyer is not held up by this one.
    await expect(onePurchaseAtATime(other.id, async () => 'other')).resolves.toBe('other');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(order).toEqual([]);
    order.push('released');
    giveBackLease(buyer.id, 'another-process');
    await expect(waiting).resolves.toBe('ok');
    expect(order).toEqual(['released', 'created']);
    expect(db.select().from(purchaseLeases).where(eq(purchaseLeases.userId, buyer.id)).all()).toEqual([]);
  });

  test('a creation that fails still gives its lease back, and the account’s erasure takes any lease with it', async () => {
    const buyer = await createUser();
    await expect(onePurchaseAtATime(buyer.id, async () => Promise.reject(new Error('stripe down')))).rejects.toThrow('stripe down');
    expect(takeLease(buyer.id, 'next')).toBe(true);
    db.delete(users).where(eq(users.id, buyer.id)).run();
    expect(db.select().from(purchaseLeases).where(eq(purchaseLeases.userId, buyer.id)).all()).toEqual([]);
  });
});
