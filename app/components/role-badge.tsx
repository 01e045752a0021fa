import { ROLE_TONES, roleBadgeText } from '~/utils/role-labels';
import type { Role } from '~/utils/value-sets';

/** The role badge; paid roles show 'até {date}' while their period is in the future. */
export function RoleBadge({ role, expiresAt }: { role: Role; expiresAt?: string | null }) {
  return (
    <span data-testid="role-badge" className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold ${ROLE_TONES[role]}`}>
      {roleBadgeText(role, expiresAt)}
    </span>
  );
}
