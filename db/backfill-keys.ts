import { eq, isNull, or, sql } from 'drizzle-orm';
import { foldKey, sortKey } from '../app/utils/fold';
import type { DB } from './client';
import { chatThreads, courses, promoCodes, users } from './schema';

/**
 * A key for a row whose folded value another row already holds (two rows that the old
 * ASCII-only comparison let in, such as 'Ñandu' and 'ñandu'). foldKey() output never starts
 * with a space (it is trimmed), so this can never equal a typed value: the older row keeps the
 * name, the newer one is still found by its other key (e-mail) and an admin can rename it.
 */
const clashKey = (id: number, key: string) => ` clash:${id}:${key}`;

/**
 * Fills the folded keys of rows written before migration 0002 (or by anything that skipped
 * the models), with JavaScript's fold, which SQLite's lower() cannot compute. Idempotent: only
 * rows whose key is null are touched. Runs after every migration (db/migrate.ts).
 */
export function backfillFoldedKeys(db: DB): void {
  backfillCourseTitleKeys(db);
  backfillChatSubjectKeys(db);
  // The usual case, on every start: nothing to fill (the key indexes answer at once).
  const userPending = db
    .select({ id: users.id })
    .from(users)
    .where(or(isNull(users.usernameKey), isNull(users.emailKey)))
    .limit(1)
    .get();
  const codePending = db.select({ id: promoCodes.id }).from(promoCodes).where(isNull(promoCodes.codeKey)).limit(1).get();
  if (!userPending && !codePending) return;
  db.transaction((tx) => {
    const taken = { username: new Set<string>(), email: new Set<string>(), code: new Set<string>() };
    const pendingUsers = tx
      .select({ id: users.id, username: users.username, email: users.email, usernameKey: users.usernameKey, emailKey: users.emailKey })
      .from(users)
      .orderBy(users.id)
      .all();
    for (const row of pendingUsers) {
      if (row.usernameKey !== null) taken.username.add(row.usernameKey);
      if (row.emailKey !== null) taken.email.add(row.emailKey);
    }
    const clashes: string[] = [];
    const claim = (set: Set<string>, id: number, value: string, what: string) => {
      const key = foldKey(value);
      if (!set.has(key)) {
        set.add(key);
        return key;
      }
      clashes.push(`${what} #${id} "${value}"`);
      return clashKey(id, key);
    };
    // One prepared statement for every row (tens of thousands after a bulk import).
    const setUserKeys = tx
      .update(users)
      .set({ usernameKey: sql`${sql.placeholder('usernameKey')}`, emailKey: sql`${sql.placeholder('emailKey')}` })
      .where(eq(users.id, sql.placeholder('id')))
      .prepare();
    for (const row of pendingUsers) {
      // Rows read back from SQLite may be null despite the schema's type: that is what is filled here.
      if (row.usernameKey !== null && row.emailKey !== null) continue;
      setUserKeys.run({
        id: row.id,
        usernameKey: row.usernameKey ?? claim(taken.username, row.id, row.username, 'usuário'),
        emailKey: row.emailKey ?? claim(taken.email, row.id, row.email, 'e-mail'),
      });
    }
    const codes = tx
      .select({ id: promoCodes.id, code: promoCodes.code, codeKey: promoCodes.codeKey })
      .from(promoCodes)
      .orderBy(promoCodes.id)
      .all();
    for (const row of codes) if (row.codeKey !== null) taken.code.add(row.codeKey);
    const setCodeKey = tx
      .update(promoCodes)
      .set({ codeKey: sql`${sql.placeholder('codeKey')}` })
      .where(eq(promoCodes.id, sql.placeholder('id')))
      .prepare();
    for (const row of codes) {
      if (row.codeKey !== null) continue;
      setCodeKey.run({ id: row.id, codeKey: claim(taken.code, row.id, row.code, 'código promocional') });
    }
    if (clashes.length > 0) {
      console.warn(`Valores que só diferiam em maiúsculas/acentos e agora colidem (renomeie-os): ${clashes.join('; ')}`);
    }
  });
}

/** courses.title_key (migration 0003) for rows written before it: a sort key, never unique. */
function backfillCourseTitleKeys(db: DB): void {
  const pending = db.select({ id: courses.id, title: courses.title }).from(courses).where(isNull(courses.titleKey)).all();
  if (pending.length === 0) return;
  db.transaction((tx) => {
    for (const row of pending)
      tx.update(courses)
        .set({ titleKey: sortKey(row.title) })
        .where(eq(courses.id, row.id))
        .run();
  });
}

/** chat_threads.subject_key (migration 0007) for tickets written before it: the lists' search key. */
function backfillChatSubjectKeys(db: DB): void {
  const pending = db
    .select({ id: chatThreads.id, subject: chatThreads.subject })
    .from(chatThreads)
    .where(isNull(chatThreads.subjectKey))
    .all();
  if (pending.length === 0) return;
  db.transaction((tx) => {
    for (const row of pending)
      tx.update(chatThreads)
        .set({ subjectKey: sortKey(row.subject) })
        .where(eq(chatThreads.id, row.id))
        .run();
  });
}
