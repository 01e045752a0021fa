import { and, count, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { databaseVersion, db, preparedShapes, type Executor } from '../../../db/client';
import { users, type GrantableRole, type Role, type UserRow } from '../../../db/schema';
import type { AdminUserCreateInput, AdminUserUpdateInput } from '../../schemas/admin-user';
import { AppError } from '../../utils/errors';
import { foldKey } from '../../utils/fold';
import { paginate, type Page } from '../../utils/pagination.server';
import { hashPassword } from '../../utils/password.server';
import { assertActingAdmin, describeChanges, recordAudit, type AuditActor } from '../audit/audit.server';
import { publishPromotionNotice, tellPromotedAdmin } from './admin-promotion.server';
import {
  grantRole,
  hasLapsedRoles,
  otherAdminCount,
  revokeGrants,
  syncAllUserRoles,
  syncLapsedRoles,
  syncUserRole,
} from '../accounts/role-grant.server';
import { isPro } from '../accounts/roles';
import { endAllSessions } from '../accounts/session.server';
import {
  assertUnique,
  assertValidCpf,
  getUserById,
  insertUser,
  toPublicUser,
  userKeys,
  writeUser,
  type PublicUser,
} from '../accounts/user.server';

export const ADMIN_USER_ERRORS = {
  notFound: 'Usuário não encontrado',
  proDaysNeeded: 'Para E-TOOL ou E-MASTER, informe pelo menos 1 dia de acesso Pro.',
  deleteSelf: 'Você não pode excluir sua própria conta.',
  demoteSelf: 'Você não pode remover seu próprio acesso de administrador.',
  lastAdmin: 'Este é o único administrador: dê acesso de administrador a outra pessoa antes de mudar o cargo dele.',
} as const;

export const USERS_PAGE_SIZE = 100;

/** The grants an admin's role choice ends: everything above the chosen role. */
const ROLES_ABOVE: Record<Role, GrantableRole[]> = {
  'E-BASIC': ['E-TOOL', 'E-MASTER', 'admin'],
  'E-TOOL': ['E-MASTER', 'admin'],
  'E-MASTER': ['admin'],
  admin: [],
};

/** The trigram index answers substrings of at least this many characters (decision 013). */
const TRIGRAM = 3;

/** An FTS5 string: the folded text as one quoted phrase, so nothing in it is query syntax. */
const ftsPhrase = (key: string) => `"${key.replace(/"/g, '""')}"`;

/** The smallest string above every string that starts with `prefix` (BINARY collation compares UTF-8 bytes, i.e. code points). */
function prefixEnd(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    // Skip the surrogate range and stop at the last code point.
    const next = last === 0xd7ff ? 0xe000 : last + 1;
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return null;
}

/**
 * `q` of one or two characters: usernames or e-mails that start with it, through their UNIQUE key
 * indexes: keys from the placeholder `key` up to `end` (without an end, every key from `key`).
 */
function prefixCondition(hasEnd: boolean): SQL {
  const key = sql.placeholder('key');
  const end = sql.placeholder('end');
  const range = (column: typeof users.usernameKey | typeof users.emailKey) =>
    hasEnd ? and(gte(column, key), lt(column, end))! : gte(column, key);
  return or(range(users.usernameKey), range(users.emailKey))!;
}

type UserFilter = { q?: string; role?: Role; page?: number; perPage?: number };

/** The list's three ways (see listUsers), with or without a role; every value a placeholder (role, key, end, phrase, limit, offset). */
type UserListShape = { by: 'all' | 'prefix' | 'fts'; role: boolean; hasEnd: boolean };

/** What the admin page's rows show; the API's PublicUser needs the whole row. */
const LIST_COLUMNS = {
  id: users.id,
  username: users.username,
  email: users.email,
  cpf: users.cpf,
  role: users.role,
  roleExpiryDate: users.roleExpiryDate,
};
export type UserListRow = Pick<UserRow, keyof typeof LIST_COLUMNS>;

/** users_search yields matching ids (column `id`) in id order (the phrase and role as placeholders). */
const ftsMatches = (withRole: boolean) =>
  withRole
    ? sql`select s.rowid as id from users_search s join ${users} u on u.id = s.rowid where users_search match ${sql.placeholder('phrase')} and u.role = ${sql.placeholder('role')}`
    : sql`select rowid as id from users_search where users_search match ${sql.placeholder('phrase')}`;

function userListWhere(shape: UserListShape): SQL | undefined {
  const role = sql.placeholder('role');
  if (shape.by === 'all') return shape.role ? eq(users.role, role) : undefined;
  // The unary + keeps the planner on the key indexes rather than walking a whole role.
  if (shape.by === 'prefix') return and(prefixCondition(shape.hasEnd), shape.role ? sql`+${users.role} = ${role}` : undefined);
  // The search's page is cut from the FTS index alone (buildUserRows).
  return undefined;
}

const buildUserCount = (shape: UserListShape) =>
  shape.by === 'fts'
    ? db
        .select({ value: count() })
        .from(sql`(${ftsMatches(shape.role)})`)
        .prepare()
    : db.select({ value: count() }).from(users).where(userListWhere(shape)).prepare();

/** `columns`: the admin page's columns only (LIST_COLUMNS), or the whole row (the API). */
const buildUserRows = ({ columns, ...shape }: UserListShape & { columns: keyof RowOf }) => {
  const selection = columns === 'list' ? LIST_COLUMNS : getTableColumns(users);
  if (shape.by === 'fts') {
    // The page's ids are cut from the FTS index alone (a co-routine), then only they are read from users by
    // primary key: as `users.id in (…)` SQLite read the page 5-7 times slower (0.54 against 0.08 ms for 25 of 5,076 'ana').
    const page = sql`(${ftsMatches(shape.role)} order by 1 desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as page`;
    return db
      .select(selection)
      .from(page)
      .innerJoin(users, sql`${users.id} = page.id`)
      .orderBy(sql`page.id desc`)
      .prepare();
  }
  return db
    .select(selection)
    .from(users)
    .where(userListWhere(shape))
    .orderBy(...(shape.by === 'all' ? [desc(users.createdAt), desc(users.id)] : [desc(users.id)]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare();
};

const userCount = preparedShapes(buildUserCount);
const userRows = preparedShapes(buildUserRows);

/** At most this many totals and pages are kept; all of them go when the database version moves. */
const READS_KEPT = 64;
let keptReads: { version: string; values: Map<string, unknown> } | null = null;

/**
 * A search's total and its pages of rows, kept per process until anything is written to the database
 * (databaseVersion, read once per view): counting every 'ana' among 50,000 users reads the whole trigram
 * doclist, and a page of rows is the view's most expensive statement; paging through one search, or
 * viewing it again, reads each once. The roles shown are synced first (`userPage`), and a sync is a write.
 * Kept values are shared between views: never mutated.
 */
function readsOfThisVersion(): <T>(name: string, run: () => T) => T {
  const version = databaseVersion();
  if (keptReads?.version !== version) keptReads = { version, values: new Map() };
  const { values } = keptReads;
  return <T>(name: string, run: () => T): T => {
    if (values.has(name)) return values.get(name) as T;
    const value = run();
    if (values.size >= READS_KEPT) values.clear();
    values.set(name, value);
    return value;
  };
}

/** The row each choice of columns reads. */
type RowOf = { list: UserListRow; all: UserRow };

function userPage<C extends keyof RowOf, T>(filter: UserFilter, now: Date, columns: C, toItem: (row: RowOf[C]) => T): Page<T> {
  const query = { page: filter.page ?? 1, perPage: filter.perPage ?? USERS_PAGE_SIZE };
  // The stored roles shown and filtered on are the roles in force (users_role_expiry_idx finds lapsed
  // ones). A lapsed role is rare: only then does the view take the write lock (BEGIN IMMEDIATE) to sync.
  if (hasLapsedRoles(now)) syncAllUserRoles(now);
  const key = filter.q ? foldKey(filter.q) : '';
  const end = key ? prefixEnd(key) : null;
  const by = !key ? 'all' : [...key].length < TRIGRAM ? 'prefix' : 'fts';
  const shape: UserListShape = { by, role: Boolean(filter.role), hasEnd: by === 'prefix' && end !== null };
  const values = { role: filter.role ?? null, key, end, phrase: key ? ftsPhrase(key) : null };
  const kept = readsOfThisVersion();
  const name = `${shape.by}:${values.role ?? ''}:${values.key}`;
  return paginate(query, {
    count: () => kept(`count:${name}`, () => userCount(shape).get(values)?.value ?? 0),
    rows: (limit, offset) =>
      kept(`${columns}:${limit}:${offset}:${name}`, () =>
        (userRows({ ...shape, columns }).all({ ...values, limit, offset }) as RowOf[C][]).map(toItem),
      ),
  });
}

/**
 * The admin list, a bounded page whatever the table's size (decision 013):
 * - no `q`: newest first through users_created_idx, or users_role_idx (role, created_at) for a role;
 * - `q` of 3+ characters: a substring of the username or e-mail (case- and accent-insensitive),
 *   through the FTS5 trigram table users_search, newest account (highest id) first;
 * - `q` of 1-2 characters (too short for trigrams): usernames or e-mails starting with it.
 * Roles are the roles in force: lapsed periods are applied first.
 * Each shape of the query is prepared once per connection; the total and the pages are kept (readsOfThisVersion).
 */
export function listUsers(filter: UserFilter = {}, now = new Date()): Page<PublicUser> {
  return userPage(filter, now, 'all', toPublicUser);
}

/** The same list with only the columns the admin page shows (LIST_COLUMNS). */
export function listUserRows(filter: UserFilter = {}, now = new Date()): Page<UserListRow> {
  return userPage(filter, now, 'list', (row) => row);
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

/** A CPF in the audit log: whether there is one and its last two digits, never the number. */
const maskedCpf = (cpf: string | null) => (cpf ? `***${cpf.slice(-2)}` : null);

/** What the audit log compares before and after an admin edit. */
const auditedUser = (user: UserRow) => ({
  username: user.username,
  email: user.email,
  cpf: maskedCpf(user.cpf),
  role: user.role,
  roleExpiryDate: user.roleExpiryDate,
});
const AUDITED_USER_FIELDS = ['username', 'email', 'cpf', 'role', 'roleExpiryDate'] as const;

/** POST /api/users and the admin page: an account with a role; E-TOOL/E-MASTER get proDays of it, admin a permanent grant. */
export async function createUserAsAdmin(actor: AuditActor, input: AdminUserCreateInput, now = new Date()): Promise<UserRow> {
  if (isPro(input.role) && input.proDays < 1) throw new AppError(400, ADMIN_USER_ERRORS.proDaysNeeded, 'proDays');
  assertValidCpf(input.cpf);
  assertUnique(db, input);
  const passwordHash = await hashPassword(input.password);
  const { created, notice } = db.transaction((tx) => {
    // An address an admin types counts as confirmed (decision 045): the admin vouches for it, under audit.
    const user = insertUser(tx, { username: input.username, email: input.email, cpf: input.cpf, passwordHash, emailConfirmedAt: now });
    if (input.role !== 'E-BASIC') {
      grantRole(
        tx,
        { userId: user.id, role: input.role, days: input.role === 'admin' ? null : input.proDays, source: 'admin', createdBy: actor.id },
        now,
      );
    }
    const created = getUserById(user.id, tx, now)!;
    recordAudit(tx, actor, {
      action: 'user.create',
      entityType: 'user',
      entityId: created.id,
      summary: `criado: ${created.username} <${created.email}>, ${created.role}${isPro(input.role) ? `, ${input.proDays} dias` : ''}`,
    });
    return { created, notice: created.role === 'admin' ? tellPromotedAdmin(tx, created, now) : null };
  });
  if (notice) publishPromotionNotice(notice, now);
  return created;
}

/**
 * PATCH /api/users/{id} and the edit dialog: fields and role in one transaction, so a refused part
 * changes nothing. Audited as 'user.role' when the role or its period moved, else 'user.update';
 * an edit that changes nothing writes no row. The acting admin is read again inside the
 * transaction (demoted or deleted since the session was read: 403), and the last admin keeps the role.
 */
export function updateUserAsAdmin(actor: AuditActor, userId: number, input: AdminUserUpdateInput, now = new Date()): UserRow {
  const { updated, notice } = db.transaction((tx) => {
    assertActingAdmin(tx, actor);
    const user = findUserOr404(tx, userId, now);
    const target = input.role ?? user.role;
    if (userId === actor.id && target !== 'admin') throw new AppError(400, ADMIN_USER_ERRORS.demoteSelf, 'role');
    const changes: Partial<Pick<UserRow, 'username' | 'email' | 'cpf'>> = {};
    if (input.username !== undefined) changes.username = input.username;
    if (input.email !== undefined) changes.email = input.email;
    if (input.cpf !== undefined) changes.cpf = input.cpf;
    if (Object.keys(changes).length > 0) {
      assertValidCpf(changes.cpf);
      assertUnique(tx, changes, userId);
      const newAddress =
        changes.email !== undefined && foldKey(changes.email) !== user.emailKey ? { emailConfirmedAt: now, emailChangedAt: null } : {};
      writeUser(() =>
        tx
          .update(users)
          .set({ ...changes, ...userKeys(changes), ...newAddress })
          .where(eq(users.id, userId))
          .run(),
      );
    }
    applyRoleChoice(tx, userId, target, input.proDays, actor.id, now);
    const updated = getUserById(userId, tx, now)!;
    if (user.role === 'admin' && updated.role !== 'admin' && otherAdminCount(tx, userId) === 0)
      throw new AppError(409, ADMIN_USER_ERRORS.lastAdmin, 'role');
    const summary = describeChanges(auditedUser(user), auditedUser(updated), AUDITED_USER_FIELDS);
    const roleMoved = user.role !== updated.role || user.roleExpiryDate?.getTime() !== updated.roleExpiryDate?.getTime();
    if (summary) {
      const days = isPro(target) && input.proDays > 0 ? `; +${input.proDays} dias de ${target}` : '';
      recordAudit(tx, actor, {
        action: roleMoved ? 'user.role' : 'user.update',
        entityType: 'user',
        entityId: userId,
        summary: `${summary}${days}`,
      });
    }
    return { updated, notice: user.role !== 'admin' && updated.role === 'admin' ? tellPromotedAdmin(tx, updated, now) : null };
  });
  if (notice) publishPromotionNotice(notice, now);
  return updated;
}

/** An admin sets a new password: any pending recovery token dies and the user is signed out everywhere. */
export async function resetUserPassword(actor: AuditActor, userId: number, password: string): Promise<void> {
  findUserOr404(db, userId, new Date());
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    const updated = tx
      .update(users)
      .set({ password: passwordHash, resetToken: null, resetTokenExpiry: null })
      .where(eq(users.id, userId))
      .returning({ id: users.id, username: users.username })
      .get();
    if (!updated) throw new AppError(404, ADMIN_USER_ERRORS.notFound);
    endAllSessions(userId, tx);
    recordAudit(tx, actor, {
      action: 'user.password_reset',
      entityType: 'user',
      entityId: userId,
      summary: `senha de ${updated.username} redefinida; sessões encerradas`,
    });
  });
}

/** 'Verificar Planos Expirados' (POST /api/admin/force-expiration-check): every lapsed period applied now, audited. */
export function runExpiryCheck(actor: AuditActor, now = new Date()): number {
  return db.transaction((tx) => {
    const changed = syncLapsedRoles(tx, now);
    recordAudit(tx, actor, {
      action: 'user.expiry_check',
      entityType: 'user',
      entityId: null,
      summary: `verificação de planos expirados: ${changed} usuário(s) atualizado(s)`,
    });
    return changed;
  });
}
