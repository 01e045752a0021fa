import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, openDatabase } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { users } from '../../db/schema';
import { action as recoverApi } from '~/routes/api+/recover-password';
import { action as registerApi } from '~/routes/api+/register';
import { action as createUserApi } from '~/routes/api+/users';
import { action as updateUserApi } from '~/routes/api+/users.$id';
import { USER_CONFLICTS, writeUser } from '~/models/accounts/user.server';
import { AppError } from '~/utils/errors';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { allowConsole } from '../setup/console';
import { call, createUser, jsonRequest, sessionCookie, uniqueCpf } from '../setup/helpers';

/** Findings of the production-build probe about accounts: names that must stay unique whatever their case or form, and what an admin may write. */

beforeEach(() => resetAllLimits());

describe('usernames and e-mails: one Unicode-aware folded form', () => {
  const TAKEN_USERNAME = { message: 'Este nome de usuário já está em uso.' };
  const register = (username: string, email = `${crypto.randomUUID().slice(0, 8)}@example.com`, extra: Record<string, unknown> = {}) =>
    call(registerApi, jsonRequest('/api/register', { username, email, cpf: uniqueCpf(), password: 'senha123', ...extra }));

  it('the same non-ASCII username twice is a 409, not a 500', async () => {
    expect((await register('Ørsted_x')).status).toBe(201);
    const again = await register('Ørsted_x');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(TAKEN_USERNAME);
  });

  it('usernames that differ only in (Unicode) case or compatibility form are one user', async () => {
    expect((await register('Ñandu_x')).status).toBe(201);
    for (const variant of ['ñandu_x', 'ÑANDU_X', ' ñandu_X ']) {
      const response = await register(variant);
      expect(response.status, variant).toBe(409);
      expect(await response.json()).toEqual(TAKEN_USERNAME);
    }
    expect((await register('\ufb01nn_x')).status).toBe(201); // 'ﬁnn_x', the ligature
    expect((await register('FInn_x')).status).toBe(409);
    expect(
      db
        .select()
        .from(users)
        .all()
        .filter((user) => user.username.toLowerCase().includes('andu_x')),
    ).toHaveLength(1);
  });

  it('recovery finds an account by its username in another case', async () => {
    const user = await createUser({ username: 'Ágata_x' });
    const response = await call(recoverApi, jsonRequest('/api/recover-password', { identifier: 'ÁGATA_X', cpf: user.cpf }));
    expect(response.status).toBe(200);
  });

  it('the admin API refuses a folded duplicate with 409', async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    await createUser({ username: 'Émile_x' });
    const created = await call(
      createUserApi,
      jsonRequest('/api/users', { username: 'émile_X', email: 'emile-x@example.com', password: 'senha123', role: 'E-BASIC' }, { cookie }),
    );
    expect(created.status).toBe(409);
    expect(await created.json()).toEqual(TAKEN_USERNAME);
    const other = await createUser({ username: 'other_x' });
    const updated = await call(updateUserApi, jsonRequest(`/api/users/${other.id}`, { username: 'ÉMILE_x' }, { method: 'PATCH', cookie }), {
      id: String(other.id),
    });
    expect(updated.status).toBe(409);
    expect(await updated.json()).toEqual(TAKEN_USERNAME);
  });
});

describe('usernames and e-mails: the folded keys of rows written before migration 0002', () => {
  it('are filled by the backfill that runs after the migrations (clashing old rows kept apart, idempotent)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fold-backfill-'));
    try {
      // A database at migration 0001 with rows in it, as production had before 0002.
      const oldMigrations = join(dir, 'migrations');
      cpSync(join(process.cwd(), 'db', 'migrations'), oldMigrations, { recursive: true });
      const journalPath = join(oldMigrations, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
      expect(journal.entries.map((entry) => entry.tag)).toContain('0002_folded_keys');
      journal.entries = journal.entries.filter((entry) => entry.tag < '0002');
      writeFileSync(journalPath, JSON.stringify(journal));
      const { db: old, sqlite } = openDatabase(join(dir, 'app.db'));
      migrate(old, { migrationsFolder: oldMigrations });
      const addUser = sqlite.prepare('insert into users (username, email, password) values (?, ?, ?)');
      addUser.run('Ñandu_y', 'nandu-y@example.com', 'x');
      addUser.run('ñandu_y', 'nandu-y2@example.com', 'x');
      addUser.run('Ørsted_y', 'ORSTED-Y@example.com', 'x');
      sqlite.prepare("insert into promo_codes (code, days, max_uses) values ('ção11', 5, 5)").run();

      allowConsole('warn', /^Valores que só diferiam em maiúsculas\/acentos e agora colidem/); // the backfill names the clashes it kept apart
      applyMigrations(old);
      const keys = () => sqlite.prepare('select username, username_key, email_key from users order by id').all();
      expect(keys()).toEqual([
        { username: 'Ñandu_y', username_key: 'ñandu_y', email_key: 'nandu-y@example.com' },
        { username: 'ñandu_y', username_key: expect.stringMatching(/^ clash:\d+:ñandu_y$/), email_key: 'nandu-y2@example.com' },
        { username: 'Ørsted_y', username_key: 'ørsted_y', email_key: 'orsted-y@example.com' },
      ]);
      expect(sqlite.prepare('select code_key from promo_codes').get()).toEqual({ code_key: 'ção11' });
      const before = keys();
      applyMigrations(old);
      expect(keys()).toEqual(before);
      expect(() => addUser.run('ØRSTED_Y', 'outro@example.com', 'x')).not.toThrow(); // no key given: left for the backfill
      expect(() => applyMigrations(old)).not.toThrow();
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a UNIQUE failure that slips past the check (a race) is the same 409, never a 500', async () => {
    const existing = await createUser({ username: 'Corrida_x' });
    const race = () =>
      writeUser(() =>
        db
          .insert(users)
          .values({
            username: 'corrida_X',
            email: 'corrida@example.com',
            usernameKey: existing.usernameKey,
            emailKey: 'corrida@example.com',
            password: 'x',
          })
          .run(),
      );
    expect(race).toThrow(AppError);
    expect(race).toThrow(USER_CONFLICTS.username.message);
    try {
      race();
    } catch (error) {
      expect((error as AppError).status).toBe(409);
    }
  });
});

describe('user writes by an admin: a CPF must pass the check digits', () => {
  it('POST /api/users and PATCH /api/users/{id} refuse a wrong check digit (400) and write nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const cookie = await sessionCookie(admin);
    const valid = uniqueCpf();
    const wrong = `${valid.slice(0, 10)}${(Number(valid[10]) + 1) % 10}`;
    const count = () => db.select().from(users).all().length;

    const before = count();
    for (const cpf of [wrong, `${wrong.slice(0, 3)}.${wrong.slice(3, 6)}.${wrong.slice(6, 9)}-${wrong.slice(9)}`, '11111111111']) {
      const created = await call(
        createUserApi,
        jsonRequest(
          '/api/users',
          { username: 'cpf_errado', email: 'cpf-errado@example.com', password: 'senha123', cpf, role: 'E-BASIC' },
          { cookie },
        ),
      );
      expect(created.status, cpf).toBe(400);
      expect(await created.json()).toEqual({ message: 'CPF inválido' });
    }
    const short = await call(
      createUserApi,
      jsonRequest(
        '/api/users',
        { username: 'cpf_curto', email: 'cpf-curto@example.com', password: 'senha123', cpf: '1234567890', role: 'E-BASIC' },
        { cookie },
      ),
    );
    expect(await short.json()).toEqual({ message: 'Se informado, o CPF deve conter 11 dígitos' });
    expect(count()).toBe(before);

    const target = await createUser({ cpf: valid });
    const patched = await call(
      updateUserApi,
      jsonRequest(`/api/users/${target.id}`, { cpf: wrong, username: 'outro_nome' }, { method: 'PATCH', cookie }),
      { id: String(target.id) },
    );
    expect(patched.status).toBe(400);
    expect(await patched.json()).toEqual({ message: 'CPF inválido' });
    expect(db.select().from(users).where(eq(users.id, target.id)).get()).toMatchObject({ cpf: valid, username: target.username });
  });
});
