import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { expect } from 'vitest';
import type { AppLoadContext } from '~/utils/load-context';

export { createUser, sessionCookie, uniqueCpf } from './factories';

export const BASE_URL = 'http://localhost:3000';

/** Merges Set-Cookie answers into a Cookie header, as a browser would. */
export function cookieJar(initial = '') {
  const jar = new Map<string, string>();
  const add = (header: string) =>
    header
      .split(/;\s*/)
      .filter(Boolean)
      .forEach((pair) => {
        const [name, ...rest] = pair.split('=');
        jar.set(name, rest.join('='));
      });
  add(initial);
  return {
    absorb(response: Response) {
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const [name, ...rest] = pair.split('=');
        if (/expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0/i.test(header)) jar.delete(name);
        else jar.set(name, rest.join('='));
      }
    },
    header: () => [...jar.entries()].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

type RequestOptions = { method?: string; cookie?: string; headers?: Record<string, string> };

export function jsonRequest(path: string, body?: unknown, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.cookie) headers.set('Cookie', options.cookie);
  return new Request(`${BASE_URL}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function formRequest(path: string, fields: Record<string, string>, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  headers.set('Content-Type', 'application/x-www-form-urlencoded');
  if (options.cookie) headers.set('Cookie', options.cookie);
  return new Request(`${BASE_URL}${path}`, {
    method: options.method ?? 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
  });
}

export function getRequest(path: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set('Cookie', options.cookie);
  return new Request(`${BASE_URL}${path}`, { method: options.method ?? 'GET', headers });
}

/** Any route's loader or action, typed with Remix's own arguments and the app's load context. */
export type RouteFunction = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

/** Calls a loader or action like Remix does; a thrown Response (redirect, 404) is returned. */
export async function call(
  fn: RouteFunction,
  request: Request,
  params: LoaderFunctionArgs['params'] = {},
  context: AppLoadContext = {},
): Promise<Response> {
  try {
    const result = await fn({ request, params, context });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export function expectRedirect(response: Response, to: string | RegExp) {
  expect(response.status, `expected a redirect to ${to}`).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const location = response.headers.get('Location') ?? '';
  if (typeof to === 'string') expect(location).toBe(to);
  else expect(location).toMatch(to);
}
