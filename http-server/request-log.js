import pinoHttp from 'pino-http';

// One line per request (pino-http on the app's logger, app/utils/logger.server.ts; decision 025):
// method, route, status, duration, request id and the signed-in user's id. Never the URL's query,
// a header, a cookie or a body: the route names what was asked without the values in it.

const ROUTE = Symbol('requestLog');

export function createRequestLog(build) {
  const { logger, runWithRequestLog, requestIdFor, requestLogIgnored, createRouteNamer } = build.entry.module;
  for (const [name, value] of Object.entries({ runWithRequestLog, requestIdFor, requestLogIgnored, createRouteNamer })) {
    if (typeof value !== 'function') throw new Error(`The build does not export ${name} from app/entry.server.tsx.`);
  }
  const remixRoute = createRouteNamer(build.routes);

  const route = (req) => (req[ROUTE].route ??= remixRoute(req.originalUrl));
  const line = (req, res, values) => ({
    method: req.method,
    route: route(req),
    status: res.statusCode,
    ms: values.ms,
    userId: req[ROUTE].userId ?? undefined,
  });
  const message = (req, res) => `${req.method} ${route(req)} ${res.statusCode}`;

  const http = pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestIdFor(req.headers);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    quietReqLogger: true,
    quietResLogger: true,
    // pino-http binds the request to a child logger it then leaves unused here (both loggers are
    // quiet): serializing nothing keeps it from mapping every header on every request.
    wrapSerializers: false,
    serializers: { req: () => undefined },
    customAttributeKeys: { reqId: 'requestId', responseTime: 'ms' },
    autoLogging: { ignore: (req) => requestLogIgnored(req.path, req.headers, req.socket.remoteAddress) },
    // An expected refusal (4xx) is one info line like any answer; only a 5xx or a failed response is an error.
    customLogLevel: (req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: line,
    customErrorObject: (req, res, _error, values) => line(req, res, values),
    customSuccessMessage: message,
    customErrorMessage: message,
  });

  /** Runs the rest of the request with its log store (app code reaches it through AsyncLocalStorage). */
  function requestLog(req, res, next) {
    const store = { log: null, userId: null, route: null };
    req[ROUTE] = store;
    runWithRequestLog(store, () =>
      http(req, res, () => {
        store.log = req.log;
        next();
      }),
    );
  }

  /** Names the handler of a request server.js answers itself (the live stream, a static file it serves). */
  const servedAs = (req, name) => {
    if (req[ROUTE]) req[ROUTE].route = name;
  };

  return { requestLog, servedAs };
}
