import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { backupDatabase, BackupRefusal, inspectBackup, restoreDatabase } from '../../db/backup';

/**
 * db/backup.ts (npm run db:backup / db:restore): a backup taken while another connection writes
 * is a consistent, checked copy; a restore refuses what is not a backup of this app (and writes
 * nothing then), and puts a good one back under a connection that stays open, as the server's does.
 */

const root = mkdtempSync(join(tmpdir(), 'db-backup-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `case-${++n}`);

/** A migrated app database with `count` chat-free users, as the server would hold it (WAL). */
function appDatabase(dir: string, count = 0) {
  const { db, sqlite } = openDatabase(join(dir, 'app.db'));
  applyMigrations(db);
  addUsers(sqlite, count);
  return { sqlite, path: join(dir, 'app.db') };
}

let userSeq = 0;
function addUsers(sqlite: Database.Database, count: number): void {
  const insert = sqlite.prepare(
    "insert into users (username, username_key, email, email_key, cpf, password, role, created_at) values (?, ?, ?, ?, ?, 'x', 'E-BASIC', ?)",
  );
  for (let i = 0; i < count; i++) {
    // One commit per row, as the server's requests make them.
    const name = `user${++userSeq}`;
    insert.run(name, name, `${name}@example.com`, `${name}@example.com`, String(10_000_000_000 + userSeq), Date.now());
  }
}

const usernames = (path: string) => {
  const sqlite = new Database(path, { fileMustExist: true });
  try {
    return sqlite.prepare('select username from users order by id').pluck().all() as string[];
  } finally {
    sqlite.close();
  }
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BackupRefusal);
  return (error as BackupRefusal).message;
}

describe('db:backup', () => {
  test('copies a consistent snapshot while another connection keeps committing, and checks it', async () => {
    const dir = freshDir();
    const { sqlite, path } = appDatabase(dir, 200);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        addUsers(sqlite, 5);
        written += 5;
        await new Promise((next) => setImmediate(next));
      }
    })();
    const summary = await backupDatabase(path);
    const atEnd = written;
    writing = false;
    await writer;

    expect(atEnd).toBeGreaterThan(0);
    expect(summary.path.startsWith(join(dir, 'backups'))).toBe(true);
    expect(summary.pages).toBeGreaterThan(0);
    expect(summary.bytes).toBe(summary.pages * summary.pageSize);
    const copied = usernames(summary.path);
    // A prefix of the live rows: every row committed before the copy began, none torn.
    expect(copied.length).toBeGreaterThanOrEqual(200);
    expect(copied.length).toBeLessThanOrEqual(200 + atEnd);
    expect(copied).toEqual(usernames(path).slice(0, copied.length));
    expect(inspectBackup(summary.path)).toMatchObject({ migrations: expect.any(Number) });
    // One self-contained file: no -wal or temporary file left beside it.
    expect(readdirSync(join(dir, 'backups'))).toEqual([summary.path.split('/').pop()]);
    sqlite.close();
  });

  test('refuses a destination that exists and a database that does not', async () => {
    const dir = freshDir();
    const { sqlite, path } = appDatabase(dir, 1);
    writeFileSync(join(dir, 'taken.db'), 'keep me');
    expect(await refusal(backupDatabase(path, join(dir, 'taken.db')))).toMatch(/já existe/);
    expect(readFileSync(join(dir, 'taken.db'), 'utf8')).toBe('keep me');
    expect(await refusal(backupDatabase(join(dir, 'missing.db')))).toMatch(/não encontrado/);
    sqlite.close();
  });
});

describe('db:restore refuses what is not a good backup of this app, and writes nothing', () => {
  const dir = freshDir();
  const live = appDatabase(dir, 3);
  live.sqlite.close();
  const before = usernames(live.path);

  async function refused(file: string): Promise<string> {
    const message = await refusal(restoreDatabase(file, live.path));
    expect(usernames(live.path)).toEqual(before);
    expect(existsSync(join(dir, 'backups'))).toBe(false);
    return message;
  }

  test('a missing file, and a file that is not SQLite', async () => {
    expect(await refused(join(dir, 'nope.db'))).toMatch(/não encontrado/);
    writeFileSync(join(dir, 'notes.txt'), 'CREATE TABLE users (id);\n');
    expect(await refused(join(dir, 'notes.txt'))).toMatch(/Não é um banco de dados SQLite/);
  });

  test('a SQLite file whose pages are damaged fails integrity_check', async () => {
    const file = join(dir, 'damaged.db');
    const sqlite = new Database(file);
    sqlite.exec('create table t (id integer primary key, v text); create index t_v on t (v);');
    const insert = sqlite.prepare('insert into t (v) values (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < 3000; i++) insert.run(`value-${i}`);
    })();
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    const indexRoot = sqlite.prepare("select rootpage from sqlite_master where name = 't_v'").pluck().get() as number;
    sqlite.close();
    const bytes = readFileSync(file);
    // Scramble the cells of the index's root page, keeping its header so the file still opens.
    bytes.fill(0x41, (indexRoot - 1) * pageSize + 200, indexRoot * pageSize);
    writeFileSync(file, bytes);
    expect(await refused(file)).toMatch(/integrity_check|malformed/);
  });

  test('a SQLite database without the app tables and the migrations journal', async () => {
    const file = join(dir, 'other-app.db');
    const sqlite = new Database(file);
    sqlite.exec('create table notes (id integer primary key, body text)');
    sqlite.close();
    expect(await refused(file)).toMatch(/__drizzle_migrations/);
  });

  test('a backup with a migration this build does not know (a newer release)', async () => {
    const file = join(dir, 'newer.db');
    copyFileSync(live.path, file);
    const sqlite = new Database(file);
    sqlite.prepare('insert into __drizzle_migrations (hash, created_at) values (?, ?)').run('future', Date.now() + 86_400_000);
    sqlite.close();
    expect(await refused(file)).toMatch(/não conhece/);
  });
});

describe('db:restore puts a checked backup back', () => {
  test('into a fresh location', async () => {
    const source = appDatabase(freshDir(), 7);
    const backup = await backupDatabase(source.path);
    source.sqlite.close();
    const target = join(freshDir(), 'restored', 'app.db');
    const restored = await restoreDatabase(backup.path, target);
    expect(restored).toMatchObject({ path: target, previous: null, migrationsApplied: 0 });
    expect(usernames(target)).toEqual(usernames(source.path));
  });

  test('over the live database while a connection (the server) has it open: it sees the backup, and the old database is kept', async () => {
    const dir = freshDir();
    const server = appDatabase(dir, 4);
    const backup = await backupDatabase(server.path);
    const atBackup = usernames(backup.path);
    addUsers(server.sqlite, 6);
    const beforeRestore = usernames(server.path);

    const restored = await restoreDatabase(backup.path, server.path);
    const count = server.sqlite.prepare('select count(*) from users').pluck();
    expect(count.get()).toBe(atBackup.length);
    expect(server.sqlite.prepare('pragma integrity_check').pluck().get()).toBe('ok');
    // The server's connection keeps writing to the restored database.
    addUsers(server.sqlite, 1);
    expect(count.get()).toBe(atBackup.length + 1);
    expect(usernames(restored.previous!.path)).toEqual(beforeRestore);
    server.sqlite.close();
  });
});
