import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * What the HTTP server answers before Remix runs (server.js, decision 006). These used to be
 * 500s from remix-serve: undici cannot build a TRACE request, and Remix's own CSRF check
 * throws on a cross-site form post.
 */

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function raw(baseURL: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('TRACE is 405 with Allow and the security headers, on the API and on pages', async ({ baseURL }) => {
  for (const [method, path] of [
    ['TRACE', '/api/user'],
    ['TRACE', '/'],
    ['TRACE', '/dashboard'],
  ]) {
    const answer = await raw(baseURL!, method, path);
    expect(answer.status, `${method} ${path}`).toBe(405);
    expect(answer.headers['allow']).toContain('POST');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(answer.body)).toEqual({ message: 'Método não permitido' });
  }
});

test('a form posted from another site is a 403 with the app message, not a 500', async ({ baseURL }) => {
  const answer = await raw(
    baseURL!,
    'POST',
    '/auth',
    { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
    'intent=login&email=a%40b.co&password=senha123',
  );
  expect(answer.status).toBe(403);
  expect(JSON.parse(answer.body)).toEqual({ message: 'Origem da requisição não permitida.' });
  expect(answer.headers['content-security-policy']).toBeTruthy();
});

test('a client-sent X-Forwarded-Host does not make a foreign origin look like ours', async ({ baseURL }) => {
  const answer = await raw(
    baseURL!,
    'POST',
    '/contact',
    { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
    'name=a&email=a%40b.co&subject=assunto&message=mensagem',
  );
  expect(answer.status).toBe(403);
});

test('PUT to a page and a JSON body to a page form are refused without a 500', async ({ baseURL }) => {
  expect((await raw(baseURL!, 'PUT', '/contact', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1')).status).toBe(405);
  expect((await raw(baseURL!, 'POST', '/auth', { 'Content-Type': 'application/json' }, '{"intent":"login"}')).status).toBe(415);
  expect((await raw(baseURL!, 'POST', '/contact', { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x\r\nbroken')).status).toBe(
    400,
  );
});

test('fingerprinted assets are cached for a year', async ({ baseURL }) => {
  const page = await raw(baseURL!, 'GET', '/');
  const asset = page.body.match(/\/build\/[^"']+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const answer = await raw(baseURL!, 'GET', asset!);
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('pages and the API say where their time went (Server-Timing: SQLite and React render)', async ({ baseURL }) => {
  // A query string no other test uses, so this render is not served from the render cache.
  const page = await raw(baseURL!, 'GET', `/terms?timing=${Date.now()}`);
  expect(String(page.headers['server-timing'])).toMatch(
    /^db;dur=\d+\.\d+;desc="SQLite", render;dur=\d+\.\d+;desc="React", total;dur=\d+\.\d+$/,
  );
  const api = await raw(baseURL!, 'GET', '/healthcheck');
  expect(String(api.headers['server-timing'])).toMatch(/^db;dur=\d+\.\d+;desc="SQLite", total;dur=\d+\.\d+$/);
});

test('an anonymous page is rendered once and then served from the render cache, each answer with its own nonce', async ({ baseURL }) => {
  await raw(baseURL!, 'GET', '/about');
  const first = await raw(baseURL!, 'GET', '/about');
  const second = await raw(baseURL!, 'GET', '/about');
  expect(String(second.headers['server-timing'])).toContain('React (cached HTML)');
  const nonceOf = (answer: Raw) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))![1];
  expect(nonceOf(first)).not.toBe(nonceOf(second));
  expect(second.body).toContain(`nonce="${nonceOf(second)}"`);
  expect(second.body).not.toContain(nonceOf(first));
  expect(second.body.split(nonceOf(second)).join('N')).toBe(first.body.split(nonceOf(first)).join('N'));
});

test('a browser gets the page as one string gzipped once, a crawler the same bytes streamed (decision 027)', async ({ baseURL }) => {
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  // Query strings no other test uses, so neither answer comes from the render cache.
  const path = (who: string) => `/terms?doc=${who}-${Date.now()}`;
  const zipped = await rawBytes(baseURL!, path('browser'), { 'User-Agent': browser, 'Accept-Encoding': 'gzip, deflate, br' });
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(String(zipped.headers.vary)).toMatch(/Accept-Encoding/);
  const fromBrowser = gunzipSync(zipped.body).toString('utf8');
  const fromCrawler = (await raw(baseURL!, 'GET', path('crawler'), { 'User-Agent': crawler })).body;
  const plain = (await raw(baseURL!, 'GET', path('browser'), { 'User-Agent': browser })).body;
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce="N"').replace(/doc=[a-z]+-\d+/g, 'doc=X');
  expect(fromBrowser.startsWith('<!DOCTYPE html><html')).toBe(true);
  expect(withoutNonce(fromBrowser)).toBe(withoutNonce(fromCrawler));
  expect(withoutNonce(plain)).toBe(withoutNonce(fromCrawler));
});

function rawBytes(
  baseURL: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseURL), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
