import { queryPlans } from './helpers/query-plans';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { users } from '../../db/schema';
import { listUsers } from '~/models/admin/users.server';
import { foldKey, sortKey } from '~/utils/fold';

/**
 * Decision 013: the admin user search reads the FTS5 trigram table users_search (kept in step by
 * triggers), never the whole users table, and finds exactly what a substring test over the folded
 * username and e-mail finds (accents aside); one or two characters are a prefix of either.
 */

const FIRST = ['ana', 'bruno', 'carla', 'joão', 'mariana', 'zé', 'Ñandu', 'olívia'];
const LAST = ['silva', 'souza', 'lima', 'conceição', 'araújo'];
const DOMAINS = ['example.com', 'empresa.test', 'Engenharia.TEST'];
const ROLES = ['E-BASIC', 'E-TOOL', 'E-MASTER', 'admin'] as const;

const ids: number[] = [];

beforeAll(() => {
  const sqlite = sqliteConnection();
  const insert = sqlite.prepare(
    'insert into users (username, email, username_key, email_key, password, role, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  );
  const start = Date.UTC(2024, 0, 1);
  sqlite.transaction(() => {
    for (let i = 0; i < 3000; i++) {
      const username = `${FIRST[i % FIRST.length]}.${LAST[(i * 7) % LAST.length]}${i}`;
      const email = `${username.replace('.', '_')}@${DOMAINS[i % DOMAINS.length]}`;
      // created_at not in id order, as in an import: the list must still come newest first.
      const createdAt = start + ((i * 7919) % 3000) * 60_000;
      const result = insert.run(username, email, foldKey(username), foldKey(email), 'x', ROLES[i % 7 === 0 ? 3 : i % 3], createdAt);
      ids.push(Number(result.lastInsertRowid));
    }
  })();
});

type Row = { id: number; username: string; email: string; role: string; createdAt: Date };
const everyone = (): Row[] =>
  db.select({ id: users.id, username: users.username, email: users.email, role: users.role, createdAt: users.createdAt }).from(users).all();

/** What the search promises, computed the slow way over every row. */
function expected(q: string, role?: string): number[] {
  const key = foldKey(q);
  const bare = sortKey(q);
  const short = [...key].length < 3;
  return everyone()
    .filter((user) => !role || user.role === role)
    .filter((user) => {
      const keys = [foldKey(user.username), foldKey(user.email)];
      return short ? keys.some((value) => value.startsWith(key)) : keys.some((value) => sortKey(value).includes(bare));
    })
    .map((user) => user.id)
    .sort((a, b) => b - a);
}

const searched = (q: string, role?: (typeof ROLES)[number]) => {
  const first = listUsers({ q, role, page: 1, perPage: 100_000 });
  return { ids: first.items.map((user) => user.id), total: first.total };
};

describe('what the search finds', () => {
  test.each([
    ['a substring of the username', 'riana.so'],
    ['the middle of an e-mail', 'sa.te'],
    ['upper case', 'MARIANA'],
    ['without the accent', 'conceicao'],
    ['with the accent', 'CONCEIÇÃO'],
    ['a folded letter', 'ñandu'],
    ['a number', '299'],
    ['a domain', 'engenharia.test'],
    ['quotes and wildcards taken literally', '"%_'],
    ['nothing', 'xyzxyz'],
  ])('%s (%s) gives exactly the matching accounts, newest account first', (_case, q) => {
    const want = expected(q);
    const got = searched(q);
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  test.each([['a'], ['Jo'], ['zé'], ['ÑA']])('one or two characters (%s) match the start of the username or e-mail', (q) => {
    const want = expected(q);
    expect(want.length).toBeGreaterThan(0);
    expect(searched(q).ids).toEqual(want);
  });

  test('combined with the role filter, and paged', () => {
    for (const role of ROLES) {
      expect(searched('lima', role).ids).toEqual(expected('lima', role));
      expect(searched('an', role).ids).toEqual(expected('an', role));
    }
    const want = expected('silva');
    const pages = [1, 2, 3].map((page) => listUsers({ q: 'silva', page, perPage: 25 }));
    expect(pages.flatMap((page) => page.items.map((user) => user.id))).toEqual(want.slice(0, 75));
    expect(pages[0]).toMatchObject({ total: want.length, pageCount: Math.ceil(want.length / 25) });
  });

  test('the index follows every write to users: rename, new e-mail, new account, deletion', () => {
    const [first, second] = ids;
    db.update(users)
      .set({ username: 'Renomeado.Único', usernameKey: foldKey('Renomeado.Único') })
      .where(eq(users.id, first))
      .run();
    expect(searched('renomeado.unico').ids).toEqual([first]);
    expect(searched('nomeado').ids).toEqual([first]);
    db.update(users).set({ email: 'novo.endereco@troca.test', emailKey: 'novo.endereco@troca.test' }).where(eq(users.id, second)).run();
    expect(searched('troca.test').ids).toEqual([second]);
    expect(searched(`${FIRST[1]}_${LAST[7 % LAST.length]}1@`).ids).not.toContain(second);
    const sqlite = sqliteConnection();
    const added = Number(
      sqlite
        .prepare(
          "insert into users (username, email, username_key, email_key, password) values ('Recém.Chegada', 'recem@nova.test', 'recém.chegada', 'recem@nova.test', 'x')",
        )
        .run().lastInsertRowid,
    );
    expect(searched('chegada').ids).toEqual([added]);
    db.delete(users).where(eq(users.id, added)).run();
    expect(searched('chegada').ids).toEqual([]);
    expect(sqlite.prepare('select count(*) as n from users_search').get()).toEqual(sqlite.prepare('select count(*) as n from users').get());
  });
});

describe('EXPLAIN QUERY PLAN: every read of the list and the search goes through an index', () => {
  /** The plans of the statements that read users (the count and the page), not the lapsed-role check. */
  const plansOf = (run: () => unknown) =>
    queryPlans(sqliteConnection(), run).filter(
      (plan) => /from "users"|users_search/i.test(plan.sql) && !/"role_expiry_date" <= \?/.test(plan.sql),
    );
  const joined = (plans: ReturnType<typeof plansOf>) => plans.map((plan) => plan.plan.join(' | '));
  /** A full read of the table: 'SCAN users' with no index after it (users_search is another table). */
  const TABLE_SCAN = /SCAN (users|u)(?![\w_])(?! USING)/;

  test('the list, all roles and one role: newest first straight from users_created_idx / users_role_idx', () => {
    const all = joined(plansOf(() => listUsers({ page: 3, perPage: 25 })));
    const byRole = joined(plansOf(() => listUsers({ role: 'E-TOOL', page: 2, perPage: 25 })));
    expect(all).toHaveLength(2);
    expect(byRole).toHaveLength(2);
    expect(all[1]).toMatch(/SCAN users USING INDEX users_created_idx/);
    expect(byRole[0]).toMatch(/SEARCH users USING COVERING INDEX users_role_idx \(role=\?\)/);
    expect(byRole[1]).toMatch(/SEARCH users USING INDEX users_role_idx \(role=\?\)/);
    for (const plan of [...all, ...byRole]) {
      expect(plan).not.toMatch(TABLE_SCAN);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  test('the search, alone and with a role: the trigram index, then users by primary key, no sort', () => {
    for (const role of [undefined, 'E-MASTER'] as const) {
      const plans = joined(plansOf(() => listUsers({ q: 'mariana', role, page: 1, perPage: 25 })));
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toMatch(/SCAN (users_search|s) VIRTUAL TABLE INDEX/);
        expect(plan).not.toMatch(TABLE_SCAN);
      }
      expect(plans[1]).toMatch(/SEARCH users USING INTEGER PRIMARY KEY/);
      // The page is cut in the index's own order (rowid descending), so nothing is sorted.
      expect(plans[1]).not.toMatch(/TEMP B-TREE/);
    }
  });

  test('one or two characters: ranges of the username and e-mail key indexes', () => {
    for (const role of [undefined, 'E-TOOL'] as const) {
      const plans = joined(plansOf(() => listUsers({ q: 'ma', role, page: 1, perPage: 25 })));
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        expect(plan).toMatch(/users_username_key_unique \(username_key>\? AND username_key<\?\)/);
        expect(plan).toMatch(/users_email_key_unique \(email_key>\? AND email_key<\?\)/);
        expect(plan).not.toMatch(TABLE_SCAN);
      }
    }
  });
});
