import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { databasePath, db } from '../../db/client';
import { backupDatabase, restoreDatabase } from '../../db/backup';
import { eraseAccount } from '~/models/privacy/account-deletion.server';
import { reapplyErasures } from '~/models/privacy/account-deletion.server';
import { resurrectedAccountIds } from '~/models/privacy/erasure-ledger.server';
import { getUserById } from '~/models/accounts/user.server';
import { migrateDatabase } from '~/plumbing/database.server';
import { createUser } from '../setup/helpers';

/**
 * Issue 29 item 4 (decision 054): an account erased after a backup (or a replica's point in time)
 * was taken does not come back when that copy is restored: the ledger of erased ids crosses the
 * restore and the erasure is applied again, by db:restore and by every start.
 */

const root = mkdtempSync(join(tmpdir(), 'erasure-ledger-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function eraseAfterBackup(name: string) {
  const gone = await createUser();
  const stays = await createUser();
  const backup = await backupDatabase(databasePath(), join(root, `${name}.db`));
  db.transaction((tx) => eraseAccount(tx, gone, gone, 'account.delete'));
  expect(getUserById(gone.id)).toBeUndefined();
  await restoreDatabase(backup.path, databasePath());
  return { gone, stays };
}

describe('a restore from before an erasure', () => {
  test('db:restore erases again whoever the live database had erased, and no one else', async () => {
    const { gone, stays } = await eraseAfterBackup('restore');
    // The copy predates the erasure: the person is in it, and the ledger says so.
    expect(resurrectedAccountIds()).toEqual([gone.id]);
    expect(reapplyErasures()).toEqual([gone.id]);
    expect(getUserById(gone.id)).toBeUndefined();
    expect(getUserById(stays.id)).toBeDefined();
    expect(resurrectedAccountIds()).toEqual([]);
  });

  test('the next start erases them again before serving', async () => {
    const { gone } = await eraseAfterBackup('start');
    migrateDatabase();
    expect(getUserById(gone.id)).toBeUndefined();
  });
});
