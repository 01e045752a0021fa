import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { tools } from '../../db/schema';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { loader as toolsApi } from '~/routes/api+/tools';
import { loader as usersApi } from '~/routes/api+/users';
import { loader as promoCodesApi } from '~/routes/api+/promocodes';
import { promoCodes } from '../../db/schema';
import { foldKey } from '~/utils/fold';
import { body, call, createUser, getRequest, sessionCookie } from '../setup/helpers';

/** Every list answers bounded pages through the list kit: the dashboard grid and the list APIs. */
let cookie: string;
let adminCookie: string;
const NAMES = Array.from({ length: 30 }, (_, index) => `Ferramenta ${String(index + 1).padStart(2, '0')}`);

beforeAll(async () => {
  db.delete(tools).run();
  db.insert(tools)
    .values(
      NAMES.map((name) => ({
        name,
        description: 'Uma ferramenta de teste.',
        category: 'mechanical' as const,
        accessLevel: 'E-BASIC' as const,
        linkType: 'external' as const,
        link: 'https://example.com',
      })),
    )
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

describe('GET /api/users and GET /api/promocodes', () => {
  it('answer a page with X-Total-Count, clamp a page past the end, and bound perPage', async () => {
    const users = await call(usersApi, getRequest('/api/users?perPage=1&page=2', { cookie: adminCookie }));
    const total = Number(users.headers.get('X-Total-Count'));
    expect(total).toBeGreaterThanOrEqual(2);
    expect(await body<unknown[]>(users)).toHaveLength(1);
    const lastPage = await call(usersApi, getRequest(`/api/users?perPage=1&page=${total + 50}`, { cookie: adminCookie }));
    expect(lastPage.headers.get('X-Page')).toBe(String(total));
    expect((await call(usersApi, getRequest('/api/users?perPage=101', { cookie: adminCookie }))).status).toBe(400);

    db.insert(promoCodes)
      .values(['LISTA1', 'LISTA2', 'LISTA3'].map((code) => ({ code, codeKey: foldKey(code), days: 7, maxUses: 5 })))
      .run();
    const codes = await call(promoCodesApi, getRequest('/api/promocodes?perPage=2', { cookie: adminCookie }));
    expect(codes.headers.get('X-Total-Count')).toBe('3');
    expect(await body<Array<{ code: string }>>(codes)).toHaveLength(2);
  });
});
