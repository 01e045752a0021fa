/**
 * The bench's reference: a bare Remix v2 app (classic compiler, remix-serve), built from the
 * project's own node_modules into bench/.bare/ (git-ignored). Same module format and the same
 * future flags as the real app (../../remix.config.js), so the ratio measures the app's own work.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  appDirectory: 'app',
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  serverBuildPath: '../.bare/build/index.js',
  assetsBuildDirectory: '../.bare/public/build',
  cacheDirectory: '../.bare/.cache',
  publicPath: '/build/',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
