import { describe, expect, it } from 'vitest';
import { apiToolsPage, keptApiToolPages } from '~/models/tools/api-tools-page.server';
import { rateTool } from '~/models/tools/rating.server';
import { updateTool } from '~/models/tools/tool.server';
import { loader as apiToolsLoader } from '~/routes/api+/tools';
import { call, createUser, getRequest, sessionCookie } from '../setup/helpers';
import { onlyAlfaAndBeta, writeFromAnotherConnection } from './helpers/two-tools';

type Card = { id: number; name: string; averageRating: number; customHtml?: string | null };

/** GET /api/tools keeps each page's JSON between requests; any write, here or in another process, renews it. */
describe('the API tool pages kept between requests', () => {
  it('serialises a page once and answers a change made through the models, a rating, and another connection', async () => {
    const { alfa } = onlyAlfaAndBeta({ linkType: 'custom', customHtml: '<p>v1</p>' });
    const user = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(user);
    const list = async (path = '/api/tools') => {
      const response = await call(apiToolsLoader, getRequest(path, { cookie }));
      expect(response.status).toBe(200);
      return { cards: (await response.json()) as Card[], total: response.headers.get('X-Total-Count') };
    };

    expect(await list()).toEqual({
      cards: [expect.objectContaining({ name: 'Alfa', customHtml: '<p>v1</p>' }), expect.objectContaining({ name: 'Beta' })],
      total: '2',
    });
    const query = { page: 1, perPage: 100 };
    expect(apiToolsPage(user, query).json).toBe(apiToolsPage(user, query).json);
    // Another page of the same list is its own entry, not the first page's bytes.
    expect((await list('/api/tools?perPage=1&page=2')).cards.map((card) => card.name)).toEqual(['Beta']);

    const admin = await createUser({ role: 'admin' });
    updateTool(admin, alfa.id, { name: 'Zeta' });
    expect((await list()).cards.map((card) => card.name)).toEqual(['Beta', 'Zeta']);

    rateTool(user, alfa.id, { rating: 4, comment: null });
    expect((await list()).cards.find((card) => card.id === alfa.id)).toMatchObject({ averageRating: 4 });

    writeFromAnotherConnection('update tools set custom_html = ? where id = ?', '<p>v2</p>', alfa.id);
    expect((await list()).cards.find((card) => card.id === alfa.id)).toMatchObject({ customHtml: '<p>v2</p>' });
  });

  it('keeps at most 500 pages, the oldest going first', () => {
    for (let i = 0; i < 600; i++) apiToolsPage({ role: 'E-BASIC', cpf: String(i).padStart(11, '0') }, { page: 1, perPage: 100 });
    expect(keptApiToolPages().pages).toBe(500);
    expect(keptApiToolPages().bytes).toBeGreaterThan(0);
  });
});
