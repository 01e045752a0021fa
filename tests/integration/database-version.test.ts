import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseVersion, openDatabase } from '../../db/client';

/** What the per-process caches key on (decision 074): it must never repeat for different data. */
describe('databaseVersion', () => {
  const own = globalThis.__db;
  const dirs: string[] = [];
  afterEach(() => {
    globalThis.__db = own;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('moves with a write of this connection', () => {
    const before = databaseVersion();
    globalThis.__db!.sqlite.exec('create temp table if not exists version_probe (x); insert into version_probe values (1)');
    expect(databaseVersion()).not.toBe(before);
  });

  it('differs on another connection whose counters stand where the first ones stood', () => {
    const versions = [0, 1].map(() => {
      const dir = mkdtempSync(join(tmpdir(), 'version-'));
      dirs.push(dir);
      globalThis.__db = openDatabase(join(dir, 'app.db'));
      const version = databaseVersion();
      globalThis.__db.sqlite.close();
      return version;
    });
    // Two fresh files: the same data_version and total_changes, but not the same connection.
    expect(versions[0].split(':').slice(1)).toEqual(versions[1].split(':').slice(1));
    expect(versions[0]).not.toBe(versions[1]);
  });
});
