import { execFile, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { ATTACHMENT_MESSAGES } from '../../app/schemas/chat-attachments';
import {
  jpegOfBytes,
  jpegOfTinySegments,
  pdfOfBytes,
  pngOfBytes,
  pngOfTinyChunks,
  webpOfTinyChunks,
} from '../integration/helpers/attachment-files';
import { call, inParallel, MANY_CLIENTS_ENV, registerClient, runTag } from './load-client';
import { startProductionServer, type ProductionServer } from './production-server';

/**
 * Seats: 0–7 the memory proof, 8 one account's parallel uploads, 9–28 the twenty accounts, 29 the
 * rate limit, 30 the quota (each account's 30 messages a minute stay its own).
 *
 * Issue 26, item 2, against the production build on one process (as on Fly's 512 MB VM): what
 * uploads cost the server. Eight parallel 15 MB messages stay under 100 MB of memory above idle
 * (RSS from `ps`); twenty accounts uploading at once keep `/healthcheck` under 1 s; an account
 * over its limit is answered 429 at once, before its body is read; images of tiny chunks are
 * refused quickly; an account's files stop at its quota with a clear message.
 * Each figure is printed (`uploads: …`) for the note.
 */

const MB = 1024 * 1024;
const FILE_BYTES = 5 * MB;
/**
 * The twenty accounts send as people do, from their own connections: 1 MB/s each (8 Mbit/s, a good
 * phone or home uplink; 20 MB/s for the twenty), not at loopback speed. Unpaced, 600 MB arrive within seconds and
 * every 15 MB received costs the server a full garbage collection (tens of ms) for the socket
 * buffers: the health check then waits behind the collector, not behind the uploads' rules.
 */
const CLIENT_UPLINK = 1 * MB;

type Seat = { cookie: string; threadId: number };
/** An answer: its status, when its head came, its text, and how much of the body had been sent then. */
type Upload = { status: number; ms: number; body: string; sentBytes: number };

let server: ProductionServer;
let seats: Seat[] = [];

/** A multipart form as bytes, with its content type (boundary included). */
async function encode(files: Array<[Buffer, string]>, message = `anexos ${runTag}`) {
  const form = new FormData();
  form.append('intent', 'send');
  form.append('message', message);
  for (const [bytes, name] of files) form.append('files', new File([new Uint8Array(bytes)], name));
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('Content-Type')! };
}

/**
 * POSTs the form to the ticket page as a browser without JavaScript does, writing the body in
 * 64 KB pieces; resolves when the answer's head arrives (the server may answer before it read the body).
 */
function post(seat: Seat, form: { body: Buffer; type: string }, options: { bytesPerSecond?: number } = {}): Promise<Upload> {
  const started = performance.now();
  let answered = false;
  let sentWhenAnswered = 0;
  let at = 0;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}/chat/${seat.threadId}`,
      // A connection of its own: a kept-alive one the server already closed would fail before any answer.
      {
        method: 'POST',
        agent: false,
        headers: {
          Cookie: seat.cookie,
          Origin: server.url,
          'Content-Type': form.type,
          'Content-Length': form.body.length,
          Accept: 'text/html',
        },
      },
      (response) => {
        answered = true;
        sentWhenAnswered = at;
        const ms = performance.now() - started;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, ms, body: Buffer.concat(chunks).toString('utf8'), sentBytes: sentWhenAnswered });
          if (sentWhenAnswered < form.body.length) request.destroy();
        });
      },
    );
    // Once answered, the server reads and drops the rest for a while, then ends the connection
    // (http-server/lingering-close.js): an error after the answer is not a failure.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    // One piece per turn of the event loop, as a browser sends, so an early answer is read as soon
    // as it comes; writing stops there (the rest of the body is never sent).
    const writeMore = () => {
      if (answered) return;
      if (at >= form.body.length) return void request.end();
      const piece = form.body.subarray(at, at + 64 * 1024);
      at += piece.length;
      // At a client's pace when given one: the next piece when this one's share of a second has passed.
      const pace = options.bytesPerSecond ? Math.max(0, started + (at / options.bytesPerSecond) * 1000 - performance.now()) : 0;
      const next = () => (pace > 0 ? setTimeout(writeMore, pace) : setImmediate(writeMore));
      if (request.write(piece)) next();
      else request.once('drain', next);
    };
    writeMore();
  });
}

const run = promisify(execFile);
async function rssMb(): Promise<number> {
  const { stdout } = await run('ps', ['-o', 'rss=', '-p', String(server.child.pid)]);
  return Number(stdout.trim()) / 1024;
}

/** Samples `measure` every `everyMs` until `stop()`; returns the samples. */
function sampler<T>(measure: () => Promise<T>, everyMs: number) {
  const samples: T[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      samples.push(await measure());
      await new Promise((wait) => setTimeout(wait, everyMs));
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await done;
      return samples;
    },
  };
}

/**
 * `/healthcheck` every 100 ms from a process of its own, as Fly's checker is another machine: the
 * timings are not delayed by this test's own work (writing twenty uploads). Each check prints `status ms`.
 */
const HEALTH_POLLER = `
const url = process.argv[1];
(async () => {
  for (;;) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    console.log(response.status + ' ' + (performance.now() - started).toFixed(1));
    await new Promise((wait) => setTimeout(wait, 100));
  }
})();`;

function healthPoller() {
  const child = spawn(process.execPath, ['-e', HEALTH_POLLER, `${server.url}/healthcheck`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += String(chunk);
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      return output
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [status, ms] = line.split(' ').map(Number);
          return { status, ms };
        });
    },
  };
}

const report = (name: string, figures: unknown) => {
  console.log(`uploads: ${name} ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: name, description: JSON.stringify(figures) });
};
const round = (value: number) => Math.round(value);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // One process, as on the Fly VM (one shared CPU): its RSS is the whole server's.
  // The site's quota above what this file stores (about 600 MB); an account's stays the default 100 MB.
  server = await startProductionServer({
    name: 'uploads',
    env: { ...MANY_CLIENTS_ENV, WEB_CONCURRENCY: '1', UPLOADS_TOTAL_QUOTA_MB: '2000', UPLOADS_MIN_FREE_MB: '100' },
  });
  const live = server;
  seats = await inParallel(
    Array.from({ length: 31 }, (_, i) => `up${runTag}u${i}`),
    3,
    async (name) => {
      const client = await registerClient(live, name);
      const thread = await call(live, '/api/chat/threads', { body: { subject: `Anexos ${name}` }, cookie: client.cookie });
      expect(thread.status).toBe(201);
      return { cookie: client.cookie, threadId: (thread.body as { id: number }).id };
    },
  );
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(`uploads: server log\n${server.log().slice(-6000)}`);
});

test.afterAll(async () => {
  await server?.stop('SIGKILL');
  // Some 600 MB of test files: not left on the shared disk.
  rmSync(join(server.dir, 'uploads'), { recursive: true, force: true });
});

test('8 parallel 15 MB messages (PDF, PNG, JPEG of 5 MB) from 8 accounts: peak RSS under 100 MB above idle', async () => {
  test.setTimeout(180_000);
  // Warm the path once (modules, prepared statements), then let the heap settle.
  expect((await post(seats[0], await encode([[pdfOfBytes(100_000), 'aquecimento.pdf']]))).status).toBe(302);
  await new Promise((wait) => setTimeout(wait, 2_000));
  const idleSamples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    idleSamples.push(await rssMb());
    await new Promise((wait) => setTimeout(wait, 200));
  }
  const idle = Math.min(...idleSamples);
  const forms = await Promise.all(
    seats.slice(0, 8).map(() =>
      encode([
        [pdfOfBytes(FILE_BYTES), 'laudo.pdf'],
        [pngOfBytes(FILE_BYTES), 'painel.png'],
        [jpegOfBytes(FILE_BYTES), 'foto.jpg'],
      ]),
    ),
  );
  const rss = sampler(rssMb, 50);
  const started = performance.now();
  const answers = await Promise.all(seats.slice(0, 8).map((seat, i) => post(seat, forms[i])));
  const seconds = (performance.now() - started) / 1000;
  const samples = await rss.stop();
  const peak = Math.max(...samples);
  report('memory', {
    idleMb: round(idle),
    peakMb: round(peak),
    aboveIdleMb: round(peak - idle),
    messages: 8,
    mbEach: 15,
    seconds: seconds.toFixed(1),
    statuses: answers.map((a) => a.status),
  });
  expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(302));
  expect(peak - idle).toBeLessThan(100);
});

test('8 parallel 15 MB messages from one account: two go through, six are answered 429 at once', async () => {
  test.setTimeout(120_000);
  const seat = seats[8];
  const form = await encode([
    [pdfOfBytes(FILE_BYTES), 'a.pdf'],
    [pdfOfBytes(FILE_BYTES), 'b.pdf'],
    [pdfOfBytes(FILE_BYTES), 'c.pdf'],
  ]);
  const answers = await Promise.all(Array.from({ length: 8 }, () => post(seat, form)));
  const refused = answers.filter((answer) => answer.status === 429);
  report('one account, 8 at once', { statuses: answers.map((a) => a.status), refusedMaxMs: round(Math.max(...refused.map((a) => a.ms))) });
  expect(answers.filter((answer) => answer.status === 302)).toHaveLength(2);
  expect(refused).toHaveLength(6);
  for (const answer of refused) expect(answer.body).toContain(ATTACHMENT_MESSAGES.busy);
});

test('20 accounts upload at once (1 MB/s each): /healthcheck stays under 1 s throughout, and tiny-chunk images are refused', async () => {
  test.setTimeout(240_000);
  const uploaders = seats.slice(9, 29);
  const full = await encode([
    [pdfOfBytes(FILE_BYTES), 'laudo.pdf'],
    [pngOfBytes(FILE_BYTES), 'painel.png'],
    [jpegOfBytes(FILE_BYTES), 'foto.jpg'],
  ]);
  const tricky = await encode([
    [pngOfTinyChunks(), 'chunks.png'],
    [jpegOfTinySegments(), 'segmentos.jpg'],
    [webpOfTinyChunks(), 'chunks.webp'],
  ]);
  const health = healthPoller();
  const started = performance.now();
  const answers = await Promise.all(
    uploaders.map(async (seat, i) => {
      const first = await post(seat, i % 2 === 0 ? full : tricky, { bytesPerSecond: CLIENT_UPLINK });
      const second = await post(seat, i % 2 === 0 ? tricky : full, { bytesPerSecond: CLIENT_UPLINK });
      return i % 2 === 0 ? { full: first, tricky: second } : { full: second, tricky: first };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const checks = await health.stop();
  const trickyMs = answers.map((answer) => answer.tricky.ms);
  report('20 accounts', {
    accounts: uploaders.length,
    clientMbPerSecond: CLIENT_UPLINK / MB,
    seconds: seconds.toFixed(1),
    healthChecks: checks.length,
    healthMaxMs: round(Math.max(...checks.map((check) => check.ms))),
    healthP50Ms: round(checks.map((check) => check.ms).sort((a, b) => a - b)[Math.floor(checks.length / 2)]),
    healthSlowestMs: checks
      .map((check) => round(check.ms))
      .sort((a, b) => b - a)
      .slice(0, 5),
    fullStatuses: [...new Set(answers.map((answer) => answer.full.status))],
    trickyStatuses: [...new Set(answers.map((answer) => answer.tricky.status))],
    trickyMaxMs: round(Math.max(...trickyMs)),
    trickyP50Ms: round(trickyMs.sort((a, b) => a - b)[Math.floor(trickyMs.length / 2)]),
  });
  expect(answers.map((answer) => answer.full.status)).toEqual(Array(uploaders.length).fill(302));
  expect(answers.map((answer) => answer.tricky.status)).toEqual(Array(uploaders.length).fill(400));
  expect(answers[0].tricky.body).toContain(ATTACHMENT_MESSAGES.tooComplex);
  expect(checks.every((check) => check.status === 200)).toBe(true);
  expect(Math.max(...checks.map((check) => check.ms))).toBeLessThan(1_000);
});

test('an account over its 30 messages a minute is answered 429 before its 15 MB body is read', async () => {
  const seat = seats[29];
  for (let i = 0; i < 29; i += 1) {
    expect(
      (await call(server, `/api/chat/threads/${seat.threadId}/messages`, { body: { message: `ponto ${i}` }, cookie: seat.cookie })).status,
    ).toBe(201);
  }
  const form = await encode([
    [pdfOfBytes(FILE_BYTES), 'a.pdf'],
    [pdfOfBytes(FILE_BYTES), 'b.pdf'],
    [pdfOfBytes(FILE_BYTES), 'c.pdf'],
  ]);
  const answer = await post(seat, form);
  report('over the limit', {
    status: answer.status,
    ms: round(answer.ms),
    bodyMb: (form.body.length / MB).toFixed(1),
    sentMbWhenAnswered: (answer.sentBytes / MB).toFixed(1),
  });
  expect(answer.status).toBe(429);
  expect(answer.ms).toBeLessThan(1_000);
  expect(answer.sentBytes).toBeLessThan(form.body.length / 2);

  // One message of three tiny-chunk images (the probe's 4.5 s), alone: refused at once.
  const tricky = await post(
    seats[28],
    await encode([
      [pngOfTinyChunks(), 'chunks.png'],
      [jpegOfTinySegments(), 'segmentos.jpg'],
      [webpOfTinyChunks(), 'chunks.webp'],
    ]),
  );
  report('tiny chunks alone', { status: tricky.status, ms: round(tricky.ms) });
  expect(tricky.status).toBe(400);
  expect(tricky.ms).toBeLessThan(2_000);
});

test("an account's files stop at its 100 MB quota with a clear message", async () => {
  test.setTimeout(120_000);
  const seat = seats[30];
  const form = await encode([
    [pdfOfBytes(FILE_BYTES), 'a.pdf'],
    [pdfOfBytes(FILE_BYTES), 'b.pdf'],
    [pdfOfBytes(FILE_BYTES), 'c.pdf'],
  ]);
  const statuses: number[] = [];
  let refusal: Upload | null = null;
  for (let sent = 0; sent < 8 && !refusal; sent += 1) {
    const answer = await post(seat, form);
    statuses.push(answer.status);
    if (answer.status !== 302) refusal = answer;
  }
  const storedMb = (statuses.filter((status) => status === 302).length * 3 * FILE_BYTES) / MB;
  report('quota', { statuses, storedMbWhenRefused: storedMb, refusedStatus: refusal?.status });
  expect(refusal?.status).toBe(507);
  expect(refusal?.body).toContain('Sua conta atingiu o limite de 100 MB em anexos');
  expect(storedMb).toBeLessThanOrEqual(100);
  expect(storedMb).toBeGreaterThan(100 - 15);
});
