import { beforeAll, describe, expect, test } from 'vitest';
import * as appLayout from '~/routes/_app+/_layout';
import * as receiptRoute from '~/routes/_app+/account_.receipts.$id';
import * as calculatorRoute from '~/routes/_app+/calculators.$slug';
import * as courseRoute from '~/routes/_app+/courses.$id';
import { allowConsole } from '../setup/console';
import { createUser, getRequest, sessionCookie } from '../setup/helpers';
import { documentHandler, type TestRoute } from './helpers/document-handler';

/**
 * A route that can fail on its own answers with its own error page (the kit's routeErrorBoundary,
 * app/components/ui/route-error.tsx), inside the signed-in layout, with a way back that fits it.
 */

const layout: TestRoute = { id: 'routes/_app+/_layout', parentId: 'root', module: appLayout };
const under = (id: string, path: string, module: Record<string, unknown>): TestRoute[] => [
  layout,
  { id: `routes/_app+/${id}`, parentId: layout.id, path, module },
];

let cookie = '';
beforeAll(async () => {
  cookie = await sessionCookie(await createUser({ role: 'E-MASTER' }));
});

describe('route error pages', () => {
  test("a receipt that is not the user's is 'Recibo não encontrado', with the way back to 'Minha Conta'", async () => {
    const serve = documentHandler(under('account_.receipts.$id', 'account/receipts/:id', receiptRoute));
    const response = await serve(getRequest('/account/receipts/999999', { cookie }));
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<h1 class="text-3xl font-bold">Recibo não encontrado</h1>');
    expect(html).toMatch(/<a href="\/account#pagamentos"[^>]*>Voltar para Minha Conta<\/a>/);
  });

  test('a calculator that fails leads back to the calculators, not the home page', async () => {
    const failing = { ...calculatorRoute, loader: () => Promise.reject(new Error('disk I/O error')) };
    allowConsole('error', /Error: disk I\/O error/);
    const serve = documentHandler(under('calculators.$slug', 'calculators/:slug', failing));
    const response = await serve(getRequest('/calculators/torque-eixo', { cookie }));
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Algo deu errado');
    expect(html).toMatch(/<a href="\/calculators"[^>]*>Voltar às calculadoras<\/a>/);
    expect(html).not.toContain('disk I/O error');
  });

  test("a missing course is 'Curso não encontrado', with the way back to the catalogue", async () => {
    const serve = documentHandler(under('courses.$id', 'courses/:id', courseRoute));
    const response = await serve(getRequest('/courses/999999', { cookie }));
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Curso não encontrado');
    expect(html).toMatch(/<a href="\/courses"[^>]*>Voltar para cursos<\/a>/);
  });
});
