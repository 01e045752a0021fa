import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { appContract } from '../../http-server/app-contract.js';
import { createHttpHandlers } from '../../http-server/http-handlers.js';
import { createRequestHandler } from '../../http-server/remix-handler.js';
import * as pdfRoute from '~/routes/_marketing+/certificados.$codigo_.pdf';
import { resetAllLimits } from '~/utils/rate-limit.server';
import { testBuild } from './helpers/document-handler';

/**
 * Issue 26, item 10: `/certificados/{codigo}/pdf` went out without nosniff, X-Frame-Options or
 * a CSP, since Remix calls no hook for a resource route's answer. server.js's glue adds the app's
 * security headers to every answer Remix writes; here that glue serves a hand-made build.
 */

const bare = { loader: () => new Response('a,b\n1,2\n', { headers: { 'Content-Type': 'text/csv' } }) };
const build = testBuild([
  { id: 'routes/_marketing+/certificados.$codigo_.pdf', parentId: 'root', path: 'certificados/:codigo/pdf', module: pdfRoute },
  { id: 'routes/bare', parentId: 'root', path: 'bare.csv', module: bare },
]);

let origin = '';
let close = () => {};
beforeAll(async () => {
  const contract = appContract(build);
  const { securityHeaders } = createHttpHandlers(contract, build.routes);
  const app = express();
  app.all(
    '*',
    securityHeaders,
    createRequestHandler({
      build,
      mode: 'production',
      getLoadContext: () => ({ toast: { pending: null } }),
      bytesToSend: contract.bytesToSend,
    }),
  );
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
  resetAllLimits();
});
afterAll(() => close());

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(response.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
  expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
}

test("the certificate PDF's refusal page carries the security headers", async () => {
  const response = await fetch(`${origin}/certificados/${'0'.repeat(26)}/pdf`);
  expect(response.status).toBe(404);
  expect(response.headers.get('Content-Type')).toContain('text/html');
  expectSecurityHeaders(response);
});

test('any resource route that set none of them gets them too', async () => {
  const response = await fetch(`${origin}/bare.csv`);
  expect(response.status).toBe(200);
  expectSecurityHeaders(response);
});
