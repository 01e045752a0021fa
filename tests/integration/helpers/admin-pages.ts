import { desc, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { db } from '../../../db/client';
import { auditLog, courses } from '../../../db/schema';
import { sortKey } from '~/utils/fold';
import { readToast, type Toast } from '~/utils/toast.server';
import { BASE_URL, call, expectRedirect, formRequest, getRequest } from '../../setup/helpers';
import { NON_ADMIN_TIERS, type Signed, type Tier } from './admin-api';

/**
 * Shared by the tests of the admin content tabs (promo codes, courses, notifications,
 * prices, inbox): their loaders and actions called as Remix calls them, without a load context,
 * so toasts travel in the cookie.
 */

type RouteFunction = Parameters<typeof call>[0];

/** A page loader as a signed-in browser (or a visitor) calls it. */
export const pageGet = (loader: RouteFunction, path: string, cookie?: string) => call(loader, getRequest(path, { cookie }));

/** A page form post, as the form without JavaScript sends it. */
export const pagePost = (action: RouteFunction, path: string, fields: Record<string, string>, cookie?: string) =>
  call(action, formRequest(path, fields, { cookie }));

/** The toast a response flashed (a redirect's, or a refused form's), read as the next request's root loader would. */
export async function toastOf(response: Response): Promise<Toast | null> {
  const setCookie = response.headers.getSetCookie().find((header) => header.startsWith('en_toast='));
  if (!setCookie) return null;
  const { toast } = await readToast(new Request(BASE_URL, { headers: { Cookie: setCookie.split(';')[0] } }));
  return toast;
}

/** A refused form's messages by field ('' for the form's own), from its `{ intent, result }` reply. */
export async function replyErrors(response: Response): Promise<Record<string, string[]>> {
  const body = (await response.clone().json()) as { result?: { error?: Record<string, string[] | null> } };
  return Object.fromEntries(
    Object.entries(body.result?.error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
  );
}

/** Visitors go to /auth (coming back to `path`), every non-admin tier to /dashboard. */
export async function expectPageAdminOnly(
  tiers: Record<Tier, Signed>,
  path: string,
  send: (cookie?: string) => Promise<Response>,
): Promise<void> {
  expectRedirect(await send(undefined), `/auth?${new URLSearchParams({ redirectTo: path })}`);
  for (const tier of NON_ADMIN_TIERS) expectRedirect(await send(tiers[tier].cookie), '/dashboard');
}

/** The audit rows written after `sinceId` (take it with `lastAuditId()` before the write). */
export const lastAuditId = () => db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1).get()?.id ?? 0;
export const auditSince = (sinceId: number) => db.select().from(auditLog).where(gt(auditLog.id, sinceId)).orderBy(auditLog.id).all();

/** Runs one admin write and checks it left exactly one audit row, by this admin, for this action, with no secret in it. */
export async function expectOneAudit<T>(admin: Signed, action: string, write: () => T | Promise<T>) {
  const before = lastAuditId();
  const result = await write();
  const rows = auditSince(before);
  expect(rows, `audit rows for ${action}`).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ actorId: admin.user.id, actorName: admin.user.username, action });
  expect(row.summary).not.toContain('$argon2');
  expect(row.summary).not.toMatch(/password|hash|token/i);
  return { result, row };
}

let courseSequence = 0;

/** A course straight in the table (title key computed as the models do). */
export function insertCourse(values: Partial<typeof courses.$inferInsert> = {}) {
  const title = values.title ?? `Curso de Teste ${++courseSequence}`;
  return db
    .insert(courses)
    .values({
      description: 'Um curso completo para engenheiros em atividade.',
      category: 'mechanical',
      instructor: 'Eng. Silva',
      duration: '10 horas',
      level: 'beginner',
      ...values,
      title,
      titleKey: sortKey(title),
    })
    .returning()
    .get();
}
