import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { LIVE_PATH } from './live/protocol';
import { startBackgroundWork, stopBackgroundWork } from './plumbing/background-work.server';
import { readAppMetrics } from './plumbing/metrics-sources.server';
import { closeDatabase, migrateDatabase } from './plumbing/database.server';
import { edgeRefusal } from './plumbing/edge.server';
import { endLiveStreams, serveLiveStream } from './plumbing/live-stream.server';
import { createRouteNamer, requestIdFor, requestLogIgnored } from './plumbing/request-log.server';
import { createMethodRule } from './plumbing/route-methods.server';
import { recordRender, runWithTiming, serverTimingHeader } from './plumbing/request-timing.server';
import { documentResponse } from './plumbing/document-body.server';
import { BytesResponse } from './plumbing/bytes-response.server';
import { isBotAgent } from './plumbing/is-bot.server';
import { readRenderCache, renderCacheKey, writeRenderCache } from './plumbing/render-cache.server';
import { NonceProvider } from './utils/nonce';
import { DocumentMarkupContext } from './components/document-markup';
import { StaticMarkupContext } from './components/static-markup';
import { renderStaticMarkup } from './plumbing/static-markup.server';
import type { ServerContract } from './server-contract';
import { checkEnvironmentAtStart, configurationWarnings, getEnv } from './utils/env.server';
import { logger, routeConsoleToLogger, runWithRequestLog } from './utils/logger.server';
import { applySecurityHeaders, contentSecurityPolicy } from './utils/security.server';
import { keepPrivate } from './utils/session.server';
import { documentMarkupFor } from './utils/load-context';
import { installLogRedaction } from './utils/log-redaction.server';

// Before anything can print: every console line the server writes is redacted (app/utils/log-redaction.server.ts).
installLogRedaction();

/** What the Node process takes from the build (server.js, http-server/), as one typed object (app/server-contract.ts). */
export const serverContract: ServerContract = {
  checkEnvironmentAtStart,
  configurationWarnings,
  getEnv,
  logger,
  routeConsoleToLogger,
  runWithRequestLog,
  requestIdFor,
  requestLogIgnored,
  createRouteNamer,
  edgeRefusal,
  createMethodRule,
  runWithTiming,
  serverTimingHeader,
  securityHeaderDefaults: () => applySecurityHeaders(new Headers(), getEnv().isProduction),
  serveLiveStream,
  endLiveStreams,
  livePath: LIVE_PATH,
  documentMarkupFor,
  bytesToSend: BytesResponse.bytesToSend,
  migrateDatabase,
  closeDatabase,
  startBackgroundWork,
  stopBackgroundWork,
  readAppMetrics,
};

const ABORT_DELAY = 5_000;

function documentHeaders(headers: Headers, nonce: string): Headers {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, getEnv().isProduction));
  return applySecurityHeaders(headers, getEnv().isProduction);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const renderStarted = performance.now();
  keepPrivate(request, responseHeaders);
  // A form past the size cap was left unread (api.server.ts readBodyCapped): close the connection
  // after the page, as the JSON 413 does, or the unread upload resets it before the page arrives.
  if (responseStatusCode === 413) responseHeaders.set('Connection', 'close');
  const nonce = randomBytes(16).toString('base64');
  // Markup a loader left for this render alone (decision 073) is not in the loader data the cache is keyed by.
  const cacheKey = loadContext.documentMarkup?.size ? null : renderCacheKey(request, remixContext, responseStatusCode);
  const cached = cacheKey ? readRenderCache(cacheKey, nonce) : null;
  if (cached) {
    recordRender(performance.now() - renderStarted, 'cache');
    const headers = documentHeaders(responseHeaders, nonce);
    return documentResponse(request, cached, headers, responseStatusCode);
  }
  const tree = (
    <NonceProvider value={nonce}>
      <DocumentMarkupContext.Provider value={loadContext.documentMarkup}>
        <StaticMarkupContext.Provider value={renderStaticMarkup}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </StaticMarkupContext.Provider>
      </DocumentMarkupContext.Provider>
    </NonceProvider>
  );
  const bot = isBotAgent(request.headers.get('user-agent') || '');
  // No page suspends on the server unless a loader defers: one string and one gzip cost a fifth
  // to a third less CPU than streaming the same bytes in 2 KB chunks (docs/decisions/027).
  if (!bot && !defersData(remixContext)) {
    const html = `<!DOCTYPE html>${renderToString(tree)}`;
    recordRender(performance.now() - renderStarted);
    if (cacheKey) writeRenderCache(cacheKey, html, nonce);
    const headers = documentHeaders(responseHeaders, nonce);
    return documentResponse(request, html, headers, responseStatusCode);
  }
  return streamDocument(tree, { bot, nonce }, responseStatusCode, documentHeaders(responseHeaders, nonce), (html) => {
    if (cacheKey) writeRenderCache(cacheKey, html, nonce);
  });
}

function defersData(remixContext: EntryContext): boolean {
  const deferreds = remixContext.staticHandlerContext.activeDeferreds;
  return deferreds !== null && Object.keys(deferreds).length > 0;
}

/** Streams a document: for crawlers (all of it once ready) and for pages whose loaders defer data (from the shell on). */
function streamDocument(
  tree: JSX.Element,
  { bot, nonce }: { bot: boolean; nonce: string },
  status: number,
  headers: Headers,
  cache: (html: string) => void,
): Promise<Response> {
  const renderStarted = performance.now();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      recordRender(performance.now() - renderStarted);
      const body = new PassThrough();
      keepForCache(body, cache, () => status === 200);
      body.on('close', () => clearTimeout(abortTimer));
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce,
      ...(bot ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Collects a streamed document and hands it to the cache once it has ended well. */
function keepForCache(body: PassThrough, cache: (html: string) => void, succeeded: () => boolean) {
  const chunks: Buffer[] = [];
  body.on('data', (chunk: Buffer) => chunks.push(chunk));
  body.on('end', () => {
    if (succeeded()) cache(Buffer.concat(chunks).toString('utf8'));
  });
}

/** Loader and action data for client-side navigations get the same headers as documents. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  keepPrivate(request, response.headers);
  applySecurityHeaders(response.headers, getEnv().isProduction);
  return response;
};

/**
 * A refusal Remix raises itself (a 4xx ErrorResponse: a method the route has no handler for) is
 * expected: its one line is the request's own (http-server/request-log.js), never the stack of Remix's
 * internal Error; anything else is logged whole.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
