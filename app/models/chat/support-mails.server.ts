import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { chatMessages, users } from '../../../db/schema';
import { renderEmail } from '../../emails/render';
import { supportNewTicketEmail } from '../../emails/support-new-ticket';
import { supportReplyEmail } from '../../emails/support-reply';
import { siteUrl } from '../../utils/security.server';
import { ownText, readAddressee, readAddressees, type Addressee } from '../mail/addressee.server';
import { enqueueMail, latestMailOfTopic, rewritePendingMail } from '../mail/outbox.server';
import { unsubscribeHeaders, unsubscribeUrl, wantsMail } from '../mail/preferences.server';
import { hasOpenLiveTab } from '../live-bus/live-presence.server';

/**
 * The support mails (docs/mail.md), queued by chat.server.ts inside the transaction of the event:
 * 'Nova resposta no seu ticket' to a ticket's owner, 'Novo ticket' to the admins.
 */

/** At most one reply mail per ticket in this interval: later replies wait and go together. */
export const SUPPORT_REPLY_INTERVAL_MS = 15 * 60_000;
/** The newest replies a gathered mail quotes; older ones are counted, the ticket has them all. */
export const MAX_QUOTED_REPLIES = 20;

const ticketPath = (threadId: number) => `/chat/${threadId}`;
export const supportReplyTopic = (threadId: number) => `thread:${threadId}`;

/**
 * A reply mail quotes every support reply from its first one on. The first reply's id is kept in
 * the dedupe key, which it also makes unique (two mails never start at the same reply).
 */
const replyKey = (threadId: number, firstReplyId: number) => `support-reply:${threadId}:${firstReplyId}`;
const firstReplyOf = (key: string | null) => Number(/^support-reply:\d+:(\d+)$/.exec(key ?? '')?.[1] ?? Number.NaN);

type Ticket = { id: number; userId: number; subject: string };

/**
 * The support replies a gathered mail quotes, from `firstReplyId` on: the newest MAX_QUOTED_REPLIES
 * read newest first with a LIMIT, and how many came before them counted in SQLite. Reading them all
 * to keep the last 20 made every reply cost in proportion to the replies since the last mail went
 * (a desk answering a ticket over and over: 4 ms a reply after a few thousand).
 */
function repliesSince(tx: Executor, ticketId: number, firstReplyId: number) {
  const range = and(
    eq(chatMessages.threadId, ticketId),
    // Arrival order is (created_at, id) (chat.server.ts): the range starts in the index at the first reply.
    gte(chatMessages.createdAt, sql`(select ${chatMessages.createdAt} from ${chatMessages} where ${chatMessages.id} = ${firstReplyId})`),
    gte(chatMessages.id, firstReplyId),
    eq(chatMessages.isAdminMessage, true),
  );
  const replies = tx
    .select({ message: chatMessages.message })
    .from(chatMessages)
    .where(range)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(MAX_QUOTED_REPLIES)
    .all()
    .map((row) => row.message)
    .reverse();
  const total =
    replies.length < MAX_QUOTED_REPLIES
      ? replies.length
      : (tx.select({ total: count() }).from(chatMessages).where(range).get()?.total ?? 0);
  return { replies, earlier: Math.max(0, total - replies.length) };
}

function renderReplyMail(tx: Executor, owner: Addressee, ticket: Ticket, firstReplyId: number) {
  const { replies, earlier } = repliesSince(tx, ticket.id, firstReplyId);
  return renderEmail(
    supportReplyEmail({
      name: owner.name,
      ticketSubject: ownText(owner, ticket.subject),
      replies,
      earlier,
      ticketUrl: siteUrl(ticketPath(ticket.id), 'absolute'),
      unsubscribeUrl: unsubscribeUrl(owner.id, 'support-reply'),
    }),
  );
}

/**
 * An admin's reply `replyId` to `ticket`, in the reply's transaction: the owner is mailed unless
 * they switched these mails off or have a tab open on the live stream (they see it there). A
 * reply mail still waiting is rewritten to quote this reply too; otherwise a new one is queued,
 * at once, or 15 minutes after the last one went.
 */
export function queueSupportReplyMail(tx: Executor, ticket: Ticket, replyId: number, now = Date.now()): void {
  const owner = readAddressee(tx, ticket.userId);
  if (!owner || !wantsMail(owner.id, 'support-reply', tx) || hasOpenLiveTab(owner.id)) return;
  const topic = supportReplyTopic(ticket.id);
  const last = latestMailOfTopic(tx, topic, 'support-reply');
  if (last?.status === 'pending') {
    const firstReplyId = firstReplyOf(last.dedupeKey);
    if (Number.isInteger(firstReplyId) && rewritePendingMail(tx, last.id, renderReplyMail(tx, owner, ticket, firstReplyId))) return;
  }
  const notBefore =
    last?.status === 'sent' && last.sentAt
      ? new Date(Math.max(now, last.sentAt.getTime() + SUPPORT_REPLY_INTERVAL_MS))
      : last?.status === 'sending'
        ? new Date(now + SUPPORT_REPLY_INTERVAL_MS)
        : undefined;
  enqueueMail(tx, {
    userId: owner.id,
    to: owner.email,
    kind: 'support-reply',
    ...renderReplyMail(tx, owner, ticket, replyId),
    headers: unsubscribeHeaders(owner.id, 'support-reply'),
    dedupeKey: replyKey(ticket.id, replyId),
    topic,
    notBefore,
  });
}

/** A ticket just opened by its owner, in its transaction: every other admin who has not switched 'Novo ticket' off gets one. */
export function queueNewTicketMails(tx: Executor, ticket: Ticket, firstMessage: string | undefined): void {
  const author = tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, ticket.userId)).get();
  if (!author) return;
  const admins = readAddressees(tx, and(eq(users.role, 'admin'), ne(users.id, author.id)));
  const ticketUrl = siteUrl(ticketPath(ticket.id), 'absolute');
  for (const admin of admins) {
    if (!wantsMail(admin.id, 'new-ticket', tx)) continue;
    const mail = renderEmail(
      supportNewTicketEmail({
        adminName: admin.name,
        ticket: ownText(admin, { authorName: author.username, ticketSubject: ticket.subject, firstMessage }),
        ticketUrl,
        unsubscribeUrl: unsubscribeUrl(admin.id, 'new-ticket'),
      }),
    );
    enqueueMail(tx, {
      userId: admin.id,
      to: admin.email,
      kind: 'new-ticket',
      ...mail,
      headers: unsubscribeHeaders(admin.id, 'new-ticket'),
      dedupeKey: `new-ticket:${ticket.id}:${admin.id}`,
    });
  }
}
