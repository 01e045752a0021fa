import { afterEach, describe, expect, test } from 'vitest';
import { durationMs, replicationLagMs, REPLICATION_LAG_LIMIT_MS } from '~/plumbing/replica-status.server';

/**
 * Issue 29 item 5: the health check's view of the replica. Without one nothing is read; a replica
 * that cannot be reached counts as lagging past the limit (degraded, decision 053). The drill
 * (tests/production/recovery-drill.spec.ts) reads a real one with `npm run db:replica-status`.
 */

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('replication lag', () => {
  test('reads the Go durations Litestream prints', () => {
    expect(durationMs('604ms')).toBe(604);
    expect(durationMs('1m2.5s')).toBe(62_500);
    expect(durationMs('2h0m0s')).toBe(7_200_000);
  });

  test('is not read at all without a replica', () => {
    delete process.env.LITESTREAM_REPLICA_URL;
    delete process.env.LITESTREAM_BUCKET;
    expect(replicationLagMs('/nowhere/app.db')).toBeNull();
  });

  test('an unreachable replica is past the limit once read, and reading never blocks the check', async () => {
    Object.assign(process.env, {
      LITESTREAM_REPLICA_URL: 's3://missing/app.db',
      LITESTREAM_ENDPOINT: 'http://127.0.0.1:9',
      LITESTREAM_FORCE_PATH_STYLE: 'true',
      LITESTREAM_ACCESS_KEY_ID: 'x',
      LITESTREAM_SECRET_ACCESS_KEY: 'x',
      DATABASE_URL: 'file:/tmp/replica-status-test.db',
    });
    const started = Date.now();
    expect(replicationLagMs('/tmp/replica-status-test.db')).toBeNull();
    expect(Date.now() - started).toBeLessThan(200);
    let lag: number | null = null;
    for (let i = 0; i < 150 && lag === null; i++) {
      await new Promise((wait) => setTimeout(wait, 200));
      lag = replicationLagMs('/tmp/replica-status-test.db');
    }
    expect(lag).toBeGreaterThan(REPLICATION_LAG_LIMIT_MS);
  }, 40_000);
});
