import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { toolRatings, tools } from '../../db/schema';
import { action as dashboardAction, loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { action as rateAction } from '~/routes/api+/tools.$id.rate';
import { loader as ratingsLoader } from '~/routes/api+/tools.$id.ratings';
import { loader as userRatingLoader } from '~/routes/api+/tools.$id.user-rating';
import { readToast } from '~/utils/toast.server';
import { body, call, createUser, expectRedirect, formRequest, getRequest, jsonRequest, sessionCookie } from '../setup/helpers';
import { seedTools, signedInTiers } from './tools-fixtures';

let seeded: ReturnType<typeof seedTools>;
let tiers: Awaited<ReturnType<typeof signedInTiers>>['tiers'];

beforeAll(async () => {
  const signedIn = await signedInTiers();
  tiers = signedIn.tiers;
  seeded = seedTools(signedIn.whitelistedCpf);
});

beforeEach(() => {
  db.delete(toolRatings).run();
  db.update(tools).set({ averageRating: 0, totalRatings: 0 }).run();
});

const toolRow = (id: number) => db.select().from(tools).where(eq(tools.id, id)).get()!;

function rateApi(toolId: number | string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
  const id = String(toolId);
  return call(rateAction, jsonRequest(`/api/tools/${id}/rate`, payload, { cookie, headers }), { id });
}

async function newRater(role: 'E-BASIC' | 'E-MASTER' = 'E-MASTER') {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
}

describe('POST /api/tools/{id}/rate', () => {
  test('stores the rating and keeps the average (2 decimals) and count exact', async () => {
    const [a, b, c] = await Promise.all([newRater(), newRater(), newRater()]);
    const id = seeded.basic.id;

    const first = await rateApi(id, { rating: 5, comment: 'Excelente' }, a.cookie);
    expect(first.status).toBe(200);
    expect(await body(first)).toMatchObject({ averageRating: 5, totalRatings: 1, rating: { rating: 5, comment: 'Excelente' } });

    await rateApi(id, { rating: 4 }, b.cookie);
    await rateApi(id, { rating: 4, comment: null }, c.cookie);
    expect(toolRow(id)).toMatchObject({ averageRating: 4.33, totalRatings: 3 });

    await rateApi(id, { rating: 1 }, c.cookie);
    expect(toolRow(id)).toMatchObject({ averageRating: 3.33, totalRatings: 3 });
    await rateApi(id, { rating: 5 }, b.cookie);
    expect(toolRow(id)).toMatchObject({ averageRating: 3.67, totalRatings: 3 });
  });

  test('a second rating by the same user updates the first (one row, updatedAt moves, createdAt stays)', async () => {
    const rater = await newRater();
    const id = seeded.basic.id;
    await rateApi(id, { rating: 2, comment: 'Confuso' }, rater.cookie);
    const before = db.select().from(toolRatings).where(eq(toolRatings.userId, rater.user.id)).all();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await rateApi(id, { rating: 4, comment: 'Melhorou' }, rater.cookie);
    expect(response.status).toBe(200);

    const after = db.select().from(toolRatings).where(eq(toolRatings.userId, rater.user.id)).all();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before[0].id, rating: 4, comment: 'Melhorou' });
    expect(after[0].createdAt.getTime()).toBe(before[0].createdAt.getTime());
    expect(after[0].updatedAt.getTime()).toBeGreaterThan(before[0].updatedAt.getTime());
    expect(toolRow(id)).toMatchObject({ averageRating: 4, totalRatings: 1 });
  });

  test.each([
    [{ rating: 0 }, 'Avaliação deve ser no mínimo 1'],
    [{ rating: -3 }, 'Avaliação deve ser no mínimo 1'],
    [{ rating: 6 }, 'Avaliação deve ser no máximo 5'],
    [{ rating: 2.5 }, 'Avaliação deve ser um número inteiro de 1 a 5'],
    [{ rating: '4' }, 'Avaliação deve ser um número inteiro de 1 a 5'],
    [{ comment: 'sem nota' }, 'Por favor, selecione uma nota de 1 a 5 estrelas.'],
    [{ rating: 3, comment: 'x'.repeat(1001) }, 'O comentário deve ter no máximo 1000 caracteres'],
  ])('%j answers 400 %s and writes nothing', async (payload, message) => {
    const response = await rateApi(seeded.basic.id, payload, tiers['E-BASIC'].cookie);
    expect(response.status).toBe(400);
    expect(await body(response)).toEqual({ message });
    expect(db.select().from(toolRatings).all()).toHaveLength(0);
    expect(toolRow(seeded.basic.id)).toMatchObject({ averageRating: 0, totalRatings: 0 });
  });

  test('trims the comment and stores an empty one as null', async () => {
    const [a, b, c] = await Promise.all([newRater(), newRater(), newRater()]);
    await rateApi(seeded.basic.id, { rating: 4, comment: '  Muito útil no dia a dia  ' }, a.cookie);
    await rateApi(seeded.basic.id, { rating: 4, comment: '    ' }, b.cookie);
    await rateApi(seeded.basic.id, { rating: 4, comment: null }, c.cookie);
    const comments = Object.fromEntries(
      db
        .select()
        .from(toolRatings)
        .all()
        .map((row) => [row.userId, row.comment]),
    );
    expect(comments).toEqual({ [a.user.id]: 'Muito útil no dia a dia', [b.user.id]: null, [c.user.id]: null });
  });

  test('refuses a tool the user sees but cannot use (403) and one they cannot see (404)', async () => {
    const locked = await rateApi(seeded.tool.id, { rating: 5 }, tiers['E-BASIC'].cookie);
    expect(locked.status).toBe(403);
    expect(await body(locked)).toEqual({ message: 'Esta ferramenta requer o plano E-TOOL.' });
    const hidden = await rateApi(seeded.restricted.id, { rating: 5 }, tiers['E-MASTER'].cookie);
    expect(hidden.status).toBe(404);
    expect((await rateApi(999999, { rating: 5 }, tiers['E-MASTER'].cookie)).status).toBe(404);
    expect((await rateApi('abc', { rating: 5 }, tiers['E-MASTER'].cookie)).status).toBe(404);
    expect(db.select().from(toolRatings).all()).toHaveLength(0);
  });

  test('lets a whitelisted E-BASIC user rate the E-MASTER tool reserved to their CPF', async () => {
    const response = await rateApi(seeded.restricted.id, { rating: 5 }, tiers.whitelisted.cookie);
    expect(response.status).toBe(200);
    expect(toolRow(seeded.restricted.id).totalRatings).toBe(1);
  });

  test('answers 401 to anonymous visitors and 403 to a cross-site request', async () => {
    expect((await rateApi(seeded.basic.id, { rating: 5 })).status).toBe(401);
    const crossSite = await rateApi(seeded.basic.id, { rating: 5 }, tiers['E-MASTER'].cookie, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(db.select().from(toolRatings).all()).toHaveLength(0);
  });

  test('answers 400 to a malformed body', async () => {
    const response = await rateApi(seeded.basic.id, '{rating: 5', tiers['E-MASTER'].cookie);
    expect(response.status).toBe(400);
  });
});

describe('GET /api/tools/{id}/user-rating and /ratings', () => {
  const get = (loader: typeof userRatingLoader, path: string, id: number | string, cookie?: string) =>
    call(loader, getRequest(path.replace(':id', String(id)), { cookie }), { id: String(id) });

  test('user-rating gives the own rating and comment, or nulls before rating', async () => {
    const rater = await newRater('E-BASIC');
    const path = '/api/tools/:id/user-rating';
    expect(await body(await get(userRatingLoader, path, seeded.basic.id, rater.cookie))).toEqual({ rating: null, comment: null });
    await rateApi(seeded.basic.id, { rating: 3, comment: 'Razoável' }, rater.cookie);
    expect(await body(await get(userRatingLoader, path, seeded.basic.id, rater.cookie))).toEqual({ rating: 3, comment: 'Razoável' });
    expect((await get(userRatingLoader, path, seeded.basic.id)).status).toBe(401);
    expect((await get(userRatingLoader, path, seeded.restricted.id, rater.cookie)).status).toBe(404);
  });

  test('ratings lists rating, comment, date and author username, newest first', async () => {
    const [a, b] = await Promise.all([newRater(), newRater()]);
    await rateApi(seeded.basic.id, { rating: 5, comment: 'Ótima' }, a.cookie);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await rateApi(seeded.basic.id, { rating: 2 }, b.cookie);

    const list = await body<Array<Record<string, unknown>>>(
      await get(ratingsLoader, '/api/tools/:id/ratings', seeded.basic.id, tiers['E-BASIC'].cookie),
    );
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ rating: 2, comment: null, user: { username: b.user.username } });
    expect(list[1]).toMatchObject({ rating: 5, comment: 'Ótima', user: { username: a.user.username } });
    expect(Object.keys(list[0]).sort()).toEqual(['comment', 'createdAt', 'id', 'rating', 'user']);
    expect(Object.keys(list[0].user as object)).toEqual(['username']);
    expect(new Date(list[0].createdAt as string).toString()).not.toBe('Invalid Date');
  });

  test('ratings of a locked tool are readable; of a hidden one, 404; anonymous, 401', async () => {
    expect((await get(ratingsLoader, '/api/tools/:id/ratings', seeded.master.id, tiers['E-BASIC'].cookie)).status).toBe(200);
    expect((await get(ratingsLoader, '/api/tools/:id/ratings', seeded.restricted.id, tiers['E-MASTER'].cookie)).status).toBe(404);
    expect((await get(ratingsLoader, '/api/tools/:id/ratings', seeded.basic.id)).status).toBe(401);
  });
});

describe('the dashboard rating dialog', () => {
  const post = (fields: Record<string, string>, cookie: string, query = `?dialog=rate&tool=${seeded.basic.id}`) =>
    call(dashboardAction, formRequest(`/dashboard${query}`, { intent: 'rate', ...fields }, { cookie }));

  test('saves the rating, closes the dialog keeping the filter, and flashes the success toast', async () => {
    const rater = await newRater('E-BASIC');
    const response = await post(
      { toolId: String(seeded.basic.id), rating: '4', comment: '  Prática  ' },
      rater.cookie,
      `?category=mechanical&dialog=rate&tool=${seeded.basic.id}`,
    );
    expectRedirect(response, '/dashboard?category=mechanical');
    const { toast } = await readToast(
      new Request('http://localhost/', { headers: { Cookie: response.headers.get('Set-Cookie')!.split(';')[0] } }),
    );
    expect(toast).toMatchObject({ title: 'Avaliação enviada', description: 'Sua avaliação foi salva com sucesso!', type: 'success' });
    expect(db.select().from(toolRatings).where(eq(toolRatings.userId, rater.user.id)).get()).toMatchObject({
      rating: 4,
      comment: 'Prática',
    });
    expect(toolRow(seeded.basic.id)).toMatchObject({ averageRating: 4, totalRatings: 1 });
  });

  test.each([
    [{}, 'Por favor, selecione uma nota de 1 a 5 estrelas.'],
    [{ rating: '0' }, 'Avaliação deve ser no mínimo 1'],
    [{ rating: '6' }, 'Avaliação deve ser no máximo 5'],
  ])('%j is refused with 400 and %s', async (fields, message) => {
    const response = await post({ toolId: String(seeded.basic.id), ...fields }, tiers['E-BASIC'].cookie);
    expect(response.status).toBe(400);
    const data = await body<{ intent: string; result: { error: Record<string, string[]> } }>(response);
    expect(data.intent).toBe('rate');
    expect(data.result.error.rating).toEqual([message]);
    expect(db.select().from(toolRatings).all()).toHaveLength(0);
  });

  test('refuses a locked tool with 403 and a hidden one with 404, writing nothing', async () => {
    const locked = await post({ toolId: String(seeded.master.id), rating: '5' }, tiers['E-BASIC'].cookie);
    expect(locked.status).toBe(403);
    expect(JSON.stringify(await body(locked))).toContain('Esta ferramenta requer o plano E-MASTER.');
    const hidden = await post({ toolId: String(seeded.restricted.id), rating: '5' }, tiers['E-TOOL'].cookie);
    expect(hidden.status).toBe(404);
    expect(db.select().from(toolRatings).all()).toHaveLength(0);
  });

  test('the loader prefills the dialog with the own rating and lists the ratings with authors', async () => {
    const rater = await newRater('E-BASIC');
    await rateApi(seeded.basic.id, { rating: 3, comment: 'Boa' }, rater.cookie);

    const rate = await body<{ dialog: { kind: string; tool: { id: number } }; myRatings: Record<string, unknown> }>(
      await call(dashboardLoader, getRequest(`/dashboard?dialog=rate&tool=${seeded.basic.id}`, { cookie: rater.cookie })),
    );
    expect(rate.dialog).toMatchObject({ kind: 'rate', tool: { id: seeded.basic.id } });
    expect(rate.myRatings[seeded.basic.id]).toEqual({ rating: 3, comment: 'Boa' });

    const list = await body<{ ratings: Array<{ user: { username: string }; comment: string }> }>(
      await call(dashboardLoader, getRequest(`/dashboard?dialog=ratings&tool=${seeded.basic.id}`, { cookie: tiers['E-TOOL'].cookie })),
    );
    expect(list.ratings).toEqual([expect.objectContaining({ rating: 3, comment: 'Boa', user: { username: rater.user.username } })]);
  });

  test('a cross-site post is refused with 403', async () => {
    const response = await call(
      dashboardAction,
      formRequest(
        '/dashboard',
        { intent: 'rate', toolId: String(seeded.basic.id), rating: '5' },
        { cookie: tiers['E-BASIC'].cookie, headers: { Origin: 'https://evil.example' } },
      ),
    );
    expect(response.status).toBe(403);
    expect(db.select().from(toolRatings).all()).toHaveLength(0);
  });
});
