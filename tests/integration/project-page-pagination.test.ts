import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { projects } from '../../db/schema';
import { getCalculator } from '~/calculators';
import { createProject } from '~/models/projects/project.server';
import { listProjectCalculationsPage } from '~/models/projects/project-calculations.server';
import { listRevisionsPage, versionDrift } from '~/models/projects/revisions.server';
import { listShareLinks } from '~/models/projects/share-links.server';
import { loader as projectLoader } from '~/routes/_app+/projects.$id';
import { queryPlans } from './helpers/query-plans';
import { body, call, createUser, getRequest, sessionCookie } from '../setup/helpers';
import { preparedDuring } from './helpers/sql-spy';

/**
 * The project page's three lists (calculations, revisions, share links) are pages read through
 * their indexes: a project of 45 calculations, 12 revisions and 12 links never sends them all.
 */

type User = Awaited<ReturnType<typeof createUser>>;
let tool: User;
let cookie: string;

beforeAll(async () => {
  tool = await createUser({ role: 'E-TOOL' });
  cookie = await sessionCookie(tool);
});

beforeEach(() => {
  db.delete(projects).run();
});

const SHAFT_QUERY =
  'power=7.5&power_unit=kW&speed=1750&speed_unit=rpm&allowableShear=40&allowableShear_unit=MPa&bendingMoment=0&bendingMoment_unit=N.m&keyway=no';

/** A project with `calculations` rows, `revisions` revisions and a share link per revision, written straight into SQLite. */
function bigProject(calculations: number, revisions: number): number {
  const project = createProject(tool, { name: 'Fábrica grande', client: 'Cliente' });
  const sqlite = sqliteConnection();
  const version = getCalculator('torque-eixo')!.version;
  const insertCalculation = sqlite.prepare(
    'insert into project_calculations (project_id, calculator_slug, calculator_version, title, query, position) values (?, ?, ?, ?, ?, ?)',
  );
  const insertRevision = sqlite.prepare('insert into project_revisions (project_id, number, snapshot, changes) values (?, ?, ?, ?)');
  const insertLink = sqlite.prepare('insert into project_share_links (project_id, revision_id, token_hash) values (?, ?, ?)');
  sqlite.transaction(() => {
    for (let index = 1; index <= calculations; index++)
      insertCalculation.run(project.id, 'torque-eixo', version, `Cálculo ${index}`, SHAFT_QUERY, index);
    for (let number = 0; number < revisions; number++) {
      const { lastInsertRowid } = insertRevision.run(project.id, number, JSON.stringify({ project: {}, calculations: [] }), '[]');
      insertLink.run(project.id, lastInsertRowid, `digest-${project.id}-${number}`);
    }
  })();
  return project.id;
}

type PageOf<T> = { items: T[]; total: number; page: number; pageCount: number };

describe('the project page', () => {
  test('sends one page of each list: calculations by 20, revisions newest first by 10, share links by 10', async () => {
    const id = bigProject(45, 12);
    const load = async (search: string) =>
      body<{
        calculations: PageOf<{ title: string }>;
        revisions: PageOf<{ label: string }>;
        links: PageOf<{ revision: string }>;
      }>(await call(projectLoader, getRequest(`/projects/${id}${search}`, { cookie }), { id: String(id) }));

    const first = await load('');
    expect(first.calculations).toMatchObject({ total: 45, page: 1, pageCount: 3 });
    expect(first.calculations.items.map((row) => row.title)).toEqual(Array.from({ length: 20 }, (_, index) => `Cálculo ${index + 1}`));
    expect(first.revisions).toMatchObject({ total: 12, pageCount: 2 });
    expect(first.revisions.items.map((row) => row.label).slice(0, 2)).toEqual(['Rev. 11', 'Rev. 10']);
    expect(first.links.items).toHaveLength(10);

    const later = await load('?page=3&revisoes=2&links=2');
    expect(later.calculations.items.map((row) => row.title)).toEqual([
      'Cálculo 41',
      'Cálculo 42',
      'Cálculo 43',
      'Cálculo 44',
      'Cálculo 45',
    ]);
    expect(later.revisions.items.map((row) => row.label)).toEqual(['Rev. 01', 'Rev. 00']);
    expect(later.links.items.map((row) => row.revision)).toEqual(['Rev. 01', 'Rev. 00']);

    // A hand-edited page number is the first page (or the last), never an error.
    const odd = await load('?page=abc&revisoes=99');
    expect(odd.calculations.page).toBe(1);
    expect(odd.revisions.page).toBe(2);
  });

  test('each list reads through its index, with no sort of its own', () => {
    const id = bigProject(45, 12);
    sqliteConnection().exec('analyze');
    const query = { page: 2, perPage: 10 };
    const cases = [
      {
        run: () => listProjectCalculationsPage(tool, id, query),
        table: 'project_calculations',
        index: 'project_calculations_project_position_idx',
      },
      { run: () => listRevisionsPage(tool, id, query), table: 'project_revisions', index: 'project_revisions_project_number_idx' },
      { run: () => listShareLinks(tool, id, query), table: 'project_share_links', index: 'project_share_links_project_idx' },
    ];
    for (const { run, table, index } of cases) {
      const plans = queryPlans(sqliteConnection(), run).filter((plan) => plan.sql.includes(`from "${table}"`));
      expect(plans.length).toBe(2); // the count and the page
      for (const plan of plans) {
        expect(plan.plan.join(' | ')).toContain(index);
        expect(plan.plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
      }
    }
  });

  test("the version check reads a revision's frozen snapshot once, not on every view of the page", () => {
    const id = bigProject(3, 2);
    const snapshotReads = () =>
      queryPlans(sqliteConnection(), () => versionDrift(tool, id)).filter((plan) => /"snapshot"/.test(plan.sql)).length;
    snapshotReads(); // the first view of this revision reads it
    expect(snapshotReads()).toBe(0);
    expect(versionDrift(tool, id)).toEqual([]);
  });

  test('a view prepares no SQL once the page has been served: every read is a statement kept per connection', async () => {
    const id = bigProject(25, 3);
    const view = () => call(projectLoader, getRequest(`/projects/${id}?page=2`, { cookie }), { id: String(id) });
    expect((await view()).status).toBe(200);
    expect(await preparedDuring(async () => expect((await view()).status).toBe(200))).toEqual([]);
  });
});
