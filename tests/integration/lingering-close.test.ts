import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, expect, test } from 'vitest';
import { LINGER_IDLE_MS, lingeringClose } from '../../http-server/lingering-close.js';

const BODY = Buffer.alloc(15 * 1024 * 1024, 97);
const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An app that answers 429 after the first piece of a body, as a rate limit spent before the upload is parsed does. */
async function serve(linger: boolean) {
  const app = express();
  if (linger) app.use(lingeringClose);
  app.post('/', (req, res) => {
    req.once('data', () => {
      req.pause();
      res.status(429).end('Muitas mensagens por minuto.');
    });
  });
  app.get('/', (_req, res) => res.end('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  servers.push(server);
  const openConnections = () =>
    new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  return { port: (server.address() as AddressInfo).port, openConnections };
}

/** A browser's way with a form: the whole body is written whatever comes back, on a connection of its own. */
function postWholeBody(port: number) {
  return new Promise<{ status: number | null; error: string | null; answer: string }>((resolve) => {
    let status: number | null = null;
    let answer = '';
    let at = 0;
    const request = httpRequest(
      { port, host: '127.0.0.1', method: 'POST', path: '/', agent: false, headers: { 'Content-Length': BODY.length } },
      (response) => {
        status = response.statusCode ?? null;
        response.setEncoding('utf8');
        response.on('data', (text: string) => (answer += text));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status, error: error.code ?? 'error', answer }));
    request.on('close', () => resolve({ status, error: null, answer }));
    const writeMore = () => {
      if (request.destroyed) return;
      if (at >= BODY.length) return void request.end();
      const piece = BODY.subarray(at, (at += 64 * 1024));
      if (request.write(piece)) setImmediate(writeMore);
      else request.once('drain', writeMore);
    };
    writeMore();
  });
}

test('without it, a client still sending after an early answer meets a reset (the failure this fixes)', async () => {
  const { port } = await serve(false);
  expect((await postWholeBody(port)).error).toMatch(/EPIPE|ECONNRESET/);
});

test('an answer written before the body was read reaches a client that keeps sending, and the connection ends cleanly', async () => {
  const { port } = await serve(true);
  for (let i = 0; i < 3; i += 1) {
    expect(await postWholeBody(port)).toEqual({ status: 429, error: null, answer: 'Muitas mensagens por minuto.' });
  }
});

test('a kept-alive connection reads the rest of the body after the answer and serves the next request', async () => {
  const { port } = await serve(true);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (text: string) => (received += text));
  await new Promise((ready) => socket.once('connect', ready));
  const body = Buffer.alloc(2 * 1024 * 1024, 97);
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`);
  await new Promise<void>((done) => socket.write(body, () => done()));
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  await expect.poll(() => received, { timeout: 5_000 }).toMatch(/\r\n\r\nok$/);
  expect(received).toMatch(/^HTTP\/1\.1 429 /);
  socket.destroy();
});

test('a client that stops sending after the answer is hung up on after the idle bound', async () => {
  const { port, openConnections } = await serve(true);
  // Half-open as a client that still means to send: the server's FIN after the answer does not end it.
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  await new Promise((ready) => socket.once('connect', ready));
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${BODY.length}\r\n\r\n`);
  socket.write(BODY.subarray(0, 64 * 1024));
  await new Promise((answered) => socket.once('end', answered));
  const started = performance.now();
  expect(await openConnections()).toBe(1);
  await expect.poll(openConnections, { timeout: LINGER_IDLE_MS + 1_000, interval: 20 }).toBe(0);
  const ms = performance.now() - started;
  expect(ms).toBeGreaterThanOrEqual(LINGER_IDLE_MS - 100);
  socket.destroy();
});
