import { createRequire } from 'node:module';
import type { matchRoutes as MatchRoutes } from '@remix-run/router';
import { errorResponse, METHOD_NOT_ALLOWED } from '../utils/api.server';
import { getEnv } from '../utils/env.server';
import { applySecurityHeaders } from '../utils/security.server';

/**
 * Which methods each route of the build really answers, and the 405 for the others, given by
 * server.js before Remix runs (Remix would run a loader for OPTIONS, and answer a method a
 * resource route has no handler for with a 400 or 405 'Unexpected Server Error' and a stack in
 * the log). No CORS is offered, so OPTIONS is a 405 with Allow and no body on every route.
 */

type RouteModule = { loader?: unknown; action?: unknown; default?: unknown; ErrorBoundary?: unknown };
/** One entry of the build's route manifest (`build.routes`). */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: RouteModule };
type Matchable = { id: string; path?: string; caseSensitive?: boolean } & ({ index: true } | { index?: false; children: Matchable[] });

/**
 * The router's CommonJS build, the one Remix's server runtime requires: decision 009's patch keeps
 * its ranked routes per routes array there. The ESM build (what `@remix-run/react` re-exports)
 * flattens and ranks the whole tree on every call: about 0.1 ms a request, measured.
 */
export const matchRoutes = (createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: typeof MatchRoutes }).matchRoutes;

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The write methods an action dispatches on: `apiAction` names them on the function it returns. */
function actionMethods(action: unknown): readonly string[] {
  const named = (action as { methods?: unknown }).methods;
  return Array.isArray(named) ? WRITE_METHODS.filter((method) => named.includes(method)) : ['POST'];
}

/** A route Remix answers without rendering (no component and no error boundary), as Remix itself decides. */
const isResourceRoute = (module: RouteModule) => module.default == null && module.ErrorBoundary == null;

/**
 * The Allow list of a route: GET and HEAD when it has a loader or renders a page; its action's
 * methods (POST for a page form, which refuses the others itself: form.server.ts).
 */
export function routeMethods(module: RouteModule): string[] {
  const reads = module.loader || !isResourceRoute(module) ? ['GET', 'HEAD'] : [];
  return [...reads, ...(module.action ? actionMethods(module.action) : [])];
}

/** The manifest as the nested routes matchRoutes ranks, the same tree Remix builds (server-runtime's createRoutes). */
export function toMatchable(manifest: Record<string, ManifestRoute>): Matchable[] {
  const byParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(manifest)) byParent.set(route.parentId ?? '', [...(byParent.get(route.parentId ?? '') ?? []), route]);
  const build = (parentId: string): Matchable[] =>
    (byParent.get(parentId) ?? []).map(({ id, path, index, caseSensitive }) =>
      index ? { id, path, index: true as const, caseSensitive } : { id, path, caseSensitive, children: build(id) },
    );
  return build('');
}

/** A route's whole URL pattern: its parents' paths and its own. */
function fullPath(manifest: Record<string, ManifestRoute>, id: string): string {
  const route = manifest[id];
  const parent = route.parentId ? fullPath(manifest, route.parentId) : '';
  return route.path ? `${parent}/${route.path}` : parent;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A cheap test that lets most requests skip the match: true for every path one of `routes` could
 * match (decoded, any letter case), or always true when a pattern has optional or splat segments.
 */
function quickTest(manifest: Record<string, ManifestRoute>, routes: ManifestRoute[]): (pathname: string) => boolean {
  const sources: string[] = [];
  for (const route of routes) {
    const segments = fullPath(manifest, route.id).split('/').filter(Boolean);
    if (segments.some((segment) => segment.includes('?') || segment.includes('*'))) return () => true;
    sources.push(`^/${segments.map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment))).join('/')}/?$`);
  }
  if (sources.length === 0) return () => false;
  const pattern = new RegExp(sources.join('|'), 'i');
  return (pathname) => {
    let decoded = pathname;
    try {
      decoded = decodeURI(pathname);
    } catch {
      // a malformed escape: tested as sent (the router would not decode it either)
    }
    return pattern.test(decoded);
  };
}

function refusal(allow: string[], withMessage: boolean): Response {
  const headers = { Allow: allow.join(', '), 'Cache-Control': 'no-store' };
  if (withMessage) return errorResponse(405, METHOD_NOT_ALLOWED, {}, { headers });
  return new Response(null, { status: 405, headers: applySecurityHeaders(new Headers(headers), getEnv().isProduction) });
}

/**
 * The rule for one build: `methodRefusal(method, pathname)` is the 405 to send, or null to let
 * Remix answer. OPTIONS: always 405, Allow, no body. A resource route (the JSON API, the export):
 * any method it has no handler for is 405 with Allow and `{ message }`. A page's other methods
 * stay with Remix and its form handling (405 with the page).
 */
export function createMethodRule(manifest: Record<string, ManifestRoute>) {
  // One tree for the life of the build: the patched router keeps its ranking per routes array (decision 009).
  const routes = toMatchable(manifest);
  // Per method, the resource routes that refuse it: a path none of them could match needs no match
  // (a page GET, an API call with its own method), so the common request pays one regular expression.
  const resourceRoutes = Object.values(manifest).filter((route) => isResourceRoute(route.module) && (route.path || route.index));
  const mayRefuse = new Map(
    ['GET', 'HEAD', ...WRITE_METHODS].map((verb) => [
      verb,
      quickTest(
        manifest,
        resourceRoutes.filter((route) => !routeMethods(route.module).includes(verb)),
      ),
    ]),
  );
  return function methodRefusal(method: string, pathname: string): Response | null {
    const verb = method.toUpperCase();
    if (mayRefuse.get(verb)?.(pathname) === false) return null;
    const matches = matchRoutes(routes, pathname);
    const leaf = matches ? manifest[matches[matches.length - 1].route.id] : undefined;
    if (verb === 'OPTIONS') return refusal(leaf ? routeMethods(leaf.module) : ['GET', 'HEAD'], false);
    if (!leaf || !isResourceRoute(leaf.module)) return null;
    const allow = routeMethods(leaf.module);
    return allow.includes(verb) ? null : refusal(allow, true);
  };
}
