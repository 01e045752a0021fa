import { openSync, writeSync, closeSync, statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startProductionServer, type ProductionServer } from './production-server';

/** GET /healthcheck (Fly's HTTP check): the database answers and the landing page renders; app/plumbing/health.server.ts. */

test.describe.configure({ mode: 'serial' });

let server: ProductionServer;
test.beforeAll(async () => {
  server = await startProductionServer({ name: 'healthcheck' });
});
test.afterAll(async () => {
  await server?.stop('SIGKILL');
});

/** Overwrites `length` bytes at the start of a file in place (the server keeps its descriptors open). */
function overwrite(path: string, byte: number, length: number): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.alloc(length, byte), 0, length, 0);
  } finally {
    closeSync(fd);
  }
}

test('a healthy server answers 200, never cached, and the checks are not logged', async () => {
  const logBefore = server.log();
  const timings: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/healthcheck`);
    timings.push(performance.now() - started);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  }
  expect(server.log()).toBe(logBefore);
  timings.sort((a, b) => a - b);
  test.info().annotations.push({
    type: 'healthcheck',
    description: `20 checks: median ${timings[10].toFixed(1)} ms, max ${timings[19].toFixed(1)} ms`,
  });
});

test('an unreadable database answers 503 with the reason, and is logged once however many checks fail', async () => {
  // The file's header destroyed and the WAL index zeroed, so the server cannot trust its cached pages.
  overwrite(server.dbPath, 0x41, 100);
  overwrite(`${server.dbPath}-shm`, 0, statSync(`${server.dbPath}-shm`).size);
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${server.url}/healthcheck`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ message: 'Banco de dados indisponível.' });
  }
  expect(server.log().match(/Health check: database failed/g)).toHaveLength(1);
});
