import type { UserRow } from '../../db/schema';
import { AppError } from '../utils/errors';
import { formatLongDate } from '../utils/format';
import { getUserById, setPasswordRecovery } from './user.server';

/** Account settings: a user may change their own account; an admin any account. */
export function assertAccountAccess(actor: Pick<UserRow, 'id' | 'role'>, targetId: number): void {
  if (actor.id !== targetId && actor.role !== 'admin') throw new AppError(403, 'Acesso negado');
}

export function setPasswordRecoveryAs(actor: Pick<UserRow, 'id' | 'role'>, targetId: number, disablePasswordRecovery: boolean): UserRow {
  assertAccountAccess(actor, targetId);
  if (!getUserById(targetId)) throw new AppError(404, 'Usuário não encontrado');
  return setPasswordRecovery(targetId, disablePasswordRecovery);
}

/**
 * The account page's status badge: 'Administrador', 'Pro até dd de MMMM de yyyy' for E-TOOL and
 * E-MASTER while their period runs (plain 'Pro' when it has no end), or 'Básico'.
 */
export function accountStatusLabel(user: Pick<UserRow, 'role' | 'roleExpiryDate'>, now = new Date()): string {
  if (user.role === 'admin') return 'Administrador';
  if (user.role === 'E-TOOL' || user.role === 'E-MASTER') {
    if (!user.roleExpiryDate) return 'Pro';
    if (user.roleExpiryDate.getTime() > now.getTime()) return `Pro até ${formatLongDate(user.roleExpiryDate)}`;
  }
  return 'Básico';
}
