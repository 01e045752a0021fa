import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { and, between, eq, sql } from 'drizzle-orm';
import { databasePath, db, preparedQuery, type Executor } from '../../../db/client';
import { chatAttachmentBytes, chatAttachments, chatThreads } from '../../../db/schema';
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../../schemas/chat-attachments';
import { getEnv } from '../../utils/env.server';
import { AppError } from '../../utils/errors';
import { logger } from '../../utils/logger.server';
import { cleanFileName, rewriteImage, sniffType, type AttachmentType, type ImageProblem } from './attachment-bytes';

/**
 * Files attached to support messages (issue 22): at most 3 a message, PNG, JPEG, WebP or PDF of
 * up to 5 MB, the type read from the bytes. Images are stored rewritten without their metadata.
 *
 * On disk: UPLOADS_DIR (default `uploads/` beside the database), never under public/, each file
 * under a random key. A message's files are written first (each to a temporary name, renamed when
 * whole), then the message and its rows in one transaction; if that fails the files are removed,
 * so there is never a message with missing files nor a row without its file. Deleting a ticket or
 * an account removes the rows with it (foreign keys) and the files just after the commit.
 * The bytes are also committed in the database (chat_attachment_bytes), so the Litestream replica
 * carries them: after a restore the folder is refilled on first download (decision 053).
 *
 * Who reads a file: the ticket's owner and admins; anyone else, signed in or not, gets the same
 * 404 as for a file that does not exist.
 */

/** A file as the thread shows it (the page, the API and the live stream). */
export type AttachmentView = {
  id: number;
  name: string;
  contentType: AttachmentType;
  size: number;
  url: string;
};

/** A file as it arrives: from the page's multipart body (a temporary file on disk) or, in tests and scripts, a File in memory. */
export type IncomingFile = {
  name: string;
  size: number;
  /** The first bytes, enough to tell the type. */
  head(): Promise<Uint8Array>;
  /** The whole file in memory (images only: their structure is walked). */
  bytes(): Promise<Uint8Array>;
  /** The file piece by piece (PDFs are copied as they came, never held whole). */
  chunks(): AsyncIterable<Uint8Array>;
  /** A temporary file of its own in the uploads folder: a PDF is renamed into place instead of copied. */
  temporaryPath?: string;
};

/** A File (in memory) as an incoming attachment. */
export function incomingFromFile(file: File): IncomingFile {
  return {
    name: file.name,
    size: file.size,
    head: async () => new Uint8Array(await file.slice(0, 16).arrayBuffer()),
    bytes: async () => new Uint8Array(await file.arrayBuffer()),
    async *chunks() {
      yield new Uint8Array(await file.arrayBuffer());
    },
  };
}

/** A file checked and written under its random key, waiting for its message's transaction. */
export type StoredFile = {
  name: string;
  contentType: AttachmentType;
  size: number;
  storageKey: string;
};

export const attachmentUrl = (id: number) => `/resources/chat-files/${id}`;

/** UPLOADS_DIR, or `uploads/` beside the database. */
export function uploadsDirectory(): string {
  const configured = getEnv().uploadsDir;
  return configured ? resolve(configured) : join(dirname(databasePath()), 'uploads');
}

const filePath = (storageKey: string) => join(uploadsDirectory(), storageKey);

/** Users' files are private like the mail and backup folders: the folder 0700, each file 0600. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

let madePrivate: string | null = null;

/**
 * The uploads folder, created 0700; on the first use in a process an existing folder and its
 * files are brought to 0700/0600 (folders made before these modes were 0755 with files 0644).
 */
export async function privateUploadsDirectory(): Promise<string> {
  const directory = uploadsDirectory();
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (madePrivate === directory) return directory;
  await chmod(directory, PRIVATE_DIRECTORY_MODE);
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    if (entry.isFile()) await chmod(join(directory, entry.name), PRIVATE_FILE_MODE).catch(() => undefined);
  }
  madePrivate = directory;
  return directory;
}

const refuse = (status: number, message: string) => new AppError(status, message, 'files');

const IMAGE_REFUSALS: Record<ImageProblem, AppError> = {
  unreadable: refuse(400, ATTACHMENT_MESSAGES.unreadable),
  tooComplex: refuse(400, ATTACHMENT_MESSAGES.tooComplex),
  tooManyPixels: refuse(413, ATTACHMENT_MESSAGES.tooManyPixels),
};

/**
 * One image is read whole and rewritten at a time in the process: the walk is synchronous
 * anyway, and this keeps the memory of many parallel uploads at one image (5 MB), not one per upload.
 */
let imageTurn: Promise<unknown> = Promise.resolve();
function oneImageAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = imageTurn.then(work, work);
  imageTurn = run.catch(() => undefined);
  return run;
}

const isDiskFull = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

/** Removes stored files; one already gone is not an error. */
export async function removeFiles(storageKeys: readonly string[]): Promise<void> {
  await Promise.all(storageKeys.map((key) => rm(filePath(key), { force: true })));
}

/** Checks one file and writes what is stored (an image rewritten, a PDF copied) to `partial`. */
async function writeChecked(file: IncomingFile, partial: string): Promise<Omit<StoredFile, 'storageKey'>> {
  if (file.size > MAX_ATTACHMENT_BYTES) throw refuse(413, ATTACHMENT_MESSAGES.tooLarge);
  if (file.size === 0) throw refuse(400, ATTACHMENT_MESSAGES.unreadable);
  const contentType = sniffType(await file.head());
  if (!contentType) throw refuse(415, ATTACHMENT_MESSAGES.badType);
  const name = cleanFileName(file.name, contentType);
  if (contentType === 'application/pdf') {
    if (file.temporaryPath) await rename(file.temporaryPath, partial);
    else await writeFile(partial, file.chunks(), { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return { name, contentType, size: file.size };
  }
  return oneImageAtATime(async () => {
    const image = rewriteImage(contentType, await file.bytes());
    if (typeof image === 'string') throw IMAGE_REFUSALS[image];
    await writeFile(partial, image.parts, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return { name, contentType, size: image.parts.reduce((sum, part) => sum + part.length, 0) };
  });
}

/**
 * Checks the chosen files (count, size, type by the bytes, an image's structure and pixels) and
 * writes each whole under a random key (a temporary name, then a rename), images without their
 * metadata. The first problem is refused beside the file field and every file of this call is
 * removed; a full disk is the 507 'no space' message.
 */
export async function storeFiles(files: readonly IncomingFile[]): Promise<StoredFile[]> {
  if (files.length > MAX_ATTACHMENTS) throw refuse(400, ATTACHMENT_MESSAGES.tooMany);
  if (files.length === 0) return [];
  const directory = await privateUploadsDirectory();
  const stored: StoredFile[] = [];
  let partial: string | null = null;
  try {
    for (const file of files) {
      const storageKey = randomUUID();
      partial = join(directory, `${storageKey}.part`);
      const checked = await writeChecked(file, partial);
      await rename(partial, join(directory, storageKey));
      partial = null;
      stored.push({ ...checked, storageKey });
    }
    return stored;
  } catch (error) {
    if (partial) await rm(partial, { force: true });
    await removeFiles(stored.map((file) => file.storageKey));
    if (isDiskFull(error)) throw refuse(507, ATTACHMENT_MESSAGES.diskFull);
    throw error;
  }
}

/** The rows of a message's files, inside the message's transaction. */
export function insertAttachments(tx: Executor, messageId: number, threadId: number, files: readonly StoredFile[]): AttachmentView[] {
  return files.map((file) => {
    const row = tx
      .insert(chatAttachments)
      .values({
        messageId,
        threadId,
        storageKey: file.storageKey,
        name: file.name,
        contentType: file.contentType,
        size: file.size,
      })
      .returning({ id: chatAttachments.id })
      .get();
    // The bytes too, in the same transaction: replicated with the database, so they survive the
    // volume (decision 053); the file just stored stays as the cache that serves them.
    tx.insert(chatAttachmentBytes)
      .values({ attachmentId: row.id, bytes: readFileSync(filePath(file.storageKey)) })
      .run();
    return {
      id: row.id,
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      url: attachmentUrl(row.id),
    };
  });
}

/** Runs `write` (the message's transaction) with files already stored, and removes them if it fails. */
export async function withStoredFiles<T>(stored: readonly StoredFile[], write: (stored: readonly StoredFile[]) => T): Promise<T> {
  try {
    return write(stored);
  } catch (error) {
    await removeFiles(stored.map((file) => file.storageKey));
    throw error;
  }
}

const attachmentsInRange = preparedQuery(() =>
  db
    .select({
      id: chatAttachments.id,
      messageId: chatAttachments.messageId,
      name: chatAttachments.name,
      contentType: chatAttachments.contentType,
      size: chatAttachments.size,
    })
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.threadId, sql.placeholder('threadId')),
        between(chatAttachments.messageId, sql.placeholder('first'), sql.placeholder('last')),
      ),
    )
    .orderBy(chatAttachments.messageId, chatAttachments.id)
    .prepare(),
);

/** The files of some of a ticket's messages, by message id (one indexed range read). */
export function attachmentsOf(threadId: number, messageIds: readonly number[]): Map<number, AttachmentView[]> {
  const byMessage = new Map<number, AttachmentView[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = attachmentsInRange().all({
    threadId,
    first: Math.min(...messageIds),
    last: Math.max(...messageIds),
  });
  const wanted = new Set(messageIds);
  for (const row of rows) {
    if (!wanted.has(row.messageId)) continue;
    const list = byMessage.get(row.messageId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      contentType: row.contentType,
      size: row.size,
      url: attachmentUrl(row.id),
    });
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** The storage keys of a ticket's files (read before it is deleted). */
export function threadFileKeys(tx: Executor, threadId: number): string[] {
  return tx
    .select({ key: chatAttachments.storageKey })
    .from(chatAttachments)
    .where(eq(chatAttachments.threadId, threadId))
    .all()
    .map((row) => row.key);
}

/** The storage keys of the files in a user's tickets (read before the account is erased). */
export function userFileKeys(tx: Executor, userId: number): string[] {
  return tx
    .select({ key: chatAttachments.storageKey })
    .from(chatAttachments)
    .innerJoin(chatThreads, eq(chatThreads.id, chatAttachments.threadId))
    .where(eq(chatThreads.userId, userId))
    .all()
    .map((row) => row.key);
}

const rowByKey = preparedQuery(() =>
  db
    .select({ id: chatAttachments.id })
    .from(chatAttachments)
    .where(eq(chatAttachments.storageKey, sql.placeholder('key')))
    .prepare(),
);

/**
 * Called inside a transaction that deletes rows: once it has ended (better-sqlite3 transactions
 * are synchronous, so the next turn of the event loop comes after the commit or the rollback),
 * removes the files whose rows are gone. A rolled-back deletion keeps its files.
 */
export function removeFilesAfterCommit(storageKeys: readonly string[]): void {
  if (storageKeys.length === 0) return;
  setImmediate(() => {
    const gone = storageKeys.filter((key) => !rowByKey().get({ key }));
    removeFiles(gone).catch((error: unknown) => logger.error({ err: error }, 'chat attachments: could not remove files'));
  });
}

const bytesOf = preparedQuery(() =>
  db
    .select({ bytes: chatAttachmentBytes.bytes })
    .from(chatAttachmentBytes)
    .where(eq(chatAttachmentBytes.attachmentId, sql.placeholder('id')))
    .prepare(),
);

/**
 * A file missing from the cache folder (a volume restored from the replica) is written again from
 * its committed bytes (a temporary name, then a rename), before it is served. False when the
 * database has no bytes for it either (a file stored before migration 0023 and lost with the volume).
 */
async function restoreFromDatabase(attachmentId: number, storageKey: string): Promise<boolean> {
  const row = bytesOf().get({ id: attachmentId });
  if (!row) return false;
  const directory = await privateUploadsDirectory();
  const partial = join(directory, `${storageKey}.${randomUUID()}.part`);
  await writeFile(partial, row.bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  await rename(partial, join(directory, storageKey));
  return true;
}

const attachmentForReader = preparedQuery(() =>
  db
    .select({
      storageKey: chatAttachments.storageKey,
      name: chatAttachments.name,
      contentType: chatAttachments.contentType,
      size: chatAttachments.size,
      ownerId: chatThreads.userId,
    })
    .from(chatAttachments)
    .innerJoin(chatThreads, eq(chatThreads.id, chatAttachments.threadId))
    .where(eq(chatAttachments.id, sql.placeholder('id')))
    .prepare(),
);

export type AttachmentFile = {
  path: string;
  name: string;
  contentType: AttachmentType;
  size: number;
};

/**
 * GET /resources/chat-files/{id}: the file for the ticket's owner or an admin. Anyone else (a
 * visitor, another user), a file that does not exist and a row whose file is missing are the same 404.
 */
export async function openAttachment(viewer: { id: number; role: string } | null, attachmentId: number): Promise<AttachmentFile> {
  const row = viewer ? attachmentForReader().get({ id: attachmentId }) : undefined;
  if (!viewer || !row || (viewer.role !== 'admin' && row.ownerId !== viewer.id)) throw new AppError(404, ATTACHMENT_MESSAGES.notFound);
  const path = filePath(row.storageKey);
  let found = await stat(path).catch(() => null);
  if (!found && (await restoreFromDatabase(attachmentId, row.storageKey))) found = await stat(path).catch(() => null);
  if (!found?.isFile()) throw new AppError(404, ATTACHMENT_MESSAGES.notFound);
  return {
    path,
    name: row.name,
    contentType: row.contentType,
    size: found.size,
  };
}
