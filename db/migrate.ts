import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { DB } from './client';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function applyMigrations(db: DB): void {
  migrate(db, { migrationsFolder });
}
