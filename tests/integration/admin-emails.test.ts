import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { mailOutbox, type MailStatus } from '../../db/schema';
import { newMessageId } from '~/models/mail/outbox.server';
import { listOutbox } from '~/models/mail/outbox-admin.server';
import { action as emailsAction, loader as emailsLoader } from '~/routes/_app+/admin.emails';
import { signedTiers, type Signed, type Tier } from './helpers/admin-api';
import { expectOneAudit, expectPageAdminOnly, lastAuditId, auditSince, pageGet, pagePost, toastOf } from './helpers/admin-pages';
import { queryPlans } from './helpers/query-plans';

/** The admin panel's 'E-mails' tab: /admin/emails over the mail outbox (docs/mail.md). */

const PATH = '/admin/emails';

let tiers: Record<Tier, Signed>;
let admin: Signed;

beforeAll(async () => {
  tiers = await signedTiers();
  admin = tiers.admin;
});
beforeEach(() => {
  db.delete(mailOutbox).run();
});

type OutboxPage = {
  items: { id: number; to: string; status: MailStatus; statusLabel: string; attempts: number; lastError: string | null }[];
  total: number;
  q: string;
  status: string | null;
};
const load = async (query = '') => (await (await pageGet(emailsLoader, `${PATH}${query}`, admin.cookie)).json()) as OutboxPage;
const row = (id: number) => db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get()!;

function insertMail(to: string, status: MailStatus, values: Partial<typeof mailOutbox.$inferInsert> = {}) {
  return db
    .insert(mailOutbox)
    .values({
      messageId: newMessageId(to),
      toAddress: to,
      kind: 'teste',
      subject: `Assunto para ${to}`,
      textBody: 'Texto.',
      htmlBody: '<p>Texto.</p>',
      status,
      ...values,
    })
    .returning()
    .get();
}

describe('access', () => {
  test('visitors go to /auth and every non-admin tier to /dashboard, for the list and for Reenviar', async () => {
    const failed = insertMail('falhou@example.com', 'failed', { attempts: 3, lastError: '550 caixa inexistente' });
    await expectPageAdminOnly(tiers, PATH, (cookie) => pageGet(emailsLoader, PATH, cookie));
    await expectPageAdminOnly(tiers, PATH, (cookie) => pagePost(emailsAction, PATH, { intent: 'resend', id: String(failed.id) }, cookie));
    expect(row(failed.id).status).toBe('failed');
  });
});

describe('the list', () => {
  test('newest first, with status, attempts and the last error; searched by the start of the address; filtered by status', async () => {
    const sent = insertMail('maria@example.com', 'sent', { attempts: 1 });
    const failed = insertMail('marcos@empresa.test', 'failed', { attempts: 28, lastError: 'Desistimos após 28 tentativas: 421' });
    const pending = insertMail('joao@example.com', 'pending');
    const all = await load();
    expect(all.items.map((item) => item.id)).toEqual([pending.id, failed.id, sent.id]);
    expect(all.items[1]).toMatchObject({ statusLabel: 'Falhou', attempts: 28, lastError: 'Desistimos após 28 tentativas: 421' });
    expect((await load('?q=MAR')).items.map((item) => item.id)).toEqual([failed.id, sent.id]);
    expect((await load('?q=marc')).items.map((item) => item.id)).toEqual([failed.id]);
    expect((await load('?status=failed')).items.map((item) => item.id)).toEqual([failed.id]);
    expect((await load('?status=sent&q=ma')).items.map((item) => item.id)).toEqual([sent.id]);
    // A bad status is dropped, not an error.
    expect((await load('?status=talvez')).total).toBe(3);
  });

  test('the address search and the status filter read through the outbox indexes', () => {
    insertMail('maria@example.com', 'failed');
    const planOf = (query: Parameters<typeof listOutbox>[0]) =>
      queryPlans(sqliteConnection(), () => listOutbox(query))
        .find((plan) => /limit/i.test(plan.sql))!
        .plan.join(' | ');
    expect(planOf({ q: 'mar', status: undefined, page: 1, perPage: 25, sort: 'recent' })).toMatch(
      /mail_outbox_address_idx \(to_address>\? AND to_address<\?\)/,
    );
    expect(planOf({ q: '', status: 'failed', page: 1, perPage: 25, sort: 'recent' })).toMatch(/mail_outbox_due_idx \(status=\?\)/);
  });
});

describe('Reenviar', () => {
  test('puts a failed mail back in the queue with a fresh count of attempts, once audited', async () => {
    const failed = insertMail('falhou@example.com', 'failed', { attempts: 28, lastError: '421 ocupado' });
    const { result } = await expectOneAudit(admin, 'mail.resend', () =>
      pagePost(emailsAction, `${PATH}?status=failed`, { intent: 'resend', id: String(failed.id) }, admin.cookie),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe(`${PATH}?status=failed`);
    expect(await toastOf(result)).toMatchObject({ title: 'E-mail na fila de novo', type: 'success' });
    expect(row(failed.id)).toMatchObject({ status: 'pending', attempts: 0, messageId: failed.messageId });
  });

  test('a mail that did not fail, or does not exist, is refused with a message and nothing changes', async () => {
    const sent = insertMail('ok@example.com', 'sent', { attempts: 1 });
    const before = lastAuditId();
    const refused = await pagePost(emailsAction, PATH, { intent: 'resend', id: String(sent.id) }, admin.cookie);
    expect((await toastOf(refused))?.description).toBe('Só um e-mail que falhou pode ser reenviado.');
    expect(row(sent.id).status).toBe('sent');
    const missing = await pagePost(emailsAction, PATH, { intent: 'resend', id: '999999' }, admin.cookie);
    expect((await toastOf(missing))?.description).toBe('E-mail não encontrado.');
    const garbage = await pagePost(emailsAction, PATH, { intent: 'resend', id: 'abc' }, admin.cookie);
    expect(garbage.status).toBeLessThan(500);
    expect(auditSince(before)).toHaveLength(0);
  });
});
