import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { TicketRatingFigures } from '~/components/admin/ticket-rating-figures';
import { ThreadList } from '~/components/chat/thread-list';
import { listAdminThreads, toListRow } from '~/models/chat/thread-lists.server';
import { ticketRatingFigures } from '~/models/chat/ticket-rating.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { adminChatListQuerySchema } from '~/schemas/chat';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';

export const meta: MetaFunction = () => pageMeta('Suporte ao Usuário — Administração', 'Os chats de suporte de todos os usuários.');

/**
 * /admin/chats?status=open|closed&q=&page= ('Suporte ao Usuário'): every ticket, newest activity first, 20 a page,
 * and the 'Como foi o atendimento?' figures of the last months.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, adminChatListQuerySchema);
  const page = listAdminThreads(query);
  return json({
    ...page,
    items: page.items.map((thread) => toListRow(thread, 'admin')),
    q: query.q,
    status: query.status,
    ratings: ticketRatingFigures(),
  });
}

export default function AdminChats() {
  const { items, total, page, pageCount, q, status, ratings } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="card">
        <ThreadList
          title="Suporte ao Usuário"
          forAdmin
          items={items}
          total={total}
          page={page}
          pageCount={pageCount}
          q={q}
          status={status}
          headingLevel={2}
        />
      </div>
      <TicketRatingFigures figures={ratings} />
    </div>
  );
}
