import { beforeAll, describe, expect, test } from 'vitest';
import { databaseVersion } from '../../db/client';
import { defaultParams, getCalculator } from '~/calculators';
import { createProject } from '~/models/projects/project.server';
import { loader as calculatorLoader } from '~/routes/_app+/calculators.$slug';
import { loader as dashboardLoader } from '~/routes/_app+/dashboard';
import { body, call, createUser, getRequest, sessionCookie } from '../setup/helpers';
import { preparedDuring } from './helpers/sql-spy';

/**
 * Issue 33: the pages engineers open most (the dashboard and a calculator's result) build and
 * prepare no SQL once served (every read is a statement kept per connection: `preparedQuery`), and
 * the GET of a result writes nothing (the history is written only by 'Salvar no histórico').
 */

let cookie: string;
let projectName: string;

beforeAll(async () => {
  const tool = await createUser({ role: 'E-TOOL' });
  cookie = await sessionCookie(tool);
  projectName = createProject(tool, { name: 'Galpão leve', client: 'Cliente' }).name;
});

const resultPath = (slug: string) => {
  const calculator = getCalculator(slug)!;
  return `/calculators/${slug}?${new URLSearchParams(defaultParams(calculator)).toString()}`;
};

describe('the result pages and the dashboard prepare their reads once', () => {
  for (const slug of ['torque-eixo', 'deflexao-viga']) {
    test(`${slug}: a second result view prepares no SQL and writes nothing`, async () => {
      const view = async () => {
        const response = await call(calculatorLoader, getRequest(resultPath(slug), { cookie }), { slug });
        expect(response.status).toBe(200);
        return body<{ outcome: { ok: boolean }; projects: { name: string }[] }>(response);
      };
      const first = await view();
      expect(first.outcome.ok).toBe(true);
      // The 'Adicionar ao projeto' select still lists the user's project.
      expect(first.projects.map((project) => project.name)).toEqual([projectName]);

      const version = databaseVersion();
      expect(await preparedDuring(view)).toEqual([]);
      expect(databaseVersion()).toBe(version);
    });
  }

  test('/dashboard: a second view prepares no SQL', async () => {
    const view = async () => expect((await call(dashboardLoader, getRequest('/dashboard', { cookie }))).status).toBe(200);
    await view();
    expect(await preparedDuring(view)).toEqual([]);
  });

  test('/dashboard hands the browser only what it shows of the user, not their e-mail or CPF', async () => {
    const data = await body<{ user: Record<string, unknown> }>(await call(dashboardLoader, getRequest('/dashboard', { cookie })));
    expect(Object.keys(data.user).sort()).toEqual(['isAdmin', 'role', 'roleExpiryDate', 'username']);
  });
});
