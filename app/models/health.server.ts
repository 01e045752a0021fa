import { sql } from 'drizzle-orm';
import { db } from '../../db/client';

/** Throws when the database does not answer a trivial query. */
export function assertDatabaseAnswers(): void {
  db.get(sql`select 1`);
}
