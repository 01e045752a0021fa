import { eq, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../db/client';
import { users, type Role, type UserRow } from '../../db/schema';
import { AppError } from '../utils/errors';
import { isValidCpf } from '../utils/cpf';
import { hashPassword, verifyPassword } from '../utils/password.server';
import { needsRoleSync, syncUserRole } from './role-grant.server';
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

/** Reads a user with expired periods already applied, so access is never stale. */
const userById = preparedQuery(() => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare());

export function getUserById(id: number, executor: Executor = db, now = new Date()): UserRow | undefined {
  // Inside a transaction the transaction's own handle must run the query.
  const row = executor === db ? userById().get({ id }) : executor.select().from(users).where(eq(users.id, id)).get();
  if (!row || !needsRoleSync(row, now)) return row;
  syncUserRole(executor, id, now);
  return executor.select().from(users).where(eq(users.id, id)).get();
}

export function findUserByEmail(email: string): UserRow | undefined {
  return db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).get();
}

export function findUserByIdentifier(identifier: string): UserRow | undefined {
  const value = identifier.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${value} or lower(${users.username}) = ${value}`)
    .get();
}

/** 409 with the field that clashes, checked before writing so the answer names the field. */
export function assertUnique(
  executor: Executor,
  fields: { username?: string; email?: string; cpf?: string | null },
  exceptUserId?: number,
): void {
  const clash = (condition: ReturnType<typeof sql>) =>
    executor
      .select({ id: users.id })
      .from(users)
      .where(exceptUserId ? sql`(${condition}) and ${users.id} <> ${exceptUserId}` : condition)
      .get();
  if (fields.username && clash(sql`lower(${users.username}) = ${fields.username.toLowerCase()}`)) {
    throw new AppError(409, 'Este nome de usuário já está em uso.', 'username');
  }
  if (fields.email && clash(sql`lower(${users.email}) = ${fields.email.toLowerCase()}`)) {
    throw new AppError(409, 'Este e-mail já está cadastrado.', 'email');
  }
  if (fields.cpf && clash(sql`${users.cpf} = ${fields.cpf}`)) {
    throw new AppError(409, 'Este CPF já está cadastrado.', 'cpf');
  }
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

/** Inserts a user (password already hashed by the caller, outside the transaction). */
export function insertUser(executor: Executor, input: Omit<NewUser, 'password'> & { passwordHash: string }): UserRow {
  assertUnique(executor, input);
  return executor
    .insert(users)
    .values({
      username: input.username.trim(),
      email: input.email.trim().toLowerCase(),
      cpf: input.cpf || null,
      password: input.passwordHash,
      disablePasswordRecovery: input.disablePasswordRecovery ?? false,
    })
    .returning()
    .get();
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

const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$R9yKz/Rno1CTajYnUdUumg$T2F+djwBbGu0LmSiBDT0cgPBKO2DWvZKGiddtQm2OCg';

/**
 * Profile and/or password change, all checks first and then one transaction, so a wrong
 * current password or a taken e-mail leaves nothing half changed.
 */
export async function updateAccount(
  userId: number,
  input: { username?: string; email?: string; currentPassword?: string; newPassword?: string },
): Promise<UserRow> {
  const user = getUserById(userId);
  if (!user) throw new AppError(404, 'Usuário não encontrado');
  let passwordHash: string | undefined;
  if (input.newPassword) {
    if (!(await verifyPassword(user.password, input.currentPassword ?? ''))) {
      throw new AppError(400, 'Senha atual incorreta.', 'currentPassword');
    }
    passwordHash = await hashPassword(input.newPassword);
  }
  const username = input.username?.trim() ?? user.username;
  const email = input.email?.trim().toLowerCase() ?? user.email;
  return db.transaction((tx) => {
    assertUnique(tx, { username, email }, userId);
    tx.update(users)
      // A new password also ends any pending recovery: a token issued before it must not undo it.
      .set({ username, email, ...(passwordHash ? { password: passwordHash, resetToken: null, resetTokenExpiry: null } : {}) })
      .where(eq(users.id, userId))
      .run();
    return getUserById(userId, tx)!;
  });
}

/** Either way the switch goes, a pending recovery token dies: it was issued under the old setting. */
export function setPasswordRecovery(userId: number, disablePasswordRecovery: boolean): UserRow {
  db.update(users).set({ disablePasswordRecovery, resetToken: null, resetTokenExpiry: null }).where(eq(users.id, userId)).run();
  const user = getUserById(userId);
  if (!user) throw new AppError(404, 'Usuário não encontrado');
  return user;
}
