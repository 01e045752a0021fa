import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { db, type Executor } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { paginate, type Page } from '../../utils/pagination.server';

/** Who did an admin write: kept by name too, so the log stays readable after that account goes. */
export type AuditActor = { id: number; username: string };

export type AuditEntry = {
  /** A dotted verb, e.g. 'course.create', 'lesson.delete', 'user.role'. */
  action: string;
  entityType: string;
  entityId: number | null;
  summary: string;
};

const MAX_SUMMARY = 1000;
/** Never written to the log, whatever a caller passes. */
const SECRET_FIELDS = /pass(word)?|hash|token|secret/i;

type Value = string | number | boolean | null | undefined | Date;

const show = (value: Value): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

/**
 * 'title: A → B; price: — → 19990' for the fields that changed (secret-looking fields never
 * appear); an empty string when nothing did.
 */
export function describeChanges<T extends Record<string, Value>>(
  before: Partial<T>,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): string {
  return fields
    .filter((field) => !SECRET_FIELDS.test(field))
    .filter((field) => show(before[field]) !== show(after[field]))
    .map((field) => `${field}: ${show(before[field])} → ${show(after[field])}`)
    .join('; ');
}

function insertAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): void {
  const summary = entry.summary.length > MAX_SUMMARY ? `${entry.summary.slice(0, MAX_SUMMARY - 3)}...` : entry.summary;
  executor
    .insert(auditLog)
    .values({
      actorId: actor.id,
      actorName: actor.username,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      summary,
    })
    .run();
}

/**
 * The acting admin as the transaction sees them: the session was read when the request began,
 * and another admin may have demoted or deleted them since (while the body was still arriving).
 * Refused like any other non-admin ('Acesso negado'), and the transaction writes nothing.
 */
export function assertActingAdmin(executor: Executor, actor: AuditActor): void {
  // The stored role is enough: admin is never a paid period, so no expiry turns it into another role.
  const row = executor.select({ role: users.role }).from(users).where(eq(users.id, actor.id)).get();
  if (row?.role !== 'admin') throw new AppError(403, 'Acesso negado');
}

/**
 * Records one admin write; call it inside the transaction that makes the change. The actor must
 * still be an admin when the row is written, so no write commits under a demoted admin's name.
 */
export function recordAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): void {
  assertActingAdmin(executor, actor);
  insertAudit(executor, actor, entry);
}

/** The owner's own deletion ('Excluir conta'), the one audit row whose actor need not be an admin. */
export function recordOwnerAudit(executor: Executor, owner: AuditActor, entry: AuditEntry): void {
  insertAudit(executor, owner, entry);
}

/** How the log names an erased account, as actor and as subject. */
export const erasedLabel = (userId: number) => `usuário excluído #${userId}`;

const EMAIL = /[^\s<>;,()]+@[^\s<>;,()]+/g;
/** The names an account had in its own rows: 'criado: NAME <MAIL>', 'username: OLD → NEW', 'senha de NAME redefinida'. */
const NAMED = [/criado: (.+?) <([^>]*)>/g, /(?:username|email): (.+?) → (.+?)(?=; |$)/g, /senha de (.+?) redefinida/g];

/**
 * An erased account leaves no name or e-mail in the log (LGPD): the rows it wrote keep their
 * ids and actions under `usuário excluído #ID`, and the rows about it (entity 'user', its id) lose
 * every username and e-mail it had, current or recorded by earlier edits. Runs before the user row goes.
 */
export function forgetInAuditLog(executor: Executor, user: { id: number; username: string; email: string }): void {
  const label = erasedLabel(user.id);
  executor.update(auditLog).set({ actorName: label }).where(eq(auditLog.actorId, user.id)).run();
  // Only the rows about the account: the rows it wrote about others name those others.
  const rows = executor
    .select({ id: auditLog.id, summary: auditLog.summary })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, user.id)))
    .all();
  const names = new Set([user.username, user.email]);
  for (const { summary } of rows) {
    for (const pattern of NAMED) {
      for (const match of summary.matchAll(pattern)) for (const name of match.slice(1)) if (name !== '—') names.add(name);
    }
  }
  const longestFirst = [...names].filter((name) => name.length > 0).sort((a, b) => b.length - a.length);
  for (const row of rows) {
    let summary = row.summary;
    for (const name of longestFirst) summary = summary.split(name).join(label);
    summary = summary.replace(EMAIL, label);
    if (summary !== row.summary) executor.update(auditLog).set({ summary }).where(eq(auditLog.id, row.id)).run();
  }
}

export type AuditItem = {
  id: number;
  actorId: number | null;
  actorName: string;
  action: string;
  entityType: string;
  entityId: number | null;
  summary: string;
  createdAt: string;
};

export type AuditFilter = { actorId?: number; action?: string; from?: Date; to?: Date; page: number; perPage: number };

/**
 * The 'Auditoria' page: newest first, a page at a time. Each filter has its index
 * (audit_log_actor_created_idx, audit_log_action_created_idx; the date range alone
 * audit_log_created_idx), so the page reads its own rows and the count its own range.
 */
export function listAuditLog(filter: AuditFilter): Page<AuditItem> {
  const where = and(
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lte(auditLog.createdAt, filter.to) : undefined,
  );
  return paginate(filter, {
    count: () => db.select({ value: count() }).from(auditLog).where(where).get()?.value ?? 0,
    rows: (limit, offset) =>
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  });
}

/**
 * The filters' choices: every admin and every action that appears in the log, each read as a
 * skip scan of its index (one probe per distinct value), not a scan of the log.
 */
export function auditFilterChoices(): { actors: { id: number; name: string }[]; actions: string[] } {
  const actors = db.all<{ id: number; name: string }>(sql`
    with recursive seen(id) as (
      select min(actor_id) from ${auditLog}
      union all
      select (select min(actor_id) from ${auditLog} where actor_id > seen.id) from seen where seen.id is not null
    )
    select seen.id as id, (select actor_name from ${auditLog} where actor_id = seen.id order by created_at desc limit 1) as name
    from seen where seen.id is not null`);
  const actions = db.all<{ action: string }>(sql`
    with recursive seen(action) as (
      select min(action) from ${auditLog}
      union all
      select (select min(action) from ${auditLog} where action > seen.action) from seen where seen.action is not null
    )
    select action from seen where action is not null`);
  return { actors: actors.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')), actions: actions.map((row) => row.action) };
}
