/**
 * `npm run bench:secure-delete`: what `PRAGMA secure_delete = ON` (db/client.ts, decision 022)
 * costs the writes that delete. One migrated database in a temporary directory, opened as the
 * server opens it (WAL, synchronous NORMAL, one transaction per write), measured in alternating
 * rounds with the pragma on and off so that drift (page cache, WAL growth) falls on both alike:
 * - chat messages: insert one (a 300-character text) and delete it, each its own transaction;
 * - account deletion: an E-BASIC account with a ticket of 20 messages, erased by an admin through
 *   the app's own rule (deleteUserAsAdmin → eraseAccount).
 * Prints ms per operation and operations per second; nothing is written to bench/results.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'bench-secure-delete-'));
process.env.DATABASE_URL = `file:${join(dir, 'app.db')}`;
process.env.SESSION_SECRET ??= 'bench-secret';

const { db, sqliteConnection } = await import('../db/client');
const { applyMigrations } = await import('../db/migrate');
const { grantRole } = await import('../app/models/accounts/role-grant.server');
const { insertUser } = await import('../app/models/accounts/user.server');
const { deleteUserAsAdmin } = await import('../app/models/privacy/account-deletion.server');

const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 2 : 4;
const MESSAGES_PER_ROUND = quick ? 500 : 2000;
const ACCOUNTS_PER_ROUND = quick ? 50 : 200;
const MESSAGES_PER_ACCOUNT = 20;
const TEXT = 'Mensagem de suporte com um pouco de texto para ocupar a página como uma conversa real. '.repeat(4).slice(0, 300);

applyMigrations(db);
const sqlite = sqliteConnection();
let sequence = 0;
const newUser = () => {
  sequence += 1;
  return insertUser(db, { username: `bench_${sequence}`, email: `bench_${sequence}@example.com`, cpf: null, passwordHash: 'x' });
};
const admin = newUser();
grantRole(db, { userId: admin.id, role: 'admin', days: null, source: 'admin' });
const adminActor = { id: admin.id, username: admin.username };
// A few thousand rows already there, so pages are shared as on a live database.
const background = newUser();
const insertThread = sqlite.prepare(
  "insert into chat_threads (user_id, subject, subject_key, status, is_user_unread, is_admin_unread, created_at) values (?, 'Bench', 'bench', 'open', 0, 1, ?) returning id",
);
const insertMessage = sqlite.prepare(
  'insert into chat_messages (thread_id, user_id, message, is_admin_message, created_at) values (?, ?, ?, 0, ?) returning id',
);
const deleteMessage = sqlite.prepare('delete from chat_messages where id = ?');
const backgroundThread = (insertThread.get(background.id, Date.now()) as { id: number }).id;
for (let i = 0; i < 5000; i++) insertMessage.get(backgroundThread, background.id, TEXT, Date.now());

function timeMessages(): number {
  const started = performance.now();
  for (let i = 0; i < MESSAGES_PER_ROUND; i++) {
    const { id } = insertMessage.get(backgroundThread, background.id, TEXT, Date.now()) as { id: number };
    deleteMessage.run(id);
  }
  return (performance.now() - started) / MESSAGES_PER_ROUND;
}

function timeAccountDeletions(): number {
  const ids: number[] = [];
  for (let i = 0; i < ACCOUNTS_PER_ROUND; i++) {
    const user = newUser();
    const thread = (insertThread.get(user.id, Date.now()) as { id: number }).id;
    db.transaction(() => {
      for (let m = 0; m < MESSAGES_PER_ACCOUNT; m++) insertMessage.get(thread, user.id, TEXT, Date.now());
    });
    ids.push(user.id);
  }
  const started = performance.now();
  for (const id of ids) deleteUserAsAdmin(adminActor, id);
  return (performance.now() - started) / ACCOUNTS_PER_ROUND;
}

type Totals = { messages: number[]; accounts: number[] };
const results: Record<'on' | 'off', Totals> = { on: { messages: [], accounts: [] }, off: { messages: [], accounts: [] } };
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
    sqlite.pragma(`secure_delete = ${mode === 'on' ? 'ON' : 'OFF'}`);
    results[mode].messages.push(timeMessages());
    results[mode].accounts.push(timeAccountDeletions());
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const row = (label: string, off: number, on: number) =>
  `| ${label} | ${off.toFixed(3)} ms (${Math.round(1000 / off)}/s) | ${on.toFixed(3)} ms (${Math.round(1000 / on)}/s) | ${(((on - off) / off) * 100).toFixed(1)}% |`;
console.log(
  `secure_delete write cost: ${ROUNDS} alternating rounds, median per operation (${process.versions.node}, SQLite ${sqlite.prepare('select sqlite_version()').pluck().get()})`,
);
console.log('| operation | secure_delete OFF | secure_delete ON | cost |');
console.log('|---|---|---|---|');
console.log(row(`chat message insert + delete (×${MESSAGES_PER_ROUND})`, median(results.off.messages), median(results.on.messages)));
console.log(
  row(
    `account deletion, ${MESSAGES_PER_ACCOUNT} chat messages (×${ACCOUNTS_PER_ROUND})`,
    median(results.off.accounts),
    median(results.on.accounts),
  ),
);
sqlite.close();
rmSync(dir, { recursive: true, force: true });
