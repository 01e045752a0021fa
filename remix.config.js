import { flatRoutes } from 'remix-flat-routes';

/**
 * Future flags: see docs/decisions/001-remix-future-flags.md for why each is on or off.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverDependenciesToBundle: ['remix-utils', /^remix-utils\/.*/],
  tailwind: true,
  postcss: true,
  ignoredRouteFiles: ['**/*'],
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/__*.*'],
    }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
