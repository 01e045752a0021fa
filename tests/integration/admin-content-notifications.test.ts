import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { notifications } from '../../db/schema';
import { action as notificationsPageAction, loader as notificationsPageLoader } from '~/routes/_app+/admin.notifications';
import { action as deleteNotificationApi } from '~/routes/api+/notifications.$id';
import { action as sendNotificationApi } from '~/routes/api+/notifications';
import { apiCall, expectAdminOnly, signedTiers, type Signed, type Tier } from './helpers/admin-api';
import { expectOneAudit, expectPageAdminOnly, pageGet, pagePost, replyErrors, toastOf } from './helpers/admin-pages';

/** The Notifications tab: /admin/notifications and the notification API, over the same model. */

const PATH = '/admin/notifications';

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});

type HistoryPage = {
  items: Array<{
    id: number;
    title: string;
    type: string;
    targetRole: string;
    userId: number | null;
    username: string | null;
    sentAt: string;
  }>;
  total: number;
  page: number;
  pageCount: number;
};

const load = async (query = '') => (await (await pageGet(notificationsPageLoader, `${PATH}${query}`, admin.cookie)).json()) as HistoryPage;
const post = (fields: Record<string, string>, path = PATH) => pagePost(notificationsPageAction, path, fields, admin.cookie);
const byTitle = (title: string) => db.select().from(notifications).where(eq(notifications.title, title)).get();
const sendForm = (fields: Record<string, string> = {}) => ({
  intent: 'send',
  title: 'Manutenção programada',
  message: 'O sistema ficará fora do ar no domingo das 2h às 4h.',
  type: 'info',
  targetRole: 'all',
  link: '',
  expiresAt: '',
  ...fields,
});

describe('access', () => {
  test('the page: visitors to /auth, every non-admin tier to /dashboard; the API: 401 and 403', async () => {
    const existing = db.insert(notifications).values({ title: 'Existente', message: 'Uma notificação existente.' }).returning().get();
    await expectPageAdminOnly(tiers, PATH, (cookie) => pageGet(notificationsPageLoader, PATH, cookie));
    await expectPageAdminOnly(tiers, PATH, (cookie) => pagePost(notificationsPageAction, PATH, sendForm({ title: 'Não enviar' }), cookie));
    await expectPageAdminOnly(tiers, PATH, (cookie) =>
      pagePost(notificationsPageAction, PATH, { intent: 'delete', id: String(existing.id) }, cookie),
    );
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(sendNotificationApi, 'POST', '/api/notifications', {
        cookie,
        body: { title: 'Não enviar', message: 'Não deve ser enviada.' },
      }),
    );
    await expectAdminOnly(tiers, (cookie) =>
      apiCall(deleteNotificationApi, 'DELETE', `/api/notifications/${existing.id}`, { cookie, params: { id: String(existing.id) } }),
    );
    expect(byTitle('Não enviar')).toBeUndefined();
    expect(byTitle('Existente')).toBeDefined();
  });
});

describe('send', () => {
  test('the form sends to everyone as info by default, lists it first with its date, toasts, one audit row', async () => {
    const { result: response, row } = await expectOneAudit(admin, 'notification.create', () =>
      post(sendForm({ type: '', targetRole: '' })),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(PATH);
    expect(await toastOf(response)).toMatchObject({ title: 'Notificação enviada', type: 'success' });
    const sent = byTitle('Manutenção programada')!;
    expect(sent).toMatchObject({ type: 'info', targetRole: 'all', userId: null, link: null, expiresAt: null, createdBy: admin.user.id });
    expect(row).toMatchObject({ entityType: 'notification', entityId: sent.id });
    expect((await load()).items[0]).toMatchObject({
      id: sent.id,
      title: 'Manutenção programada',
      type: 'info',
      targetRole: 'all',
      sentAt: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    });
  });

  test('a role target, a type, a link and an expiry are kept', async () => {
    await post(
      sendForm({ title: 'Aviso aos E-TOOL', type: 'warning', targetRole: 'E-TOOL', link: '/upgrade', expiresAt: '2031-05-01T10:30' }),
    );
    expect(byTitle('Aviso aos E-TOOL')).toMatchObject({ type: 'warning', targetRole: 'E-TOOL', link: '/upgrade' });
    expect(byTitle('Aviso aos E-TOOL')!.expiresAt?.toISOString()).toBe('2031-05-01T13:30:00.000Z');
  });

  test("the admin form's rules: title min 3 and message min 10 (where the API accepts 5), with 'Erro ao criar notificação'", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ title: 'Oi' }, 'title', 'O título deve ter pelo menos 3 caracteres'],
      [{ message: 'Curtinha' }, 'message', 'A mensagem deve ter pelo menos 10 caracteres'],
      [{ type: 'urgent' }, 'type', 'O tipo deve ser info, warning, success ou error'],
      [{ targetRole: 'everyone' }, 'targetRole', 'O público deve ser all, E-BASIC, E-TOOL, E-MASTER ou admin'],
      [{ link: 'javascript:alert(1)' }, 'link', 'O link deve ser um caminho do site (começando com /) ou um endereço http(s)'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await post(sendForm({ title: 'Inválida', ...fields }));
      expect(response.status, message).toBe(400);
      expect((await replyErrors(response))[field], message).toEqual([message]);
      expect(await toastOf(response)).toEqual({ title: 'Erro ao criar notificação', description: message, type: 'error' });
    }
    expect(byTitle('Inválida')).toBeUndefined();
    expect(byTitle('Oi')).toBeUndefined();

    const api = await apiCall(sendNotificationApi, 'POST', '/api/notifications', {
      cookie: admin.cookie,
      body: { title: 'Curta pela API', message: 'Curta' },
    });
    expect(api.status).toBe(201);
    const short = await apiCall(sendNotificationApi, 'POST', '/api/notifications', {
      cookie: admin.cookie,
      body: { title: 'Curta demais', message: 'Oi' },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: 'A mensagem deve ter pelo menos 5 caracteres' });
  });

  test('POST /api/notifications records one audit row', async () => {
    const { result: response, row } = await expectOneAudit(admin, 'notification.create', () =>
      apiCall(sendNotificationApi, 'POST', '/api/notifications', {
        cookie: admin.cookie,
        body: { title: 'Pela API', message: 'Enviada pela API.', userId: tiers['E-TOOL'].user.id },
      }),
    );
    expect(response.status).toBe(201);
    expect(row.summary).toContain(`usuário ${tiers['E-TOOL'].user.id}`);
    const listed = (await load()).items.find((item) => item.title === 'Pela API')!;
    expect(listed).toMatchObject({ userId: tiers['E-TOOL'].user.id, username: tiers['E-TOOL'].user.username });
  });
});

describe('delete', () => {
  test('the history deletes a notification, keeps the page, toasts, one audit row; one that is gone gives the error toast', async () => {
    const sent = db.insert(notifications).values({ title: 'Para apagar', message: 'Esta notificação será apagada.' }).returning().get();
    const { result: response } = await expectOneAudit(admin, 'notification.delete', () =>
      post({ intent: 'delete', id: String(sent.id) }, `${PATH}?page=1`),
    );
    expect(response.headers.get('Location')).toBe(`${PATH}?page=1`);
    expect(await toastOf(response)).toMatchObject({ title: 'Notificação excluída', type: 'success' });
    expect(byTitle('Para apagar')).toBeUndefined();

    const gone = await post({ intent: 'delete', id: String(sent.id) });
    expect(gone.status).toBe(404);
    expect(await toastOf(gone)).toEqual({ title: 'Erro ao excluir notificação', description: 'Notificação não encontrada', type: 'error' });
  });

  test('DELETE /api/notifications/{id} records one audit row', async () => {
    const sent = db.insert(notifications).values({ title: 'Apagar pela API', message: 'Será apagada pela API.' }).returning().get();
    await expectOneAudit(admin, 'notification.delete', () =>
      apiCall(deleteNotificationApi, 'DELETE', `/api/notifications/${sent.id}`, { cookie: admin.cookie, params: { id: String(sent.id) } }),
    );
    expect(byTitle('Apagar pela API')).toBeUndefined();
  });
});

describe('the history', () => {
  test('newest first, 20 a page', async () => {
    db.delete(notifications).run();
    for (let i = 1; i <= 21; i++)
      db.insert(notifications)
        .values({ title: `Histórico ${i}`, message: 'Uma notificação antiga.', createdAt: new Date(Date.UTC(2030, 0, i)) })
        .run();
    const first = await load();
    expect(first).toMatchObject({ total: 21, pageCount: 2 });
    expect(first.items[0].title).toBe('Histórico 21');
    expect((await load('?page=2')).items.map((item) => item.title)).toEqual(['Histórico 1']);
  });
});
