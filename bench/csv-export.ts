/**
 * The history's CSV export of a full history (db/seed-constants.ts's BENCH_HISTORY_USER: 20,000
 * saved calculations on the large database): GET /calculators/history/export as that user, as a
 * browser downloads it (gzip accepted), timed to the first byte and to the last, with its size,
 * the server's CPU and its resident memory (VmRSS sampled every 10 ms while it streams, and the
 * process's VmHWM, its peak since it started).
 *
 * In a bench run: `measureCsvExport(server, cookie)` against the app on the large database.
 * Alone, after `npm run build`: `npx tsx bench/csv-export.ts [path/to/large.db] [--runs=3]`
 * (without a path, bench/.data/large/app.db, made by scripts/seed-large.ts when missing).
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_HISTORY_USER } from '../db/seed-constants';
import { login } from './measure';
import { cpuBetween, groupCpu, killAll, listeningProcess, rssKb } from './processes';
import { DATA_DIR, origin, prepareLargeDatabase, resetDataDir, startApp, stop, type Running } from './servers';

export const CSV_EXPORT_PATH = '/calculators/history/export';
/** Its own port, beside the bench's 3200–3207, so it can run alone while nothing else listens there. */
const PORT = 3208;

export type CsvExport = {
  status: number;
  /** Data rows (the header left out). */
  rows: number;
  /** On the wire (gzip) and decoded. */
  wireBytes: number;
  bytes: number;
  ttfbMs: number;
  totalMs: number;
  /** The server's CPU time while it answered (its whole process group). */
  cpuMs: number;
  /** VmRSS before the request, the largest seen while it streamed, and the process's VmHWM after it. */
  rssBeforeMb: number | null;
  maxRssMb: number | null;
  peakRssMb: number | null;
};

function vmHwmKb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** One download of the export, as `cookie`'s user. */
export async function measureCsvExport(server: Running, cookie: string): Promise<CsvExport> {
  const serverProcess = listeningProcess(server.group, server.port);
  let maxRssKb = serverProcess?.rssKb ?? 0;
  const sampler = serverProcess
    ? setInterval(() => {
        try {
          maxRssKb = Math.max(maxRssKb, rssKb(serverProcess.pid));
        } catch {
          // the process went away: the download fails below
        }
      }, 10)
    : null;
  const cpuBefore = groupCpu(server.group.pid);
  const started = performance.now();
  try {
    const answer = await new Promise<{ status: number; ttfbMs: number; wireBytes: number; body: Buffer; gzip: boolean }>(
      (resolve, reject) => {
        const request = http.get(
          `${server.origin}${CSV_EXPORT_PATH}`,
          { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' }, agent: false, timeout: 120_000 },
          (response) => {
            const chunks: Buffer[] = [];
            let ttfbMs = 0;
            let wireBytes = 0;
            response.on('data', (chunk: Buffer) => {
              if (!ttfbMs) ttfbMs = performance.now() - started;
              wireBytes += chunk.length;
              chunks.push(chunk);
            });
            response.on('error', reject);
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                ttfbMs,
                wireBytes,
                body: Buffer.concat(chunks),
                gzip: response.headers['content-encoding'] === 'gzip',
              }),
            );
          },
        );
        request.on('timeout', () => request.destroy(new Error(`${CSV_EXPORT_PATH}: sem resposta em 120 s`)));
        request.on('error', reject);
      },
    );
    const totalMs = performance.now() - started;
    const cpuMs = cpuBetween(cpuBefore, groupCpu(server.group.pid));
    const { gunzipSync } = await import('node:zlib');
    const text = (answer.gzip ? gunzipSync(answer.body) : answer.body).toString('utf8');
    return {
      status: answer.status,
      rows: Math.max(0, text.split('\r\n').length - 2),
      wireBytes: answer.wireBytes,
      bytes: Buffer.byteLength(text),
      ttfbMs: answer.ttfbMs,
      totalMs,
      cpuMs,
      rssBeforeMb: serverProcess ? serverProcess.rssKb / 1024 : null,
      maxRssMb: serverProcess ? maxRssKb / 1024 : null,
      peakRssMb: serverProcess ? vmHwmKb(serverProcess.pid) / 1024 : null,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

const mb = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** One Markdown table row per download. */
export function csvExportRows(results: CsvExport[]): string[] {
  return [
    '| run | status | rows | MB (gzip on the wire) | MB (CSV) | first byte ms | total ms | server CPU ms | RSS before MB | max RSS while streaming MB | process peak RSS (VmHWM) MB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (result, index) =>
        `| ${index + 1} | ${result.status} | ${result.rows} | ${(result.wireBytes / 1048576).toFixed(2)} | ${(result.bytes / 1048576).toFixed(2)} | ${result.ttfbMs.toFixed(0)} | ${result.totalMs.toFixed(0)} | ${result.cpuMs.toFixed(0)} | ${mb(result.rssBeforeMb)} | ${mb(result.maxRssMb)} | ${mb(result.peakRssMb)} |`,
    ),
  ];
}

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
  let databasePath = args.find((arg) => !arg.startsWith('--')) ?? join(DATA_DIR, 'large/app.db');
  resetDataDir();
  if (!existsSync(databasePath)) {
    console.log('Banco grande ausente: scripts/seed-large.ts…');
    databasePath = (await prepareLargeDatabase()).path;
  }
  const server = await startApp('app-large-csv', PORT, databasePath);
  try {
    const cookie = await login(origin(PORT), BENCH_HISTORY_USER.email, BENCH_HISTORY_USER.password);
    const results: CsvExport[] = [];
    for (let run = 0; run < runs; run++) results.push(await measureCsvExport(server, cookie));
    console.log(`GET ${CSV_EXPORT_PATH} como ${BENCH_HISTORY_USER.email} (${databasePath})`);
    console.log(csvExportRows(results).join('\n'));
    const bad = results.find((result) => result.status !== 200 || result.rows < BENCH_HISTORY_USER.calculations);
    if (bad) {
      console.error(`Esperado 200 com ${BENCH_HISTORY_USER.calculations} linhas; veio ${bad.status} com ${bad.rows}.`);
      process.exitCode = 1;
    }
  } finally {
    await stop(server);
    await killAll();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
