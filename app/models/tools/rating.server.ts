import { and, desc, eq, sql } from 'drizzle-orm';
import { db, preparedQuery, type Executor } from '../../../db/client';
import { toolRatings, tools, users } from '../../../db/schema';
import type { RatingInput } from '../../schemas/rating';
import { findVisibleTool, requireUsableTool } from './tool.server';
import type { AccessSubject } from './tool-access';

type Rater = AccessSubject & { id: number };

export type OwnRating = { rating: number; comment: string | null };

export type RatingResult = {
  rating: OwnRating & { createdAt: string; updatedAt: string };
  averageRating: number;
  totalRatings: number;
};

/** avg of integer ratings to 2 decimals, computed from the integer sum to avoid float drift. */
const averageOf = (sum: number, count: number) => (count === 0 ? 0 : Math.round((sum * 100) / count) / 100);

/** Recomputes a tool's average and count from its ratings (after a rating or a user is added or removed). */
export function refreshToolRating(executor: Executor, toolId: number): { averageRating: number; totalRatings: number } {
  const totals = executor
    .select({ sum: sql<number>`coalesce(sum(${toolRatings.rating}), 0)`, count: sql<number>`count(*)` })
    .from(toolRatings)
    .where(eq(toolRatings.toolId, toolId))
    .get()!;
  const averageRating = averageOf(totals.sum, totals.count);
  executor.update(tools).set({ averageRating, totalRatings: totals.count }).where(eq(tools.id, toolId)).run();
  return { averageRating, totalRatings: totals.count };
}

/**
 * One rating per user per tool (a second one replaces the first), and the tool's average and
 * count recomputed from the ratings in the same transaction, so they are always exact.
 * Only a user who can use the tool may rate it: 404 hidden or missing, 403 locked.
 */
export function rateTool(user: Rater, toolId: number, input: RatingInput, now = new Date()): RatingResult {
  return db.transaction((tx) => {
    requireUsableTool(user, toolId, tx);
    const saved = tx
      .insert(toolRatings)
      .values({ toolId, userId: user.id, rating: input.rating, comment: input.comment, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [toolRatings.toolId, toolRatings.userId],
        set: { rating: input.rating, comment: input.comment, updatedAt: now },
      })
      .returning()
      .get();
    const { averageRating, totalRatings } = refreshToolRating(tx, toolId);
    return {
      rating: {
        rating: saved.rating,
        comment: saved.comment,
        createdAt: saved.createdAt.toISOString(),
        updatedAt: saved.updatedAt.toISOString(),
      },
      averageRating,
      totalRatings,
    };
  });
}

/** The user's own rating of a tool they can see ({ rating: null } when they have not rated it). */
export function getUserRating(user: Rater, toolId: number): OwnRating | { rating: null; comment: null } {
  findVisibleTool(user, toolId);
  const own = db
    .select({ rating: toolRatings.rating, comment: toolRatings.comment })
    .from(toolRatings)
    .where(and(eq(toolRatings.toolId, toolId), eq(toolRatings.userId, user.id)))
    .get();
  return own ?? { rating: null, comment: null };
}

/** The user's ratings of the given tools, keyed by tool id (the dashboard's 'Editar' buttons). */
const ratingsOfUser = preparedQuery(() =>
  db
    .select({ toolId: toolRatings.toolId, rating: toolRatings.rating, comment: toolRatings.comment })
    .from(toolRatings)
    .where(eq(toolRatings.userId, sql.placeholder('userId')))
    .prepare(),
);

/** The user's own ratings of these tools (one prepared query over the user's index; a user rates at most every tool once). */
export function ratingsByUser(userId: number, toolIds: number[]): Record<number, OwnRating> {
  if (toolIds.length === 0) return {};
  const wanted = new Set(toolIds);
  const rows = ratingsOfUser()
    .all({ userId })
    .filter((row) => wanted.has(row.toolId));
  return Object.fromEntries(rows.map((row) => [row.toolId, { rating: row.rating, comment: row.comment }]));
}

export const MAX_LISTED_RATINGS = 200;

export type ToolRatingItem = {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  user: { username: string };
};

/** The ratings of a tool the user can see, newest first (the most recent 200). */
export function listToolRatings(user: AccessSubject, toolId: number): ToolRatingItem[] {
  findVisibleTool(user, toolId);
  return db
    .select({
      id: toolRatings.id,
      rating: toolRatings.rating,
      comment: toolRatings.comment,
      createdAt: toolRatings.createdAt,
      username: users.username,
    })
    .from(toolRatings)
    .innerJoin(users, eq(users.id, toolRatings.userId))
    .where(eq(toolRatings.toolId, toolId))
    .orderBy(desc(toolRatings.createdAt), desc(toolRatings.id))
    .limit(MAX_LISTED_RATINGS)
    .all()
    .map((row) => ({
      id: row.id,
      rating: row.rating,
      comment: row.comment,
      createdAt: row.createdAt.toISOString(),
      user: { username: row.username },
    }));
}
