import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, isNull } from 'drizzle-orm';
import { db } from '../../../db/client';
import { chatAttachmentBytes, chatAttachments } from '../../../db/schema';
import { logger } from '../../utils/logger.server';
import { uploadsDirectory } from './attachments.server';

/**
 * Files stored before migration 0023 live only in the uploads folder, so the replica and `db:backup`
 * do not carry them (decision 053). At start, before the server listens, each one's bytes are copied
 * from the folder into `chat_attachment_bytes`, one file (5 MB at most) and one transaction at a time;
 * a row whose file is gone too stays as it is (its download answers 404, as before). Returns the counts.
 */
export function backfillAttachmentBytes(): { copied: number; missing: number } {
  const pending = db
    .select({ id: chatAttachments.id, storageKey: chatAttachments.storageKey })
    .from(chatAttachments)
    .leftJoin(chatAttachmentBytes, eq(chatAttachmentBytes.attachmentId, chatAttachments.id))
    .where(isNull(chatAttachmentBytes.attachmentId))
    .all();
  if (pending.length === 0) return { copied: 0, missing: 0 };
  const directory = uploadsDirectory();
  let copied = 0;
  let missing = 0;
  for (const row of pending) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(directory, row.storageKey));
    } catch {
      missing++;
      continue;
    }
    // The row may have been deleted meanwhile by another process: the insert then matches nothing.
    db.transaction((tx) => {
      const still = tx.select({ id: chatAttachments.id }).from(chatAttachments).where(eq(chatAttachments.id, row.id)).get();
      if (still) tx.insert(chatAttachmentBytes).values({ attachmentId: row.id, bytes }).onConflictDoNothing().run();
    });
    copied++;
  }
  logger.info({ copied, missing }, 'anexos anteriores à migração 0023 copiados para o banco');
  return { copied, missing };
}
