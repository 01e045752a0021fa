/** Turns the bench's measurements into the Markdown tables it prints and writes. */
import { CONNECTIONS, latencyOf, type Latency, type Load, type ScriptSize } from './measure';
import { APP_SCENARIOS, NEW_CONNECTIONS, REFERENCES, TARGETS, type ReferenceId } from './scenarios';
import type { Memory } from './servers';

export type Timings = {
  scenarioSeconds: number;
  scenarioWarmup: number;
  /** How much longer a warm-up may last waiting for every connection's first answer. */
  extraWarmup: number;
  referenceSeconds: number;
  referenceWarmup: number;
  renderSamples: number;
  newConnections: number;
};

/**
 * One app scenario and its reference measured right before and right after it. `status`: what the
 * scenario answered right before its slice; `expected` what it must answer (200 unless a write says otherwise).
 */
export type ScenarioResult = {
  id: string;
  label: string;
  status: number;
  expected?: number;
  load: Load;
  reference: { id: ReferenceId; before: Load; after: Load };
  /** The machine's 1-minute load average at the end of the scenario's slice (os.loadavg). */
  loadAverage: number;
  /** Pages: medians of Server-Timing over sequential requests after the slice. */
  render?: { renderMs: number; totalMs: number; samples: number };
};

export type NewConnectionResult = {
  label: string;
  total: number;
  concurrency: number;
  latency: Latency;
  over2s: number;
  non2xx: number;
  rps: number;
  cpuPerRequestMs: number;
};

export type TwoProcessResult = {
  rows: { id: string; label: string; one: [Load, Load]; two: Load; status: number }[];
  memory: Memory | null;
};

export type Results = {
  quick: boolean;
  date: string;
  commit: string;
  dirty: boolean;
  machine: { cores: number; cpu: string; memoryGb: number; node: string; os: string };
  times: Timings;
  ceiling: Load;
  small: ScenarioResult[];
  large: ScenarioResult[];
  newConnections: NewConnectionResult[];
  twoProcesses: TwoProcessResult;
  coldStartMs: number[];
  memory: { small: Memory | null; large: Memory | null };
  scripts: Record<string, ScriptSize>;
  largeSeed: { seconds: number; megabytes: number };
  /** Scenarios during which the app's server exited and was started again. */
  restarts: string[];
  /** Scenarios whose slice completed no request and was taken again. */
  repeats: string[];
  /** The id of the demo seed's large course (the course-page scenario) on each database. */
  benchCourse: { small: number; large: number };
  /** Sections of their own (the mail outbox, the CSV export), in markdown, printed before the targets. */
  sections: string[];
  durationSeconds: number;
};

const n0 = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—');
const n1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
const n2 = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');
const x2 = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');
const pct = (value: number) => (Number.isFinite(value) ? `${Math.round(value * 100)} %` : '—');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

type Check = { label: string; ok: boolean };

/** The reference of a scenario from its two slices: mean requests/s, pooled CPU per request, pooled latencies. */
export function referenceFigures(r: ScenarioResult['reference']): { rps: number; cpuPerRequestMs: number; latency: Latency } {
  const { before, after } = r;
  const requests = before.requests + after.requests;
  return {
    rps: (before.rps + after.rps) / 2,
    cpuPerRequestMs: requests ? (before.cpuMs + after.cpuMs) / requests : NaN,
    latency: latencyOf([...before.samples, ...after.samples]),
  };
}

const healthy = (m: ScenarioResult) => m.status === (m.expected ?? 200) && m.load.non2xx === 0 && m.load.requests > 0;

function problems(m: ScenarioResult): string {
  const parts = [String(m.load.non2xx)];
  if (m.load.requests === 0) parts.push('no request completed within the slice');
  if (m.load.errors) parts.push(`${m.load.errors} errors`);
  if (m.status !== (m.expected ?? 200)) parts.push(`answered ${m.status} before the slice`);
  const refNon2xx = m.reference.before.non2xx + m.reference.after.non2xx;
  if (refNon2xx) parts.push(`reference: ${refNon2xx} non-2xx`);
  return parts.join(', ');
}

const connections = (load: Load) =>
  `${load.connections.answeredAtStart}; ${Number.isFinite(load.connections.lastFirstAnswerSeconds) ? `${load.connections.lastFirstAnswerSeconds.toFixed(1)} s` : 'not within the slice'}`;

const DATABASES = [
  ['small', 'small (demo seed)'],
  ['large', 'large (seed-large)'],
] as const;

export function renderReport(r: Results): { markdown: string; met: number; total: number } {
  const checks: Check[] = [];
  const lines: string[] = [];
  const push = (...text: string[]) => lines.push(...text);
  const t = r.times;

  push(r.quick ? '# Benchmark (quick run: indicative only, timings not asserted)' : '# Benchmark results', '');
  push(`- Date: ${r.date}`);
  push(
    `- Commit: \`${r.commit}\`${r.dirty ? ' (working tree had uncommitted changes in the app code (app/, db/, server, seed scripts or package-lock.json))' : ''}`,
  );
  push(
    `- Machine: ${r.machine.cores} cores (${r.machine.cpu}), ${r.machine.memoryGb.toFixed(1)} GB memory, Node ${r.machine.node}, ${r.machine.os}`,
  );
  push(
    `- Method (bench/README.md): autocannon 8 at ${CONNECTIONS} keep-alive connections from the bench's own process over 127.0.0.1. Each scenario is a slice of ${t.scenarioWarmup} s warm-up (longer, by ${t.extraWarmup} s at most, until every connection has had an answer) + ${t.scenarioSeconds} s,`,
    `  between two slices of its reference on the bare Remix app (${t.referenceWarmup} s + ${t.referenceSeconds} s each; a slice between two scenarios with the same reference serves both): both servers up, one loaded at a time.`,
    "  Ratios divide by the mean of the two reference slices. Steady p50/p99: responses after the warm-up, leaving out each connection's first answer (requests on connections already open).",
    "  CPU: utime + stime of every process of the server's process group (/proc/<pid>/stat) over the slice, divided by the responses completed in it.",
    '  First request on a new connection: one at a time, 100 ms apart, on a connection of its own, during the same slice.',
    `  Render: median of Server-Timing \`render\` over ${t.renderSamples} sequential requests on one keep-alive connection right after the page's slice.`,
    '  The app is started with `npm start` (NODE_ENV=production, SESSION_SECRET=bench-secret, WEB_CONCURRENCY=1 unless said); scenarios run as the demo E-TOOL user (tool@example.com),',
    '  the course pages as the demo E-MASTER user (master@example.com), the admin pages as admin@example.com.',
    `- Course page: the demo seed's course with 20 lessons and 40 materials (scripts/demo-courses.ts), found by its title: #${r.benchCourse.small} on the small database, #${r.benchCourse.large} on the large one${r.benchCourse.small === r.benchCourse.large ? '' : ' (**different ids**)'}.`,
    `- Ceiling (raw node:http, 10 KB HTML, alone): ${n0(r.ceiling.rps)} req/s, ${n2(r.ceiling.cpuPerRequestMs)} ms CPU per request, p50 ${n1(r.ceiling.p50)} ms, p99 ${n1(r.ceiling.p99)} ms.`,
    `- Whole run: ${Math.round(r.durationSeconds)} s.`,
  );
  if (r.repeats.length) {
    push(
      `- Scenarios taken again (a slice in which no request completed, a stall of the machine; or a reference slice more than 30 % below the run's best of that reference, a slowed machine): ${r.repeats.join('; ')}.`,
    );
  }
  if (r.restarts.length) {
    push(
      `- The app server exited during a scenario and was restarted (the scenario was measured again; RSS is of the restarted process): ${r.restarts.join('; ')}.`,
    );
  }
  push('');

  // 1. Throughput against the same-minute reference.
  push('## Throughput against the same-minute reference', '');
  push(
    '| scenario | database | requests/s | reference | reference requests/s (before / after) | ratio | target | | load average (1 min) |',
  );
  push('|---|---|---:|---|---:|---:|---:|---|---:|');
  for (const [db, dbLabel] of DATABASES) {
    for (const m of r[db]) {
      const scenario = APP_SCENARIOS.find((s) => s.id === m.id)!;
      const ref = referenceFigures(m.reference);
      const ratio = ref.rps > 0 ? m.load.rps / ref.rps : NaN;
      let target = '';
      let met = '';
      const minRatio = scenario.minRatio ?? (scenario.cpuBudget ? TARGETS.signedInRatio : undefined);
      if (minRatio !== undefined) {
        const ok = ratio >= minRatio && healthy(m);
        target = `≥ ${pct(minRatio)}`;
        met = verdict(ok);
        checks.push({ label: `${m.label} (${dbLabel}) ≥ ${pct(minRatio)} of ${REFERENCES[m.reference.id].label}`, ok });
      } else if (!healthy(m)) {
        met = '**failed**';
        checks.push({ label: `${m.label} (${dbLabel}) answered as expected`, ok: false });
      }
      push(
        `| ${m.label} | ${dbLabel} | ${n0(m.load.rps)} | ${REFERENCES[m.reference.id].label} | ${n0(ref.rps)} (${n0(m.reference.before.rps)} / ${n0(m.reference.after.rps)}) | ${pct(ratio)} | ${target} | ${met} | ${n1(m.loadAverage)} |`,
      );
    }
  }
  push(
    '',
    `The signed-in pages of issue 33's budget are held to ≥ ${pct(TARGETS.signedInRatio)} of the bare page here and to CPU per request in the next table.`,
    '',
  );

  // 2. CPU per request and render.
  push('## CPU per request and render', '');
  push(
    '| scenario | database | CPU ms / request | reference CPU ms / request | median render ms (Server-Timing) | median total ms (Server-Timing) | CPU / render | target | |',
  );
  push('|---|---|---:|---:|---:|---:|---:|---|---|');
  for (const [db, dbLabel] of DATABASES) {
    for (const m of r[db]) {
      const scenario = APP_SCENARIOS.find((s) => s.id === m.id)!;
      const ref = referenceFigures(m.reference);
      const cpu = m.load.cpuPerRequestMs;
      const renderMs = m.render?.renderMs ?? NaN;
      const overRender = cpu / renderMs;
      let target = '';
      let met = '';
      const targets: string[] = [];
      const verdicts: string[] = [];
      if (scenario.cpuBudget) {
        const cpuOk = cpu <= TARGETS.cpuPerRequestMs && healthy(m);
        checks.push({ label: `${m.label} (${dbLabel}): CPU per request ≤ ${TARGETS.cpuPerRequestMs} ms`, ok: cpuOk });
        targets.push(`≤ ${TARGETS.cpuPerRequestMs} ms`);
        verdicts.push(verdict(cpuOk));
      }
      const against = scenario.cpuAtMostTimes;
      const other = against && r[db].find((o) => o.id === against.of);
      if (against && other) {
        const times = cpu / other.load.cpuPerRequestMs;
        const ok = times <= against.max && healthy(m) && healthy(other);
        checks.push({ label: `${m.label} (${dbLabel}): CPU per request ≤ ${against.max} × ${other.label}'s`, ok });
        targets.push(`≤ ${against.max} × ${other.label.replace(/^GET /, '').split(' ')[0]} (${x2(times)})`);
        verdicts.push(verdict(ok));
      }
      target = targets.join('; ');
      met = verdicts.join('; ');
      push(
        `| ${m.label} | ${dbLabel} | ${n2(cpu)} | ${n2(ref.cpuPerRequestMs)} (${REFERENCES[m.reference.id].label}) | ${n2(renderMs)} | ${n2(m.render?.totalMs ?? NaN)} | ${m.render ? x2(overRender) : '—'} | ${target} | ${met} |`,
      );
    }
  }
  push('');

  // 3. Latency.
  push('## Steady-state latency and first requests', '');
  push(
    `| scenario | database | steady p50 ms | steady p99 ms | p99 / p50 | reference p99 / p50 | against the reference | target | | first request on a new connection under load: n, p50 / max ms | load's ${CONNECTIONS} connections: answered by the end of the warm-up; all by | non-2xx |`,
  );
  push('|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|');
  for (const [db, dbLabel] of DATABASES) {
    for (const m of r[db]) {
      const ref = referenceFigures(m.reference);
      const tail = m.load.p99 / m.load.p50;
      const refTail = ref.latency.p99 / ref.latency.p50;
      const against = tail / refTail;
      const ok = against <= TARGETS.tailOverReference && healthy(m);
      checks.push({
        label: `${m.label} (${dbLabel}): steady p99/p50 ≤ ${TARGETS.tailOverReference} × ${REFERENCES[m.reference.id].label}'s`,
        ok,
      });
      const first = m.load.firstRequest;
      push(
        `| ${m.label} | ${dbLabel} | ${n1(m.load.p50)} | ${n1(m.load.p99)} | ${x2(tail)} | ${x2(refTail)} | ${x2(against)} | ≤ ${TARGETS.tailOverReference}× | ${verdict(ok)} | ${first.count}, ${n1(first.p50)} / ${n1(first.max)} | ${connections(m.load)} | ${problems(m)} |`,
      );
    }
  }
  push('');

  // 4. New connections.
  push('## Many new connections', '');
  push(
    `Each request on a new connection (\`Connection: close\`), ${NEW_CONNECTIONS.concurrency} at a time, as fast as the server takes them, one server loaded at a time (small database).`,
    '',
  );
  push('| target | requests | requests/s | p50 ms | p99 ms | max ms | over 2 s | CPU ms / request | non-2xx |');
  push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const c of r.newConnections) {
    push(
      `| ${c.label} | ${c.total} | ${n0(c.rps)} | ${n1(c.latency.p50)} | ${n1(c.latency.p99)} | ${n1(c.latency.max)} | ${c.over2s} | ${n2(c.cpuPerRequestMs)} | ${c.non2xx} |`,
    );
  }
  push('', 'Behind Fly\'s proxy the app sees few new connections: see "New connections and Fly\'s proxy" in bench/README.md.', '');

  // 5. One and two processes.
  push('## One and two processes (WEB_CONCURRENCY)', '');
  const processes = r.twoProcesses.memory?.processes ?? 0;
  push(
    `The app with WEB_CONCURRENCY=1 and a second one with WEB_CONCURRENCY=2 on the same small database, both up, loaded one at a time: one process, two, one again; the ratio divides by the mean of the two one-process slices. The WEB_CONCURRENCY=2 server ran ${processes} node process(es)${processes <= 1 ? ' (**WEB_CONCURRENCY not honoured by `npm start` yet: the ratio measures nothing**)' : ''}.`,
    '',
  );
  push(
    '| scenario | 1 process requests/s (before / after) | 2 processes requests/s | ratio | target | | CPU ms / request, 1 / 2 processes |',
  );
  push('|---|---:|---:|---:|---:|---|---:|');
  for (const row of r.twoProcesses.rows) {
    const one = (row.one[0].rps + row.one[1].rps) / 2;
    const ratio = row.two.rps / one;
    const ok = ratio >= TARGETS.twoProcesses && row.status === 200 && row.two.non2xx === 0 && row.two.requests > 0;
    checks.push({ label: `${row.label}: WEB_CONCURRENCY=2 ≥ ${TARGETS.twoProcesses}× WEB_CONCURRENCY=1`, ok });
    const oneCpu = (row.one[0].cpuMs + row.one[1].cpuMs) / (row.one[0].requests + row.one[1].requests);
    push(
      `| ${row.label} | ${n0(one)} (${n0(row.one[0].rps)} / ${n0(row.one[1].rps)}) | ${n0(row.two.rps)} | ${x2(ratio)} | ≥ ${TARGETS.twoProcesses}× | ${verdict(ok)} | ${n2(oneCpu)} / ${n2(row.two.cpuPerRequestMs)} |`,
    );
  }
  push('');

  // 6. Large vs small.
  push('## Steady p99 on the large database vs the small one', '');
  push('| scenario | p99 small ms | p99 large ms | large / small | target | |');
  push('|---|---:|---:|---:|---:|---|');
  for (const small of r.small) {
    const large = r.large.find((m) => m.id === small.id);
    if (!large) continue;
    // A slice in which no request completed has no p99: that is a failure, not a ratio of 0.
    const measurable = small.load.requests > 0 && large.load.requests > 0;
    const ratio = measurable ? large.load.p99 / small.load.p99 : NaN;
    const ok = measurable && ratio <= TARGETS.p99LargeOverSmall;
    checks.push({ label: `${small.label}: p99 large/small ≤ ${TARGETS.p99LargeOverSmall}×`, ok });
    push(
      `| ${small.label} | ${n1(small.load.p99)} | ${n1(large.load.p99)} | ${x2(ratio)} | ≤ ${TARGETS.p99LargeOverSmall}× | ${verdict(ok)} |`,
    );
  }
  push('');

  // 7. Other figures.
  push('## Start-up, memory and JavaScript', '');
  push('| figure | value | target | |');
  push('|---|---:|---:|---|');
  const best = Math.min(...r.coldStartMs);
  const coldOk = best <= TARGETS.coldStartMs;
  checks.push({ label: 'cold start', ok: coldOk });
  const runs = r.coldStartMs.length > 1 ? ` (runs: ${r.coldStartMs.map((ms) => Math.round(ms)).join(', ')})` : '';
  push(
    `| cold start, \`npm start\` spawn → first 200 of /healthcheck, best of ${r.coldStartMs.length}${runs} | ${n0(best)} ms | ≤ ${n0(TARGETS.coldStartMs)} ms | ${verdict(coldOk)} |`,
  );
  const memories = [
    ['small database', r.memory.small],
    ['large database', r.memory.large],
    ['WEB_CONCURRENCY=2, small database', r.twoProcesses.memory],
  ] as const;
  for (const [what, memory] of memories) {
    if (!memory) {
      checks.push({ label: `RSS per process, ${what}`, ok: false });
      push(`| RSS per process after the run, ${what} | not found | ≤ ${TARGETS.rssMb} MB | **not met** |`);
      continue;
    }
    const ok = memory.maxRssMb <= TARGETS.rssMb;
    checks.push({ label: `RSS per process, ${what}`, ok });
    const detail =
      memory.processes > 1
        ? `largest of ${memory.processes} node processes, ${n1(memory.totalRssMb)} MB together`
        : `\`${memory.command}\``;
    push(`| RSS per process after the run, ${what} (${detail}) | ${n1(memory.maxRssMb)} MB | ≤ ${TARGETS.rssMb} MB | ${verdict(ok)} |`);
  }
  for (const [path, size] of Object.entries(r.scripts)) {
    const isHome = path === '/';
    const ok = size.gzipBytes <= TARGETS.homeScriptGzipKb * 1024;
    if (isHome) checks.push({ label: 'JavaScript on /', ok });
    const who = isHome ? 'anonymous' : 'E-TOOL user';
    push(
      `| JavaScript loaded by \`${path}\` (${who}): ${size.files} files, ${kb(size.rawBytes)} raw, gzip -9 | ${kb(size.gzipBytes)} | ${isHome ? `≤ ${TARGETS.homeScriptGzipKb} KB` : '—'} | ${isHome ? verdict(ok) : ''} |`,
    );
  }
  push(
    `| large database: \`scripts/seed-large.ts\` wall time (incl. tsx start, migrations, demo seed) and file size | ${n1(r.largeSeed.seconds)} s, ${n1(r.largeSeed.megabytes)} MB | — | |`,
  );
  push('');

  for (const section of r.sections) push(section);
  const met = checks.filter((c) => c.ok).length;
  push(`## Targets: ${met} of ${checks.length} met`, '');
  const missed = checks.filter((c) => !c.ok);
  if (missed.length) {
    push('Not met:', '');
    for (const c of missed) push(`- ${c.label}`);
    push('', 'Where the CPU of the signed-in pages goes (the profile behind their rows, `node bench/profile.mjs`): bench/profile.md.', '');
  }
  return { markdown: lines.join('\n'), met, total: checks.length };
}
