import { randomUUID } from 'node:crypto';
import { getEnv } from '../utils/env.server';
import { HEALTHCHECK_HEADER } from './render-cache.server';
import { matchRoutes, toMatchable, type ManifestRoute } from './route-methods.server';

/** What http-server/request-log.js needs beside the logger (app/utils/logger.server.ts): the request's id, which requests go unlogged, the route's name. */

const REQUEST_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The request's id, echoed in X-Request-Id: on Fly (where Fly-Client-IP is trusted, the same
 * rule) the proxy's Fly-Request-Id, so a line can be matched with Fly's own logs; otherwise a
 * fresh UUID. A client's X-Request-Id is never taken: it could forge or collide with another's.
 */
export function requestIdFor(headers: Record<string, string | string[] | undefined>): string {
  if (getEnv().trustFlyClientIp) {
    const fly = headers['fly-request-id'];
    if (typeof fly === 'string' && REQUEST_ID.test(fly)) return fly;
  }
  return randomUUID();
}

/** The health check and the page it fetches from itself over loopback are not logged (Fly polls it). */
export function requestLogIgnored(
  path: string,
  headers: Record<string, string | string[] | undefined>,
  remoteAddress: string | undefined,
): boolean {
  if (path === '/healthcheck') return true;
  const loopback = remoteAddress === '127.0.0.1' || remoteAddress === '::1' || remoteAddress === '::ffff:127.0.0.1';
  return loopback && headers[HEALTHCHECK_HEADER.toLowerCase()] === '1';
}

const NAMED_PATHS = 5_000;

/**
 * The Remix route that answers a URL: the route a data request names (`?_data=`), else the
 * deepest route matching the path, as Remix matches it; '*' when none does. A match compiles
 * every candidate's pattern (about 0.1 ms, measured), so the names of recent paths are kept.
 */
export function createRouteNamer(manifest: Record<string, ManifestRoute>): (url: string) => string {
  const routes = toMatchable(manifest);
  const named = new Map<string, string>();
  return (url) => {
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    if (query !== -1) {
      const data = new URLSearchParams(url.slice(query + 1)).get('_data');
      if (data && manifest[data]) return data;
    }
    let name = named.get(pathname);
    if (name === undefined) {
      const matches = matchRoutes(routes, pathname);
      name = matches ? matches[matches.length - 1].route.id : '*';
      if (named.size >= NAMED_PATHS) named.clear();
      named.set(pathname, name);
    }
    return name;
  };
}
