import { db } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { reapplyErasures } from '../models/privacy/account-deletion.server';
import { backfillAttachmentBytes } from '../models/chat/attachment-backfill.server';
import { compactUserSearch } from '../models/admin/user-search-upkeep.server';
import { resumeInterruptedDeliveries } from '../models/mail/delivery.server';
import { logger } from '../utils/logger.server';

/**
 * Brings the database to the current schema before the server takes requests (server.js, `npm
 * start`: once per start, before any process listens). No mail can be in delivery then, so the
 * outbox rows a killed server left 'sending' go again now (docs/mail.md). Accounts erased after the
 * copy this database came from (a restore) are erased again before anyone can see them (decision 054).
 * Attachments stored before their bytes went into the database get them now (decision 053). The
 * user search's index is merged into one segment when the writes since the last start left it in
 * several (decision 013): a write, so it is done here, before anyone reads, and not by a timer.
 */
export function migrateDatabase(): void {
  applyMigrations(db);
  reapplyErasures();
  backfillAttachmentBytes();
  const search = compactUserSearch();
  if (search.before > 1) logger.info({ segmentos: search.before }, 'índice da busca de usuários compactado');
  const resumed = resumeInterruptedDeliveries();
  if (resumed > 0) logger.info({ resumed }, 'e-mails interrompidos voltam para a fila');
}

/** The last step of a graceful shutdown (server.js): checkpoint the WAL and close the connection. */
export { closeDatabase } from '../../db/client';
