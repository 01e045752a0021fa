import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { notificationReads, notifications } from '../../db/schema';
import { countUnreadNotifications, listNotificationsFor } from '~/models/notifications/notification.server';
import { loader as pageLoader, action as pageAction } from '~/routes/_app+/notifications';
import { action as deleteNotificationAction } from '~/routes/api+/notifications.$id';
import { action as markReadAction } from '~/routes/api+/notifications.$id.read';
import { loader as listLoader, action as createNotificationAction } from '~/routes/api+/notifications';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';
import { apiCall, expectAdminOnly, safeJson, signedTiers, type Signed, type Tier } from './helpers/admin-api';

type Item = { id: number; title: string; type: string; isRead: boolean; personal: boolean; link: string | null };

let tiers: Record<Tier, Signed>;

beforeAll(async () => {
  tiers = await signedTiers();
});

const send = (body: unknown, cookie = tiers.admin.cookie) =>
  apiCall(createNotificationAction, 'POST', '/api/notifications', { cookie, body });
const list = (cookie?: string) => apiCall(listLoader, 'GET', '/api/notifications', { cookie });
const markRead = (id: number | string, cookie?: string) =>
  apiCall(markReadAction, 'PATCH', `/api/notifications/${id}/read`, { cookie, params: { id: String(id) } });
const remove = (id: number | string, cookie = tiers.admin.cookie) =>
  apiCall(deleteNotificationAction, 'DELETE', `/api/notifications/${id}`, { cookie, params: { id: String(id) } });

const insert = (values: Partial<typeof notifications.$inferInsert> & { title: string }) =>
  db
    .insert(notifications)
    .values({ message: 'Mensagem de teste.', ...values })
    .returning()
    .get();

async function visibleTitles(cookie: string): Promise<string[]> {
  return (await safeJson<Item[]>(await list(cookie))).map((item) => item.title);
}

describe('admin notification API', () => {
  test('sending and deleting answer 401 to visitors and 403 to every other tier', async () => {
    const existing = insert({ title: 'Permanece' });
    await expectAdminOnly(tiers, (cookie) => send({ title: 'Não enviar', message: 'Não deve ser criada.' }, cookie ?? ''));
    await expectAdminOnly(tiers, (cookie) => remove(existing.id, cookie ?? ''));
    expect(db.select().from(notifications).where(eq(notifications.title, 'Não enviar')).get()).toBeUndefined();
    expect(db.select().from(notifications).where(eq(notifications.id, existing.id)).get()).toBeDefined();
  });

  test('sends with the defaults (type info, target all) and answers 201 with the stored notification', async () => {
    const response = await send({ title: 'Manutenção', message: 'Sistema fora do ar às 22h.' });
    expect(response.status).toBe(201);
    const created = await safeJson(response);
    expect(created).toMatchObject({
      title: 'Manutenção',
      type: 'info',
      targetRole: 'all',
      link: null,
      userId: null,
      createdBy: tiers.admin.user.id,
    });
  });

  test('accepts every type, target, a same-site or http(s) link, and an expiry', async () => {
    const response = await send({
      title: 'Novidade',
      message: 'Nova calculadora.',
      type: 'success',
      targetRole: 'E-MASTER',
      link: '/courses/1',
      expiresAt: '2031-01-01T00:00:00Z',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      type: 'success',
      targetRole: 'E-MASTER',
      link: '/courses/1',
      expiresAt: '2031-01-01T00:00:00.000Z',
    });
    expect((await send({ title: 'Externo', message: 'Veja o blog.', link: 'https://blog.example.com/post' })).status).toBe(201);
  });

  test.each([
    ['a short title', { title: 'Oi' }, 'O título deve ter pelo menos 3 caracteres'],
    ['a missing title', { title: undefined }, 'O título deve ter pelo menos 3 caracteres'],
    ['a message under 5 characters', { message: 'Olá' }, 'A mensagem deve ter pelo menos 5 caracteres'],
    ['an unknown type', { type: 'critical' }, 'O tipo deve ser info, warning, success ou error'],
    ['an unknown target', { targetRole: 'everyone' }, 'O público deve ser all, E-BASIC, E-TOOL, E-MASTER ou admin'],
    ['a javascript: link', { link: 'javascript:alert(1)' }, 'O link deve ser um caminho do site (começando com /) ou um endereço http(s)'],
    [
      'a protocol-relative link',
      { link: '//evil.example/x' },
      'O link deve ser um caminho do site (começando com /) ou um endereço http(s)',
    ],
    ['an invalid expiry', { expiresAt: 'amanhã' }, 'Data de expiração inválida'],
    ['an unknown user', { userId: 987_654 }, 'Usuário não encontrado'],
  ])('refuses %s with its message and stores nothing', async (_case, overrides: Record<string, unknown>, message) => {
    const title = `Inválida ${Math.random()}`;
    const response = await send({ title, message: 'Mensagem válida.', ...overrides });
    expect(response.status).toBe('userId' in overrides ? 404 : 400);
    expect(await response.json()).toEqual({ message });
    expect(db.select().from(notifications).where(eq(notifications.title, title)).get()).toBeUndefined();
  });

  test('deleting removes the notification with everyone’s read state; unknown ids are 404', async () => {
    const created = insert({ title: 'Apagar depois' });
    expect((await markRead(created.id, tiers['E-BASIC'].cookie)).status).toBe(200);
    const response = await remove(created.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Notificação excluída' });
    expect(db.select().from(notificationReads).where(eq(notificationReads.notificationId, created.id)).all()).toHaveLength(0);
    expect((await remove(created.id)).status).toBe(404);
    expect((await remove('abc')).status).toBe(404);
  });
});

describe('who sees what: GET /api/notifications', () => {
  test('needs a signed-in user', async () => {
    expect((await list(undefined)).status).toBe(401);
  });

  test('broadcasts to all, exact-role targets, personal notices, and expiry', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(user);
    const other = await createUser({ role: 'E-TOOL' });
    insert({ title: 'Vis: para todos', targetRole: 'all' });
    insert({ title: 'Vis: para E-TOOL', targetRole: 'E-TOOL' });
    insert({ title: 'Vis: para E-MASTER', targetRole: 'E-MASTER' });
    insert({ title: 'Vis: para admin', targetRole: 'admin' });
    insert({ title: 'Vis: pessoal', userId: user.id, targetRole: 'E-MASTER' });
    insert({ title: 'Vis: pessoal de outro', userId: other.id });
    insert({ title: 'Vis: expirada', expiresAt: new Date(Date.now() - 1000) });
    insert({ title: 'Vis: ainda válida', expiresAt: new Date(Date.now() + 60_000) });

    const mine = (await visibleTitles(cookie)).filter((title) => title.startsWith('Vis:'));
    expect(mine.sort()).toEqual(['Vis: ainda válida', 'Vis: para E-TOOL', 'Vis: para todos', 'Vis: pessoal'].sort());

    // Exact role match: an E-MASTER does not get E-TOOL notices, an admin gets only 'all' and 'admin'.
    const master = (await visibleTitles(tiers['E-MASTER'].cookie)).filter((title) => title.startsWith('Vis:'));
    expect(master.sort()).toEqual(['Vis: ainda válida', 'Vis: para E-MASTER', 'Vis: para todos'].sort());
    const admin = (await visibleTitles(tiers.admin.cookie)).filter((title) => title.startsWith('Vis:'));
    expect(admin.sort()).toEqual(['Vis: ainda válida', 'Vis: para admin', 'Vis: para todos'].sort());
    // The badge's prepared count applies the same audience and expiry as the list.
    const unreadListed = listNotificationsFor(user).filter((item) => !item.isRead).length;
    expect(countUnreadNotifications(user)).toBe(unreadListed);
    expect(countUnreadNotifications(user, new Date(Date.now() + 120_000))).toBe(unreadListed - 1);
  });

  test('a notice sent to one user through the API reaches only that user', async () => {
    const target = await createUser();
    const response = await send({ title: 'Só para você', message: 'Seu pagamento foi aprovado.', type: 'success', userId: target.id });
    expect(response.status).toBe(201);
    expect(await visibleTitles(await sessionCookie(target))).toContain('Só para você');
    expect(await visibleTitles(tiers['E-BASIC'].cookie)).not.toContain('Só para você');
  });
});

describe('read state is per user', () => {
  test('one user reading a broadcast leaves it unread for the others', async () => {
    const broadcast = insert({ title: 'Leitura: broadcast', targetRole: 'all' });
    const reader = await createUser();
    const readerCookie = await sessionCookie(reader);
    const bystander = await createUser();
    const bystanderCookie = await sessionCookie(bystander);
    const unreadBefore = countUnreadNotifications(bystander);
    expect(countUnreadNotifications(reader)).toBe(unreadBefore);

    const response = await markRead(broadcast.id, readerCookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Notificação marcada como lida' });

    const readerView = (await safeJson<Item[]>(await list(readerCookie))).find((item) => item.id === broadcast.id);
    const bystanderView = (await safeJson<Item[]>(await list(bystanderCookie))).find((item) => item.id === broadcast.id);
    expect(readerView).toMatchObject({ isRead: true, personal: false });
    expect(bystanderView).toMatchObject({ isRead: false });
    expect(countUnreadNotifications(reader)).toBe(unreadBefore - 1);
    expect(countUnreadNotifications(bystander)).toBe(unreadBefore);
    // The broadcast row itself is untouched; marking twice is harmless.
    expect(db.select().from(notifications).where(eq(notifications.id, broadcast.id)).get()!.isRead).toBe(false);
    expect((await markRead(broadcast.id, readerCookie)).status).toBe(200);
  });

  test('a personal notice is marked read on its own row', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const personal = insert({ title: 'Leitura: pessoal', userId: user.id });
    await markRead(personal.id, cookie);
    expect(db.select().from(notifications).where(eq(notifications.id, personal.id)).get()!.isRead).toBe(true);
    expect((await safeJson<Item[]>(await list(cookie))).find((item) => item.id === personal.id)).toMatchObject({
      isRead: true,
      personal: true,
    });
  });

  test('marking a notification that is not addressed to the user is a 404 and records nothing', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const cookie = await sessionCookie(user);
    const others = [
      insert({ title: 'Outro cargo', targetRole: 'E-MASTER' }),
      insert({ title: 'Outro usuário', userId: tiers['E-BASIC'].user.id }),
      insert({ title: 'Expirada', expiresAt: new Date(Date.now() - 1000) }),
    ];
    for (const notification of others) {
      const response = await markRead(notification.id, cookie);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Notificação não encontrada' });
    }
    expect((await markRead(999_999, cookie)).status).toBe(404);
    expect(db.select().from(notificationReads).where(eq(notificationReads.userId, user.id)).all()).toHaveLength(0);
    expect(db.select().from(notifications).where(eq(notifications.id, others[1].id)).get()!.isRead).toBe(false);
    expect((await markRead(others[0].id, undefined)).status).toBe(401);
  });
});

describe('the /notifications page (also the drawer’s data)', () => {
  test('sends visitors to /auth', async () => {
    expectRedirect(await call(pageLoader, getRequest('/notifications')), '/auth?redirectTo=%2Fnotifications');
  });

  test('groups the list as Importantes, Avisos, Confirmações, Informações, leaving out empty groups', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    for (const type of ['info', 'success', 'error', 'warning'] as const) insert({ title: `Grupo ${type}`, type, userId: user.id });
    const data = await (await call(pageLoader, getRequest('/notifications', { cookie }))).json();
    expect(data.groups.map((group: { title: string }) => group.title)).toEqual(['Importantes', 'Avisos', 'Confirmações', 'Informações']);
    expect(data.groups.map((group: { type: string }) => group.type)).toEqual(['error', 'warning', 'success', 'info']);
    expect(data.groups[0].items.map((item: Item) => item.title)).toContain('Grupo error');
    expect(data.unread).toBe(countUnreadNotifications(user));

    const quiet = await createUser({ role: 'admin' });
    db.delete(notifications).where(eq(notifications.targetRole, 'all')).run();
    db.delete(notifications).where(eq(notifications.targetRole, 'admin')).run();
    const empty = await (await call(pageLoader, getRequest('/notifications', { cookie: await sessionCookie(quiet) }))).json();
    expect(empty).toEqual({ groups: [], unread: 0 });
  });

  test('the mark-as-read form (intent=read) works as a plain post and refuses foreign ids with an error', async () => {
    const user = await createUser();
    const cookie = await sessionCookie(user);
    const mine = insert({ title: 'Página: minha', userId: user.id, type: 'warning' });
    const response = await call(pageAction, formRequest('/notifications', { intent: 'read', id: String(mine.id) }, { cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ intent: 'read', result: { status: 'success' } });
    const data = await (await call(pageLoader, getRequest('/notifications', { cookie }))).json();
    const item = data.groups.flatMap((group: { items: Item[] }) => group.items).find((entry: Item) => entry.id === mine.id);
    expect(item).toMatchObject({ isRead: true });

    const foreign = insert({ title: 'Página: alheia', userId: tiers['E-BASIC'].user.id });
    const refused = await call(pageAction, formRequest('/notifications', { intent: 'read', id: String(foreign.id) }, { cookie }));
    expect(refused.status).toBe(404);
    expect((await refused.json()).result.error).toEqual({ '': ['Notificação não encontrada'] });

    const malformed = await call(pageAction, formRequest('/notifications', { intent: 'read', id: 'x' }, { cookie }));
    expect(malformed.status).toBe(400);
    expectRedirect(await call(pageAction, formRequest('/notifications', { intent: 'read', id: String(mine.id) })), /^\/auth/);
  });
});

describe("the header's unread count, kept per user until the data changes", () => {
  test('a new notice, a read mark and a notice read all show at once, without a request in between', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const before = countUnreadNotifications(user);
    expect(countUnreadNotifications(user)).toBe(before);

    const personal = insert({ title: 'Kept: pessoal', userId: user.id });
    expect(countUnreadNotifications(user)).toBe(before + 1);

    const broadcast = insert({ title: 'Kept: broadcast', targetRole: 'E-TOOL' });
    expect(countUnreadNotifications(user)).toBe(before + 2);
    db.insert(notificationReads).values({ notificationId: broadcast.id, userId: user.id, readAt: new Date() }).run();
    expect(countUnreadNotifications(user)).toBe(before + 1);

    db.update(notifications).set({ isRead: true }).where(eq(notifications.id, personal.id)).run();
    expect(countUnreadNotifications(user)).toBe(before);
  });

  test('a personal notice stops counting when it expires, though nothing was written', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    const now = Date.now();
    insert({ title: 'Kept: expira', userId: user.id, expiresAt: new Date(now + 60_000) });
    const withIt = countUnreadNotifications(user, new Date(now));
    expect(countUnreadNotifications(user, new Date(now + 59_000))).toBe(withIt);
    expect(countUnreadNotifications(user, new Date(now + 61_000))).toBe(withIt - 1);
    // A clock read earlier than the count was taken does not reuse it either.
    expect(countUnreadNotifications(user, new Date(now - 3_600_000))).toBe(withIt);
  });

  test("the count follows the user's role", async () => {
    const user = await createUser({ role: 'E-TOOL' });
    insert({ title: 'Kept: só E-MASTER', targetRole: 'E-MASTER' });
    const asTool = countUnreadNotifications(user);
    expect(countUnreadNotifications({ id: user.id, role: 'E-MASTER' })).not.toBe(asTool);
    expect(countUnreadNotifications(user)).toBe(asTool);
  });
});
