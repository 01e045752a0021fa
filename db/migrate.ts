import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { backfillFoldedKeys } from './backfill-keys';
import type { DB } from './client';

/** Beside this file when run from source; from the project root when bundled into the server build. */
const besideThisFile = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
export const migrationsFolder = existsSync(besideThisFile) ? besideThisFile : resolve('db', 'migrations');

export function applyMigrations(db: DB): void {
  migrate(db, { migrationsFolder });
  backfillFoldedKeys(db);
}
