import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ThreadList } from '~/components/chat/thread-list';
import { listAdminThreads, toListRow } from '~/models/chat/chat.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { adminChatListQuerySchema } from '~/schemas/chat';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';

export const meta: MetaFunction = () => pageMeta('Suporte ao Usuário — Administração', 'Os chats de suporte de todos os usuários.');

/** /admin/chats?status=open|closed&q=&page= ('Suporte ao Usuário'): every ticket, newest activity first, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, adminChatListQuerySchema);
  const page = listAdminThreads(query);
  return json({ ...page, items: page.items.map((thread) => toListRow(thread, 'admin')), q: query.q, status: query.status });
}

export default function AdminChats() {
  const { items, total, page, pageCount, q, status } = useLoaderData<typeof loader>();
  return (
    <div className="card">
      <ThreadList title="Suporte ao Usuário" forAdmin items={items} total={total} page={page} pageCount={pageCount} q={q} status={status} headingLevel={2} />
    </div>
  );
}
