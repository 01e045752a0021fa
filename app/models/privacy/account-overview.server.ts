import { keptUntilWritten } from '../../../db/kept-until-written';
import { listPasskeys } from '../accounts/passkeys.server';
import { listSignIns } from '../accounts/sign-ins.server';
import { accountCertificateOffers } from '../assessments/certificate.server';
import { mailChoices } from '../mail/preferences.server';
import { listUserPayments } from '../payments/index.server';
import type { PaymentView } from '../payments/views';
import { recentCalculations } from '../tools/calculation-history.server';

/**
 * What 'Minha Conta' lists of an account (its payments, mail choices, certificates, a page of
 * sign-ins, passkeys, recent calculations): six lists over five domains, the same on every view
 * until something is written. Kept per user, role in force, sign-ins page and browser until
 * `databaseVersion()` moves (any write, by this process or another) or, without a write, until the
 * first refund window it shows closes; at most OVERVIEWS_KEPT accounts.
 */

const OVERVIEWS_KEPT = 1_000;
const RECENT_CALCULATIONS = 5;

/** A payment as the page shows it (date, what, amount, method, status, refund and its link). */
export type AccountPaymentView = Pick<
  PaymentView,
  'id' | 'createdAt' | 'description' | 'amountCents' | 'methodLabel' | 'status' | 'statusLabel' | 'refundLabel' | 'refundable'
>;

type AccountUser = { id: number; role: string; fullName: string | null };

function readOverview(user: AccountUser, signInsPage: number, browser: string | null, now: Date) {
  const history = recentCalculations(user.id, RECENT_CALCULATIONS);
  const payments = listUserPayments(user.id, now);
  // A refund may be asked until its window closes, with no write to say so.
  const closes = payments.filter((payment) => payment.refundable).map((payment) => Date.parse(payment.refundDeadline!));
  return {
    value: {
      recentCalculations: history.items,
      savedCalculations: history.total,
      payments: payments.map(
        (payment): AccountPaymentView => ({
          id: payment.id,
          createdAt: payment.createdAt,
          description: payment.description,
          amountCents: payment.amountCents,
          methodLabel: payment.methodLabel,
          status: payment.status,
          statusLabel: payment.statusLabel,
          refundLabel: payment.refundLabel,
          refundable: payment.refundable,
        }),
      ),
      mailChoices: mailChoices(user),
      certificates: accountCertificateOffers(user.id, user.fullName),
      signIns: listSignIns(user.id, signInsPage, browser),
      passkeys: listPasskeys(user.id),
    },
    until: closes.length ? Math.min(...closes) : undefined,
  };
}

export type AccountOverview = ReturnType<typeof readOverview>['value'];

const kept = keptUntilWritten<AccountOverview>(OVERVIEWS_KEPT);

/** The lists of 'Minha Conta' for `user`, with the page of sign-ins asked for, marked for the browser whose digest is `browser`. */
export function accountOverview(user: AccountUser, signInsPage: number, browser: string | null, now = new Date()): AccountOverview {
  // The role is in the key: the role in force can lapse without a write, and the mail choices offered follow it.
  return kept.get(`${user.id}:${user.role}:${signInsPage}:${browser ?? ''}`, now.getTime(), () =>
    readOverview(user, signInsPage, browser, now),
  );
}
