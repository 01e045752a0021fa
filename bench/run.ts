/**
 * `npm run bench` (full, writes bench/results.md) and `npm run bench -- --quick` (short slices, one
 * cold start; writes the git-ignored bench/results-quick.md). See bench/README.md.
 *
 * Order: build → databases → cold start → ceiling → bare Remix up for the rest of the run → app on
 * the small database: every scenario between two slices of its reference, new connections,
 * WEB_CONCURRENCY=1 vs 2 → app on the large database: the scenarios again and the 20,000-row CSV export →
 * the mail outbox: a burst of
 * mails queued and delivered over SMTP (bench/mail.ts). Both servers may be up,
 * only one is loaded at a time; every child process group is killed at the end, also on error.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  CONNECTIONS,
  coldStart,
  get,
  login,
  measureLoad,
  measureNewConnections,
  pageScriptSize,
  request,
  serverTimingMedians,
  type Load,
  type ScriptSize,
} from './measure';
import { csvExportRows, measureCsvExport, type CsvExport } from './csv-export';
import { measureMailDelivery, renderMailSection } from './mail';
import { killAll } from './processes';
import {
  chatMessageCount,
  REPLICATION_SCENARIOS,
  renderReplicationSection,
  withBucket,
  type ReplicationResult,
  type ReplicationRow,
  type ReplicationTraffic,
} from './replication';
import { createReferenceBest, REFERENCE_DROP_LIMIT } from './reference-check';
import { renderReport, type NewConnectionResult, type Results, type ScenarioResult, type Timings, type TwoProcessResult } from './report';
import { BENCH_COURSE, BENCH_PROJECT, BENCH_THREAD_SUBJECT, BENCH_WRITE_THREAD_SUBJECT } from '../db/seed-constants';
import {
  APP_SCENARIOS,
  BENCH_ASSESSMENT_PLACEHOLDER,
  BENCH_QUIZ_LESSON_PLACEHOLDER,
  BENCH_ATTEMPT_PLACEHOLDER,
  BENCH_COURSE_PLACEHOLDER,
  BENCH_PROJECT_PLACEHOLDER,
  BENCH_THREAD_PLACEHOLDER,
  BENCH_WRITE_THREAD_PLACEHOLDER,
  DEMO_LOGINS,
  NEW_CONNECTIONS,
  REFERENCES,
  SCENARIO_USERS,
  SCRIPT_PAGES,
  TWO_PROCESS_SCENARIOS,
  type ReferenceId,
  type Scenario,
  type ScenarioUser,
} from './scenarios';
import {
  DATA_DIR,
  HEALTH_PATH,
  PORTS,
  exitDescription,
  isAlive,
  multiProcessEnv,
  ROOT,
  buildApp,
  buildBare,
  copyDatabase,
  origin,
  prepareLargeDatabase,
  prepareSmallDatabase,
  resetDataDir,
  serverCpu,
  serverProcesses,
  spawnApp,
  startApp,
  startBare,
  startCeiling,
  stop,
  type Running,
} from './servers';

const USAGE = `npm run bench [-- --quick] [-- --replication]   (tsx bench/run.ts [--quick] [--replication] [--help])

  full run:  per scenario 2 s warm-up (+ up to 5 s until every connection answered) + 5 s,
             each reference slice 1 s + 3 s, cold start best of 3;
             writes bench/results.md (about 12 minutes on 2 cores, replication on and off included)
  --quick:   0.8 s (+ up to 1 s) + 1.2 s per scenario, 0.3 s + 0.7 s per reference slice, one cold start;
             writes bench/results-quick.md
  --replication: only replication on against off (bench/replication.ts): build, the small database
             and its copy, the two apps and the local S3 server; prints the section, writes nothing
  Builds the app, makes the small and large databases under bench/.data/ and measures on
  127.0.0.1 ports 3200-3205. See bench/README.md.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== '--quick' && arg !== '--replication');
if (unknown.length) {
  console.error(`[bench] argumento desconhecido: ${unknown.join(' ')}\n\n${USAGE}`);
  process.exit(2);
}
const quick = args.includes('--quick');
const onlyReplication = args.includes('--replication');
const TIMES: Timings = quick
  ? {
      scenarioSeconds: 1.2,
      scenarioWarmup: 0.8,
      extraWarmup: 1,
      referenceSeconds: 0.7,
      referenceWarmup: 0.3,
      renderSamples: 20,
      newConnections: NEW_CONNECTIONS.quick,
    }
  : {
      scenarioSeconds: 5,
      scenarioWarmup: 2,
      extraWarmup: 5,
      referenceSeconds: 3,
      referenceWarmup: 1,
      renderSamples: 100,
      newConnections: NEW_CONNECTIONS.full,
    };
const COLD_STARTS = quick ? 1 : 3;
/** Downloads of the 20,000-row history export on the large database (bench/csv-export.ts). */
const CSV_EXPORT_RUNS = quick ? 1 : 3;
/** Mails queued at once and delivered over SMTP (bench/mail.ts). */
const MAIL_COUNT = quick ? 500 : 10_000;

const runStarted = performance.now();
const say = (text: string) => console.log(`[bench ${Math.round((performance.now() - runStarted) / 1000)} s] ${text}`);
const describe = (load: Load) =>
  `${Math.round(load.rps)} req/s, CPU ${load.cpuPerRequestMs.toFixed(2)} ms/req, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, ` +
  `1st req on new conn p50 ${load.firstRequest.p50.toFixed(1)} / max ${load.firstRequest.max.toFixed(1)} ms, non-2xx ${load.non2xx}` +
  `, ${load.connections.answeredAtStart}/${CONNECTIONS} connections answered by the end of the warm-up` +
  (Number.isFinite(load.connections.lastFirstAnswerSeconds)
    ? `, all by ${load.connections.lastFirstAnswerSeconds.toFixed(1)} s`
    : ', not all within the slice');

type Target = { path: string; headers: Record<string, string>; write?: Scenario['write'] };

/** What the target answers right before its slice (a broken scenario must not pass for a fast one). */
async function statusOf(server: Running, target: Target): Promise<number> {
  const sent = target.write ? { ...target.headers, Origin: server.origin } : target.headers;
  return request(`${server.origin}${target.path}`, { method: target.write?.method ?? 'GET', headers: sent, body: target.write?.body }).then(
    (response) => response.status,
    (error: Error) => (say(`  ${target.path}: ${error.message}`), 0),
  );
}

/** One slice of load on one server (the only one loaded meanwhile). */
async function slice(server: Running, target: Target, seconds: number, warmup: number, extraWarmup = TIMES.extraWarmup): Promise<Load> {
  // A write goes out as a browser on the page would send it: from the app's own origin.
  const sent = target.write ? { ...target.headers, Origin: server.origin } : target.headers;
  return measureLoad(`${server.origin}${target.path}`, sent, seconds, warmup, serverCpu(server), target.write, extraWarmup);
}

async function referenceSlice(bare: Running, id: ReferenceId): Promise<Load> {
  const ref = REFERENCES[id];
  const load = await slice(bare, ref, TIMES.referenceSeconds, TIMES.referenceWarmup);
  say(`    ${ref.label}: ${describe(load)}`);
  return load;
}

type Cookies = Record<ScenarioUser, string>;

/** Every demo user logs in; the scenarios take the cookie of the user they run as. */
async function logInDemoUsers(server: Running): Promise<Cookies> {
  const byEmail = new Map<string, string>();
  for (const demo of DEMO_LOGINS) byEmail.set(demo.email, await login(server.origin, demo.email, demo.password));
  const cookies = {} as Cookies;
  for (const [user, email] of Object.entries(SCENARIO_USERS) as [ScenarioUser, string][]) {
    const cookie = byEmail.get(email);
    if (!cookie) throw new Error(`${email} não está entre os logins de demonstração`);
    cookies[user] = cookie;
  }
  return cookies;
}

/**
 * The id of the demo seed's large course (scripts/demo-courses.ts) on this database, through the
 * course API as E-MASTER: the same course, by its title, on the small and the large database.
 */
async function benchCourseId(server: Running, cookies: Cookies): Promise<number> {
  const response = await get(`${server.origin}/api/courses?${new URLSearchParams({ q: BENCH_COURSE.title, perPage: '10' })}`, {
    Accept: 'application/json',
    Cookie: cookies.master,
  });
  if (response.status !== 200) throw new Error(`GET /api/courses respondeu ${response.status}: ${response.text.slice(0, 200)}`);
  const found = (JSON.parse(response.text) as { id: number; title: string }[]).find((course) => course.title === BENCH_COURSE.title);
  if (!found) throw new Error(`o curso "${BENCH_COURSE.title}" não está no banco (o seed de demonstração o cria)`);
  return found.id;
}

/**
 * The ids of the demo seed's 500-message ticket and of the ticket the write scenario posts to
 * (scripts/demo-chats.ts), through the chat API as their owner (the E-TOOL demo user), by subject.
 */
async function benchThreadIds(server: Running, cookies: Cookies): Promise<{ thread: number; writeThread: number }> {
  const find = async (subject: string) => {
    const response = await get(`${server.origin}/api/chat/threads?${new URLSearchParams({ q: subject, perPage: '10' })}`, {
      Accept: 'application/json',
      Cookie: cookies.tool,
    });
    if (response.status !== 200) throw new Error(`GET /api/chat/threads respondeu ${response.status}: ${response.text.slice(0, 200)}`);
    const found = (JSON.parse(response.text) as { id: number; subject: string }[]).find((thread) => thread.subject === subject);
    if (!found) throw new Error(`o ticket "${subject}" não está no banco (o seed de demonstração o cria)`);
    return found.id;
  };
  return { thread: await find(BENCH_THREAD_SUBJECT), writeThread: await find(BENCH_WRITE_THREAD_SUBJECT) };
}

/**
 * NR-10's id (its final assessment) through the course API, and the demo E-MASTER's passed attempt
 * from the assessment page's 'Ver correção' link (scripts/demo-assessment.ts).
 */
async function benchAssessmentIds(server: Running, cookies: Cookies): Promise<{ assessment: number; attempt: number; quizLesson: number }> {
  const title = 'NR-10: Segurança em Instalações Elétricas';
  const response = await get(`${server.origin}/api/courses?${new URLSearchParams({ q: 'NR-10', perPage: '10' })}`, {
    Accept: 'application/json',
    Cookie: cookies.master,
  });
  const found = (JSON.parse(response.text) as { id: number; title: string }[]).find((course) => course.title === title);
  if (!found) throw new Error(`o curso "${title}" não está no banco (o seed de demonstração o cria)`);
  const page = await get(`${server.origin}/courses/${found.id}/avaliacao`, { Accept: 'text/html', Cookie: cookies.master });
  const attempt = /tentativa=(\d+)/.exec(page.text)?.[1];
  if (!attempt) throw new Error(`a avaliação do curso #${found.id} não tem tentativa do usuário E-MASTER de demonstração`);
  const content = await get(`${server.origin}/courses/${found.id}?tab=content`, { Accept: 'text/html', Cookie: cookies.master });
  const quizLesson = /\/aulas\/(\d+)\/exercicio/.exec(content.text)?.[1];
  if (!quizLesson) throw new Error(`o curso #${found.id} não tem aula com exercício (o seed de demonstração cria)`);
  return { assessment: found.id, attempt: Number(attempt), quizLesson: Number(quizLesson) };
}

/** The bench's 50-calculation project (scripts/demo-bench-project.ts), by its name on the E-TOOL demo user's projects page. */
async function benchProjectId(server: Running, cookies: Cookies): Promise<number> {
  const response = await get(`${server.origin}/projects`, { Accept: 'text/html', Cookie: cookies.tool });
  if (response.status !== 200) throw new Error(`GET /projects respondeu ${response.status}`);
  const id = new RegExp(`href="/projects/(\\d+)"[^>]*>${BENCH_PROJECT.name}<`).exec(response.text)?.[1];
  if (!id) throw new Error(`o projeto "${BENCH_PROJECT.name}" não está no banco (o seed de demonstração o cria)`);
  return Number(id);
}

type BenchIds = {
  courseId: number;
  thread: number;
  writeThread: number;
  assessment: number;
  attempt: number;
  project: number;
  quizLesson: number;
};

const fillIds = (text: string, ids: BenchIds) =>
  text
    .replace(BENCH_ASSESSMENT_PLACEHOLDER, String(ids.assessment))
    .replace(BENCH_ATTEMPT_PLACEHOLDER, String(ids.attempt))
    .replace(BENCH_QUIZ_LESSON_PLACEHOLDER, String(ids.quizLesson));

const scenarioPath = (scenario: Scenario, ids: BenchIds) =>
  fillIds(scenario.path, ids)
    .replace(BENCH_COURSE_PLACEHOLDER, String(ids.courseId))
    .replace(BENCH_THREAD_PLACEHOLDER, String(ids.thread))
    .replace(BENCH_WRITE_THREAD_PLACEHOLDER, String(ids.writeThread))
    .replace(BENCH_PROJECT_PLACEHOLDER, String(ids.project));

/** Starts the app; on a shared machine a start may be killed from outside, so try up to three times. */
async function startAppPatiently(
  name: string,
  port: number,
  databasePath: string,
  processes = 1,
  env: Record<string, string> = {},
): Promise<Running> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startApp(name, port, databasePath, processes, { ...(processes > 1 ? multiProcessEnv(port) : {}), ...env });
    } catch (error) {
      if (attempt === 3) throw error;
      say(`  ${name} não subiu (${error instanceof Error ? error.message : error}); nova tentativa`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/** The app under measurement, its demo sessions and the ids its scenarios need; restarted when it dies. */
type App = {
  name: string;
  port: number;
  databasePath: string;
  env: Record<string, string>;
  server: Running;
  cookies: Cookies;
  ids: BenchIds;
  restarts: string[];
  repeats: string[];
};

async function openApp(name: string, port: number, databasePath: string, env: Record<string, string> = {}): Promise<App> {
  say(`app (${name}): npm start`);
  const server = await startAppPatiently(name, port, databasePath, 1, env);
  try {
    const cookies = await logInDemoUsers(server);
    say(`  ${DEMO_LOGINS.length} logins de demonstração ok`);
    const courseId = await benchCourseId(server, cookies);
    say(`  curso da página de curso: #${courseId} (${BENCH_COURSE.title})`);
    const threads = await benchThreadIds(server, cookies);
    say(`  tickets do chat: #${threads.thread} (${BENCH_THREAD_SUBJECT}), escrita em #${threads.writeThread}`);
    const assessment = await benchAssessmentIds(server, cookies);
    say(`  avaliação final: curso #${assessment.assessment}, tentativa #${assessment.attempt}`);
    const project = await benchProjectId(server, cookies);
    say(`  projeto de ${BENCH_PROJECT.calculations} cálculos: #${project}`);
    return {
      name,
      port,
      databasePath,
      env,
      server,
      cookies,
      ids: { courseId, ...threads, ...assessment, project },
      restarts: [],
      repeats: [],
    };
  } catch (error) {
    await stop(server);
    throw error;
  }
}

const scenarioTarget = (app: App, scenario: Scenario): Target => ({
  path: scenarioPath(scenario, app.ids),
  headers: scenario.anonymous ? scenario.headers : { ...scenario.headers, Cookie: app.cookies[scenario.as ?? 'tool'] },
  write: scenario.write ? { ...scenario.write, body: fillIds(scenario.write.body, app.ids) } : undefined,
});

/**
 * One scenario's slice on the app. Should the server die during it (on a shared machine someone may
 * kill it), it is started again, the demo users log in again, the slice is measured again, and the
 * report says so.
 */
async function appSlice(app: App, scenario: Scenario): Promise<{ load: Load; status: number }> {
  for (let retry = 0; ; retry++) {
    const target = scenarioTarget(app, scenario);
    const status = await statusOf(app.server, target);
    if (status !== (scenario.write?.status ?? 200)) say(`  atenção: ${scenario.label} respondeu ${status} antes da medição`);
    let load = await slice(app.server, target, TIMES.scenarioSeconds, TIMES.scenarioWarmup);
    // A slice in which no request completed measured a stall of the machine (seen in CI: 1.2 s with
    // nothing answered, on a page that answers in milliseconds before and after), not the page: take
    // it again, twice at most, and say so. A page that really does not answer still fails the run.
    for (let again = 1; isAlive(app.server) && load.requests === 0 && again <= 2; again++) {
      say(`  ${scenario.label}: nenhuma resposta completa na fatia; medindo de novo (${again} de 2)`);
      app.repeats.push(`${app.name}: ${scenario.label}`);
      load = await slice(app.server, target, TIMES.scenarioSeconds, TIMES.scenarioWarmup);
    }
    if (isAlive(app.server)) return { load, status };
    const why = exitDescription(app.server);
    if (retry === 3) throw new Error(`${app.name} terminou durante "${scenario.label}" (${why}) três vezes`);
    say(`  o servidor terminou durante "${scenario.label}" (${why}): reiniciando e medindo de novo`);
    app.restarts.push(`${app.name}: ${scenario.label} (${why})`);
    await stop(app.server);
    app.server = await startAppPatiently(app.name, app.port, app.databasePath, 1, app.env);
    app.cookies = await logInDemoUsers(app.server);
  }
}

/**
 * Every scenario between two slices of its reference on the bare app (both servers up, one loaded
 * at a time): reference, scenario, reference, next scenario, … A reference slice between two
 * scenarios with the same reference serves both. After a page's slice, its median render time from
 * Server-Timing over sequential requests.
 */
/** The best slice of each reference over the whole run (both databases). */
const referenceBest = createReferenceBest();

async function measureScenarios(app: App, bare: Running): Promise<ScenarioResult[]> {
  const out: ScenarioResult[] = [];
  let last: { id: ReferenceId; load: Load } | null = null;
  for (const scenario of APP_SCENARIOS) {
    const refId = scenario.reference;
    let before = last?.id === refId ? last.load : await referenceSlice(bare, refId);
    let { load, status } = await appSlice(app, scenario);
    let loadAverage = os.loadavg()[0];
    say(`  ${scenario.label}: ${describe(load)} (carga da máquina ${loadAverage.toFixed(1)})`);
    let after = await referenceSlice(bare, refId);
    // The machine slowed down around this scenario: take it again with fresh references, twice at most.
    // Not in --quick: its 0.7 s reference slices swing past 30 % by themselves (a loaded machine repeated
    // nearly every scenario, tripling the run), and a quick run asserts no timings anyway.
    for (let again = 1; !quick && again <= 2; again++) {
      const check = referenceBest.fellBehind(refId, [before.rps, after.rps]);
      if (!check.behind) break;
      const why = `referência a ${Math.round(check.worst)} req/s, mais de ${REFERENCE_DROP_LIMIT * 100} % abaixo da melhor da execução (${Math.round(check.best)})`;
      say(`  ${scenario.label}: ${why}; medindo de novo (${again} de 2)`);
      app.repeats.push(`${app.name}: ${scenario.label} (${why})`);
      before = await referenceSlice(bare, refId);
      ({ load, status } = await appSlice(app, scenario));
      loadAverage = os.loadavg()[0];
      say(`  ${scenario.label}: ${describe(load)} (carga da máquina ${loadAverage.toFixed(1)})`);
      after = await referenceSlice(bare, refId);
    }
    let render: ScenarioResult['render'];
    if (scenario.kind === 'page') {
      const target = scenarioTarget(app, scenario);
      render = await serverTimingMedians(`${app.server.origin}${target.path}`, target.headers, TIMES.renderSamples);
      say(
        `    render (Server-Timing, mediana de ${render.samples}): ${render.renderMs.toFixed(2)} ms; total ${render.totalMs.toFixed(2)} ms`,
      );
    }
    last = { id: refId, load: after };
    out.push({
      id: scenario.id,
      label: scenario.label,
      status,
      loadAverage,
      ...(scenario.write ? { expected: scenario.write.status } : {}),
      load,
      reference: { id: refId, before, after },
      render,
    });
  }
  return out;
}

/** Requests each on a new connection, on /dashboard and on the bare page, one server loaded at a time. */
async function measureNewConnectionScenario(app: App, bare: Running): Promise<NewConnectionResult[]> {
  const out: NewConnectionResult[] = [];
  const dashboard = APP_SCENARIOS.find((s) => s.id === 'dashboard')!;
  const targets: [string, Running, Target][] = [
    [`${dashboard.label} (app)`, app.server, scenarioTarget(app, dashboard)],
    [REFERENCES['bare-page'].label, bare, REFERENCES['bare-page']],
  ];
  for (const [label, server, target] of targets) {
    const result = await measureNewConnections(
      `${server.origin}${target.path}`,
      target.headers,
      TIMES.newConnections,
      NEW_CONNECTIONS.concurrency,
      serverCpu(server),
    );
    say(
      `  ${label}: ${TIMES.newConnections} conexões novas, ${NEW_CONNECTIONS.concurrency} por vez: ${Math.round(result.rps)} req/s, p50 ${result.latency.p50.toFixed(1)} ms, ` +
        `p99 ${result.latency.p99.toFixed(1)} ms, max ${result.latency.max.toFixed(1)} ms, > 2 s: ${result.over2s}, non-2xx ${result.non2xx}`,
    );
    out.push({ label, total: TIMES.newConnections, concurrency: NEW_CONNECTIONS.concurrency, ...result });
  }
  return out;
}

/**
 * WEB_CONCURRENCY=1 (the app already up) against WEB_CONCURRENCY=2 (a second server on the same
 * database), alternating: one process, two processes, one process again.
 */
async function measureTwoProcesses(app: App, databasePath: string): Promise<TwoProcessResult> {
  say('WEB_CONCURRENCY=2: npm start');
  const two = await startAppPatiently('app-small-2-processes', PORTS.appTwoProcesses, databasePath, 2);
  try {
    const memoryAtStart = serverProcesses(two);
    say(`  processos node no grupo: ${memoryAtStart?.processes ?? 0}`);
    const rows: TwoProcessResult['rows'] = [];
    for (const id of TWO_PROCESS_SCENARIOS) {
      const scenario = APP_SCENARIOS.find((s) => s.id === id)!;
      const target = scenarioTarget(app, scenario);
      const oneBefore = await slice(app.server, target, TIMES.scenarioSeconds, TIMES.scenarioWarmup);
      say(`  ${scenario.label}, 1 processo: ${describe(oneBefore)}`);
      const status = await statusOf(two, target);
      const twoLoad = await slice(two, target, TIMES.scenarioSeconds, TIMES.scenarioWarmup);
      say(`  ${scenario.label}, 2 processos: ${describe(twoLoad)}`);
      const oneAfter = await slice(app.server, target, TIMES.scenarioSeconds, TIMES.scenarioWarmup);
      say(`  ${scenario.label}, 1 processo: ${describe(oneAfter)}`);
      rows.push({ id, label: scenario.label, one: [oneBefore, oneAfter], two: twoLoad, status });
    }
    return { rows, memory: serverProcesses(two) };
  } finally {
    await stop(two);
  }
}

/**
 * Replication on against off (bench/replication.ts): next to the app (off), a second one on a copy of
 * the small database replicating to a local S3 server; per scenario off, on, off. During the write
 * scenario's slice on it, the messages written and the bytes uploaded (after the last sync).
 */
async function measureReplication(app: App, replicatedPath: string): Promise<ReplicationResult> {
  return withBucket(join(DATA_DIR, 'bucket'), PORTS.bucket, async (bucket) => {
    const on = await openApp('app-small-replicated', PORTS.appReplicated, replicatedPath, bucket.env);
    try {
      const rows: ReplicationRow[] = [];
      let traffic: ReplicationTraffic | null = null;
      // --quick: only the write (its traffic proves the replication runs); the whole comparison costs about 45 s more.
      for (const id of quick ? REPLICATION_SCENARIOS.filter((scenario) => scenario === 'chat-post') : REPLICATION_SCENARIOS) {
        const scenario = APP_SCENARIOS.find((s) => s.id === id)!;
        const offBefore = (await appSlice(app, scenario)).load;
        say(`  ${scenario.label}, replicação desligada: ${describe(offBefore)}`);
        const uploadedBefore = bucket.usage();
        const writtenBefore = chatMessageCount(replicatedPath);
        const started = performance.now();
        const { load: onLoad, status } = await appSlice(on, scenario);
        const seconds = (performance.now() - started) / 1000;
        say(`  ${scenario.label}, replicação ligada: ${describe(onLoad)}`);
        if (scenario.write) {
          // The last WAL segment leaves within the sync interval (1 s).
          await new Promise((resolve) => setTimeout(resolve, 2500));
          const uploaded = bucket.usage();
          traffic = {
            writes: chatMessageCount(replicatedPath) - writtenBefore,
            seconds,
            uploads: uploaded.objects - uploadedBefore.objects,
            bytes: uploaded.bytes - uploadedBefore.bytes,
          };
          say(`  tráfego de replicação: ${traffic.writes} mensagens, ${traffic.uploads} objetos, ${traffic.bytes} bytes`);
        }
        const offAfter = (await appSlice(app, scenario)).load;
        say(`  ${scenario.label}, replicação desligada: ${describe(offAfter)}`);
        rows.push({ id, label: scenario.label, off: [offBefore, offAfter], on: onLoad, status });
      }
      return { rows, traffic, memory: serverProcesses(on.server) };
    } finally {
      await stop(on.server);
    }
  });
}

/** `--replication`: only the comparison, on fresh databases; prints the section. */
async function replicationOnly(): Promise<number> {
  resetDataDir();
  say('build do app (npm run build)');
  await buildApp();
  const smallPath = await prepareSmallDatabase('small');
  const replicatedPath = copyDatabase(smallPath, 'small-replicated');
  const small = await openApp('app-small', PORTS.app, smallPath);
  let result: ReplicationResult;
  try {
    result = await measureReplication(small, replicatedPath);
  } finally {
    await stop(small.server);
  }
  console.log(`\n${renderReplicationSection(result)}`);
  return replicationBroken(result) ? 1 : 0;
}

const replicationBroken = (result: ReplicationResult) =>
  !result.traffic || result.rows.some((row) => row.on.non2xx > 0 || row.on.requests === 0 || row.off.some((load) => load.non2xx > 0));

function gitFacts(): { commit: string; dirty: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD');
    const dirty =
      git(
        'status',
        '--porcelain',
        '--',
        'app',
        'db',
        'server.js',
        'server',
        'package-lock.json',
        'remix.config.js',
        'scripts/seed-demo.ts',
        'scripts/demo-courses.ts',
        'scripts/demo-chats.ts',
        'scripts/setup.ts',
        'scripts/migrate.ts',
      ).length > 0;
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  say(quick ? 'modo rápido: fatias curtas; não grava bench/results.md' : 'execução completa');
  resetDataDir();

  say('build do app (npm run build) e da referência (bench/bare-remix)');
  await buildApp();
  await buildBare();

  say('bancos: npm run setup (pequeno) e scripts/seed-large.ts (grande)');
  const smallPath = await prepareSmallDatabase('small');
  const replicatedPath = copyDatabase(smallPath, 'small-replicated');
  const largeSeed = await prepareLargeDatabase();
  say(`  banco grande: ${largeSeed.megabytes.toFixed(1)} MB em ${largeSeed.seconds.toFixed(1)} s`);

  say(`cold start (melhor de ${COLD_STARTS})`);
  const coldStartMs: number[] = [];
  for (let i = 0, failures = 0; i < COLD_STARTS; ) {
    try {
      const ms = await coldStart(
        () => spawnApp(`cold-start-${i + 1}`, PORTS.coldStart, smallPath),
        `${origin(PORTS.coldStart)}${HEALTH_PATH}`,
      );
      coldStartMs.push(ms);
      say(`  ${Math.round(ms)} ms`);
      i++;
    } catch (error) {
      // Only a start killed from outside lands here twice in a row; a broken app fails three times.
      if (++failures === 3) throw error;
      say(`  tentativa falhou (${error instanceof Error ? error.message : error}); de novo`);
    }
  }

  say('teto: node:http');
  const ceilingServer = await startCeiling();
  let ceiling: Load;
  try {
    ceiling = await slice(ceilingServer, REFERENCES.ceiling, TIMES.scenarioSeconds, TIMES.scenarioWarmup);
    say(`  ${REFERENCES.ceiling.label}: ${describe(ceiling)}`);
  } finally {
    await stop(ceilingServer);
  }

  say('bare Remix (remix-serve), de pé até o fim');
  const bare = await startBare();
  const small = await openApp('app-small', PORTS.app, smallPath);
  let smallScenarios: ScenarioResult[];
  let smallMemory: ReturnType<typeof serverProcesses>;
  let newConnections: NewConnectionResult[];
  let twoProcesses: TwoProcessResult;
  let replication: ReplicationResult;
  const scripts: Record<string, ScriptSize> = {};
  try {
    for (const path of SCRIPT_PAGES)
      scripts[path] = await pageScriptSize(small.server.origin, path, path === '/' ? {} : { Cookie: small.cookies.tool });
    smallScenarios = await measureScenarios(small, bare);
    smallMemory = serverProcesses(small.server);
    say(`  RSS ${smallMemory ? `${smallMemory.maxRssMb.toFixed(1)} MB (${smallMemory.processes} processo(s))` : 'não encontrado'}`);
    say('conexões novas');
    newConnections = await measureNewConnectionScenario(small, bare);
    twoProcesses = await measureTwoProcesses(small, smallPath);
    say('replicação (Litestream para um S3 local): desligada, ligada, desligada');
    replication = await measureReplication(small, replicatedPath);
  } finally {
    await stop(small.server);
  }

  const large = await openApp('app-large', PORTS.appLarge, largeSeed.path);
  let largeScenarios: ScenarioResult[];
  let largeMemory: ReturnType<typeof serverProcesses>;
  const csvExports: CsvExport[] = [];
  try {
    largeScenarios = await measureScenarios(large, bare);
    largeMemory = serverProcesses(large.server);
    say(`  RSS ${largeMemory ? `${largeMemory.maxRssMb.toFixed(1)} MB (${largeMemory.processes} processo(s))` : 'não encontrado'}`);
    // The demo E-MASTER user holds the large database's 20,000 saved calculations (BENCH_HISTORY_USER).
    for (let run = 0; run < CSV_EXPORT_RUNS; run += 1) {
      const result = await measureCsvExport(large.server, large.cookies.master);
      csvExports.push(result);
      say(`  exportação CSV: ${result.rows} linhas, primeiro byte ${Math.round(result.ttfbMs)} ms, total ${Math.round(result.totalMs)} ms`);
    }
  } finally {
    await stop(large.server);
    await stop(bare);
  }

  say(`e-mails: ${MAIL_COUNT.toLocaleString('pt-BR')} na fila, entregues por SMTP`);
  const mail = await measureMailDelivery(MAIL_COUNT, say, smallPath);
  say(
    `  ${mail.received} recebidos em ${(mail.deliverMs / 1000).toFixed(1)} s; RSS ${mail.rssBeforeMb.toFixed(0)} → ${mail.rssPeakMb.toFixed(0)} MB`,
  );

  const results: Results = {
    quick,
    date: new Date().toISOString(),
    ...gitFacts(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
      memoryGb: os.totalmem() / 1024 ** 3,
      node: process.version,
      os: `${os.type()} ${os.release()} ${os.arch()}`,
    },
    times: TIMES,
    ceiling,
    small: smallScenarios,
    large: largeScenarios,
    newConnections,
    twoProcesses,
    coldStartMs,
    memory: { small: smallMemory, large: largeMemory },
    scripts,
    largeSeed,
    restarts: [...small.restarts, ...large.restarts],
    repeats: [...small.repeats, ...large.repeats],
    benchCourse: { small: small.ids.courseId, large: large.ids.courseId },
    sections: [
      [
        '## History export: 20,000 saved calculations as CSV',
        '',
        `\`GET /calculators/history/export\` as the large database's E-MASTER demo user (20,000 saved calculations across every calculator), streamed and gzipped, one download at a time (bench/csv-export.ts).`,
        '',
        ...csvExportRows(csvExports),
        '',
      ].join('\n'),
      renderMailSection(mail),
      renderReplicationSection(replication),
    ],
    durationSeconds: (performance.now() - started) / 1000,
  };
  const { markdown, met, total } = renderReport(results);
  const file = join(ROOT, quick ? 'bench/results-quick.md' : 'bench/results.md');
  writeFileSync(file, `${markdown}\n`);
  console.log(`\n${markdown}`);
  say(`${met} de ${total} metas atingidas; gravado em ${file}`);

  // A scenario that did not answer as expected means the bench measured the wrong thing: fail (CI too).
  const broken = [...results.small, ...results.large].filter(
    (m) => m.status !== (m.expected ?? 200) || m.load.non2xx > 0 || m.load.requests === 0,
  );
  const brokenRefs = [...results.small, ...results.large].filter((m) => m.reference.before.non2xx > 0 || m.reference.after.non2xx > 0);
  if (csvExports.some((result) => result.status !== 200 || result.rows < 20_000)) {
    say(`exportação CSV: ${csvExports.map((result) => `${result.status}/${result.rows} linhas`).join(', ')}`);
    return 1;
  }
  if (mail.received < mail.count || mail.notSent > 0) {
    say(`e-mails: ${mail.received} de ${mail.count} recebidos, ${mail.notSent} não marcados como enviados`);
    return 1;
  }
  if (replicationBroken(replication)) {
    say('replicação: um cenário não respondeu como esperado, ou o tráfego não foi medido');
    return 1;
  }
  if (broken.length || brokenRefs.length) {
    say(`cenários com erro: ${[...broken.map((m) => m.label), ...brokenRefs.map((m) => `referência de ${m.label}`)].join('; ')}`);
    return 1;
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await (onlyReplication ? replicationOnly() : main());
} catch (error) {
  console.error('[bench] falhou:', error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : error);
} finally {
  await killAll();
}
process.exit(exitCode);
