import { db } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { renderEmail } from '../../emails/render';
import { welcomeEmail } from '../../emails/welcome';
import { hashPassword } from '../../utils/password.server';
import { enqueueMail } from '../mail/outbox.server';
import { findPromoByCode, assertRedeemable, redeemPromoCodeIn } from '../courses/promo-code.server';
import { consume } from '../accounts/rate-limit-store.server';
import { CONFIRM_LINK_DAYS, newConfirmationLink } from '../accounts/email-change.server';
import { assertUnique, assertValidCpf, getUserById, insertUser, type NewUser } from '../accounts/user.server';

/**
 * Creates an account and, when given, redeems its promo code in the same transaction: a
 * bad code refuses the whole registration instead of leaving an account half set up. The
 * welcome mail is queued in that transaction too (docs/mail.md).
 */
export async function registerUser(
  input: NewUser & { promoCode?: string },
  now = new Date(),
): Promise<{ user: UserRow; promoMessage?: string }> {
  assertValidCpf(input.cpf);
  assertUnique(db, input);
  if (input.promoCode) assertRedeemable(db, findPromoByCode(db, input.promoCode), null, now);
  const passwordHash = await hashPassword(input.password);
  return db.transaction((tx) => {
    const created = insertUser(tx, { ...input, passwordHash });
    // The address is unconfirmed: the welcome names nobody and carries the link that confirms it.
    const welcome = renderEmail(welcomeEmail({ confirmUrl: newConfirmationLink(tx, created, now), days: CONFIRM_LINK_DAYS }));
    enqueueMail(tx, { userId: created.id, to: created.email, kind: 'welcome', ...welcome });
    if (!input.promoCode) return { user: created };
    const redemption = redeemPromoCodeIn(tx, { userId: created.id, code: input.promoCode }, now);
    return { user: getUserById(created.id, tx, now)!, promoMessage: redemption.message };
  });
}

/** Registration under its rate limit, shared by the /auth page and the JSON API (`address`: the request's client address). */
export async function registerWithLimits(
  address: string,
  input: { username: string; email: string; cpf: string; password: string; promoCode?: string; disablePasswordRecovery?: boolean },
): Promise<{ user: UserRow; promoMessage?: string }> {
  await consume([['register', address]]);
  return registerUser(input);
}
