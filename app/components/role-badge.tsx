import type { Role } from '~/utils/value-sets';
import { formatShortDate } from '~/utils/format';

const styles: Record<Role, string> = {
  'E-BASIC': 'bg-slate-100 text-slate-700',
  'E-TOOL': 'bg-brand-100 text-brand-700',
  'E-MASTER': 'bg-amber-100 text-amber-800',
  admin: 'bg-purple-100 text-purple-800',
};

/** The role badge; paid roles show 'até {date}' while their period is in the future. */
export function RoleBadge({ role, expiresAt }: { role: Role; expiresAt?: string | null }) {
  const showExpiry = (role === 'E-TOOL' || role === 'E-MASTER') && expiresAt && new Date(expiresAt).getTime() > Date.now();
  return (
    <span data-testid="role-badge" className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ${styles[role]}`}>
      {role === 'admin' ? 'Administrador' : role}
      {showExpiry ? ` até ${formatShortDate(expiresAt)}` : ''}
    </span>
  );
}
