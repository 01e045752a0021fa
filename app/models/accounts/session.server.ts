import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { activeSessions, endedSessions, users, type UserRow } from '../../../db/schema';
import { SESSION_TTL_MS } from '../../utils/session.server';
import { liveChannels, publish, publishAccessChanged } from '../live-bus/live-events.server';

export { SESSION_TTL_MS };

const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;

export type SessionLookup = { status: 'active'; userId: number } | { status: 'replaced' } | { status: 'expired' };

/**
 * Starts a session and ends every older one of the same user (one device at a time);
 * the ended ids are remembered so their next request can be told why. `alsoInTransaction`
 * writes what belongs to the same sign-in (its record and alert: sign-ins.server.ts).
 */
export function startSession(
  userId: number,
  client: { userAgent?: string | null; ipAddress?: string | null },
  now = new Date(),
  alsoInTransaction?: (tx: Executor) => void,
): string {
  const sessionId = randomBytes(32).toString('base64url');
  const ended = db.transaction((tx) => {
    const older = tx.select({ sessionId: activeSessions.sessionId }).from(activeSessions).where(eq(activeSessions.userId, userId)).all();
    if (older.length > 0) {
      tx.insert(endedSessions)
        .values(older.map((row) => ({ sessionId: row.sessionId, reason: 'replaced' as const, endedAt: now })))
        .onConflictDoNothing()
        .run();
      tx.delete(activeSessions).where(eq(activeSessions.userId, userId)).run();
    }
    tx.insert(activeSessions)
      .values({
        userId,
        sessionId,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        ipAddress: client.ipAddress ?? null,
        lastActivity: now,
        // Signing in counts as the fresh check before dangerous actions (fresh-check.server.ts).
        freshCheckAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      })
      .run();
    tx.update(users).set({ lastLogin: now }).where(eq(users.id, userId)).run();
    alsoInTransaction?.(tx);
    tx.delete(endedSessions)
      .where(lt(endedSessions.endedAt, new Date(now.getTime() - SESSION_TTL_MS)))
      .run();
    return older;
  });
  // The ended sessions' open tabs leave for /auth with 'Sessão expirada' (their event streams listen here).
  for (const row of ended) publish(liveChannels.session(row.sessionId), 'session-ended', { reason: 'replaced' });
  return sessionId;
}

const activeSessionById = preparedQuery(() =>
  db
    .select()
    .from(activeSessions)
    .where(eq(activeSessions.sessionId, sql.placeholder('sessionId')))
    .prepare(),
);
const endedSessionById = preparedQuery(() =>
  db
    .select()
    .from(endedSessions)
    .where(eq(endedSessions.sessionId, sql.placeholder('sessionId')))
    .prepare(),
);

/**
 * The session and its user in one statement: every signed-in request reads both (the HMAC-checked
 * cookie names the session; `lookupSessionUser` in auth.server.ts).
 */
const activeSessionWithUser = preparedQuery(() =>
  db
    // Of the session, only what settleSession reads: drizzle maps every column it is given into the row.
    .select({
      session: { id: activeSessions.id, expiresAt: activeSessions.expiresAt, lastActivity: activeSessions.lastActivity },
      user: users,
    })
    .from(activeSessions)
    .innerJoin(users, eq(users.id, activeSessions.userId))
    .where(eq(activeSessions.sessionId, sql.placeholder('sessionId')))
    .prepare(),
);

type SessionRow = Pick<typeof activeSessions.$inferSelect, 'id' | 'expiresAt' | 'lastActivity'>;

/** The status of a session read by id, writing what a request on it owes: the expired row's removal, the activity stamp (at most once a minute). */
function settleSession(sessionId: string, row: SessionRow | undefined, now: Date): 'active' | 'replaced' | 'expired' {
  if (!row) return endedSessionById().get({ sessionId }) ? 'replaced' : 'expired';
  if (row.expiresAt.getTime() <= now.getTime()) {
    db.delete(activeSessions).where(eq(activeSessions.id, row.id)).run();
    return 'expired';
  }
  if (now.getTime() - row.lastActivity.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    db.update(activeSessions).set({ lastActivity: now }).where(eq(activeSessions.id, row.id)).run();
  }
  return 'active';
}

export function lookupSession(sessionId: string, now = new Date()): SessionLookup {
  const row = activeSessionById().get({ sessionId });
  const status = settleSession(sessionId, row, now);
  return status === 'active' ? { status, userId: row!.userId } : { status };
}

export type SessionUserLookup = { status: 'active'; user: UserRow } | { status: 'replaced' } | { status: 'expired' };

/**
 * `lookupSession` and the user's row in one read (the user as stored: the caller applies the role in
 * force). A session whose user is gone reads as expired, as a missing session does.
 */
export function lookupSessionUser(sessionId: string, now = new Date()): SessionUserLookup {
  const found = activeSessionWithUser().get({ sessionId });
  const status = settleSession(sessionId, found?.session, now);
  return status === 'active' ? { status, user: found!.user } : { status };
}

/**
 * Whether the session is still active, read only (no activity write, no clean-up): the open event
 * streams ask this of their sessions every 25 s, and the tab's page requests do the rest.
 */
export function isSessionActive(sessionId: string, now = new Date()): boolean {
  const row = activeSessionById().get({ sessionId });
  return row !== undefined && row.expiresAt.getTime() > now.getTime();
}

/**
 * What `lookupSession` answers, read only (no activity write, no clean-up): an open event stream
 * re-reads its session with it when the user's access changed.
 */
export function peekSession(sessionId: string, now = new Date()): SessionLookup {
  const row = activeSessionById().get({ sessionId });
  if (!row) return endedSessionById().get({ sessionId }) ? { status: 'replaced' } : { status: 'expired' };
  return row.expiresAt.getTime() > now.getTime() ? { status: 'active', userId: row.userId } : { status: 'expired' };
}

/** A logout: the session's other open tabs are told at once (their streams re-read the session). */
export function endSession(sessionId: string): void {
  const ended = db.delete(activeSessions).where(eq(activeSessions.sessionId, sessionId)).returning({ userId: activeSessions.userId }).all();
  for (const { userId } of ended) publishAccessChanged(userId);
}

/**
 * Signs the user out everywhere (inside the caller's transaction when given one): a password
 * reset, the deletion of the account. Their open streams end at once; they re-read the session
 * after the caller's transaction, so a rolled-back one ends nothing.
 */
export function endAllSessions(userId: number, executor: Executor = db): void {
  executor.delete(activeSessions).where(eq(activeSessions.userId, userId)).run();
  publishAccessChanged(userId);
}
