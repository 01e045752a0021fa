import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { paginate, type Page } from '../utils/pagination.server';

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
export function describeChanges<T extends Record<string, Value>>(before: Partial<T>, after: Partial<T>, fields: readonly (keyof T & string)[]): string {
  return fields
    .filter((field) => !SECRET_FIELDS.test(field))
    .filter((field) => show(before[field]) !== show(after[field]))
    .map((field) => `${field}: ${show(before[field])} → ${show(after[field])}`)
    .join('; ');
}

/** Records one admin write; call it inside the transaction that makes the change. */
export function recordAudit(executor: Executor, actor: AuditActor, entry: AuditEntry): void {
  const summary = entry.summary.length > MAX_SUMMARY ? `${entry.summary.slice(0, MAX_SUMMARY - 3)}...` : entry.summary;
  executor
    .insert(auditLog)
    .values({ actorId: actor.id, actorName: actor.username, action: entry.action, entityType: entry.entityType, entityId: entry.entityId, summary })
    .run();
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
