import { DrizzleQueryError, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { activeSessions, users } from '../../db/schema';
import { installLogRedaction, redactLog } from '~/utils/log-redaction.server';
import { createUser, sessionCookie } from '../setup/helpers';
import { findLeaks, typedPasswords } from '../setup/server-log-check';

/** What a failed write throws here: SQLite's own error (better-sqlite3 through Drizzle's synchronous calls). */
function failedInsert(passwordHash: string, cpf: string): Error {
  try {
    // Straight to the database (the models turn this conflict into a friendly AppError first).
    db.insert(users)
      .values({ username: 'dup', email: 'dup@example.com', usernameKey: 'dup', emailKey: 'dup@example.com', cpf, password: passwordHash })
      .run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the insert was expected to fail');
}

describe('what the server prints', () => {
  test("a failed query prints SQLite's reason and, from a driver that attaches them (Drizzle's async drivers), never the values", async () => {
    const user = await createUser();
    const hash = db.select().from(users).where(eq(users.id, user.id)).get()!.password;
    const sqliteError = failedInsert(hash, user.cpf!);
    const printedSqlite = redactLog(['action failed', sqliteError]);
    expect(printedSqlite).toContain('SqliteError [SQLITE_CONSTRAINT_UNIQUE]: UNIQUE constraint failed: users.cpf');
    for (const secret of [hash, user.cpf!]) expect(printedSqlite).not.toContain(secret);

    // DrizzleQueryError puts every parameter in its message and in `params`, over several lines if a value has them.
    const params = ['Olá,\nminha senha é segredo-do-chat', hash, user.cpf!, 'x'.repeat(43)];
    const drizzleError = new DrizzleQueryError(
      'insert into "chat_messages" ("message", "hash", "cpf", "session") values (?, ?, ?, ?)',
      params,
      sqliteError,
    );
    expect(drizzleError.message).toContain(user.cpf!);
    const printed = redactLog(['action failed', drizzleError]);
    expect(printed).toContain('insert into "chat_messages"');
    expect(printed).toContain('params: [redacted]');
    expect(printed).toContain('UNIQUE constraint failed: users.cpf');
    for (const secret of ['segredo-do-chat', hash, hash.slice(-20), user.cpf!, 'x'.repeat(43)]) expect(printed).not.toContain(secret);
  });

  test('session ids, cookies, tokens, client secrets and CPFs are scrubbed wherever they appear', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const sessionId = db.select().from(activeSessions).where(eq(activeSessions.userId, user.id)).get()!.sessionId;
    const request = new Request('http://localhost/account', { headers: { Cookie: cookie, 'User-Agent': 'test' } });
    const printed = redactLog([
      `session ${sessionId} ended`,
      request,
      { stripe: { client_secret: 'pi_3AbCdEf_secret_XyZ123abc', id: 'pi_3AbCdEf' } },
      new Error(`token ${'f'.repeat(64)} expired`),
      'CPF 529.982.247-25 e 52998224725',
    ]);
    for (const secret of [sessionId, cookie, cookie.split('=')[1], '_secret_XyZ123abc', 'f'.repeat(64), '529.982.247-25', '52998224725']) {
      expect(printed).not.toContain(secret);
    }
    expect(printed).toContain('***.***.***-25');
    expect(printed).toContain('pi_3AbCdEf');
    expect(printed).toContain('http://localhost/account');
  });

  test('installed on a console, every method prints only redacted text, once installed however often', () => {
    const lines: string[] = [];
    const sink = (...args: unknown[]) => lines.push(args.join(' '));
    const fake = { log: sink, info: sink, warn: sink, error: sink, debug: sink, trace: sink } as unknown as Console;
    installLogRedaction(fake);
    installLogRedaction(fake);
    fake.error('CPF', '52998224725');
    fake.log(`id ${'A'.repeat(43)}`);
    expect(lines).toEqual(['CPF ***.***.***-25', 'id [redacted]']);
  });
});

describe("the end-to-end run's server log check (tests/setup/server-log-check.ts)", () => {
  test('finds the passwords the browser tests type', () => {
    expect(typedPasswords()).toEqual(expect.arrayContaining(['senha123', 'admin123', 'errada123', 'nao-e-a-senha']));
  });

  test('catches each kind of leak in a raw log, and none once the same lines are redacted', () => {
    const sessionId = 'Q2'.repeat(21) + 'x';
    const raw = [
      'E-Engenharia em http://localhost:3450',
      `login failed for senha123`,
      `session ${sessionId} ended`,
      'paying with pi_123_secret_abc',
      'cpf 529.982.247-25',
      'cpf 52998224725',
      'at 1767225600000 took 12 ms',
    ];
    const secrets = { password: ['senha123'], 'session id': [sessionId] };
    expect(findLeaks(raw.join('\n'), secrets).map((leak) => [leak.line, leak.kind])).toEqual([
      [2, 'password'],
      [3, 'session id'],
      [4, 'Stripe client secret'],
      [5, 'CPF'],
      [6, 'CPF'],
    ]);
    // Passwords have no shape: the redactor cannot hide them, so none must be printed in the first place.
    const redacted = raw.filter((line) => !line.includes('senha123')).map((line) => redactLog([line]));
    expect(findLeaks(redacted.join('\n'), secrets)).toEqual([]);
  });
});
