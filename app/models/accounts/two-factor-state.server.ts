import { eq } from 'drizzle-orm';
import { db } from '../../../db/client';
import { twoFactor } from '../../../db/schema';

/**
 * Whether two-step sign-in is on, apart from its flows (two-factor.server.ts): the guards ask it
 * on every admin request, and need neither the TOTP library nor the mail and audit it writes.
 */
export function twoFactorRow(userId: number) {
  return db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
}

/** Whether the user's sign-in asks for a code after the password. */
export function hasTwoFactor(userId: number): boolean {
  return Boolean(twoFactorRow(userId)?.enabledAt);
}
