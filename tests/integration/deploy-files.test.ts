import { existsSync, readFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { METRICS_PATH, metricsPort } from '../../http-server/metrics.js';
import { SHUTDOWN_DEADLINE_MS, SHUTDOWN_SIGNALS } from '../../http-server/shutdown.js';
import { litestreamBinary, replicaSettings } from '../../http-server/replication.js';
import { killTimeoutMs, readFlyConfig } from '../setup/fly-config';

/**
 * No container engine runs here, so the deployment files are checked against each other, against
 * package.json and against server.js: a disagreement is a broken deploy found before Fly finds it.
 */

const fly = readFlyConfig();
const dockerfile = readFileSync('Dockerfile', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

/** Dockerfile instructions, with continuation lines joined and comments dropped. */
const instructions = dockerfile
  .replace(/\\\r?\n/g, ' ')
  .split(/\r?\n/)
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const finalStage = instructions.slice(instructions.findLastIndex((instruction) => instruction.keyword === 'FROM'));

/** ENV of the final stage (stages inherit their base's ENV, so the whole chain up to it counts). */
function dockerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of instructions) {
    if (keyword !== 'ENV') continue;
    for (const match of args.matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g)) env[match[1]] = match[2].replace(/^"|"$/g, '');
  }
  return env;
}

const databaseFile = (url: string) => url.replace(/^file:(\/\/)?/, '');
const mounts = Array.isArray(fly.mounts) ? fly.mounts : [fly.mounts];
const insideMount = (path: string) =>
  mounts.some(({ destination }) => posix.relative(destination, path) !== '' && !posix.relative(destination, path).startsWith('..'));

describe('Dockerfile, fly.toml and package.json agree', () => {
  it('builds on the Node major of package.json engines', () => {
    const major = /(\d+)/.exec(pkg.engines.node)?.[1];
    const froms = instructions.filter((instruction) => instruction.keyword === 'FROM').map((instruction) => instruction.args);
    const images = froms.map((args) => args.split(/\s+/)[0]).filter((image) => image.startsWith('node:'));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(new RegExp(`^node:${major}(\\D|$)`));
    // Multi-stage: the build tools and devDependencies stay in earlier stages.
    expect(froms.length).toBeGreaterThan(1);
    expect(dockerfile).toMatch(/npm ci\b/);
    expect(dockerfile).toMatch(/npm run build\b/);
    expect(dockerfile).toMatch(/npm (prune|ci) [^\n]*--omit=dev/);
  });

  it('listens on one port: fly internal_port, fly PORT, Dockerfile ENV PORT and EXPOSE', () => {
    const port = String(fly.http_service.internal_port);
    expect(fly.env.PORT).toBe(port);
    expect(dockerEnv().PORT).toBe(port);
    expect(finalStage.filter(({ keyword }) => keyword === 'EXPOSE').map(({ args }) => args)).toEqual([port]);
  });

  it('keeps the SQLite file on the mounted volume, at the same path in fly.toml and the Dockerfile', () => {
    const flyDb = databaseFile(fly.env.DATABASE_URL);
    expect(databaseFile(dockerEnv().DATABASE_URL)).toBe(flyDb);
    expect(posix.isAbsolute(flyDb)).toBe(true);
    expect(insideMount(flyDb)).toBe(true);
    expect(mounts.map(({ destination }) => destination)).toContain(dirname(flyDb));
  });

  it('starts with `npm start`, which execs node on server.js (so the kill signal reaches it)', () => {
    const cmd = finalStage.filter(({ keyword }) => keyword === 'CMD').at(-1)?.args;
    expect(cmd === 'npm start' || JSON.parse(cmd ?? 'null')?.join(' ') === 'npm start').toBe(true);
    expect(pkg.scripts.start).toMatch(/^exec node\b[^&|;]*\bserver\.js$/);
  });

  it("runs as a non-root user: the entrypoint drops root after handing the volume's directory to it", () => {
    const entrypoint = finalStage.filter(({ keyword }) => keyword === 'ENTRYPOINT').at(-1)?.args;
    const script = (JSON.parse(entrypoint ?? '[]') as string[])[0];
    expect(script).toBeTruthy();
    const source = readFileSync(script.replace(/^\/app\//, ''), 'utf8');
    expect(source).toMatch(/chown node:node "\$data_dir"/);
    expect(source).toMatch(/exec setpriv --reuid=node --regid=node --init-groups "\$@"/);
  });

  it('stops with a signal server.js handles, and server.js gives up before Fly kills it', () => {
    expect(SHUTDOWN_SIGNALS).toContain(fly.kill_signal);
    expect(SHUTDOWN_DEADLINE_MS).toBeLessThan(killTimeoutMs(fly));
  });

  it('lets Fly scrape the metrics on their own port, the one server.js opens, never the public one', () => {
    expect(fly.metrics).toEqual({
      port: metricsPort({ NODE_ENV: fly.env.NODE_ENV, PORT: fly.env.PORT, METRICS_PORT: fly.env.METRICS_PORT }),
      path: METRICS_PATH,
    });
    expect(fly.metrics!.port).not.toBe(fly.http_service.internal_port);
  });

  it('checks health on a route that exists', () => {
    const paths = (fly.http_service.checks ?? []).map((check) => check.path);
    expect(paths).toEqual(['/healthcheck']);
    expect(existsSync('app/routes/healthcheck.ts')).toBe(true);
  });

  it('runs one machine in São Paulo, never auto-stopped, with no release command and room for one stream per tab', () => {
    expect(fly.primary_region).toBe('gru');
    expect(fly.deploy?.release_command).toBeUndefined();
    expect(fly.http_service.min_machines_running).toBe(1);
    expect(fly.http_service.auto_stop_machines).toBe('off');
    expect(fly.http_service.concurrency).toMatchObject({ type: 'connections' });
    expect(fly.http_service.concurrency!.hard_limit).toBeGreaterThanOrEqual(fly.http_service.concurrency!.soft_limit);
    expect(fly.http_service.concurrency!.soft_limit).toBeGreaterThanOrEqual(1000);
  });

  it('ships the pinned Litestream 0.3.13 from npm, its config and a check of the binary in the image (decision 053)', () => {
    // Exact pin of the binary's own package (linux-x64, the Fly machine's platform; optional, so an install
    // elsewhere skips it), kept by `npm prune --omit=dev`; no download from anywhere else.
    expect(pkg.optionalDependencies?.['@flydotio/litestream-linux-x64']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.dependencies['@flydotio/litestream']).toBeUndefined();
    expect(dockerfile).not.toMatch(/litestream\/releases|curl|wget/);
    const copies = finalStage.filter(({ keyword }) => keyword === 'COPY').map(({ args }) => args.split(/\s+/));
    expect(copies.some((args) => args.includes('litestream.yml') && args.includes('server.js'))).toBe(true);
    expect(finalStage.some(({ keyword, args }) => keyword === 'RUN' && args === 'node http-server/replication.js version')).toBe(true);
    const version = spawnSync(litestreamBinary(), ['version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toBe('v0.3.13');
    // Every variable litestream.yml expands is one the start fills, for the database of fly.toml.
    const config = readFileSync('litestream.yml', 'utf8');
    const settings = replicaSettings({ DATABASE_URL: fly.env.DATABASE_URL, LITESTREAM_REPLICA_URL: 's3://bucket/e-engenharia/app.db' })!;
    const expanded = [...config.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]);
    expect(new Set(expanded)).toEqual(new Set(Object.keys(settings)));
    expect(settings.LITESTREAM_DB_PATH).toBe(databaseFile(fly.env.DATABASE_URL));
  });
});
