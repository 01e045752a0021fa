import { count, eq, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { passkeys, twoFactor, type UserRow } from '../../../db/schema';
import { getEnv } from '../../utils/env.server';
import { AppError } from '../../utils/errors';

/**
 * Whether two-step sign-in is on, and whether the account has a passkey, apart from their flows
 * (two-factor.server.ts, passkeys.server.ts): the guards ask it on every admin request, and need
 * neither the TOTP or WebAuthn libraries nor the mail and audit they write.
 */
const twoFactorOf = preparedQuery(() =>
  db
    .select()
    .from(twoFactor)
    .where(eq(twoFactor.userId, sql.placeholder('userId')))
    .prepare(),
);
const passkeyCountOf = preparedQuery(() =>
  db
    .select({ n: count() })
    .from(passkeys)
    .where(eq(passkeys.userId, sql.placeholder('userId')))
    .prepare(),
);

export function twoFactorRow(userId: number) {
  return twoFactorOf().get({ userId });
}

/** Whether the user's sign-in asks for a code after the password. */
export function hasTwoFactor(userId: number): boolean {
  return Boolean(twoFactorRow(userId)?.enabledAt);
}

/** Whether the account has a passkey: both factors in one (decision 067). */
export function hasPasskey(userId: number): boolean {
  return (passkeyCountOf().get({ userId })?.n ?? 0) > 0;
}

/** An admin's second factor where ADMIN_TWO_FACTOR requires one: the authenticator code or a passkey. */
export const hasSecondFactor = (userId: number) => hasTwoFactor(userId) || hasPasskey(userId);

export const PASSKEY_ONLY_ADMIN =
  'Sua conta de administrador entra com a passkey ou com o código da verificação em duas etapas: use "Entrar com passkey".';

/**
 * The password alone never signs in an admin whose required second factor is a passkey only
 * (no authenticator code to ask after it): they sign in with the passkey (decision 067).
 */
export function assertPasswordSignInAllowed(user: Pick<UserRow, 'id' | 'role'>): void {
  if (user.role === 'admin' && getEnv().adminTwoFactorRequired && !hasTwoFactor(user.id) && hasPasskey(user.id)) {
    throw new AppError(403, PASSKEY_ONLY_ADMIN);
  }
}
