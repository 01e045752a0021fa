import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

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
