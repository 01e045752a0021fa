import { db } from '../../db/client';
import { applyMigrations } from '../../db/migrate';

/** Brings the database to the current schema before the server takes requests (server.js, `npm start`). */
export function migrateDatabase(): void {
  applyMigrations(db);
}

/** The last step of a graceful shutdown (server.js): checkpoint the WAL and close the connection. */
export { closeDatabase } from '../../db/client';
