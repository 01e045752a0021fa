import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';

/**
 * Migration 0005 rebuilds payments (SQLite cannot change a foreign key in place): a database
 * migrated up to 0004 with payments in it keeps every payment, with its id, and learns who paid;
 * afterwards deleting the user keeps the payment. Migration 0006 indexes the users already there.
 */

const dir = mkdtempSync(join(tmpdir(), 'payments-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as it stood at `lastTag`: the same files, the journal cut after it. */
function migrationsUpTo(lastTag: string): string {
  const folder = join(dir, 'migrations');
  cpSync(resolve('db/migrations'), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

test('payments made before migration 0005 survive it, gain their payer, and then outlive their user', () => {
  const { db, sqlite } = openDatabase(join(dir, 'app.db'));
  migrate(db, { migrationsFolder: migrationsUpTo('0004_admin_list_indexes') });

  const user = sqlite
    .prepare(
      "insert into users (username, email, username_key, email_key, cpf, password) values ('Pagante', 'pagante@example.com', 'pagante', 'pagante@example.com', '52998224725', 'x')",
    )
    .run().lastInsertRowid;
  const other = sqlite
    .prepare(
      "insert into users (username, email, username_key, email_key, password) values ('Outro', 'outro@example.com', 'outro', 'outro@example.com', 'x')",
    )
    .run().lastInsertRowid;
  const insertPayment = sqlite.prepare(
    "insert into payments (id, user_id, stripe_payment_intent_id, kind, plan_type, months, amount_cents, status, created_at) values (?, ?, ?, 'plan', 'E-TOOL', 1, 2990, 'succeeded', 1700000000000)",
  );
  insertPayment.run(41, user, 'pi_antigo_1');
  insertPayment.run(42, user, 'pi_antigo_2');
  insertPayment.run(43, other, 'pi_antigo_3');
  // Before 0005 the foreign key cascades: this is what the migration must change.
  expect(sqlite.prepare("select on_delete from pragma_foreign_key_list('payments') where \"table\" = 'users'").get()).toEqual({
    on_delete: 'CASCADE',
  });

  applyMigrations(db);

  expect(sqlite.prepare("select on_delete from pragma_foreign_key_list('payments') where \"table\" = 'users'").get()).toEqual({
    on_delete: 'SET NULL',
  });
  expect(
    sqlite
      .prepare('select id, user_id, payer_username, payer_email, payer_cpf, amount_cents, status, created_at from payments order by id')
      .all(),
  ).toEqual([
    {
      id: 41,
      user_id: Number(user),
      payer_username: 'Pagante',
      payer_email: 'pagante@example.com',
      payer_cpf: '52998224725',
      amount_cents: 2990,
      status: 'succeeded',
      created_at: 1700000000000,
    },
    {
      id: 42,
      user_id: Number(user),
      payer_username: 'Pagante',
      payer_email: 'pagante@example.com',
      payer_cpf: '52998224725',
      amount_cents: 2990,
      status: 'succeeded',
      created_at: 1700000000000,
    },
    {
      id: 43,
      user_id: Number(other),
      payer_username: 'Outro',
      payer_email: 'outro@example.com',
      payer_cpf: null,
      amount_cents: 2990,
      status: 'succeeded',
      created_at: 1700000000000,
    },
  ]);
  expect(sqlite.prepare('pragma foreign_key_check').all()).toEqual([]);
  expect(sqlite.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'payments' order by name").all()).toEqual([
    { name: 'payments_refund_idx' },
    { name: 'payments_stripe_payment_intent_id_unique' },
    { name: 'payments_user_idx' },
  ]);

  // 0006: the accounts already there are searchable.
  expect(sqlite.prepare('select rowid from users_search where users_search match \'"agant"\'').all()).toEqual([{ rowid: Number(user) }]);

  sqlite.prepare('delete from users where id = ?').run(user);
  expect(sqlite.prepare('select id, user_id, payer_username from payments order by id').all()).toEqual([
    { id: 41, user_id: null, payer_username: 'Pagante' },
    { id: 42, user_id: null, payer_username: 'Pagante' },
    { id: 43, user_id: Number(other), payer_username: 'Outro' },
  ]);
  sqlite.close();
});
