import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import * as entry from '~/entry.server';
import { appContract } from '../../http-server/app-contract.js';

/**
 * Issue 28, item 3 (decision 057): the Node process is checked by tsc, and takes one typed object
 * from the build instead of names read off it at run time.
 */
const PROCESS_FILES = ['server.js', ...readdirSync('http-server').map((name) => `http-server/${name}`)];

test('tsc checks server.js and every file of http-server/', () => {
  const tsconfig = JSON.parse(readFileSync('tsconfig.json', 'utf8')) as { include: string[] };
  expect(tsconfig.include).toEqual(expect.arrayContaining(['server.js', 'http-server/**/*.js']));
  for (const file of PROCESS_FILES) expect(readFileSync(file, 'utf8').startsWith('// @ts-check\n'), file).toBe(true);
});

test('the process reads the build through serverContract alone', () => {
  const build = { entry: { module: entry } } as unknown as Parameters<typeof appContract>[0];
  expect(appContract(build)).toBe(entry.serverContract);
  for (const file of PROCESS_FILES) expect(readFileSync(file, 'utf8'), file).not.toMatch(/entry\.module\.(?!serverContract)\w/);
  const bare = { entry: { module: { default: () => null } } } as unknown as Parameters<typeof appContract>[0];
  expect(() => appContract(bare)).toThrow(/does not export serverContract/);
});
