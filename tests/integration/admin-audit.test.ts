import { beforeAll, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { auditLog } from '../../db/schema';
import { auditFilterChoices, listAuditLog } from '~/models/audit/audit.server';
import { loader as auditPageLoader } from '~/routes/_app+/admin.audit';
import { createUser } from '../setup/helpers';
import { signedTiers, type Signed, type Tier } from './helpers/admin-api';
import { expectPageAdminOnly, pageGet } from './helpers/admin-pages';
import { queryPlans } from './helpers/query-plans';

/** The 'Auditoria' page: read-only, newest first, filtered by admin, action and São Paulo days, paged; every read on an index. */

let tiers: Record<Tier, Signed>;
let ana: { id: number; username: string };
let bruno: { id: number; username: string };

type AuditPage = {
  rows: { id: number; when: string; actorName: string; action: string; entity: string; summary: string }[];
  total: number;
  page: number;
  pageCount: number;
  actors: { id: number; name: string }[];
  actions: string[];
  value: { actor: number | null; action: string | null; from: string; to: string };
};

const PATH = '/admin/audit';
const load = async (query = '') => (await (await pageGet(auditPageLoader, `${PATH}${query}`, tiers.admin.cookie)).json()) as AuditPage;

/** São Paulo is UTC-3 all year: 2026-03-10 00:30 there is 03:30 UTC. */
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  tiers = await signedTiers();
  ana = await createUser({ role: 'admin', username: 'ana_admin' });
  bruno = await createUser({ role: 'admin', username: 'bruno_admin' });
  db.delete(auditLog).run();
  const row = (actor: { id: number; username: string }, action: string, createdAt: Date, entityId: number | null = 1) => ({
    actorId: actor.id,
    actorName: actor.username,
    action,
    entityType: action.split('.')[0],
    entityId,
    summary: `${action} em ${createdAt.toISOString()}`,
    createdAt,
  });
  db.insert(auditLog)
    .values([
      row(ana, 'user.create', at('2026-03-09T12:00:00Z')),
      // 23:30 on the 9th in São Paulo, although the 10th in UTC.
      row(ana, 'tool.update', at('2026-03-10T02:30:00Z')),
      row(bruno, 'user.delete', at('2026-03-10T03:30:00Z')),
      row(bruno, 'user.expiry_check', at('2026-03-11T15:00:00Z'), null),
      row(ana, 'user.delete', at('2026-03-12T10:00:00Z')),
      ...Array.from({ length: 60 }, (_, i) => row(bruno, 'tool.create', new Date(Date.UTC(2026, 3, 1, 12, i)), 100 + i)),
    ])
    .run();
});

describe('the Auditoria page', () => {
  test('visitors go to /auth and every non-admin tier to /dashboard', async () => {
    await expectPageAdminOnly(tiers, PATH, (cookie) => pageGet(auditPageLoader, PATH, cookie));
  });

  test('lists newest first, 50 a page, with the date in São Paulo time and the record', async () => {
    const first = await load();
    expect(first).toMatchObject({ total: 65, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ actorName: 'bruno_admin', action: 'tool.create', entity: 'tool #159', when: '01/04/2026 09:59' });
    const second = await load('?page=2');
    expect(second.rows.map((item) => item.action)).toEqual([
      'tool.create',
      'tool.create',
      'tool.create',
      'tool.create',
      'tool.create',
      'tool.create',
      'tool.create',
      'tool.create',
      'tool.create',
      'tool.create',
      'user.delete',
      'user.expiry_check',
      'user.delete',
      'tool.update',
      'user.create',
    ]);
    expect(second.rows[11]).toMatchObject({ entity: 'user', when: '11/03/2026 12:00' });
  });

  test('filters by admin, by action, and by São Paulo days (both ends included)', async () => {
    const byAna = await load(`?actor=${ana.id}`);
    expect(byAna.rows.map((item) => item.action)).toEqual(['user.delete', 'tool.update', 'user.create']);
    expect(byAna.value).toEqual({ actor: ana.id, action: null, from: '', to: '' });
    expect((await load('?action=user.delete')).rows.map((item) => item.actorName)).toEqual(['ana_admin', 'bruno_admin']);
    expect((await load(`?actor=${bruno.id}&action=user.delete`)).total).toBe(1);

    const ninth = await load('?from=2026-03-09&to=2026-03-09');
    expect(ninth.rows.map((item) => item.action)).toEqual(['tool.update', 'user.create']);
    const tenthOn = await load('?from=2026-03-10&to=2026-03-11');
    expect(tenthOn.rows.map((item) => item.action)).toEqual(['user.expiry_check', 'user.delete']);
    expect(tenthOn.value).toEqual({ actor: null, action: null, from: '2026-03-10', to: '2026-03-11' });
    expect((await load('?from=2026-04-02')).total).toBe(0);
  });

  test('a bad parameter is dropped, not an error', async () => {
    const page = await load('?actor=abc&action=DROP TABLE&from=2026-02-30&to=ontem&page=-1');
    expect(page).toMatchObject({ total: 65, page: 1, value: { actor: null, action: null, from: '', to: '' } });
  });

  test("the filters offer every admin and every action found in the log, by the admin's latest name", async () => {
    const page = await load();
    expect(page.actors).toEqual([
      { id: ana.id, name: 'ana_admin' },
      { id: bruno.id, name: 'bruno_admin' },
    ]);
    expect(page.actions).toEqual(['tool.create', 'tool.update', 'user.create', 'user.delete', 'user.expiry_check']);
  });
});

describe('EXPLAIN QUERY PLAN: the log is read through its indexes', () => {
  const plansOf = (run: () => unknown) => queryPlans(sqliteConnection(), run).map((plan) => plan.plan.join(' | '));

  test('the page and its count, with no filter, by admin, by action and by date', () => {
    const cases: [Parameters<typeof listAuditLog>[0], RegExp][] = [
      [{ page: 1, perPage: 50 }, /audit_log_created_idx/],
      [{ actorId: ana.id, page: 1, perPage: 50 }, /audit_log_actor_created_idx \(actor_id=\?\)/],
      [{ action: 'user.delete', page: 1, perPage: 50 }, /audit_log_action_created_idx \(action=\?\)/],
      [
        { from: at('2026-03-10T03:00:00Z'), to: at('2026-03-12T02:59:59Z'), page: 1, perPage: 50 },
        /audit_log_created_idx \(created_at>\? AND created_at<\?\)/,
      ],
      [
        { actorId: ana.id, from: at('2026-03-10T03:00:00Z'), page: 1, perPage: 50 },
        /audit_log_actor_created_idx \(actor_id=\? AND created_at>\?\)/,
      ],
    ];
    for (const [filter, index] of cases) {
      const plans = plansOf(() => listAuditLog(filter));
      expect(plans.length).toBeGreaterThanOrEqual(1);
      for (const plan of plans) {
        expect(plan, JSON.stringify(filter)).toMatch(index);
        expect(plan).not.toMatch(/SCAN audit_log(?! USING)/);
        expect(plan).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  test('the filter choices probe the indexes once per distinct value, never reading the whole log', () => {
    const plans = plansOf(() => auditFilterChoices());
    expect(plans).toHaveLength(2);
    expect(plans[0]).toMatch(/audit_log_actor_created_idx/);
    expect(plans[1]).toMatch(/audit_log_action_created_idx/);
    for (const plan of plans) {
      expect(plan).not.toMatch(/SCAN audit_log(?! USING)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
