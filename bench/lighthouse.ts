/**
 * `npm run lighthouse`: builds, starts the production server (`npm start`) on a fresh seeded
 * database, and runs Lighthouse 12 (desktop preset) in Debian's Chromium on `/`, `/auth` and
 * `/dashboard` (as the demo E-TOOL user, via an extra Cookie header). Prints and writes
 * bench/lighthouse.md: the four category scores per page against the targets, and for anything
 * below target the audits that fail (id and title), for the app's owner to fix.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { login } from './measure';
import { killAll, runToEnd } from './processes';
import { DATA_DIR, LOG_DIR, ROOT, buildApp, prepareSmallDatabase, resetDataDir, startApp, stop } from './servers';

const PORT = 3210;
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const OUT_DIR = join(DATA_DIR, 'lighthouse');

const CATEGORIES = [
  { id: 'performance', label: 'Performance', target: 95 },
  { id: 'accessibility', label: 'Accessibility', target: 100 },
  { id: 'best-practices', label: 'Best practices', target: 100 },
  { id: 'seo', label: 'SEO', target: 90 },
] as const;

const PAGES = [
  { path: '/', auth: false },
  { path: '/auth', auth: false },
  { path: '/dashboard', auth: true },
] as const;

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { type?: string; items?: { node?: { snippet?: string; selector?: string }; url?: string }[] };
};
type Lhr = {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  environment: { hostUserAgent: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }>;
  audits: Record<string, Audit>;
};

const say = (text: string) => console.log(`[lighthouse] ${text}`);

async function runLighthouse(url: string, name: string, headers: Record<string, string>): Promise<Lhr> {
  const output = join(OUT_DIR, `${name}.json`);
  const args = [
    url,
    `--chrome-path=${CHROME_PATH}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    '--preset=desktop',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ];
  if (Object.keys(headers).length) {
    const headersFile = join(OUT_DIR, `${name}.headers.json`);
    writeFileSync(headersFile, JSON.stringify(headers));
    args.push(`--extra-headers=${headersFile}`);
  }
  await runToEnd(`lighthouse ${url}`, join(ROOT, 'node_modules/.bin/lighthouse'), args, {
    cwd: ROOT,
    env: { ...process.env, CHROME_PATH },
    logPath: join(LOG_DIR, `lighthouse-${name}.log`),
    timeoutMs: 180_000,
  });
  const lhr = JSON.parse(readFileSync(output, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The audits that cost a category points: scored below 1 (performance: below 0.9). */
function failingAudits(lhr: Lhr, category: string): Audit[] {
  const threshold = category === 'performance' ? 0.9 : 1;
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit &&
        audit.score !== null &&
        audit.score < threshold &&
        !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode),
    );
}

function describe(audit: Audit): string {
  const items = Array.isArray(audit.details?.items) ? audit.details.items : [];
  const where = items
    .map((item) => item.node?.snippet ?? item.node?.selector ?? item.url)
    .filter(Boolean)
    .slice(0, 3)
    .map((text) => `\`${String(text).replace(/\s+/g, ' ').slice(0, 120)}\``);
  const value = audit.displayValue ? ` (${audit.displayValue})` : '';
  return `\`${audit.id}\` — ${audit.title}${value}${where.length ? `: ${where.join(', ')}` : ''}`;
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'Chromium';
  }
}

function git(...args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium não encontrado em ${CHROME_PATH}: rode bash scripts/ensure-chromium.sh`);
  resetDataDir();
  mkdirSync(OUT_DIR, { recursive: true });
  say('build (npm run build) e banco novo (npm run setup, SEED_DEMO=1)');
  await buildApp();
  const database = await prepareSmallDatabase('lighthouse');
  const server = await startApp('app-lighthouse', PORT, database);
  const results: { path: string; lhr: Lhr }[] = [];
  try {
    const cookie = await login(server.origin, 'tool@example.com', 'senha123');
    for (const page of PAGES) {
      say(`${page.path}${page.auth ? ' (E-TOOL)' : ''}`);
      const name = page.path === '/' ? 'home' : page.path.slice(1);
      const lhr = await runLighthouse(`${server.origin}${page.path}`, name, page.auth ? { Cookie: cookie } : {});
      if (page.auth && new URL(lhr.finalDisplayedUrl).pathname !== page.path)
        throw new Error(`${page.path} redirecionou para ${lhr.finalDisplayedUrl}: o cookie não valeu`);
      results.push({ path: page.path, lhr });
    }
  } finally {
    await stop(server);
  }

  const first = results[0].lhr;
  const lines: string[] = ['# Lighthouse', ''];
  lines.push(`- Date: ${new Date().toISOString()}`);
  lines.push(`- Commit: \`${git('rev-parse', '--short=12', 'HEAD')}\``);
  lines.push(
    `- Lighthouse ${first.lighthouseVersion}, **desktop preset** (\`--preset=desktop\`: simulated throttling, 1350×940 screen), in ${chromiumVersion()} headless (${CHROME_PATH}, ${CHROME_FLAGS.join(' ')})`,
  );
  lines.push(
    `- Server: \`npm start\` (NODE_ENV=production) on a fresh \`npm run setup\` database with SEED_DEMO=1, http://127.0.0.1:${PORT}; \`/dashboard\` as tool@example.com (session cookie passed as an extra header).`,
  );
  lines.push('');
  lines.push(`| page | ${CATEGORIES.map((c) => `${c.label} (≥ ${c.target})`).join(' | ')} |`);
  lines.push(`|---|${CATEGORIES.map(() => '---:').join('|')}|`);
  let below = 0;
  for (const { path, lhr } of results) {
    const cells = CATEGORIES.map((c) => {
      const value = score(lhr, c.id);
      if (value < c.target) below++;
      return value < c.target ? `**${value}** (not met)` : `${value}`;
    });
    lines.push(`| \`${path}\` | ${cells.join(' | ')} |`);
  }
  lines.push('');
  lines.push(below === 0 ? 'Every score meets its target.' : `**${below} score(s) below target.**`);
  lines.push('');
  lines.push('## Audits that cost points', '');
  lines.push(
    'For every score under 100, the audits that fail (performance: score under 0.9), with up to three of the elements or URLs they name.',
    '',
  );
  for (const { path, lhr } of results) {
    for (const c of CATEGORIES) {
      const value = score(lhr, c.id);
      if (value >= 100) continue;
      lines.push(`### \`${path}\` — ${c.label} ${value} (${value < c.target ? '**below target**' : 'meets target'} ${c.target})`, '');
      const audits = failingAudits(lhr, c.id);
      if (audits.length === 0) lines.push('- (no single audit below its threshold)');
      for (const audit of audits) lines.push(`- ${describe(audit)}`);
      lines.push('');
    }
    if (lhr.runWarnings.length) {
      lines.push(`Warnings on \`${path}\`: ${lhr.runWarnings.map((w) => w.replace(/\s+/g, ' ')).join(' / ')}`, '');
    }
  }
  const markdown = lines.join('\n');
  writeFileSync(join(ROOT, 'bench/lighthouse.md'), `${markdown}\n`);
  console.log(`\n${markdown}`);
  say(`gravado em bench/lighthouse.md (relatórios JSON em ${OUT_DIR})`);
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error('[lighthouse] falhou:', error instanceof Error ? error.message : error);
} finally {
  await killAll();
}
process.exit(exitCode);
