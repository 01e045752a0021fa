import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { chatMessages, chatThreads, ticketRatings, users } from '../../../db/schema';
import { TICKET_RATING_MESSAGES, ticketRatingSchema } from '../../schemas/ticket-rating';
import { firstIssueMessage } from '../../utils/api.server';
import { AppError } from '../../utils/errors';
import { formatBr, formatDateTime } from '../../utils/format';
import { withUniqueConflicts } from '../../utils/unique-conflict';
import { CHAT_MESSAGES } from '../../schemas/chat';
import { renderEmail } from '../../emails/render';
import { supportRatingEmail } from '../../emails/support-rating';
import { siteUrl } from '../../utils/security.server';
import { ownText, readAddressee } from '../mail/addressee.server';
import { enqueueMail } from '../mail/outbox.server';
import { unsubscribeHeaders, unsubscribeUrl, wantsMail } from '../mail/preferences.server';
import type { ChatViewer } from './types';

/**
 * 'Como foi o atendimento?': the owner of a closed ticket rates it once, 1 to 5 with an optional
 * comment, and the support tab shows the figures.
 *
 * "Per admin" is the admin who wrote the ticket's last admin reply, fixed when the rating is
 * given (closing is not recorded per admin, and the last reply is who the user last dealt with);
 * a ticket no admin answered counts under 'Sem resposta de um administrador'.
 */

export type TicketRatingView = { score: number; comment: string | null; ratedAt: string };

/** Scores 1 to 5: how many ratings gave each (index 0 is score 1). */
export type ScoreDistribution = [number, number, number, number, number];
export type RatingFigure = { count: number; average: number | null; distribution: ScoreDistribution };
export type RatingFigures = RatingFigure & {
  /** The last RATING_MONTHS months, oldest first, each even without ratings; `month` as 'yyyy-MM'. */
  months: (RatingFigure & { month: string; label: string })[];
  /** Per admin, most ratings first; adminId null for tickets no admin answered (or whose admin was deleted). */
  admins: (RatingFigure & { adminId: number | null; name: string })[];
};

export const RATING_MONTHS = 6;
export const NO_ADMIN_LABEL = 'Sem resposta de um administrador';

const ratingOf = preparedQuery(() =>
  db
    .select({ score: ticketRatings.score, comment: ticketRatings.comment, createdAt: ticketRatings.createdAt })
    .from(ticketRatings)
    .where(eq(ticketRatings.threadId, sql.placeholder('threadId')))
    .prepare(),
);

/** The rating a ticket was given, if any (the ticket page shows it in place of the form). */
export function getTicketRating(threadId: number): TicketRatingView | null {
  const row = ratingOf().get({ threadId });
  return row ? { score: row.score, comment: row.comment, ratedAt: formatDateTime(row.createdAt) } : null;
}

/** POST intent 'rate' of the ticket page: only the owner, only a closed ticket, only once. */
export function rateTicket(viewer: ChatViewer, threadId: number, input: unknown): TicketRatingView {
  const parsed = ticketRatingSchema.safeParse(input);
  if (!parsed.success) throw new AppError(400, firstIssueMessage(parsed.error), String(parsed.error.issues[0]?.path[0] ?? '') || undefined);
  const { score, comment } = parsed.data;
  withUniqueConflicts({ 'ticket_ratings.thread_id': { message: TICKET_RATING_MESSAGES.already } }, () =>
    db.transaction((tx) => {
      const thread = tx
        .select({ userId: chatThreads.userId, status: chatThreads.status })
        .from(chatThreads)
        .where(eq(chatThreads.id, threadId))
        .get();
      if (!thread || (thread.userId !== viewer.id && viewer.role !== 'admin')) throw new AppError(404, CHAT_MESSAGES.notFound);
      if (thread.userId !== viewer.id) throw new AppError(403, TICKET_RATING_MESSAGES.notOwner);
      if (thread.status !== 'closed') throw new AppError(409, TICKET_RATING_MESSAGES.notClosed);
      const rated = tx.select({ id: ticketRatings.id }).from(ticketRatings).where(eq(ticketRatings.threadId, threadId)).get();
      if (rated) throw new AppError(409, TICKET_RATING_MESSAGES.already);
      const lastAdminReply = tx
        .select({ userId: chatMessages.userId })
        .from(chatMessages)
        .where(and(eq(chatMessages.threadId, threadId), eq(chatMessages.isAdminMessage, true)))
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
        .limit(1)
        .get();
      tx.insert(ticketRatings)
        .values({ threadId, userId: viewer.id, adminId: lastAdminReply?.userId ?? null, score, comment: comment ?? null })
        .run();
    }),
  );
  const rated = getTicketRating(threadId);
  if (!rated) throw new AppError(404, CHAT_MESSAGES.notFound);
  return rated;
}

/** Where the ticket page's rating form is (its section's id). */
export const ratingPath = (threadId: number) => `/chat/${threadId}#avaliacao`;

/**
 * 'Como foi o atendimento?' by mail, in the transaction that closes `ticket`: to its owner unless
 * they switched it off; once per ticket (dedupe key), even if it is closed again.
 */
export function queueRatingRequestMail(tx: Executor, ticket: { id: number; userId: number; subject: string }): void {
  const owner = readAddressee(tx, ticket.userId);
  if (!owner || !wantsMail(owner.id, 'support-rating', tx)) return;
  const rated = tx.select({ id: ticketRatings.id }).from(ticketRatings).where(eq(ticketRatings.threadId, ticket.id)).get();
  if (rated) return;
  enqueueMail(tx, {
    userId: owner.id,
    to: owner.email,
    kind: 'support-rating',
    ...renderEmail(
      supportRatingEmail({
        name: owner.name,
        ticketSubject: ownText(owner, ticket.subject),
        ratingUrl: siteUrl(ratingPath(ticket.id), 'absolute'),
        unsubscribeUrl: unsubscribeUrl(owner.id, 'support-rating'),
      }),
    ),
    headers: unsubscribeHeaders(owner.id, 'support-rating'),
    dedupeKey: `support-rating:${ticket.id}`,
  });
}

// ---------------------------------------------------------------------------------------------
// The support tab's figures

/**
 * The month of a rating on São Paulo's calendar. São Paulo has kept UTC−3 all year since 2019,
 * so a fixed offset is exact for the months shown.
 */
const monthOf = sql<string>`strftime('%Y-%m', ${ticketRatings.createdAt} / 1000, 'unixepoch', '-3 hours')`;

const byMonth = preparedQuery(() =>
  db
    .select({ month: monthOf, score: ticketRatings.score, value: count() })
    .from(ticketRatings)
    .where(gte(ticketRatings.createdAt, sql.placeholder('since')))
    .groupBy(monthOf, ticketRatings.score)
    .prepare(),
);

const byAdmin = preparedQuery(() =>
  db
    .select({ adminId: ticketRatings.adminId, score: ticketRatings.score, value: count() })
    .from(ticketRatings)
    .where(gte(ticketRatings.createdAt, sql.placeholder('since')))
    // Score first: grouped by admin first, SQLite would walk the whole admin index instead of the months' range.
    .groupBy(ticketRatings.score, ticketRatings.adminId)
    .prepare(),
);

const emptyFigure = (): RatingFigure => ({ count: 0, average: null, distribution: [0, 0, 0, 0, 0] });

function addTo(figure: RatingFigure, score: number, value: number): void {
  if (score < 1 || score > 5) return;
  const total = (figure.average ?? 0) * figure.count + score * value;
  figure.distribution[score - 1] += value;
  figure.count += value;
  figure.average = total / figure.count;
}

/** The first instant of the São Paulo month `back` months before the one of `now`, and that month's key. */
function monthStart(now: Date, back: number): { at: Date; key: string } {
  const [year, month] = formatBr(now, 'yyyy-MM').split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1 - back, 1, 3));
  return { at, key: `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}` };
}

/** /admin/chats: average and distribution over the last RATING_MONTHS months, per month and per admin. */
export function ticketRatingFigures(now = new Date()): RatingFigures {
  const since = monthStart(now, RATING_MONTHS - 1).at;
  const total = emptyFigure();
  const months = Array.from({ length: RATING_MONTHS }, (_, index) => {
    const { at, key } = monthStart(now, RATING_MONTHS - 1 - index);
    return { month: key, label: formatBr(at, 'MMM/yyyy'), ...emptyFigure() };
  });
  for (const row of byMonth().all({ since: since.getTime() })) {
    const month = months.find((candidate) => candidate.month === row.month);
    if (month) addTo(month, row.score, row.value);
    addTo(total, row.score, row.value);
  }
  const perAdmin = new Map<number | null, RatingFigure>();
  for (const row of byAdmin().all({ since: since.getTime() })) {
    const figure = perAdmin.get(row.adminId) ?? emptyFigure();
    addTo(figure, row.score, row.value);
    perAdmin.set(row.adminId, figure);
  }
  const ids = [...perAdmin.keys()].filter((id): id is number => id !== null);
  const names = new Map(
    ids.length > 0
      ? db
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(inArray(users.id, ids))
          .all()
          .map((row) => [row.id, row.username])
      : [],
  );
  const admins = [...perAdmin.entries()]
    .map(([adminId, figure]) => ({
      adminId,
      name: adminId === null ? NO_ADMIN_LABEL : (names.get(adminId) ?? `Usuário #${adminId}`),
      ...figure,
    }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR'));
  return { ...total, months, admins };
}
