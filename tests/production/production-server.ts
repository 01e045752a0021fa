import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/**
 * The production build (`npm start`: node server.js) on its own port and its own SQLite file,
 * for the tests that need a server nobody else writes to (fuzzing, crash, backup, shutdown).
 * `remix build` must have run (test:e2e runs it first).
 */
export type ProductionServer = {
  url: string;
  port: number;
  dir: string;
  dbPath: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  /** Everything the process printed (stdout and stderr), in order. */
  log: () => string;
  /** Sends `signal` and resolves with the exit code (or the signal) once the process ended. */
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type StartOptions = {
  /** A directory name under tests/.production/ (wiped unless `keepData`). */
  name: string;
  /** Seed the demo data first (`npm run setup` with SEED_DEMO=1). */
  seedDemo?: boolean;
  keepData?: boolean;
  port?: number;
  env?: Record<string, string>;
  /** Run `npm start` (as the Docker image does) instead of `node server.js`: signals then go to npm first. */
  npmStart?: boolean;
};

export type LaunchOptions = Pick<StartOptions, 'npmStart'>;

export const SESSION_SECRET = 'production-tests-secret';

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export function productionEnv(dbPath: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _unused, ...inherited } = process.env;
  return {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: `file:${dbPath}`,
    SESSION_SECRET,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    STRIPE_TEST_MODE: '1',
    MAIL_TRANSPORT: 'file',
    // The demo admin signs in with a password alone on test servers (README: ADMIN_TWO_FACTOR).
    ADMIN_TWO_FACTOR: 'optional',
    // Production's default (9091) would be taken by the first of the servers tests run side by side; tests/production/metrics.spec.ts gives its own.
    METRICS_PORT: 'off',
    ...extra,
  };
}

/** Migrates (and seeds when asked) the database the server will use, as `npm run setup` does. */
export function prepareDatabase(env: NodeJS.ProcessEnv, seedDemo: boolean): void {
  const setup = spawnSync('npx', ['tsx', 'scripts/setup.ts'], {
    env: { ...env, SEED_DEMO: seedDemo ? '1' : '0' },
    encoding: 'utf8',
  });
  if (setup.status !== 0) throw new Error(`setup failed:\n${setup.stdout}\n${setup.stderr}`);
}

export async function waitUntilHealthy(url: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${url}/healthcheck`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${log()}`);
}

/** Starts `node server.js` on the given (already prepared) database. */
export async function launch(
  dir: string,
  dbPath: string,
  port: number,
  env: NodeJS.ProcessEnv,
  options: LaunchOptions = {},
): Promise<ProductionServer> {
  const output: string[] = [];
  const [command, args] = options.npmStart ? ['npm', ['start']] : [process.execPath, ['--max-old-space-size=256', 'server.js']];
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const log = () => output.join('');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child, log);
  return {
    url,
    port,
    dir,
    dbPath,
    env,
    child,
    log,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function startProductionServer(options: StartOptions): Promise<ProductionServer> {
  const dir = resolve('tests/.production', options.name);
  if (!options.keepData) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const dbPath = resolve(dir, 'app.db');
  const port = options.port ?? (await freePort());
  const env = productionEnv(dbPath, port, options.env);
  if (!options.keepData) prepareDatabase(env, options.seedDemo ?? false);
  return launch(dir, dbPath, port, env, { npmStart: options.npmStart });
}
