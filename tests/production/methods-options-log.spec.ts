import { expect, test } from '@playwright/test';
import { call, inspect, MANY_CLIENTS_ENV, nextAddress, registerClient, runTag } from './load-client';
import { startProductionServer, type ProductionServer } from './production-server';
import { builtRoutes } from './route-table';

/**
 * The outside probe of the production build, replayed on a server of its own (demo data) so its
 * whole log can be read: methods a route has no handler for, OPTIONS, and the demo course code.
 */

const READS = ['GET', 'HEAD', 'OPTIONS'] as const;
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** A stack frame as Node prints it, on a line of its own or inside a JSON log line's message. */
const STACK_FRAME = /(?:^|\\n)\s+at \S/m;
/** The log's lines other than the one JSON line each request writes (http-server/request-log.js). */
const notRequestLines = (log: string) =>
  log
    .split('\n')
    .filter(Boolean)
    .filter((line) => !/^\{"level":"info",[^\n]*"requestId":"[^"]+","method":"[A-Z]+","route":"[^"]+","status":\d{3},/.test(line));

async function send(server: ProductionServer, method: string, path: string, cookie?: string) {
  const headers: Record<string, string> = { Origin: server.url, 'X-Real-IP': nextAddress() };
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(`${server.url}${path}`, { method, headers, redirect: 'manual' });
  return {
    status: response.status,
    allow: response.headers.get('Allow'),
    type: response.headers.get('Content-Type') ?? '',
    body: await response.text(),
  };
}

const allowed = (allow: string | null) =>
  (allow ?? '')
    .split(',')
    .map((method) => method.trim())
    .filter(Boolean);

test('action-only API routes answer GET, HEAD and OPTIONS with 405 and their real Allow; OPTIONS runs no loader; no stack in the log', async () => {
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({ name: 'methods-options-log', seedDemo: true, env: MANY_CLIENTS_ENV });
    const live = server;
    const actionOnly = (await builtRoutes()).filter((route) => route.path.startsWith('/api/') && route.hasAction && !route.hasLoader);
    console.log(`action-only API routes in the build: ${actionOnly.length}`);
    expect(actionOnly.length).toBeGreaterThan(0);
    const member = await registerClient(live, `pe${runTag}`);
    const logBefore = live.log().length;

    const problems: string[] = [];
    for (const route of actionOnly) {
      const path = route.path.replace(/:\w+/g, '1');
      let allow: string[] | null = null;
      for (const cookie of [undefined, member.cookie]) {
        for (const method of READS) {
          const answer = await send(live, method, path, cookie);
          const label = `${method} ${path}${cookie ? ' (signed in)' : ''}`;
          if (answer.status !== 405) problems.push(`${label}: ${answer.status} ${answer.body.slice(0, 80)}`);
          const methods = allowed(answer.allow);
          if (methods.length === 0 || methods.some((listed) => (READS as readonly string[]).includes(listed)))
            problems.push(`${label}: Allow ${answer.allow}`);
          if (allow && methods.join() !== allow.join()) problems.push(`${label}: Allow ${answer.allow} differs from ${allow.join(', ')}`);
          allow = methods;
        }
      }
      // Allow is the truth: every write it lists is handled (anything but 405), every other one is 405.
      for (const method of WRITES) {
        const answer = await send(live, method, path);
        const listed = allow?.includes(method) ?? false;
        if (listed === (answer.status === 405)) problems.push(`${method} ${path}: ${answer.status} while Allow is ${allow?.join(', ')}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // Refused before Remix: nothing was logged for any of them but its own request line.
    expect(notRequestLines(live.log().slice(logBefore))).toEqual([]);

    // OPTIONS never runs a loader: the export, a page and the API answer 405 with their Allow and no body.
    for (const [path, methods] of [
      ['/account/export', 'GET, HEAD'],
      ['/dashboard', 'GET, HEAD, POST'],
      ['/api/user', 'GET, HEAD'],
      ['/api/courses', 'GET, HEAD, POST'],
    ] as const) {
      const answer = await send(live, 'OPTIONS', path, member.cookie);
      expect(answer.status, path).toBe(405);
      expect(answer.allow, path).toBe(methods);
      expect(answer.body, path).toBe('');
    }

    // A refusal Remix raises itself (a page without an action) is one log line at most, never a stack.
    const beforePage = live.log().length;
    const post = await send(live, 'POST', '/about', member.cookie);
    expect(post.status).toBe(405);
    // pino-http writes a request's line after its answer: wait for this one, and let the previous
    // request's line land in the slice too; the refusal adds no line of its own.
    await expect.poll(() => live.log().slice(beforePage)).toMatch(/"method":"POST","route":"[^"]*about"/);
    const pageLog = live.log().slice(beforePage);
    expect(notRequestLines(pageLog)).toEqual([]);
    expect(pageLog.split('\n').filter((line) => /"method":"POST"/.test(line))).toHaveLength(1);
    expect(live.log()).not.toMatch(STACK_FRAME);
  } finally {
    await server?.stop();
  }
});

test("the demo data's course code CLP2025 is refused to an E-BASIC user, and none of its 20 uses is spent", async () => {
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({ name: 'methods-options-log-code', seedDemo: true, env: MANY_CLIENTS_ENV });
    const live = server;
    const member = await registerClient(live, `pc${runTag}`);
    const answer = await call(live, '/api/promocodes/use', { body: { code: 'CLP2025' }, cookie: member.cookie, address: member.address });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      message: 'Esta funcionalidade está disponível apenas para usuários E-MASTER. Faça upgrade da sua conta para acessar os cursos.',
    });
    const stored = inspect(live.dbPath, (sqlite) => ({
      used: sqlite.prepare("select used_count from promo_codes where code = 'CLP2025'").pluck().get(),
      grants: sqlite
        .prepare('select count(*) from course_grants g join users u on u.id = g.user_id where u.username = ?')
        .pluck()
        .get(member.username),
    }));
    expect(stored).toEqual({ used: 0, grants: 0 });
  } finally {
    await server?.stop();
  }
});
