import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';

export const TMP_DIR = join(process.cwd(), 'tests', '.tmp');
export const BASE_DB = join(TMP_DIR, 'base.db');

/** Migrates one base database; each test file then works on its own copy. */
export default function setup() {
  rmSync(TMP_DIR, { recursive: true, force: true });
  mkdirSync(TMP_DIR, { recursive: true });
  const { db, sqlite } = openDatabase(BASE_DB);
  applyMigrations(db);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  return () => rmSync(TMP_DIR, { recursive: true, force: true });
}
