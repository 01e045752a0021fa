import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { backupDatabase } from '../../db/backup';
import { databasePath, db, sqliteConnection } from '../../db/client';
import { auditLog, payments, users } from '../../db/schema';
import { deleteOwnAccount } from '~/models/privacy/account-deletion.server';
import { createUserAsAdmin, resetUserPassword, updateUserAsAdmin } from '~/models/admin/users.server';
import { deleteUserAsAdmin } from '~/models/privacy/account-deletion.server';
import { createThread, postMessage } from '~/models/chat/chat.server';
import { getUserById } from '~/models/accounts/user.server';
import { action as adminUsersAction } from '~/routes/_app+/admin.users';
import { action as ticketAction } from '~/routes/_app+/chat.$id';
import { action as threadApiAction } from '~/routes/api+/chat.threads.$id';
import { action as recoveryApiAction } from '~/routes/api+/users.$id.password-recovery';
import { action as userApiAction } from '~/routes/api+/users.$id';
import { formatCpf } from '~/utils/cpf';
import { BASE_URL, call, createUser, formRequest, sessionCookie } from '../setup/helpers';
import { apiCall } from './helpers/admin-api';
import { auditSince, lastAuditId } from './helpers/admin-pages';

/**
 * What an outside probe of the production build found about personal data and admin writes:
 * erased accounts leave nothing readable on disk, in backups or in the audit log; an admin demoted
 * while their request is in flight writes nothing; every admin write leaves its audit row.
 */

const root = mkdtempSync(join(tmpdir(), 'erasure-and-admin-writes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rawBytes = (file: string) => (existsSync(file) ? readFileSync(file) : Buffer.alloc(0));

/** The needles an erased account must not leave behind, each with where it was still found. */
function leftovers(files: string[], needles: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const bytes = rawBytes(file);
    for (const needle of needles) if (bytes.includes(Buffer.from(needle, 'utf8'))) found.push(`${needle} in ${file}`);
  }
  return found;
}

const checkpoint = () => sqliteConnection().pragma('wal_checkpoint(TRUNCATE)');

async function personWithChat(tag: string) {
  const user = await createUser({ username: `sigilo_${tag}`, email: `sigilo.${tag}@pessoal.example`, password: `segredo-${tag}` });
  const thread = await createThread(user, { subject: `Assunto íntimo ${tag}`, message: `Mensagem particular ${tag} sobre meu caso` });
  await postMessage(user, thread.id, `Outra confidência ${tag} no ticket`);
  return {
    user,
    needles: [
      user.email,
      user.cpf!,
      formatCpf(user.cpf!),
      user.password,
      `Mensagem particular ${tag}`,
      `Outra confidência ${tag}`,
      `Assunto íntimo ${tag}`,
    ],
  };
}

describe('erased accounts leave nothing readable', () => {
  test('after self and admin deletion, neither the database file, its WAL nor a fresh backup holds the e-mail, CPF, hash or chat text', async () => {
    const own = await personWithChat('propria');
    const byAdmin = await personWithChat('admin');
    const admin = await createUser({ role: 'admin' });
    checkpoint();
    const live = databasePath();
    expect(leftovers([live], own.needles), 'the probe sees the data while the accounts exist').not.toEqual([]);

    await deleteOwnAccount(own.user.id, `segredo-propria`, '127.0.0.50');
    const deleted = await apiCall(userApiAction, 'DELETE', `/api/users/${byAdmin.user.id}`, {
      cookie: await sessionCookie(admin),
      params: { id: String(byAdmin.user.id) },
    });
    expect(deleted.status).toBe(200);
    checkpoint();

    const backup = join(root, 'depois.db');
    await backupDatabase(live, backup);
    const needles = [...own.needles, ...byAdmin.needles];
    expect(leftovers([live, `${live}-wal`, backup], needles)).toEqual([]);
  });

  test('backups and their directory are readable by the owner only (0600 / 0700)', async () => {
    const backup = join(root, 'modos', 'backups', 'copia.db');
    await backupDatabase(databasePath(), backup);
    expect((statSync(backup).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(join(root, 'modos', 'backups')).mode & 0o777).toString(8)).toBe('700');
  });

  test('a payer keeps their e-mail and CPF only in their payment rows', async () => {
    const payer = await createUser({ username: 'pagante_sigilo', email: 'pagante.sigilo@pessoal.example', password: 'segredo-pagante' });
    db.insert(payments)
      .values({
        userId: payer.id,
        stripePaymentIntentId: `pi_probe_${payer.id}`,
        kind: 'plan',
        planType: 'E-TOOL',
        months: 1,
        amountCents: 2990,
        status: 'succeeded',
        method: 'card',
        completedAt: new Date(),
      })
      .run();
    await deleteOwnAccount(payer.id, 'segredo-pagante', '127.0.0.51');
    const kept = db
      .select()
      .from(payments)
      .where(eq(payments.stripePaymentIntentId, `pi_probe_${payer.id}`))
      .get()!;
    expect(kept).toMatchObject({ userId: null, payerEmail: payer.email, payerCpf: payer.cpf, payerUsername: payer.username });
    const elsewhere = sqliteConnection()
      .prepare(
        "select name from sqlite_master where type = 'table' and name not in ('payments') and name not like 'sqlite_%' and name not like '%search%'",
      )
      .pluck()
      .all() as string[];
    for (const table of elsewhere) {
      const rows = JSON.stringify(sqliteConnection().prepare(`select * from "${table}"`).all());
      expect(rows.includes(payer.email) || rows.includes(payer.cpf!), `${table} still holds the payer's e-mail or CPF`).toBe(false);
    }
  });

  test('the audit log keeps ids and actions but no longer names the erased account, as subject or actor', async () => {
    const admin = await createUser({ role: 'admin' });
    const other = await createUser({ role: 'admin' });
    const since = lastAuditId();
    const created = await createUserAsAdmin(admin, {
      username: 'auditado_antigo',
      email: 'auditado.antigo@pessoal.example',
      cpf: null,
      password: 'segredo1',
      role: 'admin',
      proDays: 0,
    });
    updateUserAsAdmin(admin, created.id, { username: 'auditado_novo', email: 'auditado.novo@pessoal.example', proDays: 0 });
    await resetUserPassword(admin, created.id, 'segredo2');
    const acting = getUserById(created.id)!;
    await createUserAsAdmin(acting, {
      username: `criado_por_${created.id}`,
      email: `criado.${created.id}@example.com`,
      cpf: null,
      password: 'segredo1',
      role: 'E-BASIC',
      proDays: 0,
    });
    const response = await apiCall(userApiAction, 'DELETE', `/api/users/${created.id}`, {
      cookie: await sessionCookie(other),
      params: { id: String(created.id) },
    });
    expect(response.status).toBe(200);

    const rows = auditSince(since);
    expect(rows.map((row) => row.action)).toEqual(['user.create', 'user.update', 'user.password_reset', 'user.create', 'user.delete']);
    const text = JSON.stringify(rows);
    for (const gone of ['auditado_antigo', 'auditado_novo', 'auditado.antigo@pessoal.example', 'auditado.novo@pessoal.example'])
      expect(text).not.toContain(gone);
    const acted = rows[3];
    expect(acted).toMatchObject({ actorId: null, actorName: `usuário excluído #${created.id}`, entityType: 'user' });
    expect(rows.filter((row) => row.entityId === created.id)).toHaveLength(4);
    expect(rows.slice(0, 3).every((row) => row.summary.includes(`usuário excluído #${created.id}`))).toBe(true);
  });
});

/**
 * A request whose headers arrive now and whose body arrives when `send` is called: the route
 * reads the session (the acting admin) first and the body afterwards, as over a slow connection.
 */
function slowRequest(path: string, init: { method: string; cookie: string; contentType: string }) {
  let push!: (text: string) => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      };
    },
  });
  const request = new Request(`${BASE_URL}${path}`, {
    method: init.method,
    headers: { Cookie: init.cookie, 'Content-Type': init.contentType },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, send: (text: string) => push(text) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('an admin demoted while their request is in flight writes nothing', () => {
  test('API: B sends PATCH /api/users/A, A demotes B, then B’s body arrives: 403 and A stays admin', async () => {
    const a = await createUser({ role: 'admin' });
    const b = await createUser({ role: 'admin' });
    const slow = slowRequest(`/api/users/${a.id}`, { method: 'PATCH', cookie: await sessionCookie(b), contentType: 'application/json' });
    const pending = call(userApiAction, slow.request, { id: String(a.id) });
    await tick();
    const since = lastAuditId();
    updateUserAsAdmin(a, b.id, { role: 'E-BASIC', proDays: 0 });
    slow.send(JSON.stringify({ role: 'E-BASIC' }));
    const response = await pending;
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Acesso negado' });
    expect(getUserById(a.id)!.role).toBe('admin');
    expect(auditSince(since).map((row) => [row.actorId, row.action])).toEqual([[a.id, 'user.role']]);
  });

  test('model: the acting admin read before their demotion can neither delete nor demote afterwards', async () => {
    const a = await createUser({ role: 'admin' });
    const b = await createUser({ role: 'admin' });
    const staleB = getUserById(b.id)!;
    updateUserAsAdmin(a, b.id, { role: 'E-BASIC', proDays: 0 });
    expect(() => deleteUserAsAdmin(staleB, a.id)).toThrow(expect.objectContaining({ status: 403, message: 'Acesso negado' }));
    expect(() => updateUserAsAdmin(staleB, a.id, { role: 'E-BASIC', proDays: 0 })).toThrow(
      expect.objectContaining({ status: 403, message: 'Acesso negado' }),
    );
    expect(getUserById(a.id)!.role).toBe('admin');
  });

  test('page: B posts the edit form for A, A demotes B, then the form body arrives: refused with 403, A stays admin', async () => {
    const a = await createUser({ role: 'admin' });
    const b = await createUser({ role: 'admin' });
    const slow = slowRequest('/admin/users', {
      method: 'POST',
      cookie: await sessionCookie(b),
      contentType: 'application/x-www-form-urlencoded',
    });
    const pending = call(adminUsersAction, slow.request);
    await tick();
    updateUserAsAdmin(a, b.id, { role: 'E-BASIC', proDays: 0 });
    const since = lastAuditId();
    slow.send(
      new URLSearchParams({
        intent: 'update',
        id: String(a.id),
        username: a.username,
        email: a.email,
        cpf: a.cpf ?? '',
        role: 'E-BASIC',
        proDays: '0',
      }).toString(),
    );
    const response = await pending;
    expect(response.status).toBe(403);
    expect(getUserById(a.id)!.role).toBe('admin');
    expect(auditSince(since)).toEqual([]);
  });

  test('page: a delete posted by an admin demoted meanwhile is refused and the account stays', async () => {
    const a = await createUser({ role: 'admin' });
    const b = await createUser({ role: 'admin' });
    const slow = slowRequest('/admin/users', {
      method: 'POST',
      cookie: await sessionCookie(b),
      contentType: 'application/x-www-form-urlencoded',
    });
    const pending = call(adminUsersAction, slow.request);
    await tick();
    updateUserAsAdmin(a, b.id, { role: 'E-BASIC', proDays: 0 });
    slow.send(new URLSearchParams({ intent: 'delete', id: String(a.id) }).toString());
    const response = await pending;
    expect(response.status).toBe(403);
    expect(getUserById(a.id)).toBeTruthy();
  });

  test('no path leaves the panel without an admin: an acting admin erased meanwhile cannot demote the last one', async () => {
    const a = await createUser({ role: 'admin' });
    const ghost = { id: 2_000_000_000, username: 'fantasma' };
    expect(() => updateUserAsAdmin(ghost, a.id, { role: 'E-BASIC', proDays: 0 })).toThrow(expect.objectContaining({ status: 403 }));
    expect(getUserById(a.id)!.role).toBe('admin');
  });
});

describe('admin writes that left no audit row', () => {
  test('deleting a ticket, from the API and from the ticket page, writes one audit row each', async () => {
    const owner = await createUser();
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    for (const via of ['api', 'page'] as const) {
      const thread = await createThread(owner, { subject: `Ticket a excluir ${via}`, message: 'Mensagem inicial do ticket.' });
      const since = lastAuditId();
      const response =
        via === 'api'
          ? await apiCall(threadApiAction, 'DELETE', `/api/chat/threads/${thread.id}`, { cookie, params: { id: String(thread.id) } })
          : await call(ticketAction, formRequest(`/chat/${thread.id}`, { intent: 'delete' }, { cookie }), { id: String(thread.id) });
      expect(response.status, via).toBeLessThan(400);
      const rows = auditSince(since);
      expect(rows, via).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: admin.id,
        actorName: admin.username,
        action: 'chat.delete',
        entityType: 'chat_thread',
        entityId: thread.id,
      });
      expect(rows[0].summary).not.toContain(owner.email);
    }
  });

  test("switching another user's password recovery writes one audit row; one's own switch writes none", async () => {
    const target = await createUser();
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const since = lastAuditId();
    const off = await apiCall(recoveryApiAction, 'PATCH', `/api/users/${target.id}/password-recovery`, {
      cookie,
      body: { disablePasswordRecovery: true },
      params: { id: String(target.id) },
    });
    expect(off.status).toBe(200);
    const rows = auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, action: 'user.password_recovery', entityType: 'user', entityId: target.id });
    expect(rows[0].summary).not.toContain(target.email);

    const own = lastAuditId();
    const self = await apiCall(recoveryApiAction, 'PATCH', `/api/users/${admin.id}/password-recovery`, {
      cookie,
      body: { disablePasswordRecovery: true },
      params: { id: String(admin.id) },
    });
    expect(self.status).toBe(200);
    expect(auditSince(own)).toEqual([]);
    expect(
      db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, 'user.password_recovery')))
        .all(),
    ).toEqual([]);
    expect(db.select().from(users).where(eq(users.id, target.id)).get()!.disablePasswordRecovery).toBe(true);
  });
});
