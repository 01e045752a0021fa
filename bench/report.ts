/** Turns the bench's measurements into the Markdown table it prints and writes. */
import type { Load, ScriptSize } from './measure';
import { APP_SCENARIOS, REFERENCES, TARGETS, type ReferenceId } from './scenarios';
import { CONNECTIONS } from './measure';

/** `status`: what the scenario answered right before the run; `expected` what it must answer (200 unless a write says otherwise). */
export type Measured = { id: string; label: string; load: Load; status: number; expected?: number };

export type Results = {
  quick: boolean;
  date: string;
  commit: string;
  dirty: boolean;
  machine: { cores: number; cpu: string; memoryGb: number; node: string; os: string };
  seconds: number;
  warmupSeconds: number;
  ceiling: Measured;
  bare: Record<ReferenceId, Measured>[];
  small: Measured[];
  large: Measured[];
  coldStartMs: number[];
  rss: { small: { rssMb: number; command: string } | null; large: { rssMb: number; command: string } | null };
  scripts: Record<string, ScriptSize>;
  largeSeed: { seconds: number; megabytes: number };
  /** Scenarios during which the app's server exited and was started again. */
  restarts: string[];
  /** The id of the demo seed's large course (the course-page scenario) on each database. */
  benchCourse: { small: number; large: number };
  durationSeconds: number;
};

const n0 = (value: number) => Math.round(value).toLocaleString('en-US');
const n1 = (value: number) => value.toFixed(1);
const pct = (value: number) => `${Math.round(value * 100)} %`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

type Check = { label: string; ok: boolean };

function non2xx(m: Measured): string {
  const parts = [String(m.load.non2xx)];
  if (m.load.requests === 0) parts.push('no request completed within the run');
  if (m.load.errors) parts.push(`${m.load.errors} errors`);
  if (m.status !== (m.expected ?? 200)) parts.push(`answered ${m.status} before the run`);
  return parts.join(', ');
}

export function renderReport(r: Results): { markdown: string; met: number; total: number } {
  const checks: Check[] = [];
  const lines: string[] = [];
  const push = (...text: string[]) => lines.push(...text);

  push(r.quick ? '# Benchmark (quick run: indicative only, timings not asserted)' : '# Benchmark results', '');
  push(`- Date: ${r.date}`);
  push(`- Commit: \`${r.commit}\`${r.dirty ? ' (working tree had uncommitted changes in the app code (app/, db/, server, seed scripts or package-lock.json))' : ''}`);
  push(`- Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGb.toFixed(1)} GB memory, Node ${r.machine.node}, ${r.machine.os}`);
  push(
    `- Method: autocannon 8, ${CONNECTIONS} connections, ${r.warmupSeconds} s warm-up then ${r.seconds} s per scenario, from the bench's own process over 127.0.0.1.`,
    '  Each server runs alone while measured; the bare Remix references are measured right before the scenarios they are compared with.',
    '  The app is started with `npm start` (NODE_ENV=production, SESSION_SECRET=bench-secret); scenarios run as the demo E-TOOL user (tool@example.com),',
    '  the course pages as the demo E-MASTER user (master@example.com).',
    `- Course page: the demo seed's course with 20 lessons and 40 materials (scripts/demo-courses.ts), found by its title: #${r.benchCourse.small} on the small database, #${r.benchCourse.large} on the large one${r.benchCourse.small === r.benchCourse.large ? '' : ' (**different ids**)'}.`,
    `- Whole run: ${Math.round(r.durationSeconds)} s.`,
  );
  if (r.restarts.length) {
    push(`- The app server exited during a scenario and was restarted (the scenario was measured again; RSS is of the restarted process): ${r.restarts.join('; ')}.`);
  }
  push('');

  // Throughput table, in the order measured.
  push('## Throughput and latency', '');
  push('| scenario | database | requests/s | p50 ms | p99 ms | non-2xx | reference | ratio | target | |');
  push('|---|---|---:|---:|---:|---:|---|---:|---:|---|');
  const row = (m: Measured, db: string, ref?: Measured, minRatio?: number) => {
    let ratio = '';
    let target = '';
    let met = '';
    if (ref && minRatio !== undefined) {
      const value = ref.load.rps > 0 ? m.load.rps / ref.load.rps : 0;
      const ok = value >= minRatio && m.status === (m.expected ?? 200) && m.load.non2xx === 0 && m.load.requests > 0;
      ratio = pct(value);
      target = `≥ ${pct(minRatio)}`;
      met = verdict(ok);
      checks.push({ label: `${m.label} (${db}) ≥ ${pct(minRatio)} of ${ref.label}`, ok });
    }
    push(`| ${m.label} | ${db} | ${n0(m.load.rps)} | ${n1(m.load.p50)} | ${n1(m.load.p99)} | ${non2xx(m)} | ${ref ? ref.label : ''} | ${ratio} | ${target} | ${met} |`);
  };
  row(r.ceiling, '—');
  const section = (bare: Record<ReferenceId, Measured>, measured: Measured[], db: string) => {
    for (const id of ['bare-json', 'bare-page', 'bare-page-br'] as const) row(bare[id], '—');
    for (const m of measured) {
      const scenario = APP_SCENARIOS.find((s) => s.id === m.id)!;
      row(m, db, bare[scenario.reference], scenario.minRatio);
    }
  };
  section(r.bare[0], r.small, 'small (demo seed)');
  section(r.bare[1] ?? r.bare[0], r.large, 'large (seed-large)');
  push('');
  const bareToCeiling = r.bare[0]['bare-page'].load.rps / r.ceiling.load.rps;
  push(`The bare Remix page reaches ${pct(bareToCeiling)} of the raw node:http ceiling (${REFERENCES.ceiling.label}).`, '');

  // Large vs small.
  push('## p99 on the large database vs the small one', '');
  push('| scenario | p99 small ms | p99 large ms | large / small | target | |');
  push('|---|---:|---:|---:|---:|---|');
  for (const small of r.small) {
    const large = r.large.find((m) => m.id === small.id);
    if (!large) continue;
    // A run in which no request completed has no p99: that is a failure, not a ratio of 0.
    const measurable = small.load.requests > 0 && large.load.requests > 0;
    const ratio = measurable ? large.load.p99 / small.load.p99 : NaN;
    const ok = measurable && ratio <= TARGETS.p99LargeOverSmall;
    checks.push({ label: `${small.label}: p99 large/small ≤ ${TARGETS.p99LargeOverSmall}×`, ok });
    const shown = (m: Measured) => (m.load.requests > 0 ? n1(m.load.p99) : 'no request completed');
    push(`| ${small.label} | ${shown(small)} | ${shown(large)} | ${measurable ? `${ratio.toFixed(2)}×` : '—'} | ≤ ${TARGETS.p99LargeOverSmall}× | ${verdict(ok)} |`);
  }
  push('');

  // Other figures.
  push('## Start-up, memory and JavaScript', '');
  push('| figure | value | target | |');
  push('|---|---:|---:|---|');
  const best = Math.min(...r.coldStartMs);
  const coldOk = best <= TARGETS.coldStartMs;
  checks.push({ label: 'cold start', ok: coldOk });
  const runs = r.coldStartMs.length > 1 ? ` (runs: ${r.coldStartMs.map((ms) => Math.round(ms)).join(', ')})` : '';
  push(`| cold start, \`npm start\` spawn → first 200 of /healthcheck, best of ${r.coldStartMs.length}${runs} | ${n0(best)} ms | ≤ ${n0(TARGETS.coldStartMs)} ms | ${verdict(coldOk)} |`);
  for (const [db, memory] of [['small', r.rss.small], ['large', r.rss.large]] as const) {
    if (!memory) {
      checks.push({ label: `RSS ${db}`, ok: false });
      push(`| RSS after the run, ${db} database | not found | ≤ ${TARGETS.rssMb} MB | **not met** |`);
      continue;
    }
    const ok = memory.rssMb <= TARGETS.rssMb;
    checks.push({ label: `RSS ${db}`, ok });
    push(`| RSS after the run, ${db} database (\`${memory.command}\`) | ${n1(memory.rssMb)} MB | ≤ ${TARGETS.rssMb} MB | ${verdict(ok)} |`);
  }
  for (const [path, size] of Object.entries(r.scripts)) {
    const isHome = path === '/';
    const ok = size.gzipBytes <= TARGETS.homeScriptGzipKb * 1024;
    if (isHome) checks.push({ label: 'JavaScript on /', ok });
    const who = isHome ? 'anonymous' : 'E-TOOL user';
    push(`| JavaScript loaded by \`${path}\` (${who}): ${size.files} files, ${kb(size.rawBytes)} raw, gzip -9 | ${kb(size.gzipBytes)} | ${isHome ? `≤ ${TARGETS.homeScriptGzipKb} KB` : '—'} | ${isHome ? verdict(ok) : ''} |`);
  }
  push(`| large database: \`scripts/seed-large.ts\` wall time (incl. tsx start, migrations, demo seed) and file size | ${n1(r.largeSeed.seconds)} s, ${n1(r.largeSeed.megabytes)} MB | — | |`);
  push('');

  const met = checks.filter((c) => c.ok).length;
  push(`## Targets: ${met} of ${checks.length} met`, '');
  const missed = checks.filter((c) => !c.ok);
  if (missed.length) {
    push('Not met:', '');
    for (const c of missed) push(`- ${c.label}`);
    push('');
  }
  return { markdown: lines.join('\n'), met, total: checks.length };
}
