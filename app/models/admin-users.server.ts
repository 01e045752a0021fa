import { and, count, desc, eq, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { db, type Executor } from '../../db/client';
import { toolRatings, users, type GrantableRole, type Role, type UserRow } from '../../db/schema';
import type { AdminUserCreateInput, AdminUserUpdateInput } from '../schemas/admin-user';
import { AppError } from '../utils/errors';
import { likePattern, paginate, type Page } from '../utils/pagination.server';
import { hashPassword } from '../utils/password.server';
import { refreshToolRating } from './rating.server';
import { grantRole, revokeGrants, syncUserRole } from './role-grant.server';
import { isPro } from './roles';
import { endAllSessions } from './session.server';
import { assertUnique, assertValidCpf, getUserById, insertUser, toPublicUser, userKeys, writeUser, type PublicUser } from './user.server';

export const ADMIN_USER_ERRORS = {
  notFound: 'Usuário não encontrado',
  proDaysNeeded: 'Para E-TOOL ou E-MASTER, informe pelo menos 1 dia de acesso Pro.',
  deleteSelf: 'Você não pode excluir sua própria conta.',
  demoteSelf: 'Você não pode remover seu próprio acesso de administrador.',
} as const;

export const USERS_PAGE_SIZE = 100;

/** The grants an admin's role choice ends: everything above the chosen role. */
const ROLES_ABOVE: Record<Role, GrantableRole[]> = {
  'E-BASIC': ['E-TOOL', 'E-MASTER', 'admin'],
  'E-TOOL': ['E-MASTER', 'admin'],
  'E-MASTER': ['admin'],
  admin: [],
};

/** Applies expiries to every stale stored role first, so a role filter sees the roles in force. */
function syncStaleRoles(executor: Executor, now: Date) {
  const stale = executor
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.roleExpiryDate), lte(users.roleExpiryDate, now)))
    .all();
  for (const { id } of stale) syncUserRole(executor, id, now);
}

/** Admin list: `q` matches username or e-mail (case- and accent-folded), `role` the role in force; newest first. */
export function listUsers(
  filter: { q?: string; role?: Role; page?: number; perPage?: number } = {},
  now = new Date(),
): Page<PublicUser> {
  return db.transaction((tx) => {
    syncStaleRoles(tx, now);
    const conditions: SQL[] = [];
    if (filter.q) {
      const pattern = likePattern(filter.q);
      conditions.push(sql`(${users.usernameKey} like ${pattern} escape '\\' or ${users.emailKey} like ${pattern} escape '\\')`);
    }
    if (filter.role) conditions.push(eq(users.role, filter.role));
    const where = conditions.length ? and(...conditions) : undefined;
    return paginate(
      { page: filter.page ?? 1, perPage: filter.perPage ?? USERS_PAGE_SIZE },
      {
        count: () => tx.select({ value: count() }).from(users).where(where).get()?.value ?? 0,
        rows: (limit, offset) =>
          tx.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset).all().map(toPublicUser),
      },
    );
  });
}

function findUserOr404(executor: Executor, userId: number, now: Date): UserRow {
  const user = getUserById(userId, executor, now);
  if (!user) throw new AppError(404, ADMIN_USER_ERRORS.notFound);
  return user;
}

/**
 * An admin's role choice, expressed as grants so that expiry and fallback keep working:
 * - 'admin': a permanent admin grant (nothing changes for someone already admin);
 * - 'E-BASIC': every unfinished grant is revoked, the user is basic now;
 * - 'E-TOOL' / 'E-MASTER': grants above it are revoked (the user reverts now), then proDays > 0
 *   adds that many days of it, chained after the current run of that role; with proDays 0 the
 *   user must already hold that role underneath, otherwise the change is refused.
 * The same role with proDays 0 therefore changes nothing.
 */
function applyRoleChoice(tx: Executor, userId: number, target: Role, proDays: number, adminId: number, now: Date) {
  if (target === 'admin') {
    if (syncUserRole(tx, userId, now).role !== 'admin') {
      grantRole(tx, { userId, role: 'admin', days: null, source: 'admin', createdBy: adminId }, now);
    }
    return;
  }
  revokeGrants(tx, userId, ROLES_ABOVE[target], now);
  if (isPro(target) && proDays > 0) {
    grantRole(tx, { userId, role: target as GrantableRole, days: proDays, source: 'admin', createdBy: adminId }, now);
  }
  if (syncUserRole(tx, userId, now).role !== target) throw new AppError(400, ADMIN_USER_ERRORS.proDaysNeeded, 'proDays');
}

/** POST /api/users: an account with a role; E-TOOL/E-MASTER get proDays of it, admin a permanent grant. */
export async function createUserAsAdmin(input: AdminUserCreateInput, adminId: number, now = new Date()): Promise<UserRow> {
  if (isPro(input.role) && input.proDays < 1) throw new AppError(400, ADMIN_USER_ERRORS.proDaysNeeded, 'proDays');
  assertValidCpf(input.cpf);
  assertUnique(db, input);
  const passwordHash = await hashPassword(input.password);
  return db.transaction((tx) => {
    const user = insertUser(tx, { username: input.username, email: input.email, cpf: input.cpf, passwordHash });
    if (input.role !== 'E-BASIC') {
      grantRole(
        tx,
        { userId: user.id, role: input.role, days: input.role === 'admin' ? null : input.proDays, source: 'admin', createdBy: adminId },
        now,
      );
    }
    return getUserById(user.id, tx, now)!;
  });
}

/** PATCH /api/users/{id}: fields and role in one transaction, so a refused part changes nothing. */
export function updateUserAsAdmin(userId: number, input: AdminUserUpdateInput, adminId: number, now = new Date()): UserRow {
  return db.transaction((tx) => {
    const user = findUserOr404(tx, userId, now);
    const target = input.role ?? user.role;
    if (userId === adminId && target !== 'admin') throw new AppError(400, ADMIN_USER_ERRORS.demoteSelf, 'role');
    const changes: Partial<Pick<UserRow, 'username' | 'email' | 'cpf'>> = {};
    if (input.username !== undefined) changes.username = input.username;
    if (input.email !== undefined) changes.email = input.email;
    if (input.cpf !== undefined) changes.cpf = input.cpf;
    if (Object.keys(changes).length > 0) {
      assertValidCpf(changes.cpf);
      assertUnique(tx, changes, userId);
      writeUser(() => tx.update(users).set({ ...changes, ...userKeys(changes) }).where(eq(users.id, userId)).run());
    }
    applyRoleChoice(tx, userId, target, input.proDays, adminId, now);
    return getUserById(userId, tx, now)!;
  });
}

/** Deletes an account and, through the foreign keys, everything that is only theirs. */
export function deleteUserAsAdmin(userId: number, adminId: number): void {
  if (userId === adminId) throw new AppError(400, ADMIN_USER_ERRORS.deleteSelf);
  db.transaction((tx) => {
    const rated = tx.select({ toolId: toolRatings.toolId }).from(toolRatings).where(eq(toolRatings.userId, userId)).all();
    const deleted = tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id }).get();
    if (!deleted) throw new AppError(404, ADMIN_USER_ERRORS.notFound);
    // The user's ratings went with them (cascade): the tools' averages must follow.
    for (const { toolId } of rated) refreshToolRating(tx, toolId);
  });
}

/** An admin sets a new password: any pending recovery token dies and the user is signed out everywhere. */
export async function resetUserPassword(userId: number, password: string): Promise<void> {
  findUserOr404(db, userId, new Date());
  const passwordHash = await hashPassword(password);
  const updated = db
    .update(users)
    .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null })
    .where(eq(users.id, userId))
    .returning({ id: users.id })
    .get();
  if (!updated) throw new AppError(404, ADMIN_USER_ERRORS.notFound);
  endAllSessions(userId);
}
