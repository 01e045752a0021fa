import { expect, test } from '@playwright/test';
import { freePort, startProductionServer, type ProductionServer } from './production-server';

/**
 * The Prometheus endpoint (http-server/metrics.js): on METRICS_PORT only, never on the site's port; with
 * one process the process serves it, in a cluster the primary serves the workers' metrics summed.
 */

test.describe.configure({ mode: 'serial' });

const series = (text: string, name: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith(name))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));

async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

test.describe('one process', () => {
  let server: ProductionServer;
  let metricsPort: number;
  test.beforeAll(async () => {
    metricsPort = await freePort();
    server = await startProductionServer({ name: 'metrics', env: { METRICS_PORT: String(metricsPort) } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('/metrics is 404 on the site and 200 on the metrics port, where nothing else is served', async () => {
    const onSite = await fetch(`${server.url}/metrics`);
    expect(onSite.status).toBe(404);
    expect(await onSite.text()).not.toContain('http_request_duration_seconds');
    const other = await fetch(`http://127.0.0.1:${metricsPort}/`);
    expect(other.status).toBe(404);
    const text = await scrape(metricsPort);
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds_bucket',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'eengenharia_live_streams_open',
      'eengenharia_mail_outbox_pending',
      'eengenharia_mail_outbox_failed',
      'eengenharia_mail_outbox_oldest_pending_age_seconds',
      'eengenharia_sqlite_busy_errors_total',
      'eengenharia_replication_lag_seconds',
    ])
      expect(text, name).toContain(`\n${name}`);
  });

  test('every answer is timed by its Remix route and status; the health check is one of them', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/auth`)).status).toBe(200);
    expect((await fetch(`${server.url}/nao-existe-${Date.now()}`)).status).toBe(404);
    // A request is observed when its response has finished on the server's side ('finish'), which can
    // come a moment after the client has read it: scrape until every observation is in (5 s at most).
    const counts = async () => {
      const text = await scrape(metricsPort);
      return {
        auth: series(text, 'http_request_duration_seconds_count{route="routes/_auth+/auth",method="GET",status_code="200"}'),
        health:
          (series(text, 'http_request_duration_seconds_count{route="routes/healthcheck",method="GET",status_code="200"}')[0] ?? 0) > 0,
        // An unknown path is named by the catch-all route, so random URLs cannot grow the label set (the first test's /metrics was one).
        notFound: series(text, 'http_request_duration_seconds_count{route="routes/$",method="GET",status_code="404"}'),
      };
    };
    await expect.poll(counts, { timeout: 5_000 }).toEqual({ auth: [3], health: true, notFound: [2] });
  });
});

test.describe('a cluster of two workers', () => {
  let server: ProductionServer;
  let metricsPort: number;
  test.beforeAll(async () => {
    metricsPort = await freePort();
    server = await startProductionServer({
      name: 'metrics-cluster',
      env: {
        METRICS_PORT: String(metricsPort),
        WEB_CONCURRENCY: '2',
        STRIPE_TEST_MODE: '',
        STRIPE_SECRET_KEY: 'sk_test_metrics',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_metrics',
        STRIPE_WEBHOOK_SECRET: 'whsec_metrics',
      },
    });
    const deadline = Date.now() + 30_000;
    while (!server.log().includes('2 processos atendendo') && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
    expect(server.log()).toContain('2 processos atendendo');
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the primary serves both workers' requests summed; the site's port still answers 404", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const before = series(await scrape(metricsPort), 'http_request_duration_seconds_count{route="routes/_auth+/auth"').reduce(
      (a, b) => a + b,
      0,
    );
    // New connections: the primary hands them to the workers in turn.
    for (let i = 0; i < 6; i++) expect((await fetch(`${server.url}/auth`, { headers: { Connection: 'close' } })).status).toBe(200);
    const text = await scrape(metricsPort);
    expect(series(text, 'http_request_duration_seconds_count{route="routes/_auth+/auth"').reduce((a, b) => a + b, 0)).toBe(before + 6);
    // Two workers' heaps summed, and their gauges of the one database kept once.
    expect(series(text, 'nodejs_heap_size_used_bytes')[0]).toBeGreaterThan(40_000_000);
    expect(series(text, 'eengenharia_mail_outbox_pending ')).toEqual([0]);
  });
});
