import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { tools } from '../../db/schema';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { loader as toolsApi } from '~/routes/api+/tools';
import { body, call, createUser, getRequest, sessionCookie } from '../setup/helpers';

/** The dashboard grid and GET /api/tools answer bounded pages (the list kit), with 30 open tools. */
let cookie: string;
let adminCookie: string;
const NAMES = Array.from({ length: 30 }, (_, index) => `Ferramenta ${String(index + 1).padStart(2, '0')}`);

beforeAll(async () => {
  db.delete(tools).run();
  db.insert(tools)
    .values(NAMES.map((name) => ({ name, description: 'Uma ferramenta de teste.', category: 'mechanical' as const, accessLevel: 'E-BASIC' as const, linkType: 'external' as const, link: 'https://example.com' })))
    .run();
  cookie = await sessionCookie(await createUser());
  adminCookie = await sessionCookie(await createUser({ role: 'admin' }));
});

type Grid = { tools: Array<{ name: string }>; page: number; pageCount: number };

describe('dashboard grid', () => {
  it('shows 24 cards a page, by name, and clamps a page past the end', async () => {
    const first = await body<Grid>(await call(dashboardLoader, getRequest('/dashboard', { cookie })));
    expect(first.tools.map((tool) => tool.name)).toEqual(NAMES.slice(0, 24));
    expect(first).toMatchObject({ page: 1, pageCount: 2 });
    const second = await body<Grid>(await call(dashboardLoader, getRequest('/dashboard?page=2', { cookie })));
    expect(second.tools.map((tool) => tool.name)).toEqual(NAMES.slice(24));
    const beyond = await body<Grid>(await call(dashboardLoader, getRequest('/dashboard?page=99', { cookie })));
    expect(beyond.page).toBe(2);
    const bad = await body<Grid>(await call(dashboardLoader, getRequest('/dashboard?page=abc&perPage=100000', { cookie })));
    expect(bad).toMatchObject({ page: 1, pageCount: 2 });
  });
});

describe('GET /api/tools', () => {
  it('answers a bounded page with X-Total-Count, for users and admins', async () => {
    for (const who of [cookie, adminCookie]) {
      const response = await call(toolsApi, getRequest('/api/tools?perPage=10&page=3', { cookie: who }));
      expect(response.headers.get('X-Total-Count')).toBe('30');
      expect((await body<Array<{ name: string }>>(response)).map((tool) => tool.name)).toEqual(NAMES.slice(20, 30));
    }
    const all = await call(toolsApi, getRequest('/api/tools', { cookie }));
    expect(await body<unknown[]>(all)).toHaveLength(30);
  });

  it('refuses a page size past the bound with the message', async () => {
    const response = await call(toolsApi, getRequest('/api/tools?perPage=5000', { cookie }));
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message: 'No máximo 200 itens por página' });
  });
});
