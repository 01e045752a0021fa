import type { UserRow } from '../../db/schema';
import { AppError } from '../utils/errors';
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
