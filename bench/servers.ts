/**
 * The servers the bench measures, one at a time, on loopback ports 3200+: the raw node:http
 * ceiling, the bare Remix reference (remix-serve) and the app itself, started exactly as
 * production starts it: `npm start` with NODE_ENV, PORT, DATABASE_URL and SESSION_SECRET.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupCpu, killGroup, listeningProcess, nodeProcesses, runToEnd, spawnGroup, type Group } from './processes';
import { waitFor200 } from './measure';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const DATA_DIR = join(ROOT, 'bench/.data');
export const LOG_DIR = join(DATA_DIR, 'logs');
const BARE_DIR = join(ROOT, 'bench/bare-remix');
const BIN = join(ROOT, 'node_modules/.bin');
export const SESSION_SECRET = 'bench-secret';
export const HEALTH_PATH = '/healthcheck';

export const PORTS = {
  ceiling: 3200,
  bare: 3201,
  app: 3202,
  appLarge: 3203,
  coldStart: 3204,
  appTwoProcesses: 3205,
  experiment: 3206,
  mail: 3207,
  /** Replication on (bench/replication.ts): the app under Litestream and its local S3 server. */
  appReplicated: 3211,
  bucket: 3212,
} as const;
export const origin = (port: number) => `http://127.0.0.1:${port}`;

const log = (name: string) => join(LOG_DIR, `${name}.log`);

export function resetDataDir(): void {
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
}

// ---------------------------------------------------------------------------------------------
// Preparation

export const baseEnv = (): NodeJS.ProcessEnv => {
  // Nothing from the caller's app configuration leaks in (a DATABASE_URL in the shell, say).
  const env = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SESSION_SECRET',
    'PORT',
    'SEED_DEMO',
    'FLY_APP_NAME',
    'TRUST_FLY_CLIENT_IP',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'SMTP_URL',
    'MAIL_FROM',
  ])
    delete env[name];
  // Stripe's offline test mode, which a production start runs only when told (decision 016).
  env.STRIPE_TEST_MODE = '1';
  // Mails as .eml files beside the database, which a production start does only when told (docs/mail.md).
  env.MAIL_TRANSPORT = 'file';
  return env;
};

export async function buildApp(): Promise<void> {
  await runToEnd('npm run build', 'npm', ['run', 'build'], {
    cwd: ROOT,
    env: { ...baseEnv(), NODE_ENV: 'production' },
    logPath: log('build-app'),
  });
}

export async function buildBare(): Promise<void> {
  rmSync(join(ROOT, 'bench/.bare'), { recursive: true, force: true });
  await runToEnd('remix build (bare)', join(BIN, 'remix'), ['build', BARE_DIR], {
    cwd: ROOT,
    env: { ...baseEnv(), NODE_ENV: 'production' },
    logPath: log('build-bare'),
  });
}

/** A fresh database with the demo data, made by the project's own `npm run setup`. */
export async function prepareSmallDatabase(name = 'small'): Promise<string> {
  const dir = join(DATA_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'app.db');
  await runToEnd('npm run setup', 'npm', ['run', 'setup'], {
    cwd: ROOT,
    // The demo seed loads the app's configuration (it queues the demo's mails): a production setup needs its secret.
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      SEED_DEMO: '1',
      DATABASE_URL: `file:${path}`,
      SESSION_SECRET,
      PUBLIC_ORIGIN: origin(PORTS.app),
      ADMIN_TWO_FACTOR: 'optional',
    },
    logPath: log(`setup-${name}`),
  });
  return path;
}

/** A copy of a prepared (closed) database under bench/.data/<name>/app.db, its WAL too if one was left. */
export function copyDatabase(from: string, name: string): string {
  const dir = join(DATA_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'app.db');
  for (const suffix of ['', '-wal']) if (existsSync(from + suffix)) copyFileSync(from + suffix, path + suffix);
  return path;
}

/** scripts/seed-large.ts into bench/.data/large/app.db; returns its wall time and size. */
export async function prepareLargeDatabase(): Promise<{ path: string; seconds: number; megabytes: number }> {
  const dir = join(DATA_DIR, 'large');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'app.db');
  const started = performance.now();
  await runToEnd('seed-large', join(BIN, 'tsx'), ['scripts/seed-large.ts', path, '--fresh'], {
    cwd: ROOT,
    env: { ...baseEnv(), ADMIN_TWO_FACTOR: 'optional' },
    logPath: log('seed-large'),
    timeoutMs: 300_000,
  });
  return { path, seconds: (performance.now() - started) / 1000, megabytes: statSync(path).size / 1024 / 1024 };
}

// ---------------------------------------------------------------------------------------------
// Servers

export type Running = { name: string; origin: string; port: number; group: Group };

function spawnCeiling(port: number): Group {
  return spawnGroup('ceiling', process.execPath, [join(ROOT, 'bench/ceiling-server.mjs')], {
    cwd: ROOT,
    env: { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1' },
    logPath: log('ceiling'),
  });
}

function spawnBare(port: number): Group {
  // remix-serve resolves the build's relative asset directory from its working directory.
  return spawnGroup('bare-remix', join(BIN, 'remix-serve'), ['../.bare/build/index.js'], {
    cwd: BARE_DIR,
    env: { ...baseEnv(), NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
    logPath: log('bare-remix'),
  });
}

/** The variables set to a string; one given as undefined is left out (unset). */
function withoutUnset(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * `npm start`, as production runs it. HOST only narrows remix-serve to loopback; nothing relies on it.
 * WEB_CONCURRENCY is the number of server processes (1 unless `processes` says otherwise); `env` adds
 * variables for an experiment (NODE_OPTIONS, UV_THREADPOOL_SIZE, …); one given as undefined is unset.
 */
export function spawnApp(
  name: string,
  port: number,
  databasePath: string,
  processes = 1,
  env: Record<string, string | undefined> = {},
): Group {
  const base = baseEnv();
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete base[key];
  return spawnGroup(name, 'npm', ['start'], {
    cwd: ROOT,
    env: {
      ...base,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${databasePath}`,
      SESSION_SECRET,
      // Production requires it (the links of mails and certificates leave the server).
      PUBLIC_ORIGIN: origin(port),
      WEB_CONCURRENCY: String(processes),
      // The bench signs the demo admin in with a password alone (README: ADMIN_TWO_FACTOR).
      ADMIN_TWO_FACTOR: 'optional',
      // Metrics on, as in production, on a port of the server's own (two apps run side by side).
      METRICS_PORT: String(port + 1000),
      ...withoutUnset(env),
    },
    logPath: log(name),
  });
}

async function started(name: string, port: number, group: Group, readyPath: string): Promise<Running> {
  try {
    await waitFor200(`${origin(port)}${readyPath}`, group);
  } catch (error) {
    await killGroup(group);
    throw error;
  }
  return { name, origin: origin(port), port, group };
}

export const startCeiling = () => started('ceiling', PORTS.ceiling, spawnCeiling(PORTS.ceiling), '/');
export const startBare = (port: number = PORTS.bare) => started('bare-remix', port, spawnBare(port), '/api/json');
export const startApp = (name: string, port: number, databasePath: string, processes = 1, env: Record<string, string | undefined> = {}) =>
  started(name, port, spawnApp(name, port, databasePath, processes, env), HEALTH_PATH);

/** False once the server's process group has lost its leader (or nothing listens any more). */
export function isAlive(server: Running): boolean {
  return server.group.exit === undefined && listeningProcess(server.group, server.port) !== null;
}

export function exitDescription(server: Running): string {
  const exit = server.group.exit;
  if (!exit) return 'o processo que escutava a porta terminou';
  return exit.signal ? `sinal ${exit.signal}` : `código ${exit.code}`;
}

export async function stop(server: Running): Promise<void> {
  await killGroup(server.group);
}

/**
 * http-server/cluster.js runs one process whatever WEB_CONCURRENCY says while STRIPE_TEST_MODE=1 (the
 * Stripe stand-in keeps its payments in one process's memory). A server started with more than one
 * process gets a test key that is no key instead: production accepts it, and no scenario it runs
 * (TWO_PROCESS_SCENARIOS) calls Stripe.
 */
export const multiProcessEnv = (port: number): Record<string, string | undefined> => ({
  STRIPE_TEST_MODE: undefined,
  STRIPE_SECRET_KEY: 'sk_test_bench_not_a_key',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_bench_not_a_key',
  PUBLIC_ORIGIN: origin(port),
});

/** A reader of the CPU time of the server's whole process group (every worker with WEB_CONCURRENCY > 1). */
export const serverCpu = (server: Running) => () => groupCpu(server.group.pid);

export type Memory = { processes: number; maxRssMb: number; totalRssMb: number; command: string };

/** The node processes of the server's group (one, or a primary and its workers) and their resident memory. */
export function serverProcesses(server: Running): Memory | null {
  const found = nodeProcesses(server.group);
  if (!found.length) return null;
  const rss = found.map((p) => p.rssKb / 1024);
  return { processes: found.length, maxRssMb: Math.max(...rss), totalRssMb: rss.reduce((a, b) => a + b, 0), command: found[0].command };
}

/** Resident memory of the node process that listens on the server's port (not npm's or sh's). */
export function serverMemory(server: Running): { pid: number; rssMb: number; command: string } | null {
  const found = listeningProcess(server.group, server.port);
  return found ? { pid: found.pid, rssMb: found.rssKb / 1024, command: found.command } : null;
}
