import { describe, expect, it } from 'vitest';
import { databaseVersion } from '../../db/client';
import { compactUserSearch, userSearchSegments } from '~/models/admin/user-search-upkeep.server';
import { listUsers } from '~/models/admin/users.server';
import { createUser } from '../setup/helpers';

/** The daily job's merge of the user search's index: one segment, the same answers, and no write when there is nothing to merge. */
describe('compactUserSearch', () => {
  it('merges the segments that one user at a time leaves, and the search answers as before', async () => {
    for (let i = 0; i < 24; i++) await createUser({ username: `compacta_${i}`, email: `compacta_${i}@example.com` });
    const before = listUsers({ q: 'compacta' });
    expect(before.total).toBe(24);
    expect(userSearchSegments()).toBeGreaterThan(1);

    expect(compactUserSearch()).toEqual({ before: expect.any(Number), after: 1 });
    expect(userSearchSegments()).toBe(1);
    expect(listUsers({ q: 'compacta' })).toEqual(before);
    expect(
      listUsers({ q: 'pacta_1' })
        .items.map((user) => user.username)
        .sort(),
    ).toEqual(['compacta_1', ...Array.from({ length: 10 }, (_, i) => `compacta_${10 + i}`)].sort());

    // Merged already: the daily job writes nothing (a write would renew every per-process memo, and the fuzz checks that reads write nothing).
    const version = databaseVersion();
    expect(compactUserSearch()).toEqual({ before: 1, after: 1 });
    expect(databaseVersion()).toBe(version);

    await createUser({ username: 'compacta_novo', email: 'compacta_novo@example.com' });
    expect(userSearchSegments()).toBe(2);
  });
});
