import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { listContactMessages } from '~/models/admin/contact-message.server';
import { action as inboxAction, loader as inboxLoader } from '~/routes/_app+/admin.inbox';
import { signedTiers, type Signed, type Tier } from './helpers/admin-api';
import { auditSince, expectOneAudit, expectPageAdminOnly, lastAuditId, pageGet, pagePost, toastOf } from './helpers/admin-pages';
import { queryPlans } from './helpers/query-plans';

/** The contact inbox: /admin/inbox over the messages visitors send through /contact. */

const PATH = '/admin/inbox';

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});

beforeEach(() => {
  db.delete(contactMessages).run();
});

type InboxItem = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: string;
  isRead: boolean;
  isArchived: boolean;
};
type InboxPage = { items: InboxItem[]; total: number; page: number; pageCount: number; filter: string; open: InboxItem | null };

const load = async (query = '') => (await (await pageGet(inboxLoader, `${PATH}${query}`, admin.cookie)).json()) as InboxPage;
const post = (intent: string, id: number, path = PATH) => pagePost(inboxAction, path, { intent, id: String(id) }, admin.cookie);
const row = (id: number) => db.select().from(contactMessages).where(eq(contactMessages.id, id)).get()!;

let sequence = 0;
const insertMessage = (values: Partial<typeof contactMessages.$inferInsert> = {}) =>
  db
    .insert(contactMessages)
    .values({
      name: 'Maria Souza',
      email: 'maria@example.com',
      subject: `Dúvida ${++sequence}`,
      message: 'Gostaria de saber mais sobre os planos.',
      createdAt: new Date(Date.UTC(2030, 0, sequence)),
      ...values,
    })
    .returning()
    .get();

describe('access', () => {
  test('visitors go to /auth and every non-admin tier to /dashboard, for the list and every button', async () => {
    const message = insertMessage();
    await expectPageAdminOnly(tiers, PATH, (cookie) => pageGet(inboxLoader, PATH, cookie));
    for (const intent of ['open', 'read', 'unread', 'archive', 'unarchive']) {
      await expectPageAdminOnly(tiers, PATH, (cookie) => pagePost(inboxAction, PATH, { intent, id: String(message.id) }, cookie));
    }
    expect(row(message.id)).toMatchObject({ readAt: null, archivedAt: null });
  });
});

describe('the list', () => {
  test('newest first; Não lidas / Todas / Arquivadas; searched by name, e-mail or subject; 20 a page', async () => {
    const read = insertMessage({ name: 'João Lima', email: 'joao@empresa.test', subject: 'Pagamento', readAt: new Date() });
    const unread = insertMessage({ subject: 'Acesso ao curso' });
    const archived = insertMessage({ subject: 'Antiga', archivedAt: new Date() });
    const all = await load();
    expect(all.filter).toBe('all');
    expect(all.items.map((item) => item.id)).toEqual([unread.id, read.id]);
    expect(all.items[0]).toMatchObject({
      isRead: false,
      isArchived: false,
      receivedAt: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
    });
    expect((await load('?filter=unread')).items.map((item) => item.id)).toEqual([unread.id]);
    expect((await load('?filter=archived')).items.map((item) => item.id)).toEqual([archived.id]);
    expect((await load('?filter=bogus')).filter).toBe('all');

    expect((await load('?q=JOÃO')).items.map((item) => item.id)).toEqual([read.id]);
    expect((await load('?q=empresa.test')).items.map((item) => item.id)).toEqual([read.id]);
    expect((await load('?q=curso')).items.map((item) => item.id)).toEqual([unread.id]);
    expect((await load('?q=antiga&filter=archived')).items.map((item) => item.id)).toEqual([archived.id]);

    for (let i = 0; i < 21; i++) insertMessage();
    const first = await load();
    expect(first).toMatchObject({ total: 23, pageCount: 2 });
    expect(first.items).toHaveLength(20);
    expect((await load('?page=2')).items).toHaveLength(3);
  });

  test('the unread and all filters read through contact_messages_archived_created_idx without a sort', () => {
    for (let i = 0; i < 50; i++) insertMessage({ archivedAt: i % 5 === 0 ? new Date() : null });
    for (const filter of ['unread', 'all'] as const) {
      const plans = queryPlans(sqliteConnection(), () => listContactMessages({ filter, page: 1, perPage: 20 }));
      const rows = plans.find((plan) => /limit/i.test(plan.sql))!.plan.join(' | ');
      expect(rows, filter).toMatch(/contact_messages_archived_created_idx \(archived_at=\?\)/);
      expect(rows, filter).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe('reading a message', () => {
  test('opening one (a POST) marks it read with one audit row and shows it in the dialog, keeping the filter', async () => {
    const message = insertMessage({ subject: 'Orçamento', message: 'Linha 1\nLinha 2' });
    const { result: response, row: audit } = await expectOneAudit(admin, 'contact.read', () =>
      post('open', message.id, `${PATH}?filter=unread`),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`${PATH}?filter=unread&dialog=message&message=${message.id}`);
    expect(audit).toMatchObject({ entityType: 'contact_message', entityId: message.id });
    expect(audit.summary).toContain('Orçamento');
    expect(row(message.id).readAt).not.toBeNull();

    const page = await load(`?filter=unread&dialog=message&message=${message.id}`);
    expect(page.items).toEqual([]);
    expect(page.open).toMatchObject({ id: message.id, subject: 'Orçamento', message: 'Linha 1\nLinha 2', isRead: true });

    // Opening it again writes nothing: it is already read.
    const before = lastAuditId();
    await post('open', message.id);
    expect(auditSince(before)).toEqual([]);
  });

  test('a GET of the dialog changes nothing; an unknown message opens no dialog', async () => {
    const message = insertMessage();
    const page = await load(`?dialog=message&message=${message.id}`);
    expect(page.open).toMatchObject({ id: message.id, isRead: false });
    expect(row(message.id).readAt).toBeNull();
    expect((await load('?dialog=message&message=999999')).open).toBeNull();
  });

  test('mark unread, mark read, archive and unarchive: one audit row each, a toast, the dialog closed', async () => {
    const message = insertMessage({ readAt: new Date() });
    const { result: unread } = await expectOneAudit(admin, 'contact.unread', () =>
      post('unread', message.id, `${PATH}?dialog=message&message=${message.id}`),
    );
    expect(unread.headers.get('Location')).toBe(PATH);
    expect(await toastOf(unread)).toMatchObject({ title: 'Mensagem marcada como não lida', type: 'success' });
    expect(row(message.id).readAt).toBeNull();

    await expectOneAudit(admin, 'contact.read', () => post('read', message.id));
    expect(row(message.id).readAt).not.toBeNull();

    const { result: archived } = await expectOneAudit(admin, 'contact.archive', () => post('archive', message.id, `${PATH}?q=duvida`));
    expect(archived.headers.get('Location')).toBe(`${PATH}?q=duvida`);
    expect(await toastOf(archived)).toMatchObject({ title: 'Mensagem arquivada' });
    expect(row(message.id).archivedAt).not.toBeNull();
    expect((await load()).items).toEqual([]);

    await expectOneAudit(admin, 'contact.unarchive', () => post('unarchive', message.id));
    expect(row(message.id).archivedAt).toBeNull();
    expect((await load()).items.map((item) => item.id)).toEqual([message.id]);
  });

  test("a message that is gone: 'Erro ao atualizar mensagem' with 'Mensagem não encontrada'", async () => {
    for (const intent of ['open', 'unread', 'archive']) {
      const response = await post(intent, 999999);
      expect(response.status, intent).toBe(404);
      expect(await toastOf(response)).toEqual({
        title: 'Erro ao atualizar mensagem',
        description: 'Mensagem não encontrada',
        type: 'error',
      });
    }
  });
});
