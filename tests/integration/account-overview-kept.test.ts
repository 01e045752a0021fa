import { afterEach, describe, expect, test, vi } from 'vitest';
import Database from 'better-sqlite3';
import { databasePath, db } from '../../db/client';
import { mailOptOuts, passkeys, payments, signIns } from '../../db/schema';
import { DAY_MS } from '~/models/accounts/role-arithmetic';
import { REFUND_WINDOW_DAYS } from '~/models/payments/views';
import { loader as accountLoader } from '~/routes/_app+/account';
import { body, call, createUser, getRequest, sessionCookie } from '../setup/helpers';
import { statementsDuring } from './helpers/sql-spy';

/**
 * Issue 33: 'Minha Conta' keeps what it lists of an account (payments, mail choices, certificates,
 * sign-ins, passkeys, recent calculations) per user until anything is written, so a repeated view
 * runs a few statements instead of a dozen, and never shows what a write changed, nor a refund
 * link past its window.
 */

type Overview = {
  payments: { id: number; refundable: boolean }[];
  mailChoices: { kind: string; enabled: boolean }[];
  signIns: { total: number };
  passkeys: { name: string }[];
};

/** How many statements run while `run` runs (every statement reports its time to `queryTiming`). */

async function account() {
  const user = await createUser({ role: 'E-TOOL' });
  const cookie = await sessionCookie(user);
  const view = async () => {
    const response = await call(accountLoader, getRequest('/account', { cookie }));
    expect(response.status).toBe(200);
    return body<Overview>(response);
  };
  return { user, view };
}

const paidPayment = (userId: number, completedAt: Date) =>
  db
    .insert(payments)
    .values({
      userId,
      stripePaymentIntentId: `pi_kept_${userId}_${completedAt.getTime()}`,
      kind: 'plan',
      planType: 'E-TOOL',
      months: 1,
      amountCents: 2990,
      status: 'succeeded',
      createdAt: completedAt,
      completedAt,
    })
    .returning()
    .get();

afterEach(() => {
  vi.useRealTimers();
});

describe("'Minha Conta' keeps an account's lists until a write", () => {
  test('a repeated view reads the lists once', async () => {
    const { view } = await account();
    await view();
    // The session, the database's version (two), the plan and two-step sign-in: the seven lists
    // are not read again. Without the keeping a view ran 9 statements here.
    expect(await statementsDuring(view)).toBeLessThanOrEqual(5);
  });

  test('a passkey, a mail choice, a sign-in and a payment written between two views show on the second', async () => {
    const { user, view } = await account();
    const before = await view();
    expect(before.passkeys).toEqual([]);
    db.insert(passkeys)
      .values({ userId: user.id, credentialId: `cred-kept-${user.id}`, publicKey: 'key', name: 'Celular' })
      .run();
    expect((await view()).passkeys.map((passkey) => passkey.name)).toEqual(['Celular']);

    db.insert(mailOptOuts).values({ userId: user.id, kind: 'support-reply' }).run();
    expect((await view()).mailChoices.find((choice) => choice.kind === 'support-reply')?.enabled).toBe(false);

    db.insert(signIns).values({ userId: user.id, at: new Date(), browser: 'Firefox no Linux', deviceHash: 'y', newDevice: false }).run();
    expect((await view()).signIns.total).toBe(before.signIns.total + 1);

    const payment = paidPayment(user.id, new Date());
    expect((await view()).payments).toEqual([expect.objectContaining({ id: payment.id, refundable: true })]);
  });

  test('a write from another connection (another worker) shows on the next view', async () => {
    const { user, view } = await account();
    await view();
    const other = new Database(databasePath());
    try {
      other.prepare('insert into mail_opt_outs (user_id, kind) values (?, ?)').run(user.id, 'plan-reminder');
    } finally {
      other.close();
    }
    expect((await view()).mailChoices.find((choice) => choice.kind === 'plan-reminder')?.enabled).toBe(false);
  });

  test("a payment's refund link goes when its window closes, with no write", async () => {
    const { user, view } = await account();
    // Paid five seconds before its refund window closes (a view a minute later would also touch the session, a write).
    const closes = Date.now() + 5_000;
    const payment = paidPayment(user.id, new Date(closes - REFUND_WINDOW_DAYS * DAY_MS));
    expect((await view()).payments).toEqual([expect.objectContaining({ id: payment.id, refundable: true })]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(closes + 1_000);
    expect((await view()).payments).toEqual([expect.objectContaining({ id: payment.id, refundable: false })]);
  });
});
