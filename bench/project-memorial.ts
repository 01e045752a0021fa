/**
 * The project memorial of 200 calculations (the limit for a project) against the signed-in
 * page's CPU target per calculation (TARGETS.cpuPerRequestMs, docs/performance.md): a copy of the
 * bench's small database gets a 200-calculation project of the E-TOOL demo user, issued as Rev. 00
 * (scripts/demo-bench-project.ts), and `bench/profile.mjs` calls the production build's handler in
 * one process for the frozen memorial (`?rev=0`), its preview (all 200 computed again) and the
 * project page: CPU per request over four rounds, then where it goes (a V8 profile).
 *
 * After `npm run build`: `npx tsx bench/project-memorial.ts [--requests=10] [--calculations=200]`.
 * Figures: docs/performance.md, "The project memorial".
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TARGETS } from './scenarios';
import { copyDatabase, DATA_DIR, prepareSmallDatabase, resetDataDir } from './servers';

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '10' }, calculations: { type: 'string', default: '200' } },
});
const calculations = Number(args.calculations);

resetDataDir();
const small = join(DATA_DIR, 'small/app.db');
if (!existsSync(small)) {
  console.log('Banco pequeno ausente: npm run setup…');
  await prepareSmallDatabase();
}
const path = copyDatabase(small, 'project-memorial');
process.env.DATABASE_URL = `file:${path}`;
// The models open the database named by DATABASE_URL when first imported.
const { seedBenchProject } = await import('../scripts/demo-bench-project');
const projectId = seedBenchProject(calculations, `Memorial de ${calculations} cálculos`);
if (projectId === null) throw new Error('o usuário E-TOOL de demonstração não está no banco');
console.log(`Projeto #${projectId}: ${calculations} cálculos, Rev. 00 (${path})`);

const pages = [
  { label: 'memorial da Rev. 00 (congelado)', path: `/projects/${projectId}/memorial?rev=0`, perCalculation: true },
  { label: 'prévia do memorial (calculado de novo)', path: `/projects/${projectId}/memorial`, perCalculation: true },
  { label: 'página do projeto (20 cálculos por página)', path: `/projects/${projectId}`, perCalculation: false },
];
const rows: string[] = [];
for (const page of pages) {
  const run = spawnSync(
    process.execPath,
    ['bench/profile.mjs', '--path', page.path, '--db', `file:${path}`, '--requests', args.requests, '--top', '15'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`bench/profile.mjs ${page.path} terminou com ${run.status}`);
  console.log(run.stdout);
  const rounds = /: ([\d., ]+) ms/.exec(run.stdout)?.[1].split(', ').map(Number) ?? [];
  const per = (ms: number) => (page.perCalculation ? ms / calculations : ms);
  rows.push(
    `| ${page.label} | ${rounds.map((ms) => ms.toFixed(0)).join(', ')} | ${page.perCalculation ? rounds.map((ms) => per(ms).toFixed(2)).join(', ') : '—'} |`,
  );
}
console.log(`| página | CPU por pedido (ms), 4 rodadas | por cálculo (ms; meta ${TARGETS.cpuPerRequestMs}) |`);
console.log('|---|---|---|');
console.log(rows.join('\n'));
