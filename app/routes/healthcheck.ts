import { assertDatabaseAnswers } from '~/models/health.server';
import { apiLoader } from '~/utils/api.server';

/** Fly's health check: the process answers and the database is readable. */
export const loader = apiLoader(() => {
  assertDatabaseAnswers();
  return { status: 'ok' };
});
