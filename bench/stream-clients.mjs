// The idle tabs of `npm run bench:streams`: a separate process that holds N event streams open
// against the app on 127.0.0.1 (raw sockets, no HTTP client objects, so its own weight does not
// matter). Driven over stdin/stdout with one JSON object per line:
//   in:  {"cmd":"open"} | {"cmd":"mark"} | {"cmd":"close"}
//   out: {"type":"progress","open":n} | {"type":"opened",...} | {"type":"delivered",...} | {"type":"closed"}
// It ends by itself when stdin closes (the bench died) or after MAX_LIFETIME_MS.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';

const PORT = Number(process.env.STREAMS_PORT);
const COUNT = Number(process.env.STREAMS_COUNT);
const BATCH = Number(process.env.STREAMS_BATCH || 500);
const COOKIES = process.env.STREAMS_COOKIES_FILE ? JSON.parse(readFileSync(process.env.STREAMS_COOKIES_FILE, 'utf8')) : [];
const MAX_LIFETIME_MS = Number(process.env.STREAMS_MAX_MS || 15 * 60_000);
const HOST = '127.0.0.1';

if (!PORT || !COUNT || COOKIES.length === 0) {
  console.error('stream-clients: STREAMS_PORT, STREAMS_COUNT and STREAMS_COOKIES_FILE are required');
  process.exit(2);
}

const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** One stream: its socket, whether the 200 came, how many events it got (pings are not events). */
const streams = [];
let markAt = 0;
let markWaiting = 0;
let markTimer = null;
let compressed = 0;

function openOne(index) {
  return new Promise((resolve) => {
    const stream = { socket: null, ok: false, events: 0, tail: '', closed: false, markedEvents: 0, deliveredAt: 0 };
    const socket = net.connect({ host: HOST, port: PORT });
    stream.socket = socket;
    let settled = false;
    const settle = (ok) => {
      if (settled) return;
      settled = true;
      stream.ok = ok;
      resolve(stream);
    };
    socket.setTimeout(30_000, () => socket.destroy(new Error('timeout')));
    socket.on('connect', () => {
      socket.write(
        `GET /resources/live HTTP/1.1\r\nHost: ${HOST}:${PORT}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, deflate, br\r\nCookie: ${COOKIES[index % COOKIES.length]}\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      const text = stream.tail + chunk.toString('latin1');
      if (!settled) {
        if (text.startsWith('HTTP/1.1 200')) {
          socket.setTimeout(0);
          const head = text.slice(0, text.indexOf('\r\n\r\n') >>> 0).toLowerCase();
          if (head.includes('\r\ncontent-encoding:')) compressed += 1;
          settle(true);
        } else if (text.startsWith('HTTP/')) {
          settle(false);
          socket.destroy();
          return;
        }
      }
      const found = text.split('\nevent: ').length - 1;
      if (found > 0) {
        stream.events += found;
        if (markAt && !stream.deliveredAt && stream.events > stream.markedEvents) {
          stream.deliveredAt = performance.now();
          markWaiting -= 1;
          if (markWaiting === 0) reportDelivery();
        }
      }
      stream.tail = text.slice(-16);
    });
    socket.on('error', () => settle(false));
    socket.on('close', () => {
      stream.closed = true;
      settle(false);
    });
  });
}

async function openAll() {
  const started = performance.now();
  let failed = 0;
  for (let first = 0; first < COUNT; first += BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(COUNT, first + BATCH); index += 1) batch.push(openOne(index));
    for (const stream of await Promise.all(batch)) {
      if (stream.ok) streams.push(stream);
      else failed += 1;
    }
    say({ type: 'progress', open: streams.length, failed });
  }
  say({ type: 'opened', open: streams.filter((stream) => !stream.closed).length, failed, compressed, ms: performance.now() - started });
}

function reportDelivery() {
  if (!markAt) return;
  clearTimeout(markTimer);
  const live = streams.filter((stream) => !stream.closed);
  const times = live
    .filter((stream) => stream.deliveredAt)
    .map((stream) => stream.deliveredAt - markAt)
    .sort((a, b) => a - b);
  say({
    type: 'delivered',
    streams: live.length,
    reached: times.length,
    lastMs: times.length ? times[times.length - 1] : null,
    medianMs: times.length ? times[Math.floor(times.length / 2)] : null,
  });
  markAt = 0;
}

/** From now on, time how long each open stream takes to get one more event (the bench then publishes one). */
function mark() {
  markAt = performance.now();
  markWaiting = 0;
  for (const stream of streams) {
    stream.markedEvents = stream.events;
    stream.deliveredAt = 0;
    if (!stream.closed) markWaiting += 1;
  }
  markTimer = setTimeout(reportDelivery, 15_000);
}

function closeAll() {
  for (const stream of streams) stream.socket.destroy();
  streams.length = 0;
  say({ type: 'closed' });
}

const lifetime = setTimeout(() => {
  closeAll();
  process.exit(0);
}, MAX_LIFETIME_MS);
lifetime.unref();

const input = readline.createInterface({ input: process.stdin });
input.on('line', (line) => {
  const { cmd } = JSON.parse(line);
  if (cmd === 'open') void openAll();
  else if (cmd === 'mark') mark();
  else if (cmd === 'close') closeAll();
});
input.on('close', () => {
  closeAll();
  process.exit(0);
});
