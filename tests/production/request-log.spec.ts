import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { MANY_CLIENTS_ENV, registerClient, runTag } from './load-client';
import { productionEnv, startProductionServer, type ProductionServer } from './production-server';

/**
 * What production prints: one JSON line per request with its id (http-server/request-log.js), and a
 * start with a bad environment refused before it listens, every problem listed
 * (app/utils/env-schema.server.ts).
 */

type Line = Record<string, unknown>;
const jsonLines = (log: string): Line[] =>
  log
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

test('every request is one JSON line with its id, echoed in X-Request-Id; a signed-in page names its route and user; a 4xx is one line', async () => {
  let server: ProductionServer | undefined;
  try {
    server = await startProductionServer({ name: 'request-log', env: MANY_CLIENTS_ENV });
    const live = server;
    const member = await registerClient(live, `rl${runTag}`);
    const before = live.log().length;
    const get = (path: string, init: RequestInit = {}) =>
      fetch(`${live.url}${path}`, {
        redirect: 'manual',
        ...init,
        headers: { Cookie: member.cookie, 'X-Real-IP': member.address, ...init.headers },
      });

    const dashboard = await get('/dashboard');
    expect(dashboard.status).toBe(200);
    await dashboard.text();
    const refused = await get('/about', { method: 'POST', headers: { Origin: live.url } });
    expect(refused.status).toBe(405);
    await refused.text();
    const ids = [dashboard.headers.get('x-request-id'), refused.headers.get('x-request-id')];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => jsonLines(live.log().slice(before)).filter((line) => ids.includes(line.requestId as string)).length).toBe(2);
    const lines = jsonLines(live.log().slice(before)).filter((line) => ids.includes(line.requestId as string));
    const userId = lines[0].userId;
    expect(userId).toEqual(expect.any(Number));
    expect(lines[0]).toEqual({
      level: 'info',
      time: expect.any(String),
      requestId: ids[0],
      method: 'GET',
      route: 'routes/_app+/dashboard',
      status: 200,
      ms: expect.any(Number),
      userId,
      msg: 'GET routes/_app+/dashboard 200',
    });
    // The refusal's page may not read the session (no loader runs for a missing action): its user id is there only if one did.
    const { userId: refusedUser, ...refusedLine } = lines[1];
    expect(refusedUser === undefined || refusedUser === userId).toBe(true);
    expect(refusedLine).toEqual({
      level: 'info',
      time: expect.any(String),
      requestId: ids[1],
      method: 'POST',
      route: 'routes/_marketing+/about',
      status: 405,
      ms: expect.any(Number),
      msg: 'POST routes/_marketing+/about 405',
    });
    const log = live.log().slice(before);
    expect(log).not.toContain(member.cookie.split('=')[1].split(';')[0]);
    expect(log).not.toMatch(/(?:^|\\n)\s+at \S/m);
    // Nothing else was printed for them: every line since is a request line.
    expect(log.trim().split('\n').length).toBe(
      jsonLines(log).filter((line) => typeof line.requestId === 'string' && typeof line.status === 'number').length,
    );
    test.info().annotations.push({ type: 'request log', description: JSON.stringify(lines[0]) });
  } finally {
    await server?.stop();
  }
});

test('a start with malformed values is refused before it listens, every problem listed in Portuguese', () => {
  const env = productionEnv(resolve('tests/.production/config-refused/app.db'), 1, {
    ...MANY_CLIENTS_ENV,
    PORT: 'abc',
    PUBLIC_ORIGIN: 'ftp://x',
    STRIPE_TEST_MODE: 'yes',
  });
  const started = spawnSync(process.execPath, ['server.js'], { env, encoding: 'utf8', timeout: 30_000 });
  expect(started.status).toBe(1);
  expect(started.stdout).not.toContain('E-Engenharia em');
  expect(started.stderr).toContain('Configuração inválida; o servidor não vai iniciar.');
  expect(started.stderr).toContain('- PORT: use um número de porta entre 1 e 65535.');
  expect(started.stderr).toContain('- PUBLIC_ORIGIN: "ftp://x" não é uma URL http(s)');
  expect(started.stderr).toContain('- STRIPE_TEST_MODE: use 1 para ligar');
  expect(started.stderr).toContain('- STRIPE_SECRET_KEY não definido em produção');
  expect(started.stderr).not.toMatch(/^\s+at /m);
});
