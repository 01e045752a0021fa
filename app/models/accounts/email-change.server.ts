import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { emailTokens, users, type UserRow } from '../../../db/schema';
import { emailChangedEmail, emailConfirmEmail } from '../../emails/email-change';
import { renderEmail } from '../../emails/render';
import { AppError } from '../../utils/errors';
import { foldKey } from '../../utils/fold';
import { siteUrl } from '../../utils/security.server';
import { recordOwnerAudit } from '../audit/audit.server';
import { enqueueMail } from '../mail/outbox.server';
import { consume } from './rate-limit-store.server';
import { endAllSessions } from './session.server';
import { assertUnique, getUserById, userKeys, writeUser } from './user.server';

/**
 * An account's address and its confirmation (issue 26, item 3; docs/accounts-and-sessions.md, decision 045).
 * The specification's profile form and `PATCH /api/profile` change the address at once; what keeps
 * the platform from relaying an account's texts to someone else's address is that a new address is
 * unconfirmed until its owner follows our link, and mails to it carry none of the account's texts
 * (app/models/mail/addressee.server.ts). A change tells the old address at once, with a 'Não fui eu'
 * link that puts it back and ends every session, and refuses the reset link by e-mail for 72 h.
 */

export const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EMAIL_REVERT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** After the owner changes the address, the reset link by e-mail is refused this long. */
export const EMAIL_RESET_HOLD_MS = 72 * 60 * 60 * 1000;

export const EMAIL_CONFIRM_PATH = '/email/confirm';
export const EMAIL_REVERT_PATH = '/email/revert';

export const EMAIL_LINK_INVALID = 'Este link não é válido ou já expirou.';
export const EMAIL_CONFIRM_STALE = 'Este link confirmava um endereço que não é mais o da conta.';
export const EMAIL_REVERT_TAKEN =
  'O endereço anterior agora pertence a outra conta e não pode ser restaurado. Fale com o suporte pelo formulário de contato.';
export const EMAIL_ALREADY_CONFIRMED = 'Seu e-mail já está confirmado.';

const DAYS = (ms: number) => Math.round(ms / (24 * 60 * 60 * 1000));
/** Only a digest is stored (as the reset link's): a database leak hands out no live link. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

type Purpose = 'confirm' | 'revert';

function issueToken(
  tx: Executor,
  userId: number,
  purpose: Purpose,
  address: string,
  addressConfirmed: boolean,
  ttlMs: number,
  now: Date,
): string {
  const token = randomBytes(32).toString('base64url');
  tx.insert(emailTokens)
    .values({
      userId,
      purpose,
      tokenDigest: digest(token),
      address,
      addressConfirmed,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    })
    .run();
  return token;
}

const linkUrl = (path: string, token: string) => siteUrl(`${path}?${new URLSearchParams({ token })}`, 'absolute');

/**
 * A new confirmation link for the account's current address (any earlier one stops working).
 * Returns its URL; the caller puts it in its mail (the welcome mail, or 'Confirme seu e-mail').
 */
export function newConfirmationLink(tx: Executor, user: Pick<UserRow, 'id' | 'email'>, now = new Date()): string {
  tx.delete(emailTokens)
    .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'confirm')))
    .run();
  return linkUrl(EMAIL_CONFIRM_PATH, issueToken(tx, user.id, 'confirm', user.email, false, EMAIL_CONFIRM_TTL_MS, now));
}

export const CONFIRM_LINK_DAYS = DAYS(EMAIL_CONFIRM_TTL_MS);

function queueConfirmation(tx: Executor, user: Pick<UserRow, 'id' | 'email'>, now: Date): void {
  const mail = renderEmail(emailConfirmEmail({ confirmUrl: newConfirmationLink(tx, user, now), days: CONFIRM_LINK_DAYS }));
  enqueueMail(tx, { userId: user.id, to: user.email, kind: 'email-confirm', ...mail });
}

/**
 * The owner moved the address from `before.email` to `email`, inside the transaction that wrote
 * it: the new one is unconfirmed and gets its link, the old one is told, with 'Não fui eu', and the
 * reset link by e-mail waits 72 h. Audited as 'account.email_change'.
 */
export function recordEmailChange(tx: Executor, before: UserRow, email: string, now = new Date()): void {
  tx.update(users).set({ emailConfirmedAt: null, emailChangedAt: now }).where(eq(users.id, before.id)).run();
  const revertToken = issueToken(tx, before.id, 'revert', before.email, before.emailConfirmedAt !== null, EMAIL_REVERT_TTL_MS, now);
  const notice = renderEmail(
    emailChangedEmail({
      // The new address is the account's text: only an old address that was confirmed may read it.
      newAddress: before.emailConfirmedAt !== null ? email : null,
      revertUrl: linkUrl(EMAIL_REVERT_PATH, revertToken),
      days: DAYS(EMAIL_REVERT_TTL_MS),
      holdHours: EMAIL_RESET_HOLD_MS / 3_600_000,
    }),
  );
  enqueueMail(tx, { userId: before.id, to: before.email, kind: 'email-changed', ...notice });
  queueConfirmation(tx, { id: before.id, email }, now);
  recordOwnerAudit(tx, before, {
    action: 'account.email_change',
    entityType: 'user',
    entityId: before.id,
    summary: `e-mail trocado, aguardando confirmação; email: ${before.email} → ${email}`,
  });
}

/** 'Reenviar link' in 'Minha Conta': a new confirmation mail for the current address, at most 5 an hour. */
export async function resendConfirmation(userId: number, now = new Date()): Promise<void> {
  const user = getUserById(userId);
  if (!user) throw new AppError(404, 'Usuário não encontrado');
  if (user.emailConfirmedAt) throw new AppError(409, EMAIL_ALREADY_CONFIRMED);
  await consume([['emailLink', String(userId)]]);
  db.transaction((tx) => {
    queueConfirmation(tx, user, now);
    recordOwnerAudit(tx, user, {
      action: 'account.email_confirmation_sent',
      entityType: 'user',
      entityId: user.id,
      summary: `link de confirmação reenviado para ${user.email}`,
    });
  });
}

/** An owner's address change costs one of the same 5 links an hour: an account cannot mail-bomb addresses. */
export async function spendEmailLink(userId: number): Promise<void> {
  await consume([['emailLink', String(userId)]]);
}

function liveToken(executor: Executor, token: string, purpose: Purpose, now: Date) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return executor
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenDigest, digest(token)), eq(emailTokens.purpose, purpose), gt(emailTokens.expiresAt, now)))
    .get();
}

export type EmailLinkView = { state: 'confirm' | 'revert'; address: string } | { state: 'invalid'; message: string };

/** What the link's page shows before its button is pressed (GET changes nothing: mail scanners follow links). */
export function readEmailLink(token: string, purpose: Purpose, now = new Date()): EmailLinkView {
  const row = liveToken(db, token, purpose, now);
  if (!row) return { state: 'invalid', message: EMAIL_LINK_INVALID };
  if (purpose === 'confirm') {
    const user = getUserById(row.userId);
    if (!user || foldKey(user.email) !== foldKey(row.address)) return { state: 'invalid', message: EMAIL_CONFIRM_STALE };
  }
  return { state: purpose, address: row.address };
}

/** The confirmation link's button: the address, if it is still the account's, is confirmed. Single use. */
export function confirmEmail(token: string, now = new Date()): { email: string } {
  return db.transaction((tx) => {
    const row = liveToken(tx, token, 'confirm', now);
    if (!row) throw new AppError(400, EMAIL_LINK_INVALID);
    tx.delete(emailTokens).where(eq(emailTokens.id, row.id)).run();
    const user = getUserById(row.userId, tx);
    if (!user || foldKey(user.email) !== foldKey(row.address)) throw new AppError(409, EMAIL_CONFIRM_STALE);
    tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, user.id)).run();
    recordOwnerAudit(tx, user, {
      action: 'account.email_confirm',
      entityType: 'user',
      entityId: user.id,
      summary: `e-mail confirmado: ${user.email}`,
    });
    return { email: user.email };
  });
}

/**
 * 'Não fui eu': the address the link was sent to is the account's again (confirmed as it was),
 * every session ends, every other pending link of the account dies, and the reset link by e-mail
 * is allowed again at once (the owner needs it: whoever changed the address knew the password).
 * Single use; audited as 'account.email_revert'.
 */
export function revertEmail(token: string, now = new Date()): { email: string } {
  return db.transaction((tx) => {
    const row = liveToken(tx, token, 'revert', now);
    if (!row) throw new AppError(400, EMAIL_LINK_INVALID);
    const user = getUserById(row.userId, tx);
    if (!user) throw new AppError(400, EMAIL_LINK_INVALID);
    try {
      assertUnique(tx, { email: row.address }, user.id);
    } catch {
      throw new AppError(409, EMAIL_REVERT_TAKEN);
    }
    writeUser(() =>
      tx
        .update(users)
        .set({
          email: row.address,
          ...userKeys({ email: row.address }),
          emailConfirmedAt: row.addressConfirmed ? now : null,
          emailChangedAt: null,
          resetToken: null,
          resetTokenExpiry: null,
        })
        .where(eq(users.id, user.id))
        .run(),
    );
    tx.delete(emailTokens).where(eq(emailTokens.userId, user.id)).run();
    endAllSessions(user.id, tx);
    recordOwnerAudit(tx, user, {
      action: 'account.email_revert',
      entityType: 'user',
      entityId: user.id,
      summary: `'Não fui eu', sessões encerradas; email: ${user.email} → ${row.address}`,
    });
    return { email: row.address };
  });
}

/** Whether the reset link by e-mail is held: the owner changed the address less than 72 h ago. */
export function emailResetHeld(user: Pick<UserRow, 'emailChangedAt'>, now = new Date()): boolean {
  return user.emailChangedAt !== null && now.getTime() - user.emailChangedAt.getTime() < EMAIL_RESET_HOLD_MS;
}

/** 'Minha Conta': the address waiting for its confirmation, or null when it is confirmed. */
export function pendingConfirmation(user: Pick<UserRow, 'email' | 'emailConfirmedAt'>): { email: string } | null {
  return user.emailConfirmedAt ? null : { email: user.email };
}
