import { sql } from 'drizzle-orm';
import { db } from '../../../db/client';
import { apiLoader } from '~/utils/api.server';

/** Fly's health check: the process answers and the database is readable. */
export const loader = apiLoader(() => {
  db.get(sql`select 1`);
  return { status: 'ok' };
});
