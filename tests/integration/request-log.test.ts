import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRouteNamer, requestIdFor, requestLogIgnored } from '~/plumbing/request-log.server';
import { createLogger, noteRequestUser, routeConsoleToLogger, runWithRequestLog } from '~/utils/logger.server';
import type { ManifestRoute } from '~/plumbing/route-methods.server';
import { createRequestLog } from '../../http-server/request-log.js';
import { findLeaks } from '../setup/server-log-check';

/** A logger as the server's (same options), writing its JSON lines into an array. */
function memoryLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const logger = createLogger(sink);
  logger.level = 'info';
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const page = { default: () => null, loader: () => null };
const MANIFEST: Record<string, ManifestRoute> = {
  root: { id: 'root', path: '', module: page },
  'routes/_app+/_layout': { id: 'routes/_app+/_layout', parentId: 'root', module: page },
  'routes/_app+/dashboard': { id: 'routes/_app+/dashboard', parentId: 'routes/_app+/_layout', path: 'dashboard', module: page },
  'routes/api+/user': { id: 'routes/api+/user', parentId: 'root', path: 'api/user', module: { loader: () => null } },
};

/** http-server/request-log.js in front of a stand-in for Remix, on a port of its own. */
async function serve(logger: ReturnType<typeof memoryLogger>['logger'], handler: express.RequestHandler) {
  const { requestLog } = createRequestLog({ logger, runWithRequestLog, requestIdFor, requestLogIgnored, createRouteNamer }, MANIFEST);
  const app = express();
  app.use(requestLog);
  app.all('*', handler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((done) => server.close(done)) };
}

afterEach(() => vi.unstubAllEnvs());

describe('one log line per request (http-server/request-log.js)', () => {
  test('method, route id, status, duration, request id and user id; the id echoed in X-Request-Id; never the cookie or the query', async () => {
    const { logger, lines, parsed } = memoryLogger();
    // A console of its own, routed as the server routes the real one.
    const quiet = () => undefined;
    const ownConsole = { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet } as unknown as Console;
    routeConsoleToLogger(ownConsole, logger);
    const server = await serve(logger, (_req, res) => {
      noteRequestUser(42);
      ownConsole.warn('something worth a line while serving');
      res.status(200).send('ok');
    });
    try {
      const response = await fetch(`${server.url}/dashboard?token=${'s'.repeat(43)}`, {
        headers: { Cookie: 'en_session=abc.def', 'X-Request-Id': 'forged' },
      });
      expect(response.status).toBe(200);
      const id = response.headers.get('X-Request-Id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await vi.waitFor(() => expect(lines).toHaveLength(2));
      const [during, request] = parsed();
      expect(during).toMatchObject({ level: 'warn', requestId: id, msg: 'something worth a line while serving' });
      expect(request).toEqual({
        level: 'info',
        time: expect.any(String),
        requestId: id,
        method: 'GET',
        route: 'routes/_app+/dashboard',
        status: 200,
        ms: expect.any(Number),
        userId: 42,
        msg: 'GET routes/_app+/dashboard 200',
      });
      expect(lines.join('\n')).not.toMatch(/en_session|abc\.def|token|forged|sss/);
    } finally {
      await server.close();
    }
  });

  test('an expected refusal (4xx) is one info line without a stack; a 5xx is an error line', async () => {
    const { logger, parsed, lines } = memoryLogger();
    const server = await serve(logger, (req, res) => res.status(req.path === '/api/user' ? 405 : 500).send('x'));
    try {
      await fetch(`${server.url}/api/user`, { method: 'PATCH' });
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      expect(parsed()[0]).toMatchObject({
        level: 'info',
        method: 'PATCH',
        route: 'routes/api+/user',
        status: 405,
        msg: 'PATCH routes/api+/user 405',
      });
      await fetch(`${server.url}/nowhere`);
      await vi.waitFor(() => expect(lines).toHaveLength(2));
      expect(parsed()[1]).toMatchObject({ level: 'error', route: '*', status: 500 });
      expect(lines.join('\n')).not.toMatch(/\\n\s+at /);
    } finally {
      await server.close();
    }
  });

  test('the health check is not logged; a data request is named by its _data route', async () => {
    const { logger, parsed, lines } = memoryLogger();
    const server = await serve(logger, (_req, res) => res.send('ok'));
    try {
      await fetch(`${server.url}/healthcheck`);
      await fetch(`${server.url}/`, { headers: { 'X-Healthcheck': '1' } });
      await fetch(`${server.url}/dashboard?_data=root`);
      await vi.waitFor(() => expect(lines).toHaveLength(1));
      expect(parsed()[0]).toMatchObject({ route: 'root', status: 200 });
    } finally {
      await server.close();
    }
  });

  test("the request id is Fly's only where Fly's headers are trusted", () => {
    expect(requestIdFor({ 'fly-request-id': '01J0ABCDEF-gru' })).not.toBe('01J0ABCDEF-gru');
    vi.stubEnv('FLY_APP_NAME', 'e-engenharia');
    expect(requestIdFor({ 'fly-request-id': '01J0ABCDEF-gru' })).toBe('01J0ABCDEF-gru');
    expect(requestIdFor({ 'fly-request-id': 'bad id "quoted"' })).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('free text through the logger', () => {
  test('is redacted as the console was: errors without their params, CPFs, session ids', () => {
    const { logger, parsed } = memoryLogger();
    const error = Object.assign(new Error('insert failed\nparams: 529.982.247-25,segredo'), { params: ['segredo'] });
    logger.error(error);
    logger.info(`sessão ${'Q'.repeat(43)} do CPF 52998224725`);
    const [first, second] = parsed();
    expect(first.msg).toMatch(/^Error: insert failed\nparams: \[redacted\]\n\s+at /);
    expect(JSON.stringify(first)).not.toMatch(/segredo|529\.982/);
    expect(second.msg).toBe('sessão [redacted] do CPF ***.***.***-25');
  });

  test("the end-to-end run's server log check still finds a secret planted in a JSON line, even one JSON escapes", () => {
    const { logger, lines } = memoryLogger();
    const password = 'se"nha\\123';
    logger.info({ method: 'POST', route: 'routes/_auth+/auth', status: 200 }, `login ${password}`);
    logger.info('cpf 529.982.247-25 in free text');
    const leaks = findLeaks(lines.join('\n'), { password: [password] });
    expect(leaks.map((leak) => [leak.line, leak.kind])).toEqual([[1, 'password']]);
    const raw = JSON.stringify({ level: 'info', msg: 'cpf 529.982.247-25' });
    expect(findLeaks(raw, {}).map((leak) => leak.kind)).toEqual(['CPF']);
  });
});

describe('route names', () => {
  test('the deepest matching route, the _data route, or * when none matches', () => {
    const name = createRouteNamer(MANIFEST);
    expect(name('/dashboard')).toBe('routes/_app+/dashboard');
    expect(name('/dashboard?_data=routes%2F_app%2B%2F_layout')).toBe('routes/_app+/_layout');
    expect(name('/dashboard?_data=unknown')).toBe('routes/_app+/dashboard');
    expect(name('/api/user')).toBe('routes/api+/user');
    expect(name('/nada/aqui')).toBe('*');
  });
});
