import type { UserRow } from '../../../db/schema';
import { ROLE_RANK } from './roles';
import type { PublicUser } from './user.server';

/**
 * The signed-in user as the root layout hands it to the browser on every page: what the header
 * (name, the admin's and the upgrade's links) and the live stream (id, role) read, nothing more.
 * A page that shows more of the user sends it in its own loader data.
 */
export type LayoutUser = Pick<PublicUser, 'id' | 'username' | 'role' | 'isAdmin' | 'isMaster'>;

export function toLayoutUser(user: UserRow): LayoutUser {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    isAdmin: user.role === 'admin',
    isMaster: ROLE_RANK[user.role] >= ROLE_RANK['E-MASTER'],
  };
}
