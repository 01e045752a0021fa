import { sqliteConnection } from '../../../db/client';
import { bindRateLimitStore } from '../../utils/rate-limit.server';

/**
 * The rate limits (app/utils/rate-limit.server.ts) keep their counters in the app's database,
 * on the connection of the moment (each test file has its own). Models import the limits from
 * here, so using one is what binds them.
 */
bindRateLimitStore(sqliteConnection);

export { assertNotSpent, consume, giveBack, reset, type LimiterName } from '../../utils/rate-limit.server';
