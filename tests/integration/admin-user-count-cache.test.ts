import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databasePath, queryTiming } from '../../db/client';
import { listUserRows, listUsers, updateUserAsAdmin } from '~/models/admin/users.server';
import { deleteUserAsAdmin } from '~/models/privacy/account-deletion.server';
import { createUser } from '../setup/helpers';

/** How many statements run on the process's connection while `run` runs (every statement reports to queryTiming). */
function statementsDuring(run: () => unknown): number {
  let ran = 0;
  queryTiming.observe = () => ran++;
  try {
    run();
  } finally {
    queryTiming.observe = null;
  }
  return ran;
}

/** The admin list keeps a search's total and pages per process until anything is written (databaseVersion). */
describe("the user search's total kept between views", () => {
  it('counts a search once while nothing is written, and counts again after any write', async () => {
    const word = `kept${randomUUID().slice(0, 6)}`;
    const admin = await createUser({ role: 'admin' });
    const [first, second] = [await createUser({ username: `${word}_a` }), await createUser({ username: `${word}_b` })];

    const firstView = statementsDuring(() => expect(listUserRows({ q: word }).total).toBe(2));
    // Viewed again: neither the total nor the page is read again; a page further, and through the API: the rows are read, the total is the one kept.
    const again = statementsDuring(() => expect(listUserRows({ q: word }).items.map((user) => user.id)).toEqual([second.id, first.id]));
    expect(again).toBe(firstView - 2);
    expect(statementsDuring(() => expect(listUsers({ q: word, page: 2, perPage: 1 }).items[0]?.id).toBe(first.id))).toBe(firstView - 1);

    const third = await createUser({ email: `${word}@example.com` });
    expect(listUserRows({ q: word }).total).toBe(3);
    expect(listUserRows({ q: word }).items.map((user) => user.id)).toEqual([third.id, second.id, first.id]);

    updateUserAsAdmin(admin, first.id, { username: `renamed_${first.id}`, proDays: 0 });
    expect(listUserRows({ q: word }).total).toBe(2);
    expect(listUserRows({ q: `renamed_${first.id}` }).items.map((user) => user.username)).toEqual([`renamed_${first.id}`]);
    updateUserAsAdmin(admin, second.id, { role: 'E-TOOL', proDays: 30 });
    expect(listUserRows({ q: word }).items.find((user) => user.id === second.id)?.role).toBe('E-TOOL');

    deleteUserAsAdmin(admin, third.id);
    expect(listUserRows({ q: word }).total).toBe(1);
    expect(listUsers({ q: word }).items.map((user) => user.id)).toEqual([second.id]);

    // A write by another process (PRAGMA data_version moves).
    const other = new Database(databasePath());
    other.prepare('update users set username = ?, username_key = ? where id = ?').run(`${word}_c`, `${word}_c`, first.id);
    other.close();
    expect(listUserRows({ q: word }).total).toBe(2);
    expect(listUserRows({ q: word }).items.map((user) => user.username)).toEqual([`${word}_b`, `${word}_c`]);
  });

  it("counts a role again once a period lapses (the view's sync of lapsed roles is a write)", async () => {
    const word = `lapse${randomUUID().slice(0, 6)}`;
    await createUser({ username: `${word}_pro`, role: 'E-TOOL', days: 1 });
    const now = new Date();
    expect(listUserRows({ q: word, role: 'E-TOOL' }, now).total).toBe(1);
    expect(listUserRows({ q: word, role: 'E-TOOL' }, now).total).toBe(1);
    const later = new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000);
    expect(listUserRows({ q: word, role: 'E-TOOL' }, later).total).toBe(0);
    expect(listUserRows({ q: word, role: 'E-BASIC' }, later).total).toBe(1);
  });
});
