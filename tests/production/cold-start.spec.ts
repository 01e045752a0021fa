import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { productionEnv } from './production-server';

/**
 * The start loads only what every request needs: the PDF library and its fonts, the QR encoder
 * and the SMTP client load on first use (issue 33: cold start back under 1.5 s; bench/results.md
 * measures it). Loading the production build must leave them out of the process's module cache.
 */

const LOADED_ON_FIRST_USE = ['pdf-lib', '@pdf-lib/fontkit', 'qrcode', 'nodemailer'];

test('the server build loads without the PDF, QR and SMTP libraries', () => {
  const script = `
    await import(${JSON.stringify(resolve('build/index.js'))});
    const { createRequire } = await import('node:module');
    const cache = createRequire(import.meta.url).cache;
    process.stdout.write(JSON.stringify(Object.keys(cache)));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: productionEnv(resolve('tests/.production/cold-start/app.db'), 3000),
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const loaded = JSON.parse(run.stdout) as string[];
  // The build did load CommonJS packages (so the check can see one): express's adapter, better-sqlite3.
  expect(loaded.some((path) => path.includes('/node_modules/better-sqlite3/'))).toBe(true);
  for (const name of LOADED_ON_FIRST_USE)
    expect(
      loaded.filter((path) => path.includes(`/node_modules/${name}/`)),
      name,
    ).toEqual([]);
});
