import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

/** One route module of the production build, with its full URL pattern (`/api/courses/:id`). */
export type BuiltRoute = {
  id: string;
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
  hasView: boolean;
};

type BuildRoute = { id: string; path?: string; index?: boolean; parentId?: string; module: Record<string, unknown> };

/**
 * Every route the production build serves (`build/index.js`, after `remix build`), so a test can
 * fail when a route has no row in its table. Layout-only modules without a path of their own
 * (pathless layouts) are left out: they are covered through their children.
 */
export async function builtRoutes(): Promise<BuiltRoute[]> {
  process.env.SESSION_SECRET ??= 'route-table';
  process.env.STRIPE_TEST_MODE ??= '1';
  const build = (await import(pathToFileURL(resolve('build/index.js')).href)) as { routes: Record<string, BuildRoute> };
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  return Object.values(routes)
    .filter((route) => route.id !== 'root' && (route.path || route.index))
    .map((route) => ({
      id: route.id,
      path: fullPath(route.id) || '/',
      hasLoader: typeof route.module.loader === 'function',
      hasAction: typeof route.module.action === 'function',
      hasView: typeof route.module.default === 'function',
    }));
}

/** Paths answered by server.js before Remix (not in the build's route table). */
export const SERVER_PATHS = ['/resources/live'] as const;
