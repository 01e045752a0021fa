import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';

/**
 * Migrates one base database per test run (in a folder of its own, so two runs at once do
 * not delete each other's files); each test file then works on its own copy.
 */
export default function setup() {
  const dir = join(process.cwd(), 'tests', '.tmp', `run-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const { db, sqlite } = openDatabase(join(dir, 'base.db'));
  applyMigrations(db);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.pragma('journal_mode = DELETE');
  sqlite.close();
  process.env.TEST_DB_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
