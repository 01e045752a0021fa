import { queryPlans } from './helpers/query-plans';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { mailOptOuts, mailOutbox, ticketRatings, type UserRow } from '../../db/schema';
import { closeThread, createThread, postMessage } from '~/models/chat/chat.server';
import { NO_ADMIN_LABEL, rateTicket, ticketRatingFigures } from '~/models/chat/ticket-rating.server';
import * as adminChatsPage from '~/routes/_app+/admin.chats';
import * as ticketPage from '~/routes/_app+/chat.$id';
import { resetAllLimits } from '~/utils/rate-limit.server';
import type { Toast } from '~/utils/toast.server';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

/**
 * 'Como foi o atendimento?' (issue 22): the owner of a closed ticket rates it once from the ticket
 * page, 1 to 5 with an optional comment; nobody else, never an open ticket, never twice, never a
 * half-written row; and the support tab's figures (average, per month, per admin) through their indexes.
 */

type Signed = { user: UserRow; cookie: string };
const signed = async (role: 'E-BASIC' | 'E-TOOL' | 'admin'): Promise<Signed> => {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookie(user) };
};

let owner: Signed;
let stranger: Signed;
let admin: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  owner = await signed('E-BASIC');
  stranger = await signed('E-TOOL');
  admin = await signed('admin');
  otherAdmin = await signed('admin');
});

beforeEach(() => {
  resetAllLimits();
  db.delete(ticketRatings).run();
});

let context: { toast: { pending: Toast | null } } = { toast: { pending: null } };
const postRating = (who: Signed, id: number, fields: Record<string, string>) => {
  context = { toast: { pending: null } };
  return call(
    ticketPage.action,
    formRequest(`/chat/${id}`, { intent: 'rate', ...fields }, { cookie: who.cookie }),
    { id: String(id) },
    context,
  );
};
type TicketData = { rating: { score: number; comment: string | null; ratedAt: string } | null; canRate: boolean };
const loadTicket = async (who: Signed, id: number) =>
  (await (await call(ticketPage.loader, getRequest(`/chat/${id}`, { cookie: who.cookie }), { id: String(id) })).json()) as TicketData;
const stored = (threadId: number) => db.select().from(ticketRatings).where(eq(ticketRatings.threadId, threadId)).all();

async function closedTicket(answeredBy: Signed[] = [admin]) {
  const thread = await createThread(owner.user, { subject: 'Dúvida sobre a fatura', message: 'Não recebi a nota fiscal' });
  for (const who of answeredBy) await postMessage(who.user, thread.id, `Resposta de ${who.user.username}`);
  closeThread(owner.user, thread.id);
  return thread;
}

const replyText = async (response: Response) => JSON.stringify(await response.json());

describe('rating a closed ticket from its page', () => {
  test('the owner rates once: the rating is stored with the last replying admin and shown instead of the form', async () => {
    const thread = await closedTicket([otherAdmin, admin]);
    expect(await loadTicket(owner, thread.id)).toMatchObject({ rating: null, canRate: true });

    const response = await postRating(owner, thread.id, { score: '4', comment: '  Resolveram rápido  ' });
    expectRedirect(response, `/chat/${thread.id}`);
    const rows = stored(thread.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: owner.user.id, adminId: admin.user.id, score: 4, comment: 'Resolveram rápido' });
    expect(await loadTicket(owner, thread.id)).toMatchObject({ rating: { score: 4, comment: 'Resolveram rápido' } });

    const again = await postRating(owner, thread.id, { score: '1' });
    expect(again.status).toBe(409);
    expect(await replyText(again)).toContain('Este ticket já foi avaliado');
    expect(context.toast.pending).toMatchObject({ title: 'Erro ao avaliar', type: 'error' });
    expect(stored(thread.id)).toHaveLength(1);
    expect(stored(thread.id)[0].score).toBe(4);
  });

  test('the comment is optional', async () => {
    const thread = await closedTicket();
    expectRedirect(await postRating(owner, thread.id, { score: '5', comment: '' }), `/chat/${thread.id}`);
    expect(stored(thread.id)[0]).toMatchObject({ score: 5, comment: null });
  });

  test('an open ticket cannot be rated', async () => {
    const thread = await createThread(owner.user, { subject: 'Ainda aberto', message: 'Olá' });
    expect(await loadTicket(owner, thread.id)).toMatchObject({ rating: null, canRate: false });
    const response = await postRating(owner, thread.id, { score: '5' });
    expect(response.status).toBe(409);
    expect(await replyText(response)).toContain('Só é possível avaliar um ticket encerrado');
    expect(stored(thread.id)).toHaveLength(0);
  });

  test('only the owner: an admin is refused, another user gets the same answer as for a missing ticket', async () => {
    const thread = await closedTicket();
    expect(await loadTicket(admin, thread.id)).toMatchObject({ canRate: false });
    const byAdmin = await postRating(admin, thread.id, { score: '5' });
    expect(byAdmin.status).toBe(403);
    expect(await replyText(byAdmin)).toContain('Só quem abriu o ticket pode avaliá-lo');

    const byStranger = await postRating(stranger, thread.id, { score: '1' });
    expectRedirect(byStranger, '/');
    expect(() => rateTicket(stranger.user, thread.id, { score: 1 })).toThrow('Ticket não encontrado');
    expect(() => rateTicket(owner.user, 99_999_999, { score: 1 })).toThrow('Ticket não encontrado');
    expect(stored(thread.id)).toHaveLength(0);
  });

  test.each([
    [{}, 'score', 'Escolha uma nota de 1 a 5'],
    [{ score: '' }, 'score', 'Escolha uma nota de 1 a 5'],
    [{ score: '0' }, 'score', 'Escolha uma nota de 1 a 5'],
    [{ score: '6' }, 'score', 'Escolha uma nota de 1 a 5'],
    [{ score: '3.5' }, 'score', 'Escolha uma nota de 1 a 5'],
    [{ score: 'cinco' }, 'score', 'Escolha uma nota de 1 a 5'],
    [{ score: '3', comment: 'x'.repeat(1001) }, 'comment', 'O comentário deve ter no máximo 1000 caracteres'],
  ])('bad input %j is a 400 beside its field and writes nothing', async (fields, field, message) => {
    const thread = await closedTicket();
    const response = await postRating(owner, thread.id, fields as Record<string, string>);
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(reply.intent).toBe('rate');
    expect(reply.result.error[field]).toEqual([message]);
    expect(stored(thread.id)).toHaveLength(0);
  });

  test('a comment of exactly 1000 characters is kept', async () => {
    const thread = await closedTicket();
    expectRedirect(await postRating(owner, thread.id, { score: '2', comment: 'y'.repeat(1000) }), `/chat/${thread.id}`);
    expect(stored(thread.id)[0].comment).toHaveLength(1000);
  });
});

describe("the support tab's figures", () => {
  const NOW = new Date('2026-11-15T12:00:00Z');
  const at = (iso: string) => new Date(iso);

  async function rated(score: number, when: Date, answeredBy: Signed[]) {
    const thread = await closedTicket(answeredBy);
    rateTicket(owner.user, thread.id, { score });
    db.update(ticketRatings).set({ createdAt: when }).where(eq(ticketRatings.threadId, thread.id)).run();
  }

  test('average and distribution over the last six months, per São Paulo month and per admin', async () => {
    await rated(5, at('2026-11-10T12:00:00Z'), [admin]);
    await rated(4, at('2026-11-01T04:00:00Z'), [admin]); // 01:00 in São Paulo: November
    await rated(2, at('2026-11-01T02:00:00Z'), [otherAdmin]); // 23:00 of 31 October in São Paulo
    await rated(1, at('2026-06-05T12:00:00Z'), []); // June: the oldest month shown, no admin reply
    await rated(3, at('2026-05-31T12:00:00Z'), [admin]); // May: outside the six months

    const figures = ticketRatingFigures(NOW);
    expect(figures.count).toBe(4);
    expect(figures.average).toBe(3);
    expect(figures.distribution).toEqual([1, 1, 0, 1, 1]);
    expect(figures.months.map((month) => month.month)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(figures.months.map((month) => month.count)).toEqual([1, 0, 0, 0, 1, 2]);
    expect(figures.months[5]).toMatchObject({ average: 4.5, distribution: [0, 0, 0, 1, 1] });
    expect(figures.months[1]).toMatchObject({ average: null, distribution: [0, 0, 0, 0, 0] });
    expect(figures.admins).toEqual([
      { adminId: admin.user.id, name: admin.user.username, count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] },
      ...[
        { adminId: null, name: NO_ADMIN_LABEL, count: 1, average: 1, distribution: [1, 0, 0, 0, 0] },
        { adminId: otherAdmin.user.id, name: otherAdmin.user.username, count: 1, average: 2, distribution: [0, 1, 0, 0, 0] },
      ].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
    ]);
  });

  test('the admin tab shows them', async () => {
    await rated(5, new Date(), [admin]);
    const response = await call(adminChatsPage.loader, getRequest('/admin/chats', { cookie: admin.cookie }), {});
    const data = (await response.json()) as { ratings: ReturnType<typeof ticketRatingFigures> };
    expect(data.ratings).toMatchObject({ count: 1, average: 5, admins: [{ adminId: admin.user.id, count: 1 }] });
  });

  test('the figures read through the created_at index', async () => {
    const plans = queryPlans(sqliteConnection(), () => ticketRatingFigures(NOW))
      .filter((plan) => plan.sql.includes('ticket_ratings'))
      .map((plan) => plan.plan.join(' '));
    expect(plans).toHaveLength(2);
    for (const plan of plans)
      expect(plan).toMatch(/SEARCH ticket_ratings USING COVERING INDEX ticket_ratings_created_idx \(created_at>\?\)/);
  });
});

describe("the 'Como foi o atendimento?' mail", () => {
  const ratingMails = (userId: number) =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'support-rating')))
      .all();

  test('closing a ticket queues one mail to its owner, with a link to the rating form and an unsubscribe link', async () => {
    const user = await createUser({ role: 'E-BASIC' });
    const thread = await createThread(user, { subject: 'Cálculo de curto-circuito', message: 'Qual norma?' });
    expect(ratingMails(user.id)).toHaveLength(0);
    closeThread(admin.user, thread.id);
    closeThread(user, thread.id);
    const mails = ratingMails(user.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Como foi o atendimento? Ticket: Cálculo de curto-circuito');
    expect(mails[0].textBody).toContain(`/chat/${thread.id}#avaliacao`);
    expect(mails[0].textBody).toContain('Avaliar o atendimento');
    expect(JSON.stringify(mails[0].headers)).toContain('List-Unsubscribe');
  });

  test('no mail for an owner who switched it off', async () => {
    const user = await createUser({ role: 'E-BASIC' });
    db.insert(mailOptOuts).values({ userId: user.id, kind: 'support-rating' }).run();
    const thread = await createThread(user, { subject: 'Sem e-mail', message: 'Olá' });
    closeThread(user, thread.id);
    expect(ratingMails(user.id)).toHaveLength(0);
  });
});
