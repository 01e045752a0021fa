import type { Role, ToolLevel } from '../../../db/schema';
import { onlyDigits } from '../../utils/cpf';
import { hasAtLeast } from '../accounts/roles';

export type AccessSubject = { role: Role; cpf: string | null };
export type AccessTarget = { accessLevel: ToolLevel; restrictedCpfs: string | null };

/** hidden: not listed at all; locked: listed without its link; open: usable. */
export type ToolAccess = 'hidden' | 'locked' | 'open';

/** The CPFs of a comma-separated whitelist, compared on digits only. */
export function parseCpfList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map(onlyDigits)
    .filter((digits) => digits.length > 0);
}

/**
 * The specification's Roles and permissions: admins use everything; a CPF whitelist hides the tool from everyone not on it
 * and opens it to everyone on it, whatever their level; otherwise the level decides.
 */
export function toolAccess(user: AccessSubject, tool: AccessTarget): ToolAccess {
  if (user.role === 'admin') return 'open';
  const whitelist = parseCpfList(tool.restrictedCpfs);
  if (whitelist.length > 0) {
    const cpf = onlyDigits(user.cpf ?? '');
    return cpf.length > 0 && whitelist.includes(cpf) ? 'open' : 'hidden';
  }
  return hasAtLeast(user.role, tool.accessLevel) ? 'open' : 'locked';
}
