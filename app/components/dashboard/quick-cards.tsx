import { Link } from '@remix-run/react';

/** The dashboard's shortcuts: Cursos, Admin (admins only), Conta. */
export function QuickCards({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Link to="/courses" className="card hover:border-brand-500">
        <p className="font-semibold">Cursos</p>
        <p className="mt-1 text-sm text-slate-600">Cursos especializados com aulas e materiais.</p>
      </Link>
      {isAdmin ? (
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
  );
}
