import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import * as entry from '~/entry.server';
import * as root from '~/root';
import * as landing from '~/routes/_marketing+/_index';
import * as contact from '~/routes/_marketing+/contact';

type RouteModule = ServerBuild['routes'][string]['module'];

/**
 * The real request pipeline of Remix (routing, loaders, app/entry.server.tsx's document and
 * data handlers, the streamed render) over the app's root, landing and contact routes, without a
 * compiled build: a hand-made ServerBuild whose assets manifest points at placeholders.
 */
const ROUTES = {
  root: { id: 'root', path: '', module: root as unknown as RouteModule },
  'routes/_marketing+/_index': { id: 'routes/_marketing+/_index', parentId: 'root', index: true, module: landing as unknown as RouteModule },
  'routes/_marketing+/contact': { id: 'routes/_marketing+/contact', parentId: 'root', path: 'contact', module: contact as unknown as RouteModule },
};

const assetRoute = (id: string, parentId: string | undefined, module: Record<string, unknown>, path?: string) => ({
  id,
  parentId,
  path: id === 'root' ? '' : path,
  index: id === 'root' || path ? undefined : true,
  module: `/build/${id}.js`,
  imports: [],
  hasAction: 'action' in module,
  hasLoader: 'loader' in module,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: 'ErrorBoundary' in module,
});

const build = {
  mode: 'production',
  entry: { module: entry },
  routes: ROUTES,
  assets: {
    entry: { module: '/build/entry.client.js', imports: [] },
    routes: {
      root: assetRoute('root', undefined, root),
      'routes/_marketing+/_index': assetRoute('routes/_marketing+/_index', 'root', landing),
      'routes/_marketing+/contact': assetRoute('routes/_marketing+/contact', 'root', contact, 'contact'),
    },
    url: '/build/manifest.js',
    version: 'test',
  },
  publicPath: '/build/',
  assetsBuildDirectory: 'public/build',
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: false, v3_singleFetch: false },
  isSpaMode: false,
} as unknown as ServerBuild;

const handler = createRequestHandler(build, 'production');

/** Serves a request as server.js would (documents and `?_data=` requests), with its load context. */
export const serve = (request: Request, context: Record<string, unknown> = { toast: { pending: null } }) => handler(request, context);
