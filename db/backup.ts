import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { getTableName, is } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { applyMigrations, migrationsFolder } from './migrate';
import * as schema from './schema';

/**
 * Backups and restores of the live SQLite file (`npm run db:backup`, `npm run db:restore FILE`),
 * through SQLite's online backup API, which copies a consistent snapshot while the server keeps
 * writing from its own process (docs/decisions/017-backups-and-restore.md).
 */

/** A file db:restore will not put back, with the reason (in the operator's language). */
export class BackupRefusal extends Error {}

export type BackupSummary = { path: string; bytes: number; pages: number; pageSize: number };
export type RestoreSummary = BackupSummary & { migrationsApplied: number; previous: BackupSummary | null };

/** All remaining pages in one step: a step holds the source's read snapshot, so writers never restart a copy half done. */
const ALL_PAGES = 0x7fffffff;
const SQLITE_HEADER = 'SQLite format 3\0';
const MIGRATIONS_TABLE = '__drizzle_migrations';

/** `backups/` beside the database file. */
export function backupsDirectory(databaseFile: string): string {
  return join(dirname(resolve(databaseFile)), 'backups');
}

/** `backups/app-2025-01-31T12-00-00-000Z.db`: sorts by time, and a colon-free name copies to any filesystem. */
export function defaultBackupPath(databaseFile: string, now = new Date(), prefix = ''): string {
  const name = basename(databaseFile, extname(databaseFile));
  return join(backupsDirectory(databaseFile), `${prefix}${name}-${now.toISOString().replace(/[:.]/g, '-')}.db`);
}

/** Backups hold every account's personal data: readable by the server's user only. */
const PRIVATE_FILE = 0o600;
const PRIVATE_DIRECTORY = 0o700;

/**
 * `backups/` (or a destination's directory) is created owner-only; the default `backups/` is
 * also made so when it already exists. A directory the operator named is theirs to set.
 */
function privateDirectory(directory: string, ours: boolean): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY });
  if (ours) chmodSync(directory, PRIVATE_DIRECTORY);
}

/**
 * An empty file of mode 0600 for SQLite to write a copy into: SQLite keeps the mode of a file it
 * opens, and gives its journal the database file's mode.
 */
function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'wx', PRIVATE_FILE));
  chmodSync(path, PRIVATE_FILE);
}

/** Copies `from` (a file path) into `to` with the backup API; `to` may be a database another process has open. */
async function copyDatabase(from: string, to: string): Promise<void> {
  const source = new Database(from, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(to, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

function integrityErrors(sqlite: Database.Database): string[] {
  const rows = sqlite.prepare('pragma integrity_check').pluck().all() as string[];
  return rows.length === 1 && rows[0] === 'ok' ? [] : rows;
}

function describe(path: string): BackupSummary {
  const sqlite = new Database(path, { fileMustExist: true });
  try {
    return {
      path,
      bytes: statSync(path).size,
      pages: sqlite.pragma('page_count', { simple: true }) as number,
      pageSize: sqlite.pragma('page_size', { simple: true }) as number,
    };
  } finally {
    sqlite.close();
  }
}

/**
 * A consistent copy of `databaseFile` at `destination` (default: a timestamped file in
 * `backups/`). Written under a temporary name, made a single self-contained file (rollback
 * journal, no -wal beside it), vacuumed (no free pages), checked with integrity_check, then
 * renamed into place, so a file with the final name is always a complete, checked copy. The
 * file (and its temporary) has mode 0600 and `backups/` 0700: only the server's user reads them.
 */
export async function backupDatabase(databaseFile: string, destination = defaultBackupPath(databaseFile)): Promise<BackupSummary> {
  if (!existsSync(databaseFile)) throw new BackupRefusal(`Banco de dados não encontrado: ${databaseFile}`);
  const target = resolve(destination);
  if (existsSync(target)) throw new BackupRefusal(`O destino já existe: ${target}`);
  privateDirectory(dirname(target), dirname(target) === backupsDirectory(databaseFile));
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    createPrivateFile(partial);
    await copyDatabase(databaseFile, partial);
    const copy = new Database(partial);
    try {
      copy.pragma('journal_mode = DELETE');
      // Rebuilt without free pages: rows deleted before secure_delete was on leave nothing in the copy.
      copy.exec('VACUUM');
      const errors = integrityErrors(copy);
      if (errors.length) throw new BackupRefusal(`A cópia não passou no integrity_check: ${errors.slice(0, 5).join('; ')}`);
    } finally {
      copy.close();
    }
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}-journal`, { force: true });
  }
  return describe(target);
}

function isSqliteFile(file: string): boolean {
  const header = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/** The `when` of every migration this build ships (what Drizzle records as `created_at`). */
function knownMigrations(): Set<number> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return new Set(journal.entries.map((entry) => entry.when));
}

const SCHEMA_TABLES = Object.values(schema)
  .filter((value) => is(value, SQLiteTable))
  .map((table) => getTableName(table as SQLiteTable));

function missingTables(sqlite: Database.Database, names: string[]): string[] {
  const present = new Set(sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]);
  return names.filter((name) => !present.has(name));
}

/**
 * What db:restore checks before anything is written: a SQLite file, integrity_check ok, the
 * migrations journal present, and no migration this build does not know (a backup from a newer
 * release would lose its newer columns under this code).
 */
export function inspectBackup(file: string): { migrations: number } {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupRefusal(`Arquivo não encontrado: ${file}`);
  if (!isSqliteFile(file)) throw new BackupRefusal(`Não é um banco de dados SQLite: ${file}`);
  let sqlite: Database.Database;
  try {
    // Read-write: a read-only connection cannot open a WAL file that has no -shm beside it.
    sqlite = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw new BackupRefusal(`Não foi possível abrir o backup: ${(error as Error).message}`);
  }
  try {
    let errors: string[];
    try {
      errors = integrityErrors(sqlite);
    } catch (error) {
      errors = [(error as Error).message];
    }
    if (errors.length) throw new BackupRefusal(`O backup não passou no integrity_check: ${errors.slice(0, 5).join('; ')}`);
    if (missingTables(sqlite, [MIGRATIONS_TABLE, 'users']).length) {
      throw new BackupRefusal(
        'O arquivo não tem as tabelas do app nem o registro de migrações (__drizzle_migrations): não é um backup deste app.',
      );
    }
    const applied = sqlite.prepare(`select created_at from ${MIGRATIONS_TABLE}`).pluck().all() as number[];
    const known = knownMigrations();
    const unknown = applied.filter((when) => !known.has(Number(when)));
    if (unknown.length) {
      throw new BackupRefusal(
        `O backup tem ${unknown.length} migração(ões) que esta versão do app não conhece (de uma versão mais nova): atualize o app antes de restaurar.`,
      );
    }
    return { migrations: applied.length };
  } finally {
    sqlite.close();
  }
}

/**
 * The live database's erasure ledger joins the restored one (ids only, decision 054): whoever was
 * erased after the backup was taken is erased again on the server's next start or by db:restore.
 */
function carryErasureLedger(live: string, staged: Database.Database): void {
  if (!existsSync(live)) return;
  const current = new Database(live, { readonly: true, fileMustExist: true });
  try {
    const hasLedger = current.prepare("select 1 from sqlite_master where type = 'table' and name = 'erased_accounts'").get();
    if (!hasLedger) return;
    const rows = current.prepare('select user_id, erased_at from erased_accounts').all() as { user_id: number; erased_at: number }[];
    const insert = staged.prepare('insert or ignore into erased_accounts (user_id, erased_at) values (?, ?)');
    staged.transaction(() => rows.forEach((row) => insert.run(row.user_id, row.erased_at)))();
  } finally {
    current.close();
  }
}

/**
 * Puts a checked backup back as `databaseFile`, which the server may have open: the backup is
 * copied to a staging file and brought to this build's migrations there, the current database is
 * saved to `backups/pre-restore-…`, and then the staging file is copied over the live one with
 * the backup API in one step, under SQLite's write lock, so the server sees the old database or
 * the restored one, never a mix (decision 017).
 */
export async function restoreDatabase(file: string, databaseFile: string, now = new Date()): Promise<RestoreSummary> {
  const { migrations } = inspectBackup(file);
  const live = resolve(databaseFile);
  privateDirectory(backupsDirectory(live), true);
  const staging = defaultBackupPath(live, now, '.restore-staging-');
  rmSync(staging, { force: true });
  try {
    createPrivateFile(staging);
    await copyDatabase(file, staging);
    const staged = new Database(staging);
    try {
      staged.pragma('journal_mode = DELETE');
      applyMigrations(drizzle(staged, { schema }));
      carryErasureLedger(live, staged);
      const missing = missingTables(staged, SCHEMA_TABLES);
      if (missing.length) throw new BackupRefusal(`Faltam tabelas do app no backup: ${missing.join(', ')}`);
      const errors = integrityErrors(staged);
      if (errors.length) throw new BackupRefusal(`O backup migrado não passou no integrity_check: ${errors.slice(0, 5).join('; ')}`);
    } finally {
      staged.close();
    }
    const after = inspectBackup(staging).migrations;
    let previous: BackupSummary | null = null;
    if (existsSync(live)) {
      const { pageSize } = describe(staging);
      const livePageSize = describe(live).pageSize;
      // A WAL database cannot take pages of another size through the backup API.
      if (pageSize !== livePageSize)
        throw new BackupRefusal(
          `Tamanho de página diferente (backup ${pageSize}, banco ${livePageSize}): restaure com o servidor parado, substituindo o arquivo.`,
        );
      previous = await backupDatabase(live, defaultBackupPath(live, now, 'pre-restore-'));
    }
    await copyDatabase(staging, live);
    return { ...describe(live), migrationsApplied: after - migrations, previous };
  } finally {
    rmSync(staging, { force: true });
    rmSync(`${staging}-journal`, { force: true });
  }
}
