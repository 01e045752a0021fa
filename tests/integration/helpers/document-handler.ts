import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import * as entry from '~/entry.server';
import { documentMarkupFor } from '~/utils/load-context';
import * as root from '~/root';
import * as landing from '~/routes/_marketing+/_index';
import * as contact from '~/routes/_marketing+/contact';

type RouteModule = ServerBuild['routes'][string]['module'];

/** A route of the hand-made build: its id, parent, path (none for a pathless layout) or index flag, and module. */
export type TestRoute = { id: string; parentId: string; path?: string; index?: boolean; module: Record<string, unknown> };

const assetRoute = (route: { id: string; parentId?: string; path?: string; index?: boolean; module: Record<string, unknown> }) => ({
  id: route.id,
  parentId: route.parentId,
  path: route.id === 'root' ? '' : route.path,
  index: route.id === 'root' ? undefined : route.index,
  module: `/build/${route.id}.js`,
  imports: [],
  hasAction: 'action' in route.module,
  hasLoader: 'loader' in route.module,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: 'ErrorBoundary' in route.module,
});

/**
 * The real request pipeline of Remix (routing, loaders, app/entry.server.tsx's document and
 * data handlers, the streamed render) over the app's root and the given routes, without a
 * compiled build: a hand-made ServerBuild whose assets manifest points at placeholders.
 */
export function documentHandler(routes: TestRoute[]) {
  const handler = createRequestHandler(testBuild(routes), 'production');
  /** Serves a request as server.js would (documents and `?_data=` requests), with its load context. */
  return (
    request: Request,
    context: Record<string, unknown> = { toast: { pending: null }, documentMarkup: documentMarkupFor(new URL(request.url).search) },
  ) => handler(request, context);
}

/** The hand-made ServerBuild itself, for a test that serves it through server.js's Express glue. */
export function testBuild(routes: TestRoute[]): ServerBuild {
  const all = [{ id: 'root', path: '', module: root as Record<string, unknown> }, ...routes];
  const build = {
    mode: 'production',
    entry: { module: entry },
    routes: Object.fromEntries(all.map((route) => [route.id, { ...route, module: route.module as unknown as RouteModule }])),
    assets: {
      entry: { module: '/build/entry.client.js', imports: [] },
      routes: Object.fromEntries(all.map((route) => [route.id, assetRoute(route)])),
      url: '/build/manifest.js',
      version: 'test',
    },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: false,
      v3_singleFetch: false,
    },
    isSpaMode: false,
  } as unknown as ServerBuild;
  return build;
}

/** The root, the landing page and the contact page. */
export const serve = documentHandler([
  { id: 'routes/_marketing+/_index', parentId: 'root', index: true, module: landing },
  { id: 'routes/_marketing+/contact', parentId: 'root', path: 'contact', module: contact },
]);
