import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { recordRender } from './server/request-timing.server';
import { documentBody } from './server/document-body.server';
import { readRenderCache, renderCacheKey, writeRenderCache } from './server/render-cache.server';
import { NonceProvider } from './utils/nonce';
import { env } from './utils/env.server';
import { applySecurityHeaders, contentSecurityPolicy } from './utils/security.server';
import { keepPrivate } from './utils/session.server';
import { installLogRedaction } from './utils/log-redaction.server';

// Before anything can print: every console line the server writes is redacted (app/utils/log-redaction.server.ts).
installLogRedaction();

/** server.js calls these around routing (see app/server/edge.server.ts and app/server/request-timing.server.ts). */
export { edgeRefusal } from './server/edge.server';
export { createMethodRule } from './server/route-methods.server';
export { runWithTiming, serverTimingHeader } from './server/request-timing.server';
export { migrateDatabase, closeDatabase } from './server/database.server';
export { startMailWorker, stopMailWorker } from './server/mail-worker.server';
/** server.js starts the mail worker and the daily plan reminders once it listens, and stops both on shutdown. */
export { startBackgroundWork, stopBackgroundWork } from './server/background-work.server';
/** server.js serves the live event stream itself, on Node's request and response (decision 015), and ends them all on shutdown. */
export { serveLiveStream, endLiveStreams } from './server/live-stream.server';
export { LIVE_PATH } from './live/protocol';
/** server.js reads the checked configuration (port, mode) and writes one log line per request (server/request-log.js). */
export { env, configurationWarnings } from './utils/env.server';
export { logger, routeConsoleToLogger, runWithRequestLog } from './utils/logger.server';
export { requestIdFor, requestLogIgnored, createRouteNamer } from './server/request-log.server';
/** server/metrics.js reads the outbox, the open streams, SQLite's busy errors and the replica's lag on each scrape. */
export { readAppMetrics } from './server/metrics-sources.server';

/** server.js adds these to every answer that did not set them itself (resource routes have no hook of their own). */
export const securityHeaderDefaults = () => applySecurityHeaders(new Headers(), env.isProduction);

const ABORT_DELAY = 5_000;

function documentHeaders(headers: Headers, nonce: string): Headers {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, env.isProduction));
  return applySecurityHeaders(headers, env.isProduction);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const renderStarted = performance.now();
  keepPrivate(request, responseHeaders);
  // A form past the size cap was left unread (api.server.ts readBodyCapped): close the connection
  // after the page, as the JSON 413 does, or the unread upload resets it before the page arrives.
  if (responseStatusCode === 413) responseHeaders.set('Connection', 'close');
  const nonce = randomBytes(16).toString('base64');
  const cacheKey = renderCacheKey(request, remixContext, responseStatusCode);
  const cached = cacheKey ? readRenderCache(cacheKey, nonce) : null;
  if (cached) {
    recordRender(performance.now() - renderStarted, 'cache');
    const headers = documentHeaders(responseHeaders, nonce);
    return documentBody(request, cached, headers).then((body) => new Response(body, { headers, status: responseStatusCode }));
  }
  const tree = (
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>
  );
  const bot = isbot(request.headers.get('user-agent') || '');
  // No page suspends on the server unless a loader defers: one string and one gzip cost a fifth
  // to a third less CPU than streaming the same bytes in 2 KB chunks (docs/decisions/027).
  if (!bot && !defersData(remixContext)) {
    const html = `<!DOCTYPE html>${renderToString(tree)}`;
    recordRender(performance.now() - renderStarted);
    if (cacheKey) writeRenderCache(cacheKey, html, nonce);
    const headers = documentHeaders(responseHeaders, nonce);
    return documentBody(request, html, headers).then((body) => new Response(body, { headers, status: responseStatusCode }));
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
  applySecurityHeaders(response.headers, env.isProduction);
  return response;
};

/**
 * A refusal Remix raises itself (a 4xx ErrorResponse: a method the route has no handler for) is
 * expected: its one line is the request's own (server/request-log.js), never the stack of Remix's
 * internal Error; anything else is logged whole.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
}
