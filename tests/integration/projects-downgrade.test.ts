import { count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { db } from '../../db/client';
import { projectCalculations, projectRevisions, users } from '../../db/schema';
import { createProject } from '~/models/projects/project.server';
import { addCalculationToProject } from '~/models/projects/project-calculations.server';
import { issueRevision } from '~/models/projects/revisions.server';
import { createShareLink } from '~/models/projects/share-links.server';
import { action as listAction, loader as listLoader } from '~/routes/_app+/projects._index';
import { action as projectAction, loader as projectLoader } from '~/routes/_app+/projects.$id';
import { loader as memorialLoader } from '~/routes/_app+/projects.$id_.memorial';
import { loader as exportLoader } from '~/routes/_app+/projects.$id_.export';
import { action as newAction } from '~/routes/_app+/projects.$id_.new.$slug';
import { action as editAction } from '~/routes/_app+/projects.$id_.calculations.$calculationId';
import { loader as sharedLoader } from '~/routes/_marketing+/p.$token';
import { call, createUser, expectRedirect, formRequest, getRequest, sessionCookie } from '../setup/helpers';

const SHAFT_QUERY = 'power=7%2C5&power_unit=kW&speed=1750&allowableShear=40&bendingMoment=0&keyway=no';

/**
 * A plan that ends (E-TOOL back to E-BASIC) while the account holds a project: every projects
 * page and form of the owner sends them to /dashboard and writes nothing; the projects stay (LGPD
 * export and deletion) and the revision already delivered to the client through a live link stays
 * readable, as issued.
 */
test('a downgraded owner is refused on every projects page and form, nothing is written, and the client’s link still opens', async () => {
  const owner = await createUser({ role: 'E-TOOL' });
  const cookie = await sessionCookie(owner);
  const project = createProject(owner, { name: 'Galpão do plano vencido', client: 'Cliente' });
  const calculation = addCalculationToProject(owner, project.id, { slug: 'torque-eixo', title: 'Eixo', query: SHAFT_QUERY });
  issueRevision(owner, project.id);
  const link = createShareLink(owner, project.id, 0, null);

  db.update(users).set({ role: 'E-BASIC', roleExpiryDate: null }).where(eq(users.id, owner.id)).run();

  const id = String(project.id);
  const calculationId = String(calculation.id);
  const totals = () => ({
    calculations: db.select({ total: count() }).from(projectCalculations).get()!.total,
    revisions: db.select({ total: count() }).from(projectRevisions).get()!.total,
  });
  const before = totals();
  for (const response of [
    await call(listLoader, getRequest('/projects', { cookie })),
    await call(listAction, formRequest('/projects', { intent: 'create', name: 'Outro', status: 'draft' }, { cookie })),
    await call(projectLoader, getRequest(`/projects/${id}`, { cookie }), { id }),
    await call(projectAction, formRequest(`/projects/${id}`, { intent: 'issue' }, { cookie }), { id }),
    await call(projectAction, formRequest(`/projects/${id}`, { intent: 'duplicate', calculationId }, { cookie }), { id }),
    await call(memorialLoader, getRequest(`/projects/${id}/memorial?rev=0`, { cookie }), { id }),
    await call(exportLoader, getRequest(`/projects/${id}/export?format=json`, { cookie }), { id }),
    await call(
      newAction,
      formRequest(`/projects/${id}/new/torque-eixo`, { intent: 'save', title: 'Novo', query: SHAFT_QUERY }, { cookie }),
      {
        id,
        slug: 'torque-eixo',
      },
    ),
    await call(
      editAction,
      formRequest(`/projects/${id}/calculations/${calculationId}`, { intent: 'save', title: 'Eixo', query: SHAFT_QUERY }, { cookie }),
      {
        id,
        calculationId,
      },
    ),
  ])
    expectRedirect(response, '/dashboard');
  expect(totals()).toEqual(before);

  const token = link.path.split('/p/')[1];
  expect((await call(sharedLoader, getRequest(link.path), { token })).status).toBe(200);
});
