import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { promoCodes, promoUsage } from '../../db/schema';
import { getUserById } from '~/models/accounts/user.server';
import { action, loader } from '~/routes/_app+/dashboard';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { readToast } from '~/utils/toast.server';
import { body, call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { seedTools, signedInTiers, type Tier } from './tools-fixtures';

let seeded: ReturnType<typeof seedTools>;
let tiers: Awaited<ReturnType<typeof signedInTiers>>['tiers'];

beforeAll(async () => {
  const signedIn = await signedInTiers();
  tiers = signedIn.tiers;
  seeded = seedTools(signedIn.whitelistedCpf);
});

type DashboardData = {
  user: { username: string; role: string; isAdmin: boolean };
  filter: string;
  query: string;
  tools: Array<{ id: number; name: string }>;
  categories: string[];
  showBlocked: boolean;
  emptyMessage: string | null;
};

async function dashboard(tier: Tier, query = ''): Promise<DashboardData> {
  const response = await call(loader, getRequest(`/dashboard${query}`, { cookie: tiers[tier].cookie }));
  expect(response.status).toBe(200);
  return body<DashboardData>(response);
}

async function toastOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('en_toast='));
  expect(cookie, 'a toast cookie').toBeTruthy();
  return (await readToast(new Request('http://localhost/', { headers: { Cookie: cookie!.split(';')[0] } }))).toast;
}

describe('dashboard loader', () => {
  test('welcomes the user with their shaped account (no password hash)', async () => {
    const response = await call(loader, getRequest('/dashboard', { cookie: tiers['E-TOOL'].cookie }));
    const text = await response.text();
    expect(JSON.parse(text).user).toMatchObject({ username: tiers['E-TOOL'].user.username, role: 'E-TOOL', isAdmin: false });
    expect(text).not.toContain(tiers['E-TOOL'].user.password);
    expect(text).not.toContain('"password"');
  });

  test('filters by category and keeps the filter value', async () => {
    const data = await dashboard('E-MASTER', '?category=electrical');
    expect(data.filter).toBe('electrical');
    expect(data.tools.map((tool) => tool.id)).toEqual([seeded.tool.id]);
  });

  test('non-admins get only the categories of the tools they can use; admins always get all five', async () => {
    expect((await dashboard('E-BASIC')).categories).toEqual(['mechanical']);
    expect((await dashboard('E-TOOL')).categories).toEqual(['mechanical', 'electrical']);
    expect((await dashboard('whitelisted')).categories).toEqual(['mechanical', 'chemical']);
    expect((await dashboard('admin')).categories).toEqual(['mechanical', 'electrical', 'textile', 'informatics', 'chemical']);
  });

  test('the blocked filter is offered only to users with a visible tool they cannot use', async () => {
    expect((await dashboard('E-BASIC')).showBlocked).toBe(true);
    expect((await dashboard('E-TOOL')).showBlocked).toBe(true);
    expect((await dashboard('E-MASTER')).showBlocked).toBe(false);
    expect((await dashboard('admin')).showBlocked).toBe(false);
  });

  test('searches name and description, case- and accent-insensitively, within the filter', async () => {
    expect((await dashboard('E-MASTER', '?q=CONDUTORES%20ELETRICOS')).tools.map((tool) => tool.id)).toEqual([seeded.tool.id]);
    expect((await dashboard('E-BASIC', '?category=blocked&q=convers%C3%A3o')).tools.map((tool) => tool.id)).toEqual([seeded.master.id]);
    const data = await dashboard('E-MASTER', '?q=%20%20torque%20');
    expect(data.query).toBe('torque');
    expect(data.tools.map((tool) => tool.id)).toEqual([seeded.basic.id]);
  });

  test('shows the three empty states word for word', async () => {
    expect((await dashboard('E-MASTER', '?category=blocked')).emptyMessage).toBe(
      'Parabéns! Você tem acesso a todas as ferramentas disponíveis.',
    );
    expect((await dashboard('E-BASIC', '?q=solda')).emptyMessage).toBe('Nenhuma ferramenta encontrada para "solda".');
    expect((await dashboard('admin', '?category=textile')).emptyMessage).toBe('Nenhuma ferramenta disponível para esta categoria.');
    expect((await dashboard('E-BASIC')).emptyMessage).toBeNull();
  });

  test('an unknown category shows all usable tools', async () => {
    const data = await dashboard('E-TOOL', '?category=civil');
    expect(data.filter).toBe('all');
    expect(data.tools).toHaveLength(2);
  });

  test('payment_success=true redirects to the same URL without it, with the success toast', async () => {
    const response = await call(
      loader,
      getRequest('/dashboard?category=mechanical&payment_success=true&q=eixo', { cookie: tiers['E-TOOL'].cookie }),
    );
    expectRedirect(response, '/dashboard?category=mechanical&q=eixo');
    expect(await toastOf(response)).toEqual({
      type: 'success',
      title: 'Pagamento processado com sucesso!',
      description: 'Seu plano foi atualizado. Aproveite os novos recursos.',
    });
  });

  test('payment_success with another value is ignored', async () => {
    expect((await call(loader, getRequest('/dashboard?payment_success=false', { cookie: tiers['E-TOOL'].cookie }))).status).toBe(200);
  });
});

describe('dashboard promo-code box', () => {
  let promoId: number;

  beforeEach(async () => {
    await resetAllLimits();
    db.delete(promoCodes).run();
    promoId = db
      .insert(promoCodes)
      .values({ code: 'OBRAS30', codeKey: 'obras30', days: 30, maxUses: 5, targetRole: 'E-TOOL' })
      .returning()
      .get().id;
  });

  const redeem = (code: string | undefined, cookie: string, query = '') =>
    call(action, formRequest(`/dashboard${query}`, code === undefined ? { intent: 'promo' } : { intent: 'promo', code }, { cookie }));

  test('a valid code (trimmed, any case) grants the role and redirects with the "Sucesso" toast', async () => {
    const user = await createUser();
    const response = await redeem('  obras30  ', await sessionCookie(user), '?category=mechanical');
    expectRedirect(response, '/dashboard?category=mechanical');
    expect(await toastOf(response)).toEqual({
      type: 'success',
      title: 'Sucesso',
      description: 'Código ativado! Você recebeu 30 dias de acesso E-TOOL.',
    });
    expect(getUserById(user.id)!.role).toBe('E-TOOL');
    expect(db.select().from(promoUsage).where(eq(promoUsage.promoId, promoId)).all()).toHaveLength(1);
  });

  test.each([[''], ['    '], [undefined]])('an empty code %j answers 400 with the specification message', async (code) => {
    const response = await redeem(code, tiers['E-BASIC'].cookie);
    expect(response.status).toBe(400);
    const data = await body<{ intent: string; result: { error: Record<string, string[]> } }>(response);
    expect(data.intent).toBe('promo');
    expect(data.result.error.code).toEqual(['Por favor, insira um código promocional.']);
  });

  test('an unknown code answers 404 with its message and grants nothing', async () => {
    const user = await createUser();
    const response = await redeem('NAOEXISTE', await sessionCookie(user));
    expect(response.status).toBe(404);
    const data = await body<{ result: { error: Record<string, string[]> } }>(response);
    expect(data.result.error.code).toEqual(['Código promocional inválido.']);
    expect(getUserById(user.id)!.role).toBe('E-BASIC');
  });

  test('the same user cannot use a code twice', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    expectRedirect(await redeem('OBRAS30', cookie), '/dashboard');
    const again = await redeem('OBRAS30', cookie);
    expect(again.status).toBe(409);
    expect(JSON.stringify(await body(again))).toContain('Você já utilizou este código promocional.');
  });

  test('guessing is rate limited per account (429 after 10 attempts)', async () => {
    const cookie = tiers['E-BASIC'].cookie;
    for (let attempt = 0; attempt < 10; attempt++) expect((await redeem(`ERRADO${attempt}`, cookie)).status).toBe(404);
    const limited = await redeem('OBRAS30', cookie);
    expect(limited.status).toBe(429);
    expect(db.select().from(promoUsage).all()).toHaveLength(0);
  });

  test('a cross-site post is refused with 403', async () => {
    const user = await createUser();
    const response = await call(
      action,
      formRequest(
        '/dashboard',
        { intent: 'promo', code: 'OBRAS30' },
        { cookie: await sessionCookie(user), headers: { Origin: 'https://evil.example' } },
      ),
    );
    expect(response.status).toBe(403);
    expect(getUserById(user.id)!.role).toBe('E-BASIC');
  });

  test('anonymous posts are sent to /auth', async () => {
    const response = await call(action, formRequest('/dashboard', { intent: 'promo', code: 'OBRAS30' }));
    expectRedirect(response, /^\/auth\?redirectTo=/);
  });

  test('an unknown intent answers 400', async () => {
    const response = await call(action, formRequest('/dashboard', { intent: 'hack' }, { cookie: tiers['E-BASIC'].cookie }));
    expect(response.status).toBe(400);
  });
});
