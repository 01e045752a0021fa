import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { db, sqliteConnection } from '../../db/client';
import { calculationHistory, projectCalculations, projectRevisions, projects, tools, users } from '../../db/schema';
import { exportPersonalData } from '~/models/privacy/personal-data.server';
import { getCalculator, runCalculator } from '~/calculators';
import { canonicalQuery } from '~/calculators/view';
import type { Calculator } from '~/calculators/types';
import { saveMemorialProfile } from '~/models/tools/memorial-profile.server';
import { saveCalculation } from '~/models/tools/calculation-history.server';
import { createProject, listProjects, newProjectDefaults, updateProject } from '~/models/projects/project.server';
import {
  addCalculationToProject,
  addHistoryItemToProject,
  duplicateCalculation,
  listProjectRows,
  moveCalculation,
  removeCalculation,
} from '~/models/projects/project-calculations.server';
import { getRevision, issueRevision, listRevisions, versionDrift } from '~/models/projects/revisions.server';
import { createShareLink, listShareLinks, openSharedRevision, revokeShareLink } from '~/models/projects/share-links.server';
import { MAX_ACTIVE_PROJECTS_E_TOOL, MAX_PROJECT_CALCULATIONS } from '~/schemas/projects';
import { queryPlans } from './helpers/query-plans';
import { createUser } from '../setup/helpers';

const SHAFT = 'torque-eixo'; // E-BASIC
const SHAFT_QUERY = 'power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';
const FASTER_SHAFT = 'power=7%2C5&power_unit=kW&speed=3500&allowableShear=40&bendingMoment=0&keyway=no';

type User = Awaited<ReturnType<typeof createUser>>;
let tool: User;
let master: User;
let basic: User;

beforeAll(async () => {
  tool = await createUser({ role: 'E-TOOL' });
  master = await createUser({ role: 'E-MASTER' });
  basic = await createUser();
});

beforeEach(() => {
  db.delete(projects).run();
  db.delete(calculationHistory).run();
  db.delete(tools).run();
});

const newProject = (user: User = tool, name = 'Galpão industrial') => createProject(user, { name, client: 'Metalúrgica Sul' });
const add = (projectId: number, title = 'Eixo da bomba', query = SHAFT_QUERY, user: User = tool) =>
  addCalculationToProject(user, projectId, { slug: SHAFT, title, query });

describe('projects', () => {
  test('are for E-TOOL and above: an E-BASIC account is refused with 403 and nothing is written', () => {
    expect(() => newProject(basic)).toThrow(expect.objectContaining({ status: 403 }));
    expect(db.select().from(projects).all()).toHaveLength(0);
  });

  test('the new project form is prefilled from the memorial profile', () => {
    saveMemorialProfile(tool.id, {
      projectName: 'Subestação',
      client: 'ACME',
      place: 'Joinville',
      engineerName: 'Carla',
      crea: 'SC-1234/D',
      art: '123',
    });
    expect(newProjectDefaults(tool.id)).toMatchObject({
      name: 'Subestação',
      client: 'ACME',
      place: 'Joinville',
      engineerName: 'Carla',
      crea: 'SC-1234/D',
      art: '123',
    });
  });

  test('a blank name or a hidden character is refused beside its field', () => {
    expect(() => createProject(tool, { name: '   ' })).toThrow(
      expect.objectContaining({ status: 400, field: 'name', message: 'Informe o nome do projeto.' }),
    );
    expect(() => createProject(tool, { name: 'Obra\u202E' })).toThrow(expect.objectContaining({ status: 400, field: 'name' }));
  });

  test('an E-TOOL holds up to 10 active projects; archiving one makes room; E-MASTER has no limit', () => {
    const created = Array.from({ length: MAX_ACTIVE_PROJECTS_E_TOOL }, (_, index) => newProject(tool, `Projeto ${index}`));
    expect(() => newProject(tool, 'Um a mais')).toThrow(expect.objectContaining({ status: 409 }));
    updateProject(tool, created[0].id, { name: created[0].name, status: 'archived' });
    expect(newProject(tool, 'Agora cabe').name).toBe('Agora cabe');
    // Reopening the archived one would pass the limit again.
    expect(() => updateProject(tool, created[0].id, { name: created[0].name, status: 'draft' })).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    for (let index = 0; index < MAX_ACTIVE_PROJECTS_E_TOOL + 2; index++) newProject(master, `M ${index}`);
    expect(listProjects(master, { page: 1, perPage: 10 })).toMatchObject({ total: 12, pageCount: 2 });
  });

  test('another user’s project is a 404, like a missing one', () => {
    const project = newProject(tool);
    expect(() => add(project.id, 'x', SHAFT_QUERY, master)).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => updateProject(master, project.id, { name: 'Meu' })).toThrow(expect.objectContaining({ status: 404 }));
  });

  test('the list reads through projects_user_updated_idx', () => {
    newProject();
    const plans = queryPlans(sqliteConnection(), () => listProjects(tool, { page: 1, perPage: 10 }));
    const list = plans.filter((plan) => /from "projects"/.test(plan.sql));
    expect(list.length).toBeGreaterThan(0);
    for (const plan of list) expect(plan.plan.join(' ')).toContain('projects_user_updated_idx');
  });
});

describe('calculations in a project', () => {
  test('added from a result (recomputed, canonical), from the history, duplicated, moved and removed', () => {
    const project = newProject();
    const first = add(project.id, 'Circuito 3 — iluminação do galpão', `${SHAFT_QUERY}&junk=1`);
    expect(first.query).not.toContain('junk');
    expect(first.calculatorVersion).toBe(getCalculator(SHAFT)!.version);
    const saved = saveCalculation(tool, { slug: SHAFT, title: 'Do histórico', query: FASTER_SHAFT });
    addHistoryItemToProject(tool, project.id, saved.id);
    const copy = duplicateCalculation(tool, project.id, first.id);
    expect(copy.title).toBe('Circuito 3 — iluminação do galpão (cópia)');
    expect(listProjectRows(project.id).map((row) => row.title)).toEqual([
      'Circuito 3 — iluminação do galpão',
      'Do histórico',
      'Circuito 3 — iluminação do galpão (cópia)',
    ]);
    moveCalculation(tool, project.id, copy.id, 'up');
    moveCalculation(tool, project.id, first.id, 'up'); // already first: nothing moves
    expect(listProjectRows(project.id).map((row) => row.title)[1]).toBe('Circuito 3 — iluminação do galpão (cópia)');
    removeCalculation(tool, project.id, first.id);
    expect(listProjectRows(project.id)).toHaveLength(2);
  });

  test('invalid inputs are refused; another user’s history item is a 404', async () => {
    const project = newProject();
    expect(() => add(project.id, 'x', 'power=abc')).toThrow(expect.objectContaining({ status: 400 }));
    const saved = saveCalculation(master, { slug: SHAFT, title: 'Alheio', query: SHAFT_QUERY });
    expect(() => addHistoryItemToProject(tool, project.id, saved.id)).toThrow(expect.objectContaining({ status: 404 }));
    expect(listProjectRows(project.id)).toHaveLength(0);
  });

  test(`a project holds at most ${MAX_PROJECT_CALCULATIONS} calculations`, () => {
    const project = newProject();
    const row = add(project.id);
    const insert = sqliteConnection().prepare(
      'insert into project_calculations (project_id, calculator_slug, calculator_version, title, query, position) values (?, ?, ?, ?, ?, ?)',
    );
    for (let index = 1; index < MAX_PROJECT_CALCULATIONS; index++)
      insert.run(project.id, SHAFT, row.calculatorVersion, `C ${index}`, row.query, index + 1);
    expect(() => add(project.id)).toThrow(expect.objectContaining({ status: 409, message: 'Um projeto pode ter no máximo 200 cálculos.' }));
  });
});

describe('revisions', () => {
  test('Rev. 00 freezes; Rev. 01 says what was added, removed, which inputs changed and how far results moved', () => {
    const project = newProject();
    const first = add(project.id, 'Eixo A');
    const second = add(project.id, 'Eixo B');
    const rev0 = issueRevision(tool, project.id);
    expect(rev0.label).toBe('Rev. 00');
    expect(() => issueRevision(tool, project.id)).toThrow(
      expect.objectContaining({ status: 409, message: 'Nada mudou desde a última revisão.' }),
    );

    // Change the inputs of A (twice the speed: half the torque), remove B, add C.
    db.update(projectCalculations)
      .set({ query: canonical(FASTER_SHAFT) })
      .where(eq(projectCalculations.id, first.id))
      .run();
    removeCalculation(tool, project.id, second.id);
    add(project.id, 'Eixo C');
    const rev1 = issueRevision(tool, project.id);
    expect(rev1.label).toBe('Rev. 01');
    const kinds = rev1.changes.map((change) => [change.kind, change.title]);
    expect(kinds).toEqual([
      ['changed', 'Eixo A'],
      ['added', 'Eixo C'],
      ['removed', 'Eixo B'],
    ]);
    const changedA = rev1.changes[0];
    expect(changedA.inputs).toEqual([{ label: expect.stringMatching(/rota/i), before: '1750 rpm', after: '3500 rpm' }]);
    const torque = changedA.results.find((move) => move.unit === 'N·m')!;
    expect(torque).toMatchObject({ before: '40,93', after: '20,46', percent: '-50 %' });

    // Rev. 00 is still what it was, and the database refuses to change it.
    const frozen = getRevision(tool, project.id, 0);
    expect(frozen.snapshot.calculations.map((calculation) => calculation.title)).toEqual(['Eixo A', 'Eixo B']);
    expect(() => db.update(projectRevisions).set({ snapshot: '{}' }).where(eq(projectRevisions.id, frozen.id)).run()).toThrow(
      'Uma revisão emitida não pode ser alterada.',
    );
    expect(listRevisions(tool, project.id).map((revision) => revision.label)).toEqual(['Rev. 00', 'Rev. 01']);
    expect(db.select().from(projects).where(eq(projects.id, project.id)).get()?.status).toBe('issued');
  });

  test('a frozen revision carries the figures, the calculator version and standards', () => {
    const project = newProject();
    add(project.id);
    issueRevision(tool, project.id);
    const [calculation] = getRevision(tool, project.id, 0).snapshot.calculations;
    expect(calculation.version).toBe(getCalculator(SHAFT)!.version);
    expect(calculation.inputs.length).toBeGreaterThan(0);
    expect(calculation.results.length).toBeGreaterThan(0);
    expect(calculation.figures.length).toBeGreaterThan(0);
    expect(calculation.figures[0].svg).toContain('<svg');
  });
});

describe('calculator-version traceability', () => {
  const shaft = getCalculator(SHAFT)! as { -readonly [K in keyof Calculator]: Calculator[K] };
  const original = { version: shaft.version, compute: shaft.compute };
  afterEach(() => Object.assign(shaft, original));

  test('a new calculator version flags the calculations whose results would move, by how much; the frozen revision stays; the next revision recomputes on request', () => {
    const project = newProject();
    add(project.id, 'Eixo A');
    issueRevision(tool, project.id);
    expect(versionDrift(tool, project.id)).toEqual([]);

    // A 'corrected formula': every numeric result 10 % higher.
    shaft.version = '9.0.0';
    shaft.compute = ((values: Parameters<typeof original.compute>[0]) => {
      const result = original.compute(values);
      return {
        ...result,
        results: result.results.map((item) => (typeof item.value === 'number' ? { ...item, value: item.value * 1.1 } : item)),
      };
    }) as typeof original.compute;

    const [drift] = versionDrift(tool, project.id);
    expect(drift).toMatchObject({ title: 'Eixo A', frozenVersion: original.version, currentVersion: '9.0.0', broken: false });
    expect(drift.moves.find((move) => move.unit === 'N·m')).toMatchObject({ before: '40,93', after: '45,02', percent: '+10 %' });
    expect(getRevision(tool, project.id, 0).snapshot.calculations[0].version).toBe(original.version);

    const rev1 = issueRevision(tool, project.id);
    expect(rev1.changes[0].version).toEqual({ before: original.version, after: '9.0.0' });
    expect(versionDrift(tool, project.id)).toEqual([]);
    expect(getRevision(tool, project.id, 0).snapshot.calculations[0].results).not.toEqual(
      getRevision(tool, project.id, 1).snapshot.calculations[0].results,
    );
  });
});

describe('share links', () => {
  test('open the revision anonymously and count views; revocation and expiry take effect at once', () => {
    const project = newProject();
    add(project.id);
    issueRevision(tool, project.id);
    const { token, path } = createShareLink(tool, project.id, 0, null);
    expect(path).toBe(`/p/${token}`);
    expect(openSharedRevision(token).snapshot.project.name).toBe('Galpão industrial');
    openSharedRevision(token);
    const [link] = listShareLinks(tool, project.id).items;
    expect(link).toMatchObject({ viewCount: 2, revoked: false, revision: 'Rev. 00' });
    expect(() => revokeShareLink(master, project.id, link.id)).toThrow(expect.objectContaining({ status: 404 }));
    revokeShareLink(tool, project.id, link.id);
    expect(() => openSharedRevision(token)).toThrow(expect.objectContaining({ status: 410 }));
    expect(listShareLinks(tool, project.id).items[0].viewCount).toBe(2);
    expect(() => openSharedRevision('x'.repeat(43))).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => openSharedRevision('../../etc')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => createShareLink(tool, project.id, 0, 0)).toThrow(expect.objectContaining({ status: 400 }));
    const expiring = createShareLink(tool, project.id, 0, 1);
    sqliteConnection()
      .prepare('update project_share_links set expires_at = ? where revoked_at is null')
      .run(Date.now() - 1);
    expect(() => openSharedRevision(expiring.token)).toThrow(expect.objectContaining({ status: 410, message: 'Este link expirou.' }));
  });
});

function canonical(query: string) {
  const calculator = getCalculator(SHAFT)!;
  const run = runCalculator(calculator, new URLSearchParams(query));
  if (!run.ok) throw new Error('bad query');
  return canonicalQuery(calculator, run);
}

describe('LGPD', () => {
  test('the personal-data export lists the projects with their calculations, revisions and links; deleting the account deletes them', async () => {
    const owner = await createUser({ role: 'E-TOOL' });
    const project = newProject(owner);
    add(project.id, 'Eixo A', SHAFT_QUERY, owner);
    issueRevision(owner, project.id);
    createShareLink(owner, project.id, 0, 7);
    const exported = exportPersonalData(owner.id);
    expect(exported.projects).toEqual([
      expect.objectContaining({
        name: 'Galpão industrial',
        client: 'Metalúrgica Sul',
        calculations: [expect.objectContaining({ title: 'Eixo A', calculator: SHAFT })],
        revisions: [expect.objectContaining({ number: 0 })],
        shareLinks: [expect.objectContaining({ viewCount: 0, revokedAt: null })],
      }),
    ]);
    db.delete(users).where(eq(users.id, owner.id)).run();
    expect(db.select().from(projects).where(eq(projects.userId, owner.id)).all()).toEqual([]);
    expect(db.select().from(projectRevisions).where(eq(projectRevisions.projectId, project.id)).all()).toEqual([]);
  });
});
