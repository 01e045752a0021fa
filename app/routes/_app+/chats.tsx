import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ThreadList } from '~/components/chat/thread-list';
import { listUserThreads, toListRow } from '~/models/chat/thread-lists.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { chatListQuerySchema } from '~/schemas/chat';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { safeRedirect } from '~/utils/toast.server';

export const meta: MetaFunction = () => pageMeta('Meus Chats', 'Suas conversas com a equipe de suporte da E-Engenharia.');

/**
 * /chats?q=&page= ('Meus Chats'): the user's tickets, newest activity first, 20 a page. Admins
 * answer tickets rather than open them: the header's 'Suporte' takes them to /admin/chats.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  if (user.role === 'admin') throw safeRedirect(`/admin/chats${url.search}`);
  const query = parseListQuery(url.searchParams, chatListQuerySchema);
  const page = listUserThreads(user.id, query);
  return json({ ...page, items: page.items.map((thread) => toListRow(thread, 'user')), q: query.q });
}

export default function MyChats() {
  const { items, total, page, pageCount, q } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <ThreadList title="Meus Chats" forAdmin={false} items={items} total={total} page={page} pageCount={pageCount} q={q} />
    </div>
  );
}
