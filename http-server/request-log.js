// @ts-check
import pinoHttp from 'pino-http';

// One line per request (pino-http on the app's logger, app/utils/logger.server.ts; decision 025):
// method, route, status, duration, request id and the signed-in user's id. Never the URL's query,
// a header, a cookie or a body: the route names what was asked without the values in it.

/** @typedef {import('../app/server-contract').ServerContract} ServerContract */
/** @typedef {import('../app/utils/logger.server').RequestLog} RequestLog */
/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('express').Request & { [ROUTE]?: RequestLog }} Request */

const ROUTE = Symbol('requestLog');

/**
 * @param {Pick<ServerContract, 'logger' | 'runWithRequestLog' | 'requestIdFor' | 'requestLogIgnored' | 'createRouteNamer'>} app
 * @param {Parameters<ServerContract['createRouteNamer']>[0]} routes the build's route manifest
 */
export function createRequestLog(app, routes) {
  const { logger, runWithRequestLog, requestIdFor, requestLogIgnored, createRouteNamer } = app;
  const remixRoute = createRouteNamer(routes);

  /** pino-http hands back the Express request it was given. @param {IncomingMessage} req */
  const store = (req) => /** @type {RequestLog} */ (/** @type {Request} */ (req)[ROUTE]);
  /** @param {IncomingMessage} req */
  const route = (req) => (store(req).route ??= remixRoute(/** @type {Request} */ (req).originalUrl));
  /** @param {IncomingMessage} req @param {ServerResponse} res @param {{ ms?: number }} values */
  const line = (req, res, values) => ({
    method: req.method,
    route: route(req),
    status: res.statusCode,
    ms: values.ms,
    userId: store(req).userId ?? undefined,
  });
  /** @param {IncomingMessage} req @param {ServerResponse} res */
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
    autoLogging: { ignore: (req) => requestLogIgnored(/** @type {Request} */ (req).path, req.headers, req.socket.remoteAddress) },
    // An expected refusal (4xx) is one info line like any answer; only a 5xx or a failed response is an error.
    customLogLevel: (req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: line,
    customErrorObject: (req, res, _error, values) => line(req, res, values),
    customSuccessMessage: message,
    customErrorMessage: message,
  });

  /**
   * Runs the rest of the request with its log store (app code reaches it through AsyncLocalStorage).
   * @param {Request} req @param {import('express').Response} res @param {import('express').NextFunction} next
   */
  function requestLog(req, res, next) {
    /** @type {RequestLog} */
    const store = { log: null, userId: null, route: null };
    req[ROUTE] = store;
    runWithRequestLog(store, () =>
      http(req, res, () => {
        store.log = req.log;
        next();
      }),
    );
  }

  /**
   * Names the handler of a request server.js answers itself (the live stream, a static file it serves).
   * @param {Request} req @param {string} name
   */
  const servedAs = (req, name) => {
    if (req[ROUTE]) req[ROUTE].route = name;
  };

  return { requestLog, servedAs };
}
