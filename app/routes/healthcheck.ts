import { checkHealth } from '~/plumbing/health.server';
import { apiLoader, errorResponse } from '~/utils/api.server';

/** Fly's health check: 200 when the database answers and a page renders ('degraded' when the replica lags), 503 with what failed otherwise (never cached). */
export const loader = apiLoader(async ({ context }) => {
  const health = await checkHealth(context.serverPort);
  if (!health.ok)
    return errorResponse(503, health.failed === 'database' ? 'Banco de dados indisponível.' : 'A página inicial não renderizou.');
  if (health.replicationLagMs !== undefined) {
    const lagSeconds = Number.isFinite(health.replicationLagMs) ? Math.round(health.replicationLagMs / 1000) : null;
    return { status: 'degraded', replication: lagSeconds === null ? 'réplica inacessível' : `réplica atrasada ${lagSeconds} s` };
  }
  return { status: 'ok' };
});
