import { existsSync, statSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { SHUTDOWN_DEADLINE_MS } from '../../http-server/shutdown.js';
import { killTimeoutMs, readFlyConfig } from '../setup/fly-config';
import { startProductionServer, type ProductionServer } from './production-server';

/**
 * Graceful shutdown as Fly does it: fly.toml's kill_signal sent to `npm start` (the image's
 * command), with an event stream open and a request still arriving. http-server/shutdown.js.
 */

const fly = readFlyConfig();
const signal = fly.kill_signal as NodeJS.Signals;
const killTimeout = killTimeoutMs(fly);

async function login(server: ProductionServer, email: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email, password: 'senha123' }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** GET /resources/live, resolved once the stream has said its first line; `ended` resolves when the server ends it. */
function openStream(server: ProductionServer, cookie: string): Promise<{ response: IncomingMessage; ended: Promise<string> }> {
  return new Promise((opened, fail) => {
    const req = httpRequest(`${server.url}/resources/live`, { headers: { Cookie: cookie, Accept: 'text/event-stream' } });
    req.on('error', fail);
    req.on('response', (response) => {
      let text = '';
      const ended = new Promise<string>((done) => response.on('end', () => done(text)));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (!text) opened({ response, ended });
        text += chunk;
      });
    });
    req.end();
  });
}

type Answer = { status: number; body: string };

/** A POST whose body arrives in two parts: the request is in flight until `finish()` sends the rest. */
function trickledPost(
  server: ProductionServer,
  path: string,
  body: string,
): { req: ClientRequest; finish: () => void; answer: Promise<Answer> } {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const req = httpRequest(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': bytes.length, Origin: server.url },
  });
  const answer = new Promise<Answer>((done, fail) => {
    req.on('error', fail);
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, body: text }));
    });
  });
  req.write(bytes.subarray(0, half));
  return { req, finish: () => req.end(bytes.subarray(half)), answer };
}

async function connectionRefused(server: ProductionServer): Promise<string | null> {
  try {
    await fetch(`${server.url}/healthcheck`);
    return null;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
  }
}

const pause = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

test.describe.configure({ mode: 'serial' });

test(`${signal} finishes the request in flight, ends the event stream, refuses new connections, then checkpoints and closes the database and exits 0`, async () => {
  const server = await startProductionServer({ name: 'shutdown', seedDemo: true, npmStart: true });
  const stream = await openStream(server, await login(server, 'master@example.com'));
  expect(stream.response.statusCode).toBe(200);
  const post = trickledPost(server, '/api/login', JSON.stringify({ email: 'basic@example.com', password: 'senha123' }));
  await pause(200); // the first half has reached the server

  const signalled = Date.now();
  const exit = server.stop(signal);

  expect(await Promise.race([stream.ended.then(() => 'ended'), pause(3_000).then(() => 'still open')])).toBe('ended');
  expect(await connectionRefused(server)).toBe('ECONNREFUSED');

  post.finish();
  const answer = await post.answer;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ email: 'basic@example.com' });

  const { code } = await exit;
  const tookMs = Date.now() - signalled;
  expect(code).toBe(0);
  expect(tookMs).toBeLessThan(killTimeout);

  const wal = `${server.dbPath}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  const db = new Database(server.dbPath, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    db.close();
  }
  const log = server.log();
  expect(log.match(/"msg":"Encerrando \((SIGTERM|SIGINT)/g)).toHaveLength(1);
  expect(log).toMatch(/"msg":"Encerrado em \d+ ms: 1 streams terminados/);
  test.info().annotations.push({ type: 'shutdown', description: `${signal} to exit 0 in ${tookMs} ms (kill_timeout ${killTimeout} ms)` });
});

test('a request that never finishes does not hold the machine past the deadline: the process exits non-zero before kill_timeout', async () => {
  expect(SHUTDOWN_DEADLINE_MS).toBeLessThan(killTimeout);
  const server = await startProductionServer({ name: 'shutdown-deadline', npmStart: true });
  const post = trickledPost(server, '/api/login', JSON.stringify({ email: 'nobody@example.com', password: 'x' }));
  post.answer.catch(() => undefined); // the server hangs up on it
  await pause(200);

  const signalled = Date.now();
  const { code } = await server.stop(signal);
  const tookMs = Date.now() - signalled;
  expect(code).not.toBe(0);
  expect(tookMs).toBeGreaterThanOrEqual(SHUTDOWN_DEADLINE_MS - 100);
  expect(tookMs).toBeLessThan(killTimeout);
  expect(server.log()).toContain(`Encerramento não terminou em ${SHUTDOWN_DEADLINE_MS} ms`);
  post.req.destroy();
});
