import { formatLongDate, formatShortDate } from './format';
import { ROLE_LABELS, type Role } from './value-sets';

/**
 * Every text and tone that names a role: the dashboard's role badge ('E-TOOL até dd/MM/yyyy') and
 * the account page's status ('Pro até dd de MMMM de yyyy'), over the names in value-sets.ts (which
 * the header imports directly, so that pages without a badge do not load date formatting).
 */
export { ROLE_LABELS };

export const ROLE_TONES: Readonly<Record<Role, string>> = {
  'E-BASIC': 'bg-slate-100 text-slate-700',
  'E-TOOL': 'bg-brand-100 text-brand-700',
  'E-MASTER': 'bg-amber-100 text-amber-800',
  admin: 'bg-purple-100 text-purple-800',
};

const isPaid = (role: Role) => role === 'E-TOOL' || role === 'E-MASTER';
const inFuture = (date: Date | string | null | undefined, now: Date): date is Date | string =>
  Boolean(date) && new Date(date!).getTime() > now.getTime();

/** The dashboard badge: paid roles add 'até {dd/MM/yyyy}' while their period is in the future. */
export function roleBadgeText(role: Role, expiresAt: Date | string | null | undefined, now = new Date()): string {
  return isPaid(role) && inFuture(expiresAt, now) ? `${ROLE_LABELS[role]} até ${formatShortDate(expiresAt)}` : ROLE_LABELS[role];
}

export type AccountStatus = { label: string; tone: string };

/**
 * The account page's status badge: 'Administrador', 'Pro até dd de MMMM de yyyy' for E-TOOL and
 * E-MASTER while their period runs (plain 'Pro' when it has no end), or 'Básico'.
 */
export function accountStatus(user: { role: Role; roleExpiryDate: Date | string | null }, now = new Date()): AccountStatus {
  if (user.role === 'admin') return { label: ROLE_LABELS.admin, tone: ROLE_TONES.admin };
  if (isPaid(user.role)) {
    if (!user.roleExpiryDate) return { label: 'Pro', tone: ROLE_TONES['E-TOOL'] };
    if (inFuture(user.roleExpiryDate, now)) return { label: `Pro até ${formatLongDate(user.roleExpiryDate)}`, tone: ROLE_TONES['E-TOOL'] };
  }
  return { label: 'Básico', tone: ROLE_TONES['E-BASIC'] };
}

/** A plan in the timeline: its role and the day its run ends (null: for good). */
export type PlanRun = { role: Role; until: Date | string | null };

/** 'E-TOOL até 25/01/2027' (plain 'E-TOOL' with no end). */
export function planRunText(run: PlanRun): string {
  return run.until ? `${ROLE_LABELS[run.role]} até ${formatShortDate(run.until)}` : ROLE_LABELS[run.role];
}

/** 'Depois: E-TOOL até 25/01/2027': the paid days of a lower plan that resume when the current one ends (decision 047). */
export function afterText(after: PlanRun | null | undefined): string | null {
  return after ? `Depois: ${planRunText(after)}` : null;
}
