import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { keptUntilWritten } from '../../db/kept-until-written';
import { projects } from '../../db/schema';
import { createProject, projectChoices, updateProject } from '~/models/projects/project.server';
import { createUser } from '../setup/helpers';

/** decision 077: what is kept until the database is written is never stale, and is bounded. */
describe('keptUntilWritten', () => {
  test('keeps a value until a write, an expiry or an earlier clock, and holds at most its limit', async () => {
    const kept = keptUntilWritten<number>(2);
    let made = 0;
    const make = (until?: number) => () => ({ value: ++made, until });
    expect(kept.get('a', 1000, make(5000))).toBe(1);
    expect(kept.get('a', 4999, make())).toBe(1);
    expect(kept.get('a', 5000, make())).toBe(2); // expired
    expect(kept.get('a', 10, make())).toBe(3); // a clock before the entry was made
    expect(kept.get('a', 10, make())).toBe(3);
    await createUser(); // any write
    expect(kept.get('a', 10, make())).toBe(4);
    kept.get('b', 10, make());
    kept.get('c', 10, make());
    expect(kept.size()).toBe(2);
    expect(kept.get('a', 10, make())).toBe(7); // the oldest went out
  });
});

describe("the result page's project select", () => {
  test('follows a project made, renamed and archived at once', async () => {
    const user = await createUser({ role: 'E-TOOL' });
    expect(projectChoices(user)).toEqual([]);
    const project = createProject(user, { name: 'Ponte rolante', client: 'Cliente' });
    expect(projectChoices(user).map((choice) => choice.name)).toEqual(['Ponte rolante']);
    expect(projectChoices(user)).toBe(projectChoices(user)); // kept between views
    updateProject(user, project.id, { name: 'Ponte rolante 20 t', client: 'Cliente' });
    expect(projectChoices(user).map((choice) => choice.name)).toEqual(['Ponte rolante 20 t']);
    db.update(projects).set({ status: 'archived' }).where(eq(projects.id, project.id)).run();
    expect(projectChoices(user)).toEqual([]);
  });
});
