import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/client';
import { planPrices, tools } from '../../db/schema';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { loader as contactLoader } from '~/routes/_marketing+/contact';
import { loader as landingLoader } from '~/routes/_marketing+/_index';
import { action as createPromoApi } from '~/routes/api+/promocodes';
import { action as usePromoApi } from '~/routes/api+/promocodes.use';
import { action as registerApi } from '~/routes/api+/register';
import { loader as toolsApi } from '~/routes/api+/tools';
import { toolInputSchema } from '~/schemas/tool';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { serve } from './helpers/document-handler';
import { call, createUser, getRequest, jsonRequest, sessionCookie, uniqueCpf } from '../setup/helpers';

/** Findings of the production-build probe about what the site offers: tools, promo codes and plan prices. */

beforeEach(() => resetAllLimits());

describe('tools: links stay on this site, custom HTML only for those entitled', () => {
  const HTML = '<!doctype html><p id="marcador-html-proprio">Calculadora própria</p>';
  type ApiTool = { id: number; locked: boolean; link?: string; frameUrl?: string | null; customHtml?: string | null };

  it('an internal tool link must be a path of this site by the same rule', () => {
    const tool = {
      name: 'Ferramenta',
      description: 'Uma ferramenta',
      category: 'mechanical',
      accessLevel: 'E-BASIC',
      linkType: 'internal',
    };
    for (const link of ['/\t/evil.example', '/\u0000x', '/a\u2028b', '/\u202eevil']) {
      expect(toolInputSchema.safeParse({ ...tool, link }).success, JSON.stringify(link)).toBe(false);
    }
    expect(toolInputSchema.safeParse({ ...tool, link: '/calculators/torque' }).success).toBe(true);
  });

  it('an E-MASTER user gets the E-MASTER custom tool with its customHtml and frameUrl; an E-TOOL user gets neither, nor the link', async () => {
    const tool = db
      .insert(tools)
      .values({
        name: 'Ferramenta própria',
        description: 'HTML do admin',
        category: 'mechanical',
        accessLevel: 'E-MASTER',
        linkType: 'custom',
        link: '#',
        customHtml: HTML,
      })
      .returning()
      .get();
    const list = async (role: 'E-MASTER' | 'E-TOOL') => {
      const cookie = await sessionCookie(await createUser({ role }));
      const response = await call(toolsApi, getRequest('/api/tools?perPage=200', { cookie }));
      expect(response.status).toBe(200);
      return ((await response.json()) as ApiTool[]).find((item) => item.id === tool.id);
    };

    const master = await list('E-MASTER');
    expect(master).toMatchObject({ locked: false, customHtml: HTML, frameUrl: `/resources/tool-frame/${tool.id}` });

    const locked = await list('E-TOOL');
    expect(locked).toMatchObject({ locked: true });
    expect(locked).not.toHaveProperty('customHtml');
    expect(locked).not.toHaveProperty('link');
    expect(locked).not.toHaveProperty('frameUrl');
  });

  it('the dashboard page keeps the HTML inside the sandboxed frame only (its loader never sends it)', async () => {
    db.insert(tools)
      .values({
        name: 'Outra própria',
        description: 'HTML do admin',
        category: 'mechanical',
        accessLevel: 'E-BASIC',
        linkType: 'custom',
        link: '#',
        customHtml: HTML,
      })
      .run();
    const cookie = await sessionCookie(await createUser({ role: 'E-MASTER' }));
    const response = await call(dashboardLoader, getRequest('/dashboard', { cookie }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('Outra própria');
    expect(text).not.toContain('marcador-html-proprio');
  });
});

describe('promo codes: accented codes compare on one folded form', () => {
  const register = (username: string, email = `${crypto.randomUUID().slice(0, 8)}@example.com`, extra: Record<string, unknown> = {}) =>
    call(registerApi, jsonRequest('/api/register', { username, email, cpf: uniqueCpf(), password: 'senha123', ...extra }));

  it('a promo code with accented letters is redeemable in any case, and unique in any case', async () => {
    const admin = await createUser({ role: 'admin' });
    const adminCookie = await sessionCookie(admin);
    const create = (code: string) =>
      call(
        createPromoApi,
        jsonRequest('/api/promocodes', { code, days: 7, maxUses: 5, promoType: 'role', targetRole: 'E-TOOL' }, { cookie: adminCookie }),
      );
    const created = await create('ção10');
    expect(created.status).toBe(201);
    expect(((await created.json()) as { code: string }).code).toBe('ção10');
    const duplicate = await create('ÇÃO10');
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: 'Já existe um código promocional com este código.' });

    for (const typed of ['ção10', 'ÇÃO10']) {
      const user = await createUser();
      const response = await call(usePromoApi, jsonRequest('/api/promocodes/use', { code: typed }, { cookie: await sessionCookie(user) }));
      expect(response.status, typed).toBe(200);
    }
    const registered = await register('novo_cao', undefined, { promoCode: 'Ção10' });
    expect(registered.status).toBe(201);
  });
});

describe('plan prices: the public pages read plan_prices', () => {
  const setPrice = (planType: 'E-TOOL' | 'E-MASTER', monthlyPriceCents: number) =>
    db
      .insert(planPrices)
      .values({ planType, monthlyPriceCents, updatedAt: new Date() })
      .onConflictDoUpdate({ target: planPrices.planType, set: { monthlyPriceCents, updatedAt: new Date() } })
      .run();
  const landingPrices = async () =>
    ((await (await call(landingLoader, getRequest('/'))).json()) as { planPrices: Record<string, string> }).planPrices;
  const contactPrices = async () => ((await (await contactLoader()).json()) as { planPrices: Record<string, string> }).planPrices;
  const html = async (path: string) => (await serve(getRequest(path))).text();

  it("shows the specification's advertised prices while a row is missing", async () => {
    db.delete(planPrices).run();
    const advertised = { 'E-TOOL': 'R$ 29,90', 'E-MASTER': 'R$ 59,90' };
    expect(await landingPrices()).toEqual(advertised);
    expect(await contactPrices()).toEqual(advertised);
  });

  it("an admin's change shows on the landing page and in the contact FAQ", async () => {
    setPrice('E-TOOL', 3490);
    setPrice('E-MASTER', 6990);
    const changed = { 'E-TOOL': 'R$ 34,90', 'E-MASTER': 'R$ 69,90' };
    expect(await landingPrices()).toEqual(changed);
    expect(await contactPrices()).toEqual(changed);

    const landing = await html('/');
    expect(landing).toContain('R$ 34,90');
    expect(landing).toContain('R$ 69,90');
    expect(landing).not.toContain('R$ 29,90');
    const faq = await html('/contact');
    expect(faq).toContain('O E-TOOL (R$ 34,90/mês)');
    expect(faq).toContain('O E-MASTER (R$ 69,90/mês)');
    expect(faq).not.toContain('R$ 59,90');
  });
});
