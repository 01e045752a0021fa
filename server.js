// @ts-check
// The production (and development) HTTP server: Express with Remix's adapter, so that the
// transport rules that remix-serve cannot express live here: unsupported methods answer 405
// (OPTIONS, and any method a resource route has no handler for, with the route's Allow),
// cross-site writes answer the app's 403 instead of Remix's 500, the client's socket address
// reaches the app as load context, and fingerprinted assets are cached for a year. The tabs'
// event stream is answered before gzip and Remix, on Node's own objects (docs/decisions/015).
// SIGTERM and SIGINT shut it down gracefully (http-server/shutdown.js, docs/decisions/018). Once it
// listens it delivers the mail outbox and runs the daily plan reminders (app/plumbing/background-work.server.ts, docs/mail.md). Every
// request is one JSON log line with its id (http-server/request-log.js, docs/decisions/025). On a
// machine with more than one core it runs one process per core (http-server/cluster.js, decision 026).
// What it takes from the app is one typed object, the build's `serverContract` (app/server-contract.ts);
// tsc checks this file and http-server/ through JSDoc (decision 057).
// See docs/decisions/006-own-http-server.md.
import { firstProcess, inWorker, mayListen, runCluster } from './http-server/cluster.js';
import { superviseWithLitestream } from './http-server/replication.js';
import { gracefulShutdown } from './http-server/shutdown.js';
import { lingeringClose } from './http-server/lingering-close.js';

// With a Litestream replica configured, a production start restores an empty volume from it and
// then runs this same file again as `litestream replicate -exec`'s child (http-server/replication.js,
// docs/decisions/053); this process then only relays the stop signal and the exit code.
if (superviseWithLitestream({ isProduction: process.env.NODE_ENV === 'production', inWorker })) await new Promise(() => {});

// With more than one process this one becomes the cluster's primary, which never loads the app
// (nor Express, Remix and the glue, imported below): it forks the workers and supervises them, and never
// gets past here. Each worker runs the rest.
await runCluster();
const [
  { createRequestHandler },
  { broadcastDevReady },
  { default: express },
  { createHttpHandlers },
  { createRequestLog },
  { appContract },
  { processMetrics },
] = await Promise.all([
  import('./http-server/remix-handler.js'),
  import('@remix-run/node'),
  import('express'),
  import('./http-server/http-handlers.js'),
  import('./http-server/request-log.js'),
  import('./http-server/app-contract.js'),
  import('./http-server/metrics.js'),
]);

/** A bad environment stops the start here, before anything migrates or listens, with every problem listed. @param {unknown} error */
function stopOnConfigurationError(error) {
  if (!(error instanceof Error) || error.name !== 'ConfigurationError') throw error;
  console.error(error.message);
  process.exit(1);
}

const BUILD_PATH = './build/index.js';
/** @type {import('@remix-run/node').ServerBuild} */
const build = await import(BUILD_PATH).catch(stopOnConfigurationError);
const contract = appContract(build);
// The whole environment, checked once by the schema (app/utils/env-schema.server.ts).
try {
  contract.checkEnvironmentAtStart();
} catch (error) {
  stopOnConfigurationError(error);
}
const env = contract.getEnv();
// From here on every console line is a log line (pino, app/utils/logger.server.ts), redacted.
contract.routeConsoleToLogger();
if (env.isProduction && firstProcess) for (const warning of contract.configurationWarnings()) console.warn(warning);
const mode = env.isDevelopment ? 'development' : 'production';
const { timing, edgeGuard, methodGuard, securityHeaders, compress, loadContext, assetHeaders, liveStream, livePath } = createHttpHandlers(
  contract,
  build.routes,
);
const { requestLog, servedAs } = createRequestLog(contract, build.routes);
// Prometheus metrics on METRICS_PORT, never on this server's port (http-server/metrics.js).
const metrics = processMetrics(contract, build, { livePath });
/** @param {string} route */
const staticHeaders = (route) => (/** @type {import('express').Response} */ res) => {
  assetHeaders(res);
  servedAs(res.req, route);
};

// Pending migrations first, in this process (no second Node start just to migrate); in a cluster,
// in the one worker the primary asks, before any worker listens (mayListen below).
if (!inWorker) contract.migrateDatabase();

const shutdown = gracefulShutdown({
  endStreams: contract.endLiveStreams,
  closeDatabase: contract.closeDatabase,
  stopBackground: contract.stopBackgroundWork,
});

const app = express();
app.disable('x-powered-by');
app.set('trust proxy', false);
app.use(lingeringClose);
app.use(shutdown.connectionClose);
app.use(metrics.observeRequests);
app.use(requestLog);
app.use(edgeGuard);
app.all(
  livePath,
  (req, _res, next) => {
    servedAs(req, livePath);
    next();
  },
  liveStream,
);
app.use(compress);
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, {
    immutable: true,
    maxAge: '1y',
    index: false,
    setHeaders: staticHeaders(`${build.publicPath}*`),
  }),
);
// Only names with an extension (favicon.svg) can be files of public/: a page path asked of
// express.static cost a stat() and a thrown ENOENT on every request (3.5 % of a signed-in page's CPU).
const publicFiles = express.static('public', { maxAge: '1h', index: false, setHeaders: staticHeaders('public/*') });
app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
app.all(
  '*',
  timing,
  securityHeaders,
  methodGuard,
  createRequestHandler({ build, mode, getLoadContext: loadContext, bytesToSend: contract.bytesToSend }),
);

await mayListen(contract.migrateDatabase);
const server = app.listen(env.port, () => {
  console.log(`E-Engenharia em http://localhost:${env.port}`);
  if (mode === 'development') broadcastDevReady(build);
  metrics.listen();
  // The outbox's worker and the daily plan reminders (docs/mail.md): every process runs both; a
  // row is taken by one, and a reminder's dedupe key queues it once.
  contract.startBackgroundWork();
});
shutdown.handleSignals(server);
