import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { type FuzzCase, buildPath, formEncode, fuzzCases } from './fuzz-cases';
import { changedTables, queryOne, tableDigests } from './fuzz-db';
import { type Endpoint, type Ids, type Role, apiEndpoints, endpointName, isApi, pageEndpoints } from './fuzz-endpoints';
import { goodBody, ONE_MB } from './fuzz-values';
import { type ProductionServer, startProductionServer } from './production-server';
import { builtRoutes } from './route-table';

/**
 * Bad input, generated with fast-check, against a production server of this file's own (nobody
 * else writes to its database): every answer is a 4xx with a message (JSON for /api, an HTML page
 * or a redirect with a toast for pages), never a 5xx, and no table changes. FUZZ_RUNS sets the
 * cases per endpoint; a failure prints fast-check's seed and path (FUZZ_SEED replays it; see SEED).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
/**
 * A fixed seed by default, so `npm test` (and CI) replays the same cases and a red run means the
 * app changed; `FUZZ_SEED=random` explores new ones (with more FUZZ_RUNS). Exploring at 120 runs
 * still finds cases to look at.
 */
const DEFAULT_SEED = 20261123;
const SEED = process.env.FUZZ_SEED === 'random' ? undefined : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const CROSS_SITE_ORIGIN = 'https://evil.example';
const CROSS_SITE_MESSAGE = 'Origem da requisição não permitida.';
const TOO_LARGE_MESSAGE = 'Corpo da requisição grande demais.';
/** Both refusals begin so: the form kit's ('… demais.') and, on the ticket page's multipart, the upload kit's ('… ou arquivos demais.'). */
const TOO_MANY_FIELDS_MESSAGE = 'Formulário com campos';
/**
 * A form body of many fields is refused before it is parsed (issue 26, item 1: Conform's copy of a
 * repeated name's list made a 64 KB body cost 6 s): the answer comes at once, even on a busy machine.
 */
const FIELD_FLOOD_MS = 2_000;
/** Under every form's 64 KB cap, so the count and not the size refuses it. */
const FLOOD_BYTES = 56 * 1024;

// In order in one worker (one server), but a failing endpoint does not hide the others.
test.describe.configure({ mode: 'default' });

let server: ProductionServer;
let endpoints: Endpoint[] = [];
const cookies: Partial<Record<Role, string>> = {};
const seen = new Map<string, { cases: number; statuses: Map<number, number> }>();

const DEMO: Record<Exclude<Role, 'anon'>, { email: string; password: string }> = {
  admin: { email: 'admin@example.com', password: 'admin123' },
  basic: { email: 'basic@example.com', password: 'senha123' },
  tool: { email: 'tool@example.com', password: 'senha123' },
  master: { email: 'master@example.com', password: 'senha123' },
};

async function signIn(role: Exclude<Role, 'anon'>): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO[role]),
  });
  expect(response.status, `login as ${role}: ${await response.clone().text()}`).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function readIds(path: string): Ids {
  const one = (sql: string, ...params: unknown[]) => {
    const row = queryOne<{ id: number }>(path, sql, ...params);
    if (!row) throw new Error(`the demo data has no row for: ${sql}`);
    return row.id;
  };
  const basicUser = one("SELECT id FROM users WHERE email = 'basic@example.com'");
  const course = one('SELECT course_id AS id FROM lessons l JOIN materials m USING (course_id) ORDER BY course_id LIMIT 1');
  return {
    basicUser,
    otherUser: one("SELECT id FROM users WHERE email = 'tool@example.com'"),
    course,
    lesson: one('SELECT id FROM lessons WHERE course_id = ? ORDER BY id LIMIT 1', course),
    material: one('SELECT id FROM materials WHERE course_id = ? ORDER BY id LIMIT 1', course),
    tool: one("SELECT id FROM tools WHERE access_level = 'E-BASIC' ORDER BY id LIMIT 1"),
    notification: one('SELECT id FROM notifications ORDER BY id LIMIT 1'),
    promo: one('SELECT id FROM promo_codes ORDER BY id LIMIT 1'),
    contact: one('SELECT id FROM contact_messages ORDER BY id LIMIT 1'),
    thread: one("SELECT id FROM chat_threads WHERE user_id = ? AND status = 'open' ORDER BY id LIMIT 1", basicUser),
    calculator: 'torque-aperto-parafuso',
    attempt: one(
      "SELECT a.id FROM assessment_attempts a JOIN users u ON u.id = a.user_id WHERE u.email = 'master@example.com' AND a.course_id = ? AND a.passed = 1",
      course,
    ),
    quizLesson: one('SELECT lesson_id AS id FROM assessment_questions WHERE lesson_id IS NOT NULL ORDER BY id LIMIT 1'),
    quizCourse: one('SELECT course_id AS id FROM assessment_questions WHERE lesson_id IS NOT NULL ORDER BY id LIMIT 1'),
  };
}

type Sent = { method?: string; headers?: Record<string, string>; body?: BodyInit; duplex?: 'half' };

async function send(endpoint: Endpoint, fuzz: FuzzCase, override: Sent = {}): Promise<Response> {
  const url = new URL(buildPath(endpoint.route, fuzz.params) + (endpoint.search ?? ''), server.url);
  for (const [name, values] of Object.entries(fuzz.query ?? {})) for (const value of values) url.searchParams.append(name, value);
  const headers: Record<string, string> = { Origin: server.url, Accept: isApi(endpoint) ? 'application/json' : 'text/html' };
  const cookie = endpoint.as === 'anon' ? undefined : cookies[endpoint.as];
  if (cookie) headers.Cookie = cookie;
  if (fuzz.contentType) headers['Content-Type'] = fuzz.contentType;
  return fetch(url, {
    method: endpoint.method,
    redirect: 'manual',
    body: endpoint.method === 'GET' ? undefined : fuzz.body,
    ...override,
    headers: { ...headers, ...override.headers },
  } as RequestInit);
}

/** What is wrong with an answer, or null. `allowOk`: URL state a GET may fall back from. */
async function problem(endpoint: Endpoint, response: Response, allowOk: boolean): Promise<string | null> {
  const { status } = response;
  const type = response.headers.get('Content-Type') ?? '';
  const text = await response.text();
  if (status >= 500) return `${status}: ${text.slice(0, 300)}`;
  if (status < 300) return allowOk ? null : `accepted with ${status}: ${text.slice(0, 200)}`;
  if (status < 400) {
    if (isApi(endpoint)) return `API redirect ${status}`;
    const toast = response.headers.getSetCookie().some((cookie) => cookie.startsWith('toast') || cookie.includes('toast'));
    return allowOk || (response.headers.get('Location') && toast) ? null : `redirect ${status} without a toast`;
  }
  if (isApi(endpoint) || type.includes('application/json')) {
    if (!isApi(endpoint) && endpoint.method === 'GET') return `JSON error for a page: ${text.slice(0, 200)}`;
    try {
      const body = JSON.parse(text) as { message?: unknown; result?: { error?: unknown } };
      // A page's form reply (fetch) is { intent, result } with the field's message; the API's is { message }.
      if (typeof body.message === 'string' && body.message.trim()) return null;
      if (!isApi(endpoint) && body.result?.error) return null;
      return `no message: ${text.slice(0, 200)}`;
    } catch {
      return `not JSON: ${text.slice(0, 200)}`;
    }
  }
  // The tool frame is a resource route (an iframe's document): its refusals are plain text.
  if (endpoint.route.startsWith('/resources/') && type.includes('text/plain') && text.trim()) return null;
  if (!type.includes('text/html')) return `unexpected ${type} ${status}: ${text.slice(0, 200)}`;
  const visible = /role="alert"|aria-invalid="true"|<h1[^>]*>[^<]+<\/h1>/.test(text);
  return visible ? null : `HTML ${status} without a visible message`;
}

function record(endpoint: Endpoint, status: number) {
  const name = endpointName(endpoint);
  const entry = seen.get(name) ?? { cases: 0, statuses: new Map<number, number>() };
  entry.cases += 1;
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  seen.set(name, entry);
}

async function expectAnswer(endpoint: Endpoint, fuzz: FuzzCase, response: Response, expected?: { status: number; message?: string }) {
  if (process.env.FUZZ_TRACE) console.log(endpointName(endpoint), fuzz.label, response.status);
  record(endpoint, response.status);
  const clone = response.clone();
  const issue = await problem(endpoint, response, fuzz.label === 'bad query' && endpoint.method === 'GET');
  expect(issue, `${endpointName(endpoint)} ${fuzz.label}`).toBeNull();
  if (expected) {
    expect(response.status, `${endpointName(endpoint)} ${fuzz.label}`).toBe(expected.status);
    if (expected.message) expect(await clone.text()).toContain(expected.message);
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startProductionServer({ name: 'fuzz', seedDemo: true });
  for (const role of ['admin', 'basic', 'tool', 'master'] as const) cookies[role] = await signIn(role);
  // The demo data has no contact message for the inbox's ids: one valid message, as a visitor sends it.
  const contact = await fetch(`${server.url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
    body: new URLSearchParams({
      intent: 'contact',
      name__confirm: '',
      name: 'Fuzz',
      email: 'fuzz@example.com',
      subject: 'Assunto',
      message: 'Mensagem de teste',
    }),
  });
  expect(contact.status, 'the contact message for the inbox').toBeLessThan(400);
  const ids = readIds(server.dbPath);
  // Opening a ticket marks it read for the viewer (a write by design, once): done here, so the
  // fuzzed GETs of the ticket page start from a read ticket.
  await fetch(`${server.url}/chat/${ids.thread}`, { headers: { Cookie: cookies.basic! } });
  endpoints = [...apiEndpoints(ids), ...pageEndpoints(ids)];
});

test.afterAll(async () => {
  const rows = [...seen.entries()].map(([name, { cases, statuses }]) => {
    const list = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    return `${name.padEnd(62)} ${String(cases).padStart(5)}  ${list.join(' ')}`;
  });
  const total = [...seen.values()].reduce((sum, { cases }) => sum + cases, 0);
  console.log(
    `\nFuzz: ${seen.size} endpoints, ${total} requests (${RUNS} generated runs each, plus size, origin and method checks)\n${rows.join('\n')}`,
  );
  await server?.stop();
});

test('every route that takes input has a fuzz entry', async () => {
  const routes = await builtRoutes();
  const missing: string[] = [];
  for (const route of routes) {
    const entries = endpoints.filter((endpoint) => endpoint.route === route.path);
    if (route.hasAction && !entries.some((endpoint) => endpoint.method !== 'GET')) missing.push(`action ${route.path}`);
    if (route.hasLoader && route.path.includes(':') && entries.length === 0) missing.push(`loader ${route.path}`);
  }
  expect(missing).toEqual([]);
});

test('the fuzz table names only routes the build serves', async () => {
  const paths = new Set((await builtRoutes()).map((route) => route.path));
  expect(endpoints.map((endpoint) => endpoint.route).filter((route) => !paths.has(route))).toEqual([]);
});

// One test per endpoint. Names do not depend on the seeded ids, so the table is listed here with
// placeholders and each test takes the entry of the same index from the table built in beforeAll.
const PLACEHOLDER: Ids = {
  basicUser: 1,
  otherUser: 1,
  course: 1,
  lesson: 1,
  material: 1,
  tool: 1,
  notification: 1,
  promo: 1,
  contact: 1,
  thread: 1,
  quizLesson: 1,
  quizCourse: 1,
  calculator: 'x',
  attempt: 1,
};
const NAMES = [...apiEndpoints(PLACEHOLDER), ...pageEndpoints(PLACEHOLDER)].map(endpointName);
NAMES.forEach((name, index) => {
  test(`fuzz ${name}`, async () => {
    const endpoint = endpoints[index]!;
    expect(endpointName(endpoint)).toBe(name);
    const before = tableDigests(server.dbPath);
    const cases = fuzzCases(endpoint);
    if (cases) {
      await fc.assert(
        fc.asyncProperty(cases, async (fuzz) => {
          await expectAnswer(endpoint, fuzz, await send(endpoint, fuzz));
          // Checked after every case, so a write names the input that made it (and fast-check shrinks it).
          expect(changedTables(before, tableDigests(server.dbPath)), `${name} changed the database`).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    await fixedChecks(endpoint);
    expect(changedTables(before, tableDigests(server.dbPath)), `${name} changed the database`).toEqual([]);
  });
});

/** Size, origin and method: the same for every endpoint of a kind, so not generated. */
async function fixedChecks(endpoint: Endpoint) {
  const params = endpoint.params ?? {};
  const base: FuzzCase = { label: '', params };
  if (endpoint.method === 'GET') return;
  const api = isApi(endpoint);
  const contentType = api ? 'application/json' : 'application/x-www-form-urlencoded';
  const good = endpoint.fields ? goodBody(endpoint.fields) : {};

  if (!endpoint.crossSiteExempt) {
    const body = api ? JSON.stringify(good) : formEncode(endpoint, good);
    const fuzz = { ...base, label: 'cross-site form post', contentType: 'application/x-www-form-urlencoded', body: api ? body : body };
    const response = await send(endpoint, fuzz, {
      headers: { Origin: CROSS_SITE_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    await expectAnswer(endpoint, fuzz, response, { status: 403, message: CROSS_SITE_MESSAGE });
    const blind = { ...base, label: 'cross-site (Sec-Fetch-Site)', contentType, body };
    const noOrigin = await send(endpoint, blind, { headers: { Origin: 'null', 'Content-Type': contentType } });
    await expectAnswer(endpoint, blind, noOrigin, { status: 403, message: CROSS_SITE_MESSAGE });
  }

  if (!api) await fieldFloods(endpoint, base, good);

  const wrong = endpoint.method === 'PUT' ? 'PATCH' : 'PUT';
  const methodCase = { ...base, label: `method ${wrong}` };
  await expectAnswer(endpoint, methodCase, await send(endpoint, methodCase, { method: wrong }));

  if (endpoint.noBody || endpoint.crossSiteExempt || endpoint.missingRecord) return;
  const big = api ? JSON.stringify({ ...good, padding: ONE_MB }) : `${formEncode(endpoint, good)}&padding=${ONE_MB}`;
  const sized = { ...base, label: 'over the limit (Content-Length)', contentType, body: big };
  const chunked = { ...base, label: 'over the limit (chunked)', contentType };
  let answered = 0;
  for (const [fuzz, isChunked] of [
    [sized, false],
    [chunked, true],
  ] as const) {
    const response = await answerOrReset(sendLarge(endpoint, fuzz, big, isChunked));
    if (response === 'reset') {
      record(endpoint, 0);
      continue;
    }
    answered += 1;
    await expectAnswer(endpoint, fuzz, response, { status: 413, message: TOO_LARGE_MESSAGE });
  }
  expect(answered, `${endpointName(endpoint)}: both oversized bodies were cut off without their 413`).toBeGreaterThan(0);
}

/** Repeated names, many parts and many tiny parts: every page form refuses them at once, with the kit's 413 (or 400 for a name repeated past its schema). */
async function fieldFloods(endpoint: Endpoint, base: FuzzCase, good: Record<string, unknown>) {
  const form = formEncode(endpoint, good);
  const boundary = '----fuzzfloodX9';
  const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n\r\n`;
  const parts = (name: (index: number) => string) => {
    const head = [...new URLSearchParams(form)]
      .map(([field, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)
      .join('');
    let body = head;
    for (let index = 0; body.length < FLOOD_BYTES; index++) body += part(name(index));
    return `${body}--${boundary}--\r\n`;
  };
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  const floods: FuzzCase[] = [
    {
      ...base,
      label: 'repeated names (a&a&…)',
      contentType: 'application/x-www-form-urlencoded',
      body: `${form}&${'a&'.repeat(Math.floor((FLOOD_BYTES - form.length) / 2))}`,
    },
    { ...base, label: 'many parts named x', contentType: multipartType, body: parts(() => 'x') },
    { ...base, label: 'many tiny parts', contentType: multipartType, body: parts((index) => `f${index}`) },
  ];
  for (const fuzz of floods) {
    const started = performance.now();
    const response = await send(endpoint, fuzz);
    const elapsed = performance.now() - started;
    await expectAnswer(endpoint, fuzz, response, endpoint.missingRecord ? undefined : { status: 413, message: TOO_MANY_FIELDS_MESSAGE });
    expect(elapsed, `${endpointName(endpoint)} ${fuzz.label}: answered in ${Math.round(elapsed)} ms`).toBeLessThan(FIELD_FLOOD_MS);
  }
  // A name its schema takes once, sent twice: refused before Conform (or by the schema), never a 5xx.
  const [first] = [...new URLSearchParams(form)].filter(([name]) => name !== 'intent' && name !== 'name__confirm');
  if (first) {
    const twice: FuzzCase = {
      ...base,
      label: 'a field sent twice',
      contentType: 'application/x-www-form-urlencoded',
      body: `${form}&${new URLSearchParams([first])}`,
    };
    await expectAnswer(endpoint, twice, await send(endpoint, twice));
  }
}

/**
 * The server answers 413 while the client is still sending, then closes the connection with the
 * rest unread; the kernel then resets it, and the reset can reach the client before the answer
 * does (EPIPE or ECONNRESET). That race is the transport's, not the app's: it is counted as
 * 'reset' (status 0 in the table), and one of the two oversized bodies must still get its 413.
 */
async function answerOrReset(sending: Promise<Response>): Promise<Response | 'reset'> {
  try {
    return await sending;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'EPIPE' || code === 'ECONNRESET') return 'reset';
    throw error;
  }
}

/** A body past the cap, with its Content-Length or streamed in chunks without one. */
function sendLarge(endpoint: Endpoint, fuzz: FuzzCase, text: string, chunked: boolean): Promise<Response> {
  if (!chunked) return send(endpoint, fuzz, { body: text });
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
  return send(endpoint, fuzz, { body, duplex: 'half' });
}
