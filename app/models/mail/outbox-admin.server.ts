import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { db, type Executor } from '../../../db/client';
import { mailOutbox, MAIL_STATUSES, type MailStatus } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { listQuerySchema } from '../../utils/list-query';
import { paginate, type Page } from '../../utils/pagination.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { isMailKind, MAIL_KINDS } from './kinds';
import { announceQueued } from './outbox.server';

/** The admin panel's 'E-mails' tab (docs/mail.md): the outbox as a list, and 'Reenviar' for a mail given up. */

export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, string>> = {
  pending: 'Na fila',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Falhou',
};

export const OUTBOX_MESSAGES = {
  notFound: 'E-mail não encontrado.',
  notFailed: 'Só um e-mail que falhou pode ser reenviado.',
} as const;

export const outboxQuerySchema = listQuerySchema({ sorts: ['recent'], perPage: 25, maxPerPage: 100 }).extend({
  status: z.enum(MAIL_STATUSES, { errorMap: () => ({ message: 'Status inválido' }) }).optional(),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export type OutboxItem = {
  id: number;
  to: string;
  kind: string;
  /** The kind's Portuguese name ('Recuperação de senha'), as 'Minha Conta' → 'E-mails' names it. */
  kindLabel: string;
  subject: string;
  status: MailStatus;
  statusLabel: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
};

/** Addresses are stored lower-case: a search is a prefix of the address, which the (to_address, id) index serves. */
function filterOf(query: Pick<OutboxQuery, 'q' | 'status'>): SQL | undefined {
  const prefix = query.q.trim().toLowerCase();
  return and(
    prefix ? and(gte(mailOutbox.toAddress, prefix), lt(mailOutbox.toAddress, `${prefix}\u{10FFFF}`)) : undefined,
    query.status ? eq(mailOutbox.status, query.status) : undefined,
  );
}

const kindLabel = (kind: string) => (isMailKind(kind) ? MAIL_KINDS[kind].label : kind);

export function listOutbox(query: OutboxQuery): Page<OutboxItem> {
  const where = filterOf(query);
  return paginate(query, {
    count: () => db.select({ total: count() }).from(mailOutbox).where(where).get()?.total ?? 0,
    rows: (limit, offset) =>
      db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.toAddress,
          kind: mailOutbox.kind,
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
          nextAttemptAt: mailOutbox.nextAttemptAt,
        })
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => ({
          ...row,
          kindLabel: kindLabel(row.kind),
          statusLabel: MAIL_STATUS_LABELS[row.status],
          nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
        })),
  });
}

/** Puts a failed mail back in the queue, with its Message-ID and a fresh count of attempts; audited. */
export function resendMail(admin: AuditActor, id: number, executor: Executor = db): { to: string; subject: string } {
  const resent = executor.transaction((tx) => {
    const row = tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
    if (!row) throw new AppError(404, OUTBOX_MESSAGES.notFound);
    if (row.status !== 'failed') throw new AppError(400, OUTBOX_MESSAGES.notFailed);
    tx.update(mailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), leaseUntil: null })
      .where(eq(mailOutbox.id, id))
      .run();
    recordAudit(tx, admin, {
      action: 'mail.resend',
      entityType: 'mail',
      entityId: id,
      summary: `${row.kind} para ${row.toAddress}: ${row.subject} (último erro: ${row.lastError ?? '—'})`,
    });
    return { to: row.toAddress, subject: row.subject };
  });
  announceQueued();
  return resent;
}
