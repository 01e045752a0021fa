/**
 * `npm run bench` (full, writes bench/results.md) and `npm run bench -- --quick` (~2 s per
 * scenario, one cold start; writes the git-ignored bench/results-quick.md). See bench/README.md.
 *
 * Order: build → databases → cold start → ceiling → bare Remix → app (small database) →
 * bare Remix again → app (large database). One server at a time; every child process group
 * is killed at the end, also on error.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { coldStart, get, login, measureLoad, pageScriptSize, request, type ScriptSize } from './measure';
import { killAll } from './processes';
import { renderReport, type Measured, type Results } from './report';
import { BENCH_COURSE, BENCH_THREAD_SUBJECT, BENCH_WRITE_THREAD_SUBJECT } from '../db/seed-constants';
import {
  APP_SCENARIOS,
  BARE_REFERENCES,
  BENCH_COURSE_PLACEHOLDER,
  BENCH_THREAD_PLACEHOLDER,
  BENCH_WRITE_THREAD_PLACEHOLDER,
  DEMO_LOGINS,
  REFERENCES,
  SCENARIO_USERS,
  SCRIPT_PAGES,
  type ReferenceId,
  type Scenario,
  type ScenarioUser,
} from './scenarios';
import {
  HEALTH_PATH,
  PORTS,
  exitDescription,
  isAlive,
  ROOT,
  buildApp,
  buildBare,
  origin,
  prepareLargeDatabase,
  prepareSmallDatabase,
  resetDataDir,
  serverMemory,
  spawnApp,
  startApp,
  startBare,
  startCeiling,
  stop,
  type Running,
} from './servers';

const USAGE = `npm run bench [-- --quick]   (tsx bench/run.ts [--quick] [--help])

  full run:  3 s warm-up + 10 s per scenario, cold start best of 3; writes bench/results.md
  --quick:   0.5 s + 2 s per scenario, one cold start; writes bench/results-quick.md
  Builds the app, makes the small and large databases under bench/.data/ and measures on
  127.0.0.1 ports 3200-3204. See bench/README.md.`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = args.filter((arg) => arg !== '--quick');
if (unknown.length) {
  console.error(`[bench] argumento desconhecido: ${unknown.join(' ')}\n\n${USAGE}`);
  process.exit(2);
}
const quick = args.includes('--quick');
const SECONDS = quick ? 2 : 10;
const WARMUP_SECONDS = quick ? 0.5 : 3;
const COLD_STARTS = quick ? 1 : 3;

const say = (text: string) => console.log(`[bench] ${text}`);

async function measure(server: Running, id: string, label: string, path: string, headers: Record<string, string>, write?: Scenario['write']): Promise<Measured> {
  const url = `${server.origin}${path}`;
  // A write goes out as a browser on the page would send it: from the app's own origin.
  const sent = write ? { ...headers, Origin: server.origin } : headers;
  const expected = write?.status ?? 200;
  const status = await request(url, { method: write?.method ?? 'GET', headers: sent, body: write?.body }).then(
    (response) => response.status,
    (error: Error) => (say(`  ${label}: ${error.message}`), 0),
  );
  if (status !== expected) say(`  atenção: ${label} respondeu ${status} antes da medição`);
  const load = await measureLoad(url, sent, SECONDS, WARMUP_SECONDS, write);
  say(`  ${label}: ${Math.round(load.rps)} req/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, non-2xx ${load.non2xx}`);
  return { id, label, load, status, ...(write ? { expected } : {}) };
}

async function measureBare(): Promise<Record<ReferenceId, Measured>> {
  say('bare Remix (remix-serve)');
  const server = await startBare();
  try {
    const out = {} as Record<ReferenceId, Measured>;
    for (const id of BARE_REFERENCES) {
      const ref = REFERENCES[id];
      out[id] = await measure(server, id, ref.label, ref.path, ref.headers);
    }
    return out;
  } finally {
    await stop(server);
  }
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
    const response = await get(`${server.origin}/api/chat/threads?${new URLSearchParams({ q: subject, perPage: '10' })}`, { Accept: 'application/json', Cookie: cookies.tool });
    if (response.status !== 200) throw new Error(`GET /api/chat/threads respondeu ${response.status}: ${response.text.slice(0, 200)}`);
    const found = (JSON.parse(response.text) as { id: number; subject: string }[]).find((thread) => thread.subject === subject);
    if (!found) throw new Error(`o ticket "${subject}" não está no banco (o seed de demonstração o cria)`);
    return found.id;
  };
  return { thread: await find(BENCH_THREAD_SUBJECT), writeThread: await find(BENCH_WRITE_THREAD_SUBJECT) };
}

type BenchIds = { courseId: number; thread: number; writeThread: number };

const scenarioPath = (scenario: Scenario, ids: BenchIds) =>
  scenario.path
    .replace(BENCH_COURSE_PLACEHOLDER, String(ids.courseId))
    .replace(BENCH_THREAD_PLACEHOLDER, String(ids.thread))
    .replace(BENCH_WRITE_THREAD_PLACEHOLDER, String(ids.writeThread));

/** Starts the app; on a shared machine a start may be killed from outside, so try up to three times. */
async function startAppPatiently(name: string, port: number, databasePath: string): Promise<Running> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startApp(name, port, databasePath);
    } catch (error) {
      if (attempt === 3) throw error;
      say(`  ${name} não subiu (${error instanceof Error ? error.message : error}); nova tentativa`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

/**
 * The app's scenarios on one database. Should the server die during a scenario (on a shared
 * machine someone may kill it), it is started again, the demo users log in again, the scenario
 * is measured again, and the report says so.
 */
async function measureApp(name: string, port: number, databasePath: string, weighScripts: boolean) {
  say(`app (${name}): npm start`);
  let server = await startAppPatiently(name, port, databasePath);
  const restarts: string[] = [];
  try {
    let cookies = await logInDemoUsers(server);
    say(`  ${DEMO_LOGINS.length} logins de demonstração ok`);
    const courseId = await benchCourseId(server, cookies);
    say(`  curso da página de curso: #${courseId} (${BENCH_COURSE.title})`);
    const threads = await benchThreadIds(server, cookies);
    say(`  tickets do chat: #${threads.thread} (${BENCH_THREAD_SUBJECT}), escrita em #${threads.writeThread}`);
    const ids: BenchIds = { courseId, ...threads };
    const scripts: Record<string, ScriptSize> = {};
    if (weighScripts) {
      for (const path of SCRIPT_PAGES) scripts[path] = await pageScriptSize(server.origin, path, path === '/' ? {} : { Cookie: cookies.tool });
    }
    const measured: Measured[] = [];
    for (const scenario of APP_SCENARIOS) {
      const headers = () => (scenario.anonymous ? scenario.headers : { ...scenario.headers, Cookie: cookies[scenario.as ?? 'tool'] });
      const run = () => measure(server, scenario.id, scenario.label, scenarioPath(scenario, ids), headers(), scenario.write);
      let result = await run();
      for (let retry = 1; !isAlive(server); retry++) {
        const why = exitDescription(server);
        if (retry > 3) throw new Error(`${name} terminou durante "${scenario.label}" (${why}) três vezes`);
        say(`  o servidor terminou durante "${scenario.label}" (${why}): reiniciando e medindo de novo`);
        restarts.push(`${name}: ${scenario.label} (${why})`);
        await stop(server);
        server = await startAppPatiently(name, port, databasePath);
        cookies = await logInDemoUsers(server);
        result = await run();
      }
      measured.push(result);
    }
    const memory = serverMemory(server);
    say(`  RSS ${memory ? `${memory.rssMb.toFixed(1)} MB (pid ${memory.pid}: ${memory.command})` : 'não encontrado'}`);
    return { measured, memory, scripts, restarts, courseId };
  } finally {
    await stop(server);
  }
}

function gitFacts(): { commit: string; dirty: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short=12', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'app', 'db', 'server.js', 'server', 'package-lock.json', 'remix.config.js', 'scripts/seed-demo.ts', 'scripts/demo-courses.ts', 'scripts/demo-chats.ts', 'scripts/setup.ts', 'scripts/migrate.ts').length > 0;
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  say(quick ? 'modo rápido: ~2 s por cenário; não grava bench/results.md' : 'execução completa');
  resetDataDir();

  say('build do app (npm run build) e da referência (bench/bare-remix)');
  await buildApp();
  await buildBare();

  say('bancos: npm run setup (pequeno) e scripts/seed-large.ts (grande)');
  const smallPath = await prepareSmallDatabase('small');
  const largeSeed = await prepareLargeDatabase();
  say(`  banco grande: ${largeSeed.megabytes.toFixed(1)} MB em ${largeSeed.seconds.toFixed(1)} s`);

  say(`cold start (melhor de ${COLD_STARTS})`);
  const coldStartMs: number[] = [];
  for (let i = 0, failures = 0; i < COLD_STARTS; ) {
    try {
      const ms = await coldStart(() => spawnApp(`cold-start-${i + 1}`, PORTS.coldStart, smallPath), `${origin(PORTS.coldStart)}${HEALTH_PATH}`);
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
  let ceiling: Measured;
  try {
    ceiling = await measure(ceilingServer, 'ceiling', REFERENCES.ceiling.label, REFERENCES.ceiling.path, REFERENCES.ceiling.headers);
  } finally {
    await stop(ceilingServer);
  }

  const bareFirst = await measureBare();
  const small = await measureApp('app-small', PORTS.app, smallPath, true);
  const bareSecond = await measureBare();
  const large = await measureApp('app-large', PORTS.appLarge, largeSeed.path, false);

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
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    ceiling,
    bare: [bareFirst, bareSecond],
    small: small.measured,
    large: large.measured,
    coldStartMs,
    rss: { small: small.memory, large: large.memory },
    scripts: small.scripts,
    largeSeed,
    restarts: [...small.restarts, ...large.restarts],
    benchCourse: { small: small.courseId, large: large.courseId },
    durationSeconds: (performance.now() - started) / 1000,
  };
  const { markdown, met, total } = renderReport(results);
  const file = join(ROOT, quick ? 'bench/results-quick.md' : 'bench/results.md');
  writeFileSync(file, `${markdown}\n`);
  console.log(`\n${markdown}`);
  say(`${met} de ${total} metas atingidas; gravado em ${file}`);

  // A scenario that did not answer 200 means the bench measured the wrong thing: fail (CI too).
  const broken = [...results.small, ...results.large, ...Object.values(bareFirst)].filter((m) => m.status !== (m.expected ?? 200) || m.load.non2xx > 0);
  if (broken.length) {
    say(`cenários com erro: ${broken.map((m) => m.label).join('; ')}`);
    return 1;
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error('[bench] falhou:', error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : error);
} finally {
  await killAll();
}
process.exit(exitCode);
