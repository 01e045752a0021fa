import type { Role, ToolLevel } from '../../../db/schema';

/** The cumulative hierarchy: each role has the rights of those below it. */
export const ROLE_RANK: Record<Role, number> = { 'E-BASIC': 0, 'E-TOOL': 1, 'E-MASTER': 2, admin: 3 };

export const hasAtLeast = (role: Role, required: Role | ToolLevel) => ROLE_RANK[role] >= ROLE_RANK[required];
export const isPro = (role: Role) => role === 'E-TOOL' || role === 'E-MASTER';
