import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { mailOptOuts, users } from '../../../db/schema';
import { getEnv } from '../../utils/env.server';
import { AppError } from '../../utils/errors';
import { siteUrl } from '../../utils/security.server';
import { MAIL_KINDS, isMailKind, optionalKindsFor, type MailKind } from './kinds';

/**
 * Each user's choices of mail ('Minha Conta' → 'E-mails') and the one-click unsubscribe of every
 * optional mail (RFC 8058), which works without a login: its link carries the user, the kind and
 * an HMAC of both under the session secret, so it cannot be forged for another user or kind and
 * never expires (a mail read a year later still unsubscribes).
 */

export const UNSUBSCRIBE_PATH = '/email/unsubscribe';
export const UNSUBSCRIBE_INVALID = 'Link de descadastro inválido.';

/** Whether the user gets this kind of mail: always for a kind that cannot be switched off. */
export function wantsMail(userId: number, kind: MailKind, executor: Executor = db): boolean {
  if (!MAIL_KINDS[kind].optional) return true;
  return !executor
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)))
    .get();
}

// 'Minha Conta' reads them on every view: prepared once per connection; the LGPD export's transaction builds its own.
const optedOutKinds = preparedQuery(() =>
  db
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(eq(mailOptOuts.userId, sql.placeholder('userId')))
    .prepare(),
);

/** The user's choices, for the kinds their role is offered. */
export function mailChoices(
  user: { id: number; role: string },
  executor: Executor = db,
): { kind: MailKind; label: string; description: string; enabled: boolean }[] {
  const rows =
    executor === db
      ? optedOutKinds().all({ userId: user.id })
      : executor.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, user.id)).all();
  const off = new Set(rows.map((row) => row.kind));
  return optionalKindsFor(user.role).map((kind) => ({
    kind,
    label: MAIL_KINDS[kind].label,
    description: MAIL_KINDS[kind].description,
    enabled: !off.has(kind),
  }));
}

/** Saves the choices of the 'E-mails' form: the offered kinds in `enabled` are on, the others off. */
export function saveMailChoices(user: { id: number; role: string }, enabled: readonly string[], executor: Executor = db): void {
  const on = new Set(enabled);
  executor.transaction((tx) => {
    for (const kind of optionalKindsFor(user.role)) setMailChoice(user.id, kind, on.has(kind), tx);
  });
}

export function setMailChoice(userId: number, kind: MailKind, enabled: boolean, executor: Executor = db): void {
  if (!MAIL_KINDS[kind].optional) throw new AppError(400, 'Este tipo de e-mail não pode ser desligado.');
  if (enabled)
    executor
      .delete(mailOptOuts)
      .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)))
      .run();
  else executor.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing().run();
}

const signature = (userId: number, kind: string) =>
  createHmac('sha256', getEnv().sessionSecret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

/** The unsubscribe link of one user and kind (absolute: it goes in mails). */
export function unsubscribeUrl(userId: number, kind: MailKind): string {
  return siteUrl(`${UNSUBSCRIBE_PATH}?${new URLSearchParams({ u: String(userId), k: kind, t: signature(userId, kind) })}`, 'absolute');
}

/** The headers of RFC 8058: a mail client offers 'Cancelar inscrição' and POSTs `List-Unsubscribe=One-Click` to the link. */
export function unsubscribeHeaders(userId: number, kind: MailKind): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl(userId, kind)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export type UnsubscribeRequest = { userId: number; kind: MailKind };

/** Reads and checks an unsubscribe link's parameters; anything wrong is 'Link de descadastro inválido.'. */
export function readUnsubscribe(params: URLSearchParams): UnsubscribeRequest {
  const user = params.get('u') ?? '';
  const kind = params.get('k') ?? '';
  const token = params.get('t') ?? '';
  if (!/^\d{1,12}$/.test(user) || !isMailKind(kind) || !MAIL_KINDS[kind].optional || token.length > 100)
    throw new AppError(400, UNSUBSCRIBE_INVALID);
  const expected = Buffer.from(signature(Number(user), kind));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(400, UNSUBSCRIBE_INVALID);
  return { userId: Number(user), kind };
}

/** One click: the kind is switched off (again is fine; an account deleted since is fine too). */
export function unsubscribe(request: UnsubscribeRequest): { label: string } {
  db.transaction((tx) => {
    // A deleted account gets no more mail of any kind: nothing to save (and no row to point at).
    if (!tx.select({ id: users.id }).from(users).where(eq(users.id, request.userId)).get()) return;
    tx.insert(mailOptOuts).values({ userId: request.userId, kind: request.kind }).onConflictDoNothing().run();
  });
  return { label: MAIL_KINDS[request.kind].label };
}
