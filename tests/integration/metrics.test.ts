import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { databasePath, db, sqliteBusy, sqliteConnection } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { outboxBacklog } from '../../app/models/mail/outbox-backlog.server';
import { enqueueMail } from '../../app/models/mail/outbox.server';
import { readAppMetrics, type AppMetrics } from '../../app/plumbing/metrics-sources.server';
import { createProcessMetrics, DEFAULT_METRICS_PORT, metricsPort } from '../../http-server/metrics.js';

const fakeApp = (overrides: Partial<AppMetrics> = {}): AppMetrics => ({
  openLiveStreams: 3,
  outbox: { pending: 2, failed: 1, oldestPendingAgeSeconds: 42 },
  sqliteBusyErrors: 5,
  replicationLagSeconds: null,
  ...overrides,
});

const setUp = (app = fakeApp()) =>
  createProcessMetrics({ readAppMetrics: () => app, routeName: () => 'routes/x', livePath: '/resources/live', assetsPath: '/build/' });

/** Every series name the registry exports (a histogram's _bucket, _sum and _count). */
async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await setUp().registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset']);

/** The metric names a PromQL expression reads: what is left once functions, label sets, ranges, groupings and numbers are gone. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)]
    .filter(([, , call]) => !call)
    .map(([, token]) => token)
    .filter((token) => !PROMQL_WORDS.has(token) && !/^\d/.test(token));
}

describe('the metrics port', () => {
  test('9091 in production, off elsewhere unless METRICS_PORT says; off turns it off', () => {
    expect(metricsPort({ NODE_ENV: 'production' })).toBe(DEFAULT_METRICS_PORT);
    expect(DEFAULT_METRICS_PORT).toBe(9091);
    expect(metricsPort({ NODE_ENV: 'development' })).toBeNull();
    expect(metricsPort({ NODE_ENV: 'test', METRICS_PORT: '9200' })).toBe(9200);
    expect(metricsPort({ NODE_ENV: 'production', METRICS_PORT: 'off' })).toBeNull();
  });

  test('a bad value, or the public port itself, is refused with the rule in Portuguese', () => {
    for (const raw of ['abc', '80', '70000', '9091.5', '-1'])
      expect(() => metricsPort({ NODE_ENV: 'production', METRICS_PORT: raw })).toThrow(/METRICS_PORT: use uma porta entre 1024 e 65535/);
    expect(() => metricsPort({ NODE_ENV: 'production', PORT: '3000', METRICS_PORT: '3000' })).toThrow(/diferente de PORT/);
  });
});

describe('what the registry exports', () => {
  test('the app gauges carry what the app read, once per scrape', async () => {
    let reads = 0;
    const metrics = setUp(
      new Proxy(fakeApp({ replicationLagSeconds: 12 }), {
        get(target, key) {
          if (key === 'openLiveStreams') reads += 1;
          return target[key as keyof AppMetrics];
        },
      }),
    );
    const text = await metrics.registry.metrics();
    expect(text).toContain('\neengenharia_live_streams_open 3\n');
    expect(text).toContain('\neengenharia_mail_outbox_pending 2\n');
    expect(text).toContain('\neengenharia_mail_outbox_failed 1\n');
    expect(text).toContain('\neengenharia_mail_outbox_oldest_pending_age_seconds 42\n');
    expect(text).toContain('\neengenharia_sqlite_busy_errors_total 5\n');
    expect(text).toContain('\neengenharia_replication_lag_seconds 12\n');
    expect(text).toMatch(/\nnodejs_eventloop_lag_p99_seconds \d/);
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    expect(text).toMatch(/\nprocess_resident_memory_bytes \d+/);
    expect(text).toMatch(/\nnodejs_heap_size_used_bytes \d+/);
    expect(reads).toBe(1);
  });

  test('requests are timed by route, method and status; the event stream is not', async () => {
    const metrics = setUp();
    const answer = (path: string, status: number) => {
      let finish = () => {};
      const res = { statusCode: status, once: (_event: string, listener: () => void) => (finish = listener) };
      let passed = false;
      metrics.observeRequests({ method: 'GET', path, originalUrl: path } as never, res as never, () => (passed = true));
      expect(passed).toBe(true);
      finish();
    };
    answer('/dashboard', 200);
    answer('/dashboard', 200);
    answer('/build/_shared/chunk-ABC.js', 200);
    answer('/favicon.svg', 404);
    answer('/resources/live', 200);
    const text = await metrics.registry.metrics();
    expect(text).toContain('http_request_duration_seconds_count{route="routes/x",method="GET",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{route="assets",method="GET",status_code="200"} 1');
    expect(text).toContain('http_request_duration_seconds_count{route="public",method="GET",status_code="404"} 1');
    expect(text.match(/http_request_duration_seconds_count/g)).toHaveLength(3);
  });

  test('every name follows Prometheus conventions: snake case, a unit suffix on durations and sizes, _total on counters', async () => {
    for (const metric of await setUp().registry.getMetricsAsJSON()) {
      expect(metric.name).toMatch(/^[a-z][a-z0-9_]*$/);
      if (String(metric.type) === 'counter') expect(metric.name).toMatch(/_total$/);
      if (/duration|lag|age/.test(metric.name) && !metric.name.endsWith('_total')) expect(metric.name).toMatch(/_seconds$/);
    }
  });
});

describe('the Grafana dashboard and the alert rules', () => {
  const dashboard = JSON.parse(readFileSync('docs/grafana/e-engenharia.json', 'utf8')) as {
    panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
  };
  const alerts = JSON.parse(readFileSync('docs/grafana/alert-rules.json', 'utf8')) as {
    groups: Array<{ rules: Array<{ alert: string; expr: string; for: string }> }>;
  };

  test('the expression reader finds the names and only the names', () => {
    expect(metricNamesIn('histogram_quantile(0.99, sum by (le, route) (rate(a_b_bucket{route=~"x+"}[5m]))) > 0.5')).toEqual(['a_b_bucket']);
    expect(metricNamesIn('(sum(increase(c_total{s!="200"}[5m])) > 0) or absent_over_time(d{r="h"}[5m])')).toEqual(['c_total', 'd']);
  });

  test("every panel's queries name metrics the server exports", async () => {
    const names = await exportedNames();
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const used = metricNamesIn(expr);
        expect(used.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of used) expect(names, `${panel.title}: ${name}`).toContain(name);
      }
    }
  });

  test('the four alerts (signed-in p99, event-loop delay, outbox age, health check) read exported metrics', async () => {
    const names = await exportedNames();
    const rules = alerts.groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual([
      'PaginasComLoginLentas',
      'EventLoopAtrasado',
      'EmailParadoNaFila',
      'HealthCheckFalhando',
    ]);
    for (const rule of rules) {
      expect(rule.for).toMatch(/^\d+m$/);
      for (const name of metricNamesIn(rule.expr)) expect(names, `${rule.alert}: ${name}`).toContain(name);
    }
    expect(rules[0].expr).toContain('route=~"routes/_app\\\\+/.*"');
    expect(rules[3].expr).toContain('route="routes/healthcheck"');
  });
});

describe('what the app reads for the metrics', () => {
  afterEach(() => {
    db.delete(mailOutbox).run();
  });

  test('the outbox: waiting (pending or in delivery) and failed rows, and the oldest waiting one’s age', () => {
    const now = Date.now();
    const queue = (status: 'pending' | 'sending' | 'sent' | 'failed', ageMs: number) => {
      const id = enqueueMail(db, { userId: null, to: 'a@example.com', kind: 'welcome', subject: 's', text: 't', html: 'h' })!;
      db.update(mailOutbox)
        .set({ status, createdAt: new Date(now - ageMs) })
        .where(eq(mailOutbox.id, id))
        .run();
    };
    expect(outboxBacklog(now)).toEqual({ pending: 0, failed: 0, oldestPendingAgeSeconds: 0 });
    queue('sent', 3_600_000);
    queue('failed', 1_800_000);
    queue('pending', 60_000);
    queue('sending', 120_000);
    expect(outboxBacklog(now)).toEqual({ pending: 2, failed: 1, oldestPendingAgeSeconds: 120 });
    expect(readAppMetrics(now)).toMatchObject({ openLiveStreams: 0, outbox: { pending: 2, failed: 1 }, replicationLagSeconds: null });
  });

  test('a statement or a transaction that finds the database locked past busy_timeout is counted once', () => {
    const other = new Database(databasePath());
    other.pragma('busy_timeout = 0');
    const before = sqliteBusy.count;
    const own = sqliteConnection();
    own.pragma('busy_timeout = 0');
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      expect(() => enqueueMail(db, { userId: null, to: 'b@example.com', kind: 'welcome', subject: 's', text: 't', html: 'h' })).toThrow(
        /locked|busy/i,
      );
      expect(sqliteBusy.count).toBe(before + 1);
      expect(() =>
        db.transaction((tx) => enqueueMail(tx, { userId: null, to: 'c@example.com', kind: 'welcome', subject: 's', text: 't', html: 'h' })),
      ).toThrow(/locked|busy/i);
      expect(sqliteBusy.count).toBe(before + 2);
      expect(readAppMetrics().sqliteBusyErrors).toBe(before + 2);
    } finally {
      other.prepare('ROLLBACK').run();
      other.close();
      own.pragma('busy_timeout = 5000');
    }
  });
});
