// @ts-check
// Litestream around the production server (docs/decisions/053-litestream-replication.md). With a
// replica configured (LITESTREAM_REPLICA_URL, or LITESTREAM_BUCKET as before), the production start
// first restores the newest generation when the database file does not exist yet (a new machine, a
// replaced volume), refuses to go on if the restored file fails integrity_check, and then runs the
// server as `litestream replicate -exec`: Litestream forwards the stop signal to the server, waits
// for its graceful shutdown (WAL checkpoint, close) and syncs a last time before it exits.
// Without a replica the production start warns once that nothing leaves the box.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHUTDOWN_SIGNALS } from './shutdown.js';

const require = createRequire(import.meta.url);

/** A child's environment: Node's type requires NODE_ENV, which a replica's child inherits or goes without. @param {Record<string, string | undefined>} vars */
const childEnv = (vars) => /** @type {NodeJS.ProcessEnv} */ (/** @type {unknown} */ (vars));

/** Set in the server that Litestream runs, so it does not wrap itself again. */
export const SUPERVISED_FLAG = 'LITESTREAM_SUPERVISED';
export const CONFIG_PATH = fileURLToPath(new URL('../litestream.yml', import.meta.url));
export const NO_REPLICA_WARNING =
  'Replicação desligada: nenhum LITESTREAM_REPLICA_URL (ou LITESTREAM_BUCKET) configurado; o banco e os anexos existem só neste volume (README, "Deploy on Fly.io").';

/**
 * The Litestream binary (0.3.13) of its platform package, called directly: the @flydotio/litestream
 * wrapper neither forwards signals nor exit codes, and its optional packages for other platforms are
 * not all on the registry, which broke `npm ci`. Only linux-x64 (the Fly machine) is a dependency.
 */
export function litestreamBinary() {
  return require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/litestream`);
}

/**
 * `DATABASE_URL` (file:./x.db) as an absolute path, as db/client.ts reads it.
 * @param {Record<string, string | undefined>} [vars]
 */
export function databaseFile(vars = process.env) {
  return resolve((vars.DATABASE_URL || 'file:./data/app.db').replace(/^file:(\/\/)?/, ''));
}

/**
 * The variables litestream.yml expands, from LITESTREAM_REPLICA_URL (s3://bucket/path) or the
 * separate LITESTREAM_BUCKET / LITESTREAM_PATH; null when no replica is configured.
 * @param {Record<string, string | undefined>} vars
 */
export function replicaSettings(vars = process.env) {
  let bucket = vars.LITESTREAM_BUCKET?.trim();
  let path = vars.LITESTREAM_PATH?.trim() || 'e-engenharia/app.db';
  const url = vars.LITESTREAM_REPLICA_URL?.trim();
  if (url) {
    const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
    if (!match) throw new Error(`LITESTREAM_REPLICA_URL: use s3://BUCKET/CAMINHO (recebido "${url}").`);
    bucket = match[1];
    if (match[2]) path = match[2].replace(/\/$/, '');
  }
  if (!bucket) return null;
  return {
    LITESTREAM_DB_PATH: databaseFile(vars),
    LITESTREAM_BUCKET: bucket,
    LITESTREAM_PATH: path,
    LITESTREAM_ENDPOINT: vars.LITESTREAM_ENDPOINT?.trim() || '',
    LITESTREAM_REGION: vars.LITESTREAM_REGION?.trim() || 'auto',
    LITESTREAM_FORCE_PATH_STYLE: vars.LITESTREAM_FORCE_PATH_STYLE === 'true' ? 'true' : 'false',
    LITESTREAM_SYNC_INTERVAL: vars.LITESTREAM_SYNC_INTERVAL?.trim() || '1s',
  };
}

/**
 * Runs a Litestream subcommand to completion with the config and the given env.
 * @param {string[]} args @param {Record<string, string | undefined>} env
 */
export function runLitestream(args, env) {
  return spawnSync(litestreamBinary(), [args[0], '-config', CONFIG_PATH, ...args.slice(1)], { env: childEnv(env), encoding: 'utf8' });
}

/**
 * Restores the newest generation when the database file is missing and the replica has one.
 * Returns what happened; throws (the start stops) when the restored file is not a sound database.
 * @param {Record<string, string | undefined> & { LITESTREAM_DB_PATH: string }} env
 * @param {(file: string) => Pick<import('better-sqlite3').Database, 'pragma' | 'close'>} [openDatabase]
 */
export function restoreIfEmpty(env, openDatabase = defaultOpen) {
  const file = env.LITESTREAM_DB_PATH;
  if (existsSync(file)) return { restored: false, reason: 'existing' };
  mkdirSync(dirname(file), { recursive: true });
  const started = Date.now();
  const restore = runLitestream(['restore', '-if-db-not-exists', '-if-replica-exists', file], env);
  if (restore.status !== 0)
    throw new Error(`litestream restore falhou (${restore.status ?? restore.error}):\n${restore.stdout}${restore.stderr}`);
  if (!existsSync(file)) return { restored: false, reason: 'empty-replica' };
  try {
    const sqlite = openDatabase(file);
    const check = sqlite.pragma('integrity_check', { simple: true });
    sqlite.close();
    if (check !== 'ok') throw new Error(`integrity_check: ${check}`);
  } catch (error) {
    // Never serve (nor let migrations create tables in) a broken copy: set it aside and stop (the next start tries the replica again).
    const aside = `${file}.recusado-${Date.now()}`;
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
    throw new Error(
      `Restauração recusada: o arquivo restaurado não é um banco íntegro (${error instanceof Error ? error.message : error}); guardado em ${aside}.`,
    );
  }
  const ms = Date.now() - started;
  // Litestream 0.3's `generations` needs the file, so what was restored is read once it exists.
  const newest = newestGeneration(runLitestream(['generations', file], env).stdout ?? '');
  const position = /index_max=(\d+)/.exec(restore.stdout + restore.stderr)?.[1] ?? '?';
  return { restored: true, generation: newest?.generation ?? '?', position, lastWrite: newest?.end ?? '?', ms };
}

/** @param {string} file */
function defaultOpen(file) {
  /** @type {typeof import('better-sqlite3')} */
  const Database = require('better-sqlite3');
  return new Database(file);
}

/**
 * The newest generation of `litestream generations` (columns: name generation lag start end).
 * @param {string} output
 */
export function newestGeneration(output) {
  const rows = output
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length >= 5)
    .map(([name, generation, lag, start, end]) => ({ name, generation, lag, start, end }));
  return rows.sort((a, b) => (a.end < b.end ? 1 : -1))[0] ?? null;
}

/**
 * Called first thing by server.js. Returns true when this process became Litestream's parent
 * (the server itself then runs in Litestream's child, and this one only relays signals and the
 * exit code), false when this process is the server.
 * @param {{ isProduction: boolean, inWorker: boolean, vars?: Record<string, string | undefined> }} options
 */
export function superviseWithLitestream({ isProduction, inWorker, vars = process.env }) {
  if (!isProduction || inWorker || vars[SUPERVISED_FLAG]) return false;
  const settings = replicaSettings(vars);
  if (!settings) {
    console.warn(NO_REPLICA_WARNING);
    return false;
  }
  const env = { ...vars, ...settings };
  const restore = restoreIfEmpty(env);
  if (restore.restored) {
    console.log(
      `Banco restaurado da réplica s3://${settings.LITESTREAM_BUCKET}/${settings.LITESTREAM_PATH}: geração ${restore.generation}, WAL até o índice ${restore.position}, última escrita replicada ${restore.lastWrite}, em ${restore.ms} ms.`,
    );
  } else if (restore.reason === 'empty-replica') {
    console.log('Réplica vazia e nenhum banco local: começa um banco novo.');
  }
  const serverCommand = `${process.execPath} ${process.execArgv.join(' ')} ${fileURLToPath(new URL('../server.js', import.meta.url))}`;
  const child = spawn(litestreamBinary(), ['replicate', '-config', CONFIG_PATH, '-exec', serverCommand], {
    env: childEnv({ ...env, [SUPERVISED_FLAG]: '1' }),
    stdio: 'inherit',
  });
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}

// `node http-server/replication.js ARGS…` runs the pinned Litestream with ARGS (the Dockerfile checks
// the binary with `version`; docs/operations.md runs `generations`, `snapshots` and `restore`),
// with litestream.yml's variables filled from the environment as the server's start fills them.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [command = 'version', ...rest] = process.argv.slice(2);
  const withConfig = command === 'version' ? [command, ...rest] : [command, '-config', CONFIG_PATH, ...rest];
  const result = spawnSync(litestreamBinary(), withConfig, { env: { ...process.env, ...replicaSettings() }, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
