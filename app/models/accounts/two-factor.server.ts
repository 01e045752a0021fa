import { createHash, randomInt } from 'node:crypto';
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { db, preparedQuery } from '../../../db/client';
import { passkeys, recoveryCodes, twoFactor, type UserRow } from '../../../db/schema';
import { recoveryCodeUsedEmail } from '../../emails/recovery-code-used';
import { renderEmail } from '../../emails/render';
import { AppError } from '../../utils/errors';
import { qrSvgPath } from '../../utils/qr-code.server';
import { recordAudit, recordOwnerAudit, type AuditActor } from '../audit/audit.server';
import { enqueueMail } from '../mail/outbox.server';
import { authenticateWithPassword } from './auth.server';
import { consume, giveBack, reset, type LimiterName } from './rate-limit-store.server';
import { twoFactorRow } from './two-factor-state.server';

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238: 30 s steps, 6 digits, SHA-1, what
 * every app reads from the QR code), through @epic-web/totp; and its ten single-use recovery codes.
 * Every code is guessed against the same kind of limits as a password: per account and per
 * address, in the database (rate-limit.server.ts).
 */
export const TOTP_PERIOD = 30;
const TOTP = { period: TOTP_PERIOD, digits: 6, algorithm: 'SHA-1' } as const;
/** Codes of the step before and after are taken too (a phone's clock a little off). */
const TOTP_WINDOW = 1;
const ISSUER = 'E-Engenharia';
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied by hand from paper reads one way. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const TWO_FACTOR_MESSAGES = {
  badCode: 'Código inválido ou já utilizado.',
  notPending: 'Comece a ativação da verificação em duas etapas novamente.',
  alreadyOn: 'A verificação em duas etapas já está ativada.',
  notOn: 'A verificação em duas etapas não está ativada.',
  notOnForUser: 'Este usuário não usa a verificação em duas etapas nem passkeys.',
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const currentStep = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_PERIOD);
/** A recovery code as typed: lower case, only its letters and digits ('ABCDE-12345 ' is 'abcde12345'). */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export type TwoFactorSetup = { secret: string; uri: string; qr: { size: number; path: string } };

export type TwoFactorStatus =
  | { state: 'off' }
  | { state: 'setting-up'; setup: TwoFactorSetup }
  | { state: 'on'; enabledAt: Date; recoveryCodesLeft: number };

async function setupOf(user: Pick<UserRow, 'email'>, secret: string): Promise<TwoFactorSetup> {
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: user.email, issuer: ISSUER });
  return { secret, uri, qr: await qrSvgPath(uri) };
}

const recoveryCodesLeft = preparedQuery(() =>
  db
    .select({ count: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, sql.placeholder('userId')), isNull(recoveryCodes.usedAt)))
    .prepare(),
);

/** What 'Minha Conta' → 'Segurança' shows. */
export async function twoFactorStatus(user: Pick<UserRow, 'id' | 'email'>): Promise<TwoFactorStatus> {
  const row = twoFactorRow(user.id);
  if (!row) return { state: 'off' };
  if (!row.enabledAt) return { state: 'setting-up', setup: await setupOf(user, row.secret) };
  const left = recoveryCodesLeft().get({ userId: user.id });
  return { state: 'on', enabledAt: row.enabledAt, recoveryCodesLeft: left?.count ?? 0 };
}

/** 'Ativar verificação em duas etapas': a new secret, kept unconfirmed until the first code. */
export async function startTwoFactorSetup(user: Pick<UserRow, 'id'>): Promise<void> {
  const row = twoFactorRow(user.id);
  if (row?.enabledAt) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyOn);
  const { secret } = await generateTOTP(TOTP);
  db.insert(twoFactor)
    .values({ userId: user.id, secret, enabledAt: null, lastUsedStep: 0 })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secret, enabledAt: null, lastUsedStep: 0 } })
    .run();
}

/** Abandons a setup not yet confirmed. */
export function cancelTwoFactorSetup(userId: number): void {
  db.delete(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
    .run();
}

function codeLimits(userId: number, address: string): Array<[LimiterName, string]> {
  return [
    ['twoFactorUser', String(userId)],
    ['twoFactorAddress', address],
  ];
}

/**
 * Runs `check` as one counted guess: the attempt is spent before the check (guesses sent at once
 * check no more codes than guesses sent one by one), and a right code gives it back.
 */
async function guarded(userId: number, address: string, check: () => Promise<boolean>): Promise<void> {
  const [account, ...others] = codeLimits(userId, address);
  await consume([account, ...others]);
  if (!(await check())) throw new AppError(401, TWO_FACTOR_MESSAGES.badCode, 'code');
  await reset([account]);
  await giveBack(others);
}

/**
 * The step the authenticator code stands for, if it is right for `secret` and later than
 * `after` (a code already accepted is never accepted again, even within its window).
 */
async function acceptedStep(secret: string, code: string, after: number, now: Date): Promise<number | null> {
  const otp = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(otp)) return null;
  const result = await verifyTOTP({ ...TOTP, otp, secret, window: TOTP_WINDOW });
  if (!result) return null;
  const step = currentStep(now) + result.delta;
  return step > after ? step : null;
}

/** Marks `step` used, unless a concurrent request used it (or a later one) first. */
function claimStep(userId: number, step: number): boolean {
  return (
    db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(twoFactor.userId, userId), lt(twoFactor.lastUsedStep, step)))
      .run().changes === 1
  );
}

function newRecoveryCodes(userId: number, executor: Pick<typeof db, 'insert' | 'delete'>): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  executor
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: digest(normaliseRecoveryCode(code)) })))
    .run();
  return codes;
}

/** The first code confirms the setup: two-step sign-in is on, and the ten recovery codes are returned (shown once). */
export async function confirmTwoFactorSetup(
  user: Pick<UserRow, 'id' | 'username'>,
  code: string,
  address: string,
  now = new Date(),
): Promise<string[]> {
  const row = twoFactorRow(user.id);
  if (!row) throw new AppError(409, TWO_FACTOR_MESSAGES.notPending);
  if (row.enabledAt) throw new AppError(409, TWO_FACTOR_MESSAGES.alreadyOn);
  let step: number | null = null;
  await guarded(user.id, address, async () => {
    step = await acceptedStep(row.secret, code, row.lastUsedStep, now);
    return step !== null;
  });
  return db.transaction((tx) => {
    const changed = tx
      .update(twoFactor)
      .set({ enabledAt: now, lastUsedStep: step ?? 0 })
      .where(and(eq(twoFactor.userId, user.id), eq(twoFactor.secret, row.secret), isNull(twoFactor.enabledAt)))
      .run().changes;
    if (changed !== 1) throw new AppError(409, TWO_FACTOR_MESSAGES.notPending);
    recordOwnerAudit(tx, user, {
      action: 'two-factor.enable',
      entityType: 'user',
      entityId: user.id,
      summary: 'Verificação em duas etapas ativada',
    });
    return newRecoveryCodes(user.id, tx);
  });
}

/** New recovery codes (the old ones stop working), after a current authenticator code. */
export async function regenerateRecoveryCodes(
  user: Pick<UserRow, 'id' | 'username'>,
  code: string,
  address: string,
  now = new Date(),
): Promise<string[]> {
  await verifyAuthenticatorCode(user.id, code, address, now);
  return db.transaction((tx) => {
    recordOwnerAudit(tx, user, {
      action: 'two-factor.recovery-codes',
      entityType: 'user',
      entityId: user.id,
      summary: 'Novos códigos de recuperação gerados',
    });
    return newRecoveryCodes(user.id, tx);
  });
}

/** A current authenticator code (not a recovery code), counted as a guess and never accepted twice. */
export async function verifyAuthenticatorCode(userId: number, code: string, address: string, now = new Date()): Promise<void> {
  const row = twoFactorRow(userId);
  if (!row?.enabledAt) throw new AppError(409, TWO_FACTOR_MESSAGES.notOn);
  await guarded(userId, address, async () => {
    const step = await acceptedStep(row.secret, code, row.lastUsedStep, now);
    return step !== null && claimStep(userId, step);
  });
}

/**
 * The second step of sign-in: a current authenticator code, or one of the recovery codes (used
 * once; its use is audited and mailed to the owner). Counted as a guess like a password.
 */
export async function verifySignInCode(
  user: Pick<UserRow, 'id' | 'username' | 'email'>,
  code: string,
  address: string,
  now = new Date(),
): Promise<'authenticator' | 'recovery'> {
  const row = twoFactorRow(user.id);
  if (!row?.enabledAt) throw new AppError(409, TWO_FACTOR_MESSAGES.notOn);
  let used: 'authenticator' | 'recovery' = 'authenticator';
  await guarded(user.id, address, async () => {
    const step = await acceptedStep(row.secret, code, row.lastUsedStep, now);
    if (step !== null) return claimStep(user.id, step);
    used = 'recovery';
    return useRecoveryCode(user, code, now);
  });
  return used;
}

function useRecoveryCode(user: Pick<UserRow, 'id' | 'username' | 'email'>, code: string, now: Date): boolean {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 10) return false;
  return db.transaction((tx) => {
    const spent = tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, digest(normalised)), isNull(recoveryCodes.usedAt)))
      .run().changes;
    if (spent !== 1) return false;
    const left = tx
      .select({ count: sql<number>`count(*)` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
      .get();
    recordOwnerAudit(tx, user, {
      action: 'two-factor.recovery-code-used',
      entityType: 'user',
      entityId: user.id,
      summary: `Código de recuperação usado para entrar (restam ${left?.count ?? 0})`,
    });
    enqueueMail(tx, {
      userId: user.id,
      to: user.email,
      kind: 'security',
      ...renderEmail(recoveryCodeUsedEmail({ username: user.username, left: left?.count ?? 0, when: now })),
    });
    return true;
  });
}

/**
 * Another admin turns it off for a user who lost the phone and the recovery codes: audited
 * under the acting admin's name; the user may set it up again in 'Minha Conta'.
 */
export function turnOffTwoFactorAsAdmin(actor: AuditActor, userId: number): void {
  db.transaction((tx) => {
    const removed = tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).run().changes;
    // A lost phone may hold the passkeys too (decision 067): they go with the code.
    const passkeysRemoved = tx.delete(passkeys).where(eq(passkeys.userId, userId)).run().changes;
    if (removed === 0 && passkeysRemoved === 0) throw new AppError(409, TWO_FACTOR_MESSAGES.notOnForUser);
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    recordAudit(tx, actor, {
      action: 'user.two_factor_off',
      entityType: 'user',
      entityId: userId,
      summary: `verificação em duas etapas desativada por um administrador${passkeysRemoved ? `; ${passkeysRemoved} passkey(s) removida(s)` : ''}`,
    });
  });
}

/** 'Desativar': the password (same check and limits as sign-in) and a current code. */
export async function disableTwoFactor(
  user: Pick<UserRow, 'id' | 'username' | 'email'>,
  password: string,
  code: string,
  address: string,
  now = new Date(),
): Promise<void> {
  await authenticateWithPassword(address, user.email, password);
  await verifySignInCode(user, code, address, now);
  db.transaction((tx) => {
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run();
    tx.delete(twoFactor).where(eq(twoFactor.userId, user.id)).run();
    recordOwnerAudit(tx, user, {
      action: 'two-factor.disable',
      entityType: 'user',
      entityId: user.id,
      summary: 'Verificação em duas etapas desativada',
    });
  });
}
