// @ts-check
import compression from 'compression';

// Express glue for the rules the app owns: the app hands over `edgeRefusal` (from
// app/plumbing/edge.server.ts) in its server contract, so the method and origin rules stay in one place, in the app.

/** @typedef {import('express').Request} Request */
/** @typedef {import('express').Response} Response */
/** @typedef {import('express').NextFunction} NextFunction */
/** @typedef {import('../app/server-contract').ServerContract} ServerContract */

/**
 * Express headers as a web Headers object (repeated headers joined, as fetch does).
 * @param {import('node:http').IncomingHttpHeaders} raw
 */
function toHeaders(raw) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

/**
 * @param {Response} res
 * @param {globalThis.Response} response
 */
async function sendWebResponse(res, response) {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * @param {Pick<ServerContract, 'edgeRefusal' | 'createMethodRule' | 'runWithTiming' | 'serverTimingHeader' | 'serveLiveStream' | 'securityHeaderDefaults' | 'livePath' | 'documentMarkupFor'>} app
 * @param {Parameters<ServerContract['createMethodRule']>[0]} routes the build's route manifest
 */
export function createHttpHandlers(app, routes) {
  const {
    edgeRefusal,
    createMethodRule,
    runWithTiming,
    serverTimingHeader,
    serveLiveStream,
    securityHeaderDefaults,
    livePath,
    documentMarkupFor,
  } = app;
  const methodRefusal = createMethodRule(routes);

  /**
   * Runs the rest of the request inside the app's timing store and adds Server-Timing as the headers go out.
   * @param {Request} req @param {Response} res @param {NextFunction} next
   */
  function timing(req, res, next) {
    runWithTiming(() => {
      const writeHead = res.writeHead;
      /** @type {any} */ (res).writeHead = function timedWriteHead(/** @type {any[]} */ ...args) {
        const header = serverTimingHeader();
        if (header && !res.headersSent) res.setHeader('Server-Timing', header);
        return writeHead.apply(res, /** @type {any} */ (args));
      };
      next();
    });
  }

  /**
   * The app's security headers (app/utils/security.server.ts) on every answer Remix writes, as
   * the headers go out: documents and data requests set them in entry.server.tsx, but Remix calls
   * no hook for a resource route's answer (a PDF, a CSV, a refusal page), and one that forgot them
   * went out bare. A header the answer set itself (a document's CSP with its nonce) is kept.
   */
  const defaults = [...securityHeaderDefaults().entries()];
  /** @param {Request} _req @param {Response} res @param {NextFunction} next */
  function securityHeaders(_req, res, next) {
    const writeHead = res.writeHead;
    /** @type {any} */ (res).writeHead = function securedWriteHead(/** @type {any[]} */ ...args) {
      if (!res.headersSent) {
        for (const [name, value] of defaults) if (!res.hasHeader(name)) res.setHeader(name, value);
      }
      return writeHead.apply(res, /** @type {any} */ (args));
    };
    next();
  }

  /**
   * Refuses what Remix would turn into a 500: unsupported methods and cross-site writes.
   * @param {Request} req @param {Response} res @param {NextFunction} next
   */
  function edgeGuard(req, res, next) {
    // A client-sent X-Forwarded-Host must never decide what "same origin" means.
    delete req.headers['x-forwarded-host'];
    // The path lets Stripe's signed webhook through the same-origin rule (CROSS_SITE_WRITE_PATHS).
    const refusal = edgeRefusal(req.method, toHeaders(req.headers), req.path);
    if (!refusal) return next();
    sendWebResponse(res, refusal).catch(next);
  }

  /**
   * The route's own methods (app/plumbing/route-methods.server.ts), before Remix: OPTIONS is 405 with
   * Allow and no body on every route, and a resource route (the JSON API) answers a method it has
   * no handler for with 405 and Allow instead of Remix's 400 'Unexpected Server Error' and a logged stack.
   * @param {Request} req @param {Response} res @param {NextFunction} next
   */
  function methodGuard(req, res, next) {
    const refusal = methodRefusal(req.method, req.path);
    if (!refusal) return next();
    sendWebResponse(res, refusal).catch(next);
  }

  /**
   * What loaders and actions receive as `context`: the socket's address, the port the request came
   * in on (the health check renders a page through it), a per-request toast slot and, for a
   * document, the slot for markup only its render places (decision 073).
   * @param {Request} req
   * @returns {import('../app/utils/load-context').AppLoadContext}
   */
  function loadContext(req) {
    return {
      clientAddress: req.socket.remoteAddress ?? null,
      serverPort: req.socket.localPort ?? null,
      toast: { pending: null },
      documentMarkup: documentMarkupFor(req.url),
    };
  }

  /**
   * gzip (level 6) for answers over 1 KB, never brotli, and no flush after every chunk Remix
   * writes: measured on the dashboard, compression's defaults (brotli quality 4, flushed per
   * chunk) cut throughput to a fifth; gzip whole gives the same size at about 80 % of uncompressed
   * throughput (docs/decisions/008). `Cache-Control: no-transform` still opts an answer out.
   */
  const gzip = compression({ level: 6, threshold: 1024 });
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  function compress(req, res, next) {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (!/\bgzip\b/.test(accepted)) return next();
    req.headers['accept-encoding'] = 'gzip';
    gzip(req, res, (error) => {
      /** @type {{ flush?: unknown }} */ (res).flush = undefined;
      next(error);
    });
  }

  /**
   * The tabs' event stream (GET /resources/live), mounted before gzip and Remix and answered on
   * Node's own request and response: an idle stream holds no compression wrapper, Request,
   * Response or ReadableStream of its own (about 10 KB of heap each instead of 25 KB, so 10,000
   * fit the 256 MB heap; decision 015).
   * @param {Request} req @param {Response} res @param {NextFunction} next
   */
  function liveStream(req, res, next) {
    serveLiveStream(req, res).catch(next);
  }

  /** @param {import('node:http').ServerResponse} res */
  function assetHeaders(res) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
  }

  return { timing, edgeGuard, methodGuard, securityHeaders, compress, loadContext, assetHeaders, liveStream, livePath };
}
