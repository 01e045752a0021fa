import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RoleBadge } from '~/components/role-badge';
import { toPublicUser } from '~/models/user.server';
import { requireUser } from '~/utils/auth.server';

export const meta: MetaFunction = () => [{ title: 'Início — E-Engenharia' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ user: toPublicUser(user) });
}

export default function Dashboard() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Bem-vindo, {user.username}!</h1>
        <RoleBadge role={user.role} expiresAt={user.roleExpiryDate} />
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Link to="/courses" className="card hover:border-brand-500">
          <p className="font-semibold">Cursos</p>
          <p className="mt-1 text-sm text-slate-600">Cursos especializados com aulas e materiais.</p>
        </Link>
        {user.isAdmin ? (
          <Link to="/admin" className="card hover:border-brand-500">
            <p className="font-semibold">Admin</p>
            <p className="mt-1 text-sm text-slate-600">Gerencie usuários, ferramentas e cursos.</p>
          </Link>
        ) : null}
        <Link to="/account" className="card hover:border-brand-500">
          <p className="font-semibold">Conta</p>
          <p className="mt-1 text-sm text-slate-600">Seu perfil, senha e plano.</p>
        </Link>
      </div>
    </div>
  );
}
