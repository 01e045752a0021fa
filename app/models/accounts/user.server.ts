import { and, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { users, type Role, type UserRow } from '../../../db/schema';
import { AppError } from '../../utils/errors';
import { isValidCpf } from '../../utils/cpf';
import { foldKey } from '../../utils/fold';
import { withUniqueConflicts } from '../../utils/unique-conflict';
import { verifyPassword } from '../../utils/password.server';
import { withRoleInForce } from './effective-role.server';
import { ROLE_RANK } from './roles';

export type PublicUser = {
  id: number;
  username: string;
  email: string;
  cpf: string | null;
  role: Role;
  roleExpiryDate: string | null;
  disablePasswordRecovery: boolean;
  createdAt: string;
  lastLogin: string | null;
  isAdmin: boolean;
  isMaster: boolean;
  isTool: boolean;
  isBasic: boolean;
};

/** The only shape in which a user leaves the server: no password hash, no reset token. */
export function toPublicUser(user: UserRow): PublicUser {
  const rank = ROLE_RANK[user.role];
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    cpf: user.cpf,
    role: user.role,
    roleExpiryDate: user.roleExpiryDate?.toISOString() ?? null,
    disablePasswordRecovery: user.disablePasswordRecovery,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
    isAdmin: user.role === 'admin',
    isMaster: rank >= ROLE_RANK['E-MASTER'],
    isTool: rank >= ROLE_RANK['E-TOOL'],
    isBasic: true,
  };
}

/** The signed-in user's own view (`GET /api/user`, `PATCH /api/profile`): the specified shape plus 'Nome completo', an addition (null until given). */
export function toOwnUser(user: UserRow): PublicUser & { fullName: string | null } {
  return { ...toPublicUser(user), fullName: user.fullName };
}

const userById = preparedQuery(() =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(),
);

/**
 * Reads a user with the role in force (never stale: a lapsed period is applied to what is
 * returned) and writes nothing, so a guard that reads the signed-in user stays a read (decision 056).
 */
export function getUserById(id: number, executor: Executor = db, now = new Date()): UserRow | undefined {
  // Inside a transaction the transaction's own handle must run the query.
  const row = executor === db ? userById().get({ id }) : executor.select().from(users).where(eq(users.id, id)).get();
  return row && withRoleInForce(executor, row, now);
}

/** Usernames and e-mails are compared on their folded keys (app/utils/fold.ts), never with SQLite's ASCII-only lower(). */
export function findUserByEmail(email: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(eq(users.emailKey, foldKey(email)))
    .get();
}

export function findUserByIdentifier(identifier: string): UserRow | undefined {
  const key = foldKey(identifier);
  return db
    .select()
    .from(users)
    .where(or(eq(users.emailKey, key), eq(users.usernameKey, key)))
    .get();
}

export const USER_CONFLICTS = {
  username: { message: 'Este nome de usuário já está em uso.', field: 'username' },
  email: { message: 'Este e-mail já está cadastrado.', field: 'email' },
  cpf: { message: 'Este CPF já está cadastrado.', field: 'cpf' },
} as const;

/** The same 409s when a concurrent writer wins the race past `assertUnique` (see `withUniqueConflicts`). */
const UNIQUE_INDEX_CONFLICTS = {
  'users.username_key': USER_CONFLICTS.username,
  'users.email_key': USER_CONFLICTS.email,
  'users.cpf': USER_CONFLICTS.cpf,
};

/** A write to users whose UNIQUE failures answer 409 with the field's message. */
export const writeUser = <T>(write: () => T): T => withUniqueConflicts(UNIQUE_INDEX_CONFLICTS, write);

/** The stored keys for a username and/or e-mail being written. */
export function userKeys(fields: { username?: string; email?: string }): { usernameKey?: string; emailKey?: string } {
  return {
    ...(fields.username !== undefined ? { usernameKey: foldKey(fields.username) } : {}),
    ...(fields.email !== undefined ? { emailKey: foldKey(fields.email) } : {}),
  };
}

/** 409 with the field that clashes, checked before writing so the answer names the field. */
export function assertUnique(
  executor: Executor,
  fields: { username?: string; email?: string; cpf?: string | null },
  exceptUserId?: number,
): void {
  const clash = (condition: SQL) =>
    executor
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId ? and(condition, ne(users.id, exceptUserId)) : condition)
      .get();
  const conflict = ({ message, field }: { message: string; field: string }) => new AppError(409, message, field);
  if (fields.username && clash(eq(users.usernameKey, foldKey(fields.username)))) throw conflict(USER_CONFLICTS.username);
  if (fields.email && clash(eq(users.emailKey, foldKey(fields.email)))) throw conflict(USER_CONFLICTS.email);
  if (fields.cpf && clash(eq(users.cpf, fields.cpf))) throw conflict(USER_CONFLICTS.cpf);
}

export function assertValidCpf(cpf: string | null | undefined): void {
  if (cpf && !isValidCpf(cpf)) throw new AppError(400, 'CPF inválido', 'cpf');
}

export type NewUser = {
  username: string;
  email: string;
  cpf?: string | null;
  password: string;
  disablePasswordRecovery?: boolean;
};

/** Who vouches for the address: an admin who typed it (confirmed), or nobody yet (a registration). */
type AddressOrigin = { emailConfirmedAt?: Date | null; fullName?: string | null };

/** Inserts a user (password already hashed by the caller, outside the transaction). */
export function insertUser(executor: Executor, input: Omit<NewUser, 'password'> & AddressOrigin & { passwordHash: string }): UserRow {
  assertUnique(executor, input);
  const username = input.username.trim();
  const email = input.email.trim().toLowerCase();
  return writeUser(() =>
    executor
      .insert(users)
      .values({
        username,
        email,
        usernameKey: foldKey(username),
        emailKey: foldKey(email),
        cpf: input.cpf || null,
        password: input.passwordHash,
        disablePasswordRecovery: input.disablePasswordRecovery ?? false,
        emailConfirmedAt: input.emailConfirmedAt ?? null,
        fullName: input.fullName ?? null,
      })
      .returning()
      .get(),
  );
}

export async function verifyCredentials(email: string, password: string): Promise<UserRow | null> {
  const user = findUserByEmail(email);
  if (!user) {
    // Spend the same time as a real check so that timing does not reveal which e-mails exist.
    await verifyPassword(DUMMY_HASH, password);
    return null;
  }
  return (await verifyPassword(user.password, password)) ? (getUserById(user.id) ?? null) : null;
}

const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$R9yKz/Rno1CTajYnUdUumg$T2F+djwBbGu0LmSiBDT0cgPBKO2DWvZKGiddtQm2OCg';

/** Either way the switch goes, a pending recovery token dies: it was issued under the old setting. */
export function setPasswordRecovery(userId: number, disablePasswordRecovery: boolean, executor: Executor = db): UserRow {
  executor.update(users).set({ disablePasswordRecovery, resetToken: null, resetTokenExpiry: null }).where(eq(users.id, userId)).run();
  const user = getUserById(userId, executor);
  if (!user) throw new AppError(404, 'Usuário não encontrado');
  return user;
}
