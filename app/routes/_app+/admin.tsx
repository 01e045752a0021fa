import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { AdminTabs } from '~/components/admin/admin-tabs';
import { countUnreadContactMessages } from '~/models/admin/contact-message.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () =>
  pageMeta('Painel de Administração', 'Usuários, ferramentas, códigos, cursos, notificações, preços e mensagens.');

/** Admins only: other users go to /dashboard, visitors to /auth (each tab's loader guards too). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ unreadMessages: countUnreadContactMessages() });
}

export default function AdminLayout() {
  const { unreadMessages } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">Painel de Administração</h1>
      <AdminTabs unreadMessages={unreadMessages} />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
