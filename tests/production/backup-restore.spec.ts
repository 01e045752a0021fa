import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startProductionServer, type ProductionServer } from './production-server';
import {
  call,
  countsOf,
  inParallel,
  inspect,
  integrityCheck,
  MANY_CLIENTS_ENV,
  nextAddress,
  registerClient,
  registrationBody,
  runTag,
  sleep,
} from './load-client';

/**
 * Item 4: `npm run db:backup` taken while the production server acknowledges writes
 * (registrations and chat messages over HTTP), then `npm run db:restore` into a fresh location:
 * the restored file passes integrity_check and holds every write acknowledged before the backup
 * started, each exactly once.
 */

/** `sent`: when the request left; `at`: when its 2xx arrived. */
type Ack = { kind: 'registration' | 'message'; value: string; sent: number; at: number };

function npmRun(script: string, args: string[], databaseFile: string): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => done({ code, output }));
  });
}

/** A chat ticket per client; each may send up to 25 messages (the desk takes 30 a minute per user). */
const MESSAGES_PER_CLIENT = 25;

test('a backup taken under concurrent writes restores with every acknowledged write, once', async () => {
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({ name: 'backup-restore', env: MANY_CLIENTS_ENV });
    const live = server;
    const clients = await inParallel(
      Array.from({ length: 24 }, (_, i) => `bk${runTag}u${i}`),
      3,
      (name) => registerClient(live, name),
    );
    const threads = await inParallel(clients, 4, async (client) => {
      const answer = await call(live, '/api/chat/threads', { body: { subject: `Backup ${client.username}` }, cookie: client.cookie });
      expect(answer.status).toBe(201);
      return { client, id: (answer.body as { id: number }).id, sent: 1 };
    });

    const acks: Ack[] = [];
    const failures = new Map<number, number>();
    let seq = 0;
    let writing = true;
    const writer = async (lane: number) => {
      while (writing) {
        const n = ++seq;
        const sent = Date.now();
        const thread = threads[n % threads.length];
        if (lane % 3 === 0 || thread.sent >= MESSAGES_PER_CLIENT) {
          const username = `bk${runTag}r${n}`;
          const answer = await call(live, '/api/register', { body: registrationBody(username), address: nextAddress() });
          if (answer.status === 201) acks.push({ kind: 'registration', value: username, sent, at: Date.now() });
          else failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
        } else {
          thread.sent++;
          const message = `bk-${runTag}-message-${n}`;
          const answer = await call(live, `/api/chat/threads/${thread.id}/messages`, { body: { message }, cookie: thread.client.cookie });
          if (answer.status === 201) acks.push({ kind: 'message', value: message, sent, at: Date.now() });
          else failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
        }
      }
    };
    const lanes = Promise.all(Array.from({ length: 12 }, (_, lane) => writer(lane)));

    await sleep(3000);
    const backupFile = join(server.dir, 'backups', 'under-load.db');
    const backupStarted = Date.now();
    const backup = await npmRun('db:backup', [backupFile], server.dbPath);
    const backupEnded = Date.now();
    await sleep(1000);
    writing = false;
    await lanes;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Backup criado: ${backupFile}`);
    expect(backup.output).toMatch(/integrity_check: ok/);
    await server.stop();

    const restoredFile = join(server.dir, 'restored', 'app.db');
    const restore = await npmRun('db:restore', [backupFile], restoredFile);
    expect(restore.code, restore.output).toBe(0);

    const before = acks.filter((ack) => ack.at < backupStarted);
    const after = acks.filter((ack) => ack.sent > backupEnded);
    const during = acks.filter((ack) => ack.at >= backupStarted && ack.sent <= backupEnded);
    const { integrity, users, messages } = inspect(restoredFile, (sqlite) => ({
      integrity: integrityCheck(sqlite),
      users: countsOf(
        sqlite,
        'select username from users',
        acks.filter((ack) => ack.kind === 'registration').map((ack) => ack.value),
      ),
      messages: countsOf(
        sqlite,
        'select message from chat_messages',
        acks.filter((ack) => ack.kind === 'message').map((ack) => ack.value),
      ),
    }));
    const countOf = (ack: Ack) => (ack.kind === 'registration' ? users : messages).get(ack.value)!;
    const found = (list: Ack[]) => list.filter((ack) => countOf(ack) === 1).length;
    const report = {
      acknowledged: acks.length,
      refused: Object.fromEntries(failures),
      beforeBackup: { acknowledged: before.length, found: found(before) },
      duringBackup: { acknowledged: during.length, found: found(during) },
      afterBackup: { acknowledged: after.length, found: found(after) },
      backupMs: backupEnded - backupStarted,
    };
    console.log('backup-restore:', JSON.stringify(report));
    test.info().annotations.push({ type: 'backup-restore', description: JSON.stringify(report) });

    expect(integrity).toEqual(['ok']);
    expect(before.length).toBeGreaterThan(20);
    expect(during.length + after.length).toBeGreaterThan(0);
    expect(before.filter((ack) => countOf(ack) !== 1)).toEqual([]);
    // Nothing twice, whenever it was written.
    expect(acks.filter((ack) => countOf(ack) > 1)).toEqual([]);
    // The copy is a point in time: what was sent after the backup ended is not in it.
    expect(found(after)).toBe(0);
  } finally {
    await server?.stop('SIGKILL');
  }
});
