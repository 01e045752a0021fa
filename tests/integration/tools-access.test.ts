import { beforeAll, describe, expect, test } from 'vitest';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { loader as toolPageLoader } from '~/routes/_app+/tools.$id';
import { loader as apiToolsLoader } from '~/routes/api+/tools';
import { loader as frameLoader } from '~/routes/resources+/tool-frame.$id';
import { call, expectRedirect, getRequest } from '../setup/helpers';
import { SECRETS, seedTools, signedInTiers, type Tier } from './tools-fixtures';

let seeded: ReturnType<typeof seedTools>;
let tiers: Awaited<ReturnType<typeof signedInTiers>>['tiers'];

beforeAll(async () => {
  const signedIn = await signedInTiers();
  tiers = signedIn.tiers;
  seeded = seedTools(signedIn.whitelistedCpf);
});

type Card = { id: number; name: string; locked: boolean; link?: string; requiredLevel?: string; customHtml?: string | null };
type Key = keyof typeof seeded;

/** Per tier: the tools it uses, the tools it sees locked; every other tool must be invisible. */
const EXPECTED: Record<Tier, { open: Key[]; locked: Key[] }> = {
  'E-BASIC': { open: ['basic'], locked: ['tool', 'master'] },
  'E-TOOL': { open: ['basic', 'tool'], locked: ['master'] },
  'E-MASTER': { open: ['basic', 'tool', 'master'], locked: [] },
  admin: { open: ['basic', 'tool', 'master', 'restricted'], locked: [] },
  whitelisted: { open: ['basic', 'restricted'], locked: ['tool', 'master'] },
};

const idsOf = (keys: Key[]) => keys.map((key) => seeded[key].id).sort();
const sortedIds = (cards: Card[]) => cards.map((card) => card.id).sort();

/** Strings of tools the tier may not use: none may appear anywhere in an answer. */
function secretsFor(tier: Tier): string[] {
  const secrets: string[] = [];
  if (!EXPECTED[tier].open.includes('tool')) secrets.push(SECRETS.toolLink);
  if (!EXPECTED[tier].open.includes('master')) secrets.push(SECRETS.masterHtml);
  if (!EXPECTED[tier].open.includes('restricted')) secrets.push(SECRETS.whitelistHtml, SECRETS.whitelistName);
  return secrets;
}

async function dashboard(tier: Tier, query = '') {
  const response = await call(dashboardLoader, getRequest(`/dashboard${query}`, { cookie: tiers[tier].cookie }));
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, data: JSON.parse(text) as { tools: Card[]; showBlocked: boolean } };
}

async function apiTools(tier: Tier) {
  const response = await call(apiToolsLoader, getRequest('/api/tools', { cookie: tiers[tier].cookie }));
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, cards: JSON.parse(text) as Card[] };
}

describe.each(Object.keys(EXPECTED) as Tier[])('%s', (tier) => {
  const expected = () => EXPECTED[tier];

  test('GET /api/tools lists exactly the visible tools, locked ones flagged with their level', async () => {
    const { cards } = await apiTools(tier);
    expect(sortedIds(cards)).toEqual(idsOf([...expected().open, ...expected().locked]));
    for (const card of cards) {
      const key = (Object.keys(seeded) as Key[]).find((k) => seeded[k].id === card.id)!;
      expect(card.locked).toBe(expected().locked.includes(key));
      if (card.locked) {
        expect(card).not.toHaveProperty('link');
        expect(card).not.toHaveProperty('customHtml');
        expect(card.requiredLevel).toBe(seeded[key].accessLevel);
      } else {
        expect(card.link).toBe(seeded[key].link);
      }
    }
  });

  test('GET /api/tools never carries the link or HTML of a tool the user cannot use', async () => {
    const { text } = await apiTools(tier);
    for (const secret of secretsFor(tier)) expect(text).not.toContain(secret);
  });

  test('the dashboard loader lists the same tools: usable ones under all, locked ones under blocked', async () => {
    const all = await dashboard(tier);
    const blocked = await dashboard(tier, '?category=blocked');
    expect(sortedIds(all.data.tools)).toEqual(idsOf(expected().open));
    expect(sortedIds(blocked.data.tools)).toEqual(idsOf(expected().locked));
    expect(all.data.showBlocked).toBe(expected().locked.length > 0);
    for (const card of blocked.data.tools) {
      expect(card.locked).toBe(true);
      expect(card).not.toHaveProperty('link');
    }
    for (const secret of secretsFor(tier)) {
      expect(all.text).not.toContain(secret);
      expect(blocked.text).not.toContain(secret);
    }
  });

  test('custom HTML never travels in the dashboard data, even for tools the user can use', async () => {
    const all = await dashboard(tier);
    expect(all.text).not.toContain(SECRETS.masterHtml);
    expect(all.text).not.toContain(SECRETS.whitelistHtml);
  });

  test('/tools/{id}: usable tools open, locked ones answer 403 without link, invisible ones 404', async () => {
    const cookie = tiers[tier].cookie;
    const open = (key: Key) => call(toolPageLoader, getRequest(`/tools/${seeded[key].id}`, { cookie }), { id: String(seeded[key].id) });
    for (const key of expected().open) {
      const response = await open(key);
      if (seeded[key].linkType === 'internal') expectRedirect(response, seeded[key].link);
      else expect(response.status).toBe(200);
    }
    for (const key of expected().locked) {
      const response = await open(key);
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(JSON.parse(text).tool).toMatchObject({ locked: true, requiredLevel: seeded[key].accessLevel });
      for (const secret of secretsFor(tier)) expect(text).not.toContain(secret);
    }
    const invisible = (Object.keys(seeded) as Key[]).filter((key) => !expected().open.includes(key) && !expected().locked.includes(key));
    for (const key of invisible) expect((await open(key)).status).toBe(404);
  });

  test('/resources/tool-frame/{id} serves custom HTML only to users who may use the tool', async () => {
    const cookie = tiers[tier].cookie;
    for (const key of ['master', 'restricted'] as const) {
      const response = await call(frameLoader, getRequest(`/resources/tool-frame/${seeded[key].id}`, { cookie }), {
        id: String(seeded[key].id),
      });
      const text = await response.text();
      if (expected().open.includes(key)) {
        expect(response.status).toBe(200);
        expect(text).toBe(seeded[key].customHtml);
      } else {
        expect(response.status).toBe(expected().locked.includes(key) ? 403 : 404);
        expect(text).not.toContain(seeded[key].customHtml!);
      }
    }
  });
});

describe('anonymous visitors', () => {
  test('GET /api/tools answers 401', async () => {
    const response = await call(apiToolsLoader, getRequest('/api/tools'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Não autenticado' });
  });

  test('the dashboard and /tools/{id} send them to /auth', async () => {
    expectRedirect(await call(dashboardLoader, getRequest('/dashboard')), '/auth?redirectTo=%2Fdashboard');
    const id = String(seeded.basic.id);
    expectRedirect(await call(toolPageLoader, getRequest(`/tools/${id}`), { id }), `/auth?redirectTo=%2Ftools%2F${id}`);
  });

  test('the tool frame answers 401 without the HTML', async () => {
    const id = String(seeded.master.id);
    const response = await call(frameLoader, getRequest(`/resources/tool-frame/${id}`), { id });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain(SECRETS.masterHtml);
  });
});

describe('the tool frame', () => {
  test('is served sandboxed: opaque origin, no network, no caching, never sniffed', async () => {
    const id = String(seeded.master.id);
    const response = await call(frameLoader, getRequest(`/resources/tool-frame/${id}`, { cookie: tiers['E-MASTER'].cookie }), { id });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain('sandbox allow-scripts allow-forms allow-popups;');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  });

  test('answers 404 for a tool that is not custom HTML, a missing id and a malformed id', async () => {
    const cookie = tiers.admin.cookie;
    for (const id of [String(seeded.basic.id), String(seeded.tool.id), '999999', 'abc']) {
      const response = await call(frameLoader, getRequest(`/resources/tool-frame/${id}`, { cookie }), { id });
      expect(response.status).toBe(404);
    }
  });

  test('/tools/{id} of a custom tool embeds the frame route in a sandbox, not the HTML', async () => {
    const id = String(seeded.master.id);
    const response = await call(toolPageLoader, getRequest(`/tools/${id}`, { cookie: tiers['E-MASTER'].cookie }), { id });
    const text = await response.text();
    expect(JSON.parse(text).tool).toMatchObject({ locked: false, frameUrl: `/resources/tool-frame/${id}` });
    expect(text).not.toContain(SECRETS.masterHtml);
  });

  test('/tools/{id} of an external tool gives its outbound link; missing and malformed ids are 404', async () => {
    const id = String(seeded.tool.id);
    const cookie = tiers['E-TOOL'].cookie;
    const response = await call(toolPageLoader, getRequest(`/tools/${id}`, { cookie }), { id });
    expect((await response.json()).tool).toMatchObject({ linkType: 'external', link: SECRETS.toolLink });
    for (const bad of ['999999', 'abc']) {
      expect((await call(toolPageLoader, getRequest(`/tools/${bad}`, { cookie }), { id: bad })).status).toBe(404);
    }
  });
});

describe('the dashboard tool dialog', () => {
  test('for a locked tool carries the card without link; for an open custom tool, its frame URL', async () => {
    const basic = await dashboard('E-BASIC', `?dialog=tool&tool=${seeded.master.id}`);
    expect((basic.data as unknown as { dialog: { tool: Card } }).dialog.tool).toMatchObject({ id: seeded.master.id, locked: true });
    expect(basic.text).not.toContain(SECRETS.masterHtml);
    const master = await dashboard('E-MASTER', `?dialog=tool&tool=${seeded.master.id}`);
    expect((master.data as unknown as { dialog: { tool: Card & { frameUrl: string } } }).dialog.tool.frameUrl).toBe(
      `/resources/tool-frame/${seeded.master.id}`,
    );
  });

  test('does not open for a tool the user cannot see', async () => {
    const { data } = await dashboard('E-MASTER', `?dialog=tool&tool=${seeded.restricted.id}`);
    expect((data as unknown as { dialog: unknown }).dialog).toBeNull();
  });
});
