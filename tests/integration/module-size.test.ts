import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Small modules (issue 28): no source file in app/ grows past 450 lines; past that, split it by what
 * its parts do (as app/charts/plot.ts and app/plumbing/live-stream.server.ts were).
 */
const ROOT = join(__dirname, '../..');
const MAX_LINES = 450;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('module size', () => {
  test(`no file in app/ is over ${MAX_LINES} lines`, () => {
    const files = sources(join(ROOT, 'app'));
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .map((path) => ({ path: relative(ROOT, path), lines: readFileSync(path, 'utf8').split('\n').length }))
      .filter((file) => file.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
