import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { databasePath, db, type Executor } from '../../../db/client';
import { chatAttachmentBytes, chatAttachments, chatMessages, notifications } from '../../../db/schema';
import { ATTACHMENT_MESSAGES, MESSAGE_FORM_BYTES } from '../../schemas/chat-attachments';
import { getEnv } from '../../utils/env.server';
import { AppError } from '../../utils/errors';
import { logger } from '../../utils/logger.server';
import { publishNotice, writeNotification } from '../notifications/notification.server';
import { uploadsDirectory } from './attachments.server';

/**
 * How much room support attachments may take (docs/decisions/043): each account up to
 * UPLOADS_USER_QUOTA_MB of files it sent, all of them together up to UPLOADS_TOTAL_QUOTA_MB, and
 * never leaving less than UPLOADS_MIN_FREE_MB free on the volume, which also holds the database.
 * A message over any of them is refused with a clear message and nothing is written.
 *
 * What is counted is what the volume holds (decision 059): since decision 053 a file's bytes are
 * committed in the database (`chat_attachment_bytes`) and its copy in the uploads folder is the
 * cache that serves it, so the site's total counts both copies, an account's quota the files it
 * sent once (their bytes in the database), and the floor keeps room for a whole message written
 * three times: the folder, the WAL, and the database file when the WAL is checkpointed.
 *
 * Admins are warned (a notice to the admin role, at most one a day of each kind) when the files
 * pass WARN_AT of the total quota or the volume's free space falls under twice the floor, and
 * again when an upload is refused because the site's room ran out.
 */

/** The share of UPLOADS_TOTAL_QUOTA_MB past which admins are warned. */
export const WARN_AT = 0.8;
const NOTICE_EVERY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

export const STORAGE_NOTICES = {
  low: 'Espaço de anexos acabando',
  full: 'Anexos recusados: espaço esgotado',
} as const;

/** Copies of a file the volume holds: its bytes in the database and the folder's cache of them. */
export const COPIES_ON_VOLUME = 2;
/** A message's body is written three times before its room is settled: the folder, the WAL, the database file. */
export const WRITES_PER_MESSAGE = 3;

const storageError = (message: string) => new AppError(507, message, 'files');

/**
 * A file's bytes in the database; SQLite reads a BLOB's length from its header, not its pages. A file
 * stored before migration 0023 has no bytes there and counts by its size (its copy in the folder).
 */
const storedBytes = sql<number>`coalesce(sum(coalesce(length(${chatAttachmentBytes.bytes}), ${chatAttachments.size})), 0)`;

/** Bytes of the files this account sent (its messages' attachments), as the database holds them. */
export function userAttachmentBytes(tx: Executor, userId: number): number {
  return (
    tx
      .select({ total: storedBytes })
      .from(chatAttachments)
      .innerJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
      .leftJoin(chatAttachmentBytes, eq(chatAttachmentBytes.attachmentId, chatAttachments.id))
      .where(eq(chatMessages.userId, userId))
      .get()?.total ?? 0
  );
}

/**
 * Bytes every stored attachment takes on the volume: its bytes in the database and its copy in the
 * folder (a restored volume fills the folder again as files are opened: counted as if it had).
 */
export function totalAttachmentBytes(tx: Executor = db): number {
  const row = tx
    .select({ inDatabase: sql<number>`coalesce(sum(length(${chatAttachmentBytes.bytes})), 0)` })
    .from(chatAttachmentBytes)
    .get();
  const inFolder = tx
    .select({ total: sql<number>`coalesce(sum(${chatAttachments.size}), 0)` })
    .from(chatAttachments)
    .get();
  return (row?.inDatabase ?? 0) + (inFolder?.total ?? 0);
}

/** Free bytes on the volume of the uploads folder (or of the database, before the folder exists); null when the system cannot say. */
export async function freeVolumeBytes(): Promise<number | null> {
  for (const path of [uploadsDirectory(), dirname(databasePath())]) {
    try {
      const stats = await statfs(path);
      return Number(stats.bavail) * Number(stats.bsize);
    } catch {
      // not there yet: ask its parent's volume
    }
  }
  return null;
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** A notice to the admins, unless one with the same title went out in the last day. */
function noticeAdmins(type: 'warning' | 'error', title: string, message: string): void {
  const now = new Date();
  const row = db.transaction((tx) => {
    const recent = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.title, title),
          eq(notifications.targetRole, 'admin'),
          isNull(notifications.userId),
          gt(notifications.createdAt, new Date(now.getTime() - NOTICE_EVERY_MS)),
        ),
      )
      .get();
    return recent ? null : writeNotification(tx, { title, message, type, targetRole: 'admin', link: '/admin/chats' });
  });
  if (row) {
    publishNotice(row, now);
    logger.warn({ title }, 'attachments: admins warned about storage');
  }
}

async function describeStorage() {
  const limits = getEnv().uploadLimits;
  const total = totalAttachmentBytes();
  const free = await freeVolumeBytes();
  const freeText = free === null ? '' : ` O volume tem ${megabytes(free)} livres (mínimo mantido: ${megabytes(limits.minFreeBytes)}).`;
  return {
    limits,
    total,
    free,
    text: `Os anexos do suporte ocupam ${megabytes(total)} de ${megabytes(limits.totalQuotaBytes)}.${freeText}`,
  };
}

/** Called after a message with files is stored: warns the admins when the room is running out. */
export async function warnAdminsIfStorageLow(): Promise<void> {
  const { limits, total, free, text } = await describeStorage();
  const low = total >= limits.totalQuotaBytes * WARN_AT || (free !== null && free < 2 * limits.minFreeBytes);
  if (low)
    noticeAdmins(
      'warning',
      STORAGE_NOTICES.low,
      `${text} Ao chegar ao limite, novos anexos serão recusados: aumente o volume e UPLOADS_TOTAL_QUOTA_MB (docs/operations.md).`,
    );
}

async function noticeSiteFull(): Promise<void> {
  const { text } = await describeStorage();
  noticeAdmins(
    'error',
    STORAGE_NOTICES.full,
    `${text} Mensagens com anexos estão sendo recusadas: aumente o volume e UPLOADS_TOTAL_QUOTA_MB (docs/operations.md).`,
  );
}

async function refuseForSite(): Promise<never> {
  await noticeSiteFull();
  throw storageError(ATTACHMENT_MESSAGES.diskFull);
}

/**
 * Before a body with files is read: the account still has room, the site too, and the volume
 * keeps its floor even if the largest message arrives. Refused with 507 and a clear message.
 */
export async function assertRoomBeforeUpload(userId: number): Promise<void> {
  const limits = getEnv().uploadLimits;
  if (userAttachmentBytes(db, userId) >= limits.userQuotaBytes)
    throw storageError(ATTACHMENT_MESSAGES.userQuota(limits.userQuotaBytes / MB));
  if (totalAttachmentBytes() >= limits.totalQuotaBytes) await refuseForSite();
  const free = await freeVolumeBytes();
  if (free !== null && free - WRITES_PER_MESSAGE * MESSAGE_FORM_BYTES < limits.minFreeBytes) await refuseForSite();
}

/**
 * Inside the message's transaction, with the files' real sizes: the account's and the site's
 * totals with them stay within the quotas (two uploads at once are counted one after the other).
 * The site's refusal tells the admins after the transaction.
 */
export function assertRoomForFiles(tx: Executor, userId: number, bytes: number): void {
  if (bytes === 0) return;
  const limits = getEnv().uploadLimits;
  if (userAttachmentBytes(tx, userId) + bytes > limits.userQuotaBytes)
    throw storageError(ATTACHMENT_MESSAGES.userQuota(limits.userQuotaBytes / MB));
  if (totalAttachmentBytes(tx) + COPIES_ON_VOLUME * bytes > limits.totalQuotaBytes) {
    setImmediate(() => noticeSiteFull().catch((error: unknown) => logger.error({ err: error }, 'attachments: could not warn admins')));
    throw storageError(ATTACHMENT_MESSAGES.diskFull);
  }
}
