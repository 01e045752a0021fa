import { db } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { reapplyErasures } from '../models/privacy/account-deletion.server';
import { backfillAttachmentBytes } from '../models/chat/attachment-backfill.server';
import { resumeInterruptedDeliveries } from '../models/mail/delivery.server';
import { logger } from '../utils/logger.server';

/**
 * Brings the database to the current schema before the server takes requests (server.js, `npm
 * start`: once per start, before any process listens). No mail can be in delivery then, so the
 * outbox rows a killed server left 'sending' go again now (docs/mail.md). Accounts erased after the
 * copy this database came from (a restore) are erased again before anyone can see them (decision 054).
 * Attachments stored before their bytes went into the database get them now (decision 053).
 */
export function migrateDatabase(): void {
  applyMigrations(db);
  reapplyErasures();
  backfillAttachmentBytes();
  const resumed = resumeInterruptedDeliveries();
  if (resumed > 0) logger.info({ resumed }, 'e-mails interrompidos voltam para a fila');
}

/** The last step of a graceful shutdown (server.js): checkpoint the WAL and close the connection. */
export { closeDatabase } from '../../db/client';
