import { get as httpGet, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appContract } from '../../http-server/app-contract.js';
import { createHttpHandlers } from '../../http-server/http-handlers.js';
import { createRequestHandler } from '../../http-server/remix-handler.js';
import * as landing from '~/routes/_marketing+/_index';
import * as contact from '~/routes/_marketing+/contact';
import { BytesResponse } from '~/plumbing/bytes-response.server';
import { testBuild } from './helpers/document-handler';

/**
 * A rendered document goes out as its bytes, in one write with a Content-Length
 * (app/plumbing/bytes-response.server.ts, http-server/remix-handler.js), not through a web stream
 * sent chunked; what it sends is what `new Response(bytes)` would have.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const build = testBuild([
  { id: 'routes/_marketing+/_index', parentId: 'root', index: true, module: landing },
  { id: 'routes/_marketing+/contact', parentId: 'root', path: 'contact', module: contact },
]);

let port = 0;
let close = () => {};
beforeAll(async () => {
  const contract = appContract(build);
  const { securityHeaders, compress, loadContext } = createHttpHandlers(contract, build.routes);
  const app = express();
  app.use(compress);
  app.all(
    '*',
    securityHeaders,
    createRequestHandler({ build, mode: 'production', getLoadContext: loadContext, bytesToSend: contract.bytesToSend }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
function send(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a rendered document over HTTP', () => {
  test('goes out whole with its length, not chunked', async () => {
    const answer = await send('GET', '/contact', { 'User-Agent': BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    const html = answer.body.toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.endsWith('</html>')).toBe(true);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
  });

  test('gzipped for a browser that takes it, the length of the gzipped bytes', async () => {
    const plain = await send('GET', '/contact', { 'User-Agent': BROWSER });
    const zipped = await send('GET', '/contact', { 'User-Agent': BROWSER, 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['transfer-encoding']).toBeUndefined();
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    // Each render has its own nonce: the same page apart from it.
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');
    expect(withoutNonce(gunzipSync(zipped.body).toString('utf8'))).toBe(withoutNonce(plain.body.toString('utf8')));
  });

  test('HEAD gets the headers and no body', async () => {
    const head = await send('HEAD', '/contact', { 'User-Agent': BROWSER });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body.length).toBe(0);
  });

  test("a client navigation's data request is sent by Remix's own code, its body whole", async () => {
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) =>
      httpGet({ host: '127.0.0.1', port, path: '/contact?_data=routes%2F_marketing%2B%2Fcontact', agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (piece: string) => (text += piece));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      }).on('error', reject),
    );
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text)).not.toThrow();
  });
});

describe('BytesResponse', () => {
  const bytes = () => new TextEncoder().encode('<p>olá</p>') as Uint8Array<ArrayBuffer>;
  const init = () => ({ status: 201, headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Probe': '1' } });

  test('reads as new Response(bytes) does, every way', async () => {
    expect(await new BytesResponse(bytes(), init()).text()).toBe('<p>olá</p>');
    expect(new Uint8Array(await new BytesResponse(bytes(), init()).arrayBuffer())).toEqual(bytes());
    expect(await (await new BytesResponse(bytes(), init()).blob()).text()).toBe('<p>olá</p>');
    const streamed = new BytesResponse(bytes(), init());
    expect(await new Response(streamed.body).text()).toBe('<p>olá</p>');
    const response = new BytesResponse(bytes(), init());
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Probe')).toBe('1');
    const copy = response.clone();
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe('<p>olá</p>');
    expect(response.bodyUsed).toBe(true);
    expect(await copy.text()).toBe('<p>olá</p>');
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  test('hands its bytes to the server; any other answer has none', () => {
    const body = bytes();
    expect(BytesResponse.bytesToSend(new BytesResponse(body, init()))).toBe(body);
    expect(BytesResponse.bytesToSend(new Response(body, init()))).toBeUndefined();
  });
});
