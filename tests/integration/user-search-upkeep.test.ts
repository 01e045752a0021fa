import { describe, expect, it } from 'vitest';
import { compactUserSearch } from '~/models/admin/user-search-upkeep.server';
import { listUsers } from '~/models/admin/users.server';
import { createUser } from '../setup/helpers';

/** The daily job's merge of the user search's index: fewer b-tree rows, the same answers. */
describe('compactUserSearch', () => {
  it('merges the segments that one user at a time leaves, and the search answers as before', async () => {
    for (let i = 0; i < 24; i++) await createUser({ username: `compacta_${i}`, email: `compacta_${i}@example.com` });
    const before = listUsers({ q: 'compacta' });
    expect(before.total).toBe(24);

    const merged = compactUserSearch();
    expect(merged.after).toBeLessThan(merged.before);
    expect(listUsers({ q: 'compacta' })).toEqual(before);
    expect(
      listUsers({ q: 'pacta_1' })
        .items.map((user) => user.username)
        .sort(),
    ).toEqual(['compacta_1', ...Array.from({ length: 10 }, (_, i) => `compacta_${10 + i}`)].sort());

    // An index already merged costs nothing more and stays as it is.
    expect(compactUserSearch()).toEqual({ before: merged.after, after: merged.after });
  });
});
