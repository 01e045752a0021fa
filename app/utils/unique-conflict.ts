import { AppError } from './errors';

/**
 * What a UNIQUE constraint failure (better-sqlite3's SqliteError) names: the column for an
 * index on plain columns ("UNIQUE constraint failed: users.email_key"), the index for an
 * expression index ("... failed: index 'name'"); null for any other error.
 */
export function failedUniqueConstraint(error: unknown): string | null {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const match = /UNIQUE constraint failed: (?:index '([^']+)'|(.+))$/.exec(error.message);
  return match ? (match[1] ?? match[2]) : null;
}

type Conflict = { message: string; field?: string };

/**
 * Runs a write whose uniqueness was checked first; if another writer took the value in
 * between (a race), the UNIQUE failure becomes the same 409 the check would have given.
 */
export function withUniqueConflicts<T>(conflicts: Record<string, Conflict>, write: () => T): T {
  try {
    return write();
  } catch (error) {
    const constraint = failedUniqueConstraint(error);
    const conflict = constraint ? conflicts[constraint] : undefined;
    if (conflict) throw new AppError(409, conflict.message, conflict.field);
    throw error;
  }
}
