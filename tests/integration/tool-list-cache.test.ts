import { describe, expect, it } from 'vitest';
import { rateTool } from '~/models/tools/rating.server';
import { listToolsFor, updateTool } from '~/models/tools/tool.server';
import { createUser } from '../setup/helpers';
import { onlyAlfaAndBeta, writeFromAnotherConnection } from './helpers/two-tools';

/** listToolsFor keeps the tool list between requests; any write, here or in another process, renews it. */
describe('the tool list kept between requests', () => {
  it('shows a change made through the models, a new rating, and a write by another connection', async () => {
    const { alfa: first } = onlyAlfaAndBeta({ linkType: 'external', link: 'https://example.com/a' });
    const user = await createUser();
    expect(listToolsFor(user).map((card) => card.name)).toEqual(['Alfa', 'Beta']);
    expect(listToolsFor(user)).toBe(listToolsFor(user));

    const admin = await createUser({ role: 'admin' });
    updateTool(admin, first.id, { name: 'Zeta' });
    expect(listToolsFor(user).map((card) => card.name)).toEqual(['Beta', 'Zeta']);

    rateTool(user, first.id, { rating: 4, comment: null });
    expect(listToolsFor(user).find((card) => card.id === first.id)).toMatchObject({ averageRating: 4, totalRatings: 1 });

    writeFromAnotherConnection('update tools set name = ? where id = ?', 'Ômega', first.id);
    expect(listToolsFor(user).map((card) => card.name)).toEqual(['Beta', 'Ômega']);
  });
});
