import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databasePath, db } from '../../db/client';
import { tools } from '../../db/schema';
import { rateTool } from '~/models/tools/rating.server';
import { listToolsFor, updateTool } from '~/models/tools/tool.server';
import { createUser } from '../setup/helpers';

/** listToolsFor keeps the tool list between requests; any write, here or in another process, renews it. */
describe('the tool list kept between requests', () => {
  it('shows a change made through the models, a new rating, and a write by another connection', async () => {
    db.delete(tools).run();
    const [first] = db
      .insert(tools)
      .values([
        {
          name: 'Alfa',
          description: 'Primeira ferramenta.',
          category: 'mechanical',
          accessLevel: 'E-BASIC',
          linkType: 'external',
          link: 'https://example.com/a',
        },
        {
          name: 'Beta',
          description: 'Segunda ferramenta.',
          category: 'chemical',
          accessLevel: 'E-BASIC',
          linkType: 'external',
          link: 'https://example.com/b',
        },
      ])
      .returning()
      .all();
    const user = await createUser();
    expect(listToolsFor(user).map((card) => card.name)).toEqual(['Alfa', 'Beta']);
    expect(listToolsFor(user)).toBe(listToolsFor(user));

    const admin = await createUser({ role: 'admin' });
    updateTool(admin, first.id, { name: 'Zeta' });
    expect(listToolsFor(user).map((card) => card.name)).toEqual(['Beta', 'Zeta']);

    rateTool(user, first.id, { rating: 4, comment: null });
    expect(listToolsFor(user).find((card) => card.id === first.id)).toMatchObject({ averageRating: 4, totalRatings: 1 });

    const other = new Database(databasePath());
    other.prepare('update tools set name = ? where id = ?').run('Ômega', first.id);
    other.close();
    expect(listToolsFor(user).map((card) => card.name)).toEqual(['Beta', 'Ômega']);
  });
});
