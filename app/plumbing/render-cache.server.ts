import { createHash } from 'node:crypto';
import type { EntryContext } from '@remix-run/node';

/**
 * Rendered HTML of pages seen by anonymous visitors (the landing, about, terms, contact, /auth),
 * reused while everything the render depends on is the same: the URL and all loader data (so an
 * admin's price change renders anew). Only the CSP nonce differs between visitors: it is swapped
 * for a fresh one on every answer. Signed-in pages, posts, errors and toasts are never cached.
 */
const MAX_ENTRIES = 100;
const MAX_HTML_BYTES = 512 * 1024;

/** The health check's own page render (app/plumbing/health.server.ts): always rendered, never from the cache. */
export const HEALTHCHECK_HEADER = 'X-Healthcheck';

type Entry = { html: string; nonce: string };
const entries = new Map<string, Entry>();

type RootData = { user?: unknown; toast?: unknown } | undefined;

export function renderCacheKey(request: Request, context: EntryContext, status: number): string | null {
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (request.method !== 'GET' || status !== 200 || actionData || errors || request.headers.has(HEALTHCHECK_HEADER)) return null;
  const root = loaderData.root as RootData;
  if (!root || root.user !== null || root.toast !== null) return null;
  return createHash('sha1').update(request.url).update('\n').update(JSON.stringify(loaderData)).digest('base64url');
}

/** The cached HTML with this answer's nonce, or null. */
export function readRenderCache(key: string, nonce: string): string | null {
  const entry = entries.get(key);
  if (!entry) return null;
  // Most recently used last, so the oldest is evicted first.
  entries.delete(key);
  entries.set(key, entry);
  return entry.html.split(entry.nonce).join(nonce);
}

export function writeRenderCache(key: string, html: string, nonce: string): void {
  if (html.length > MAX_HTML_BYTES) return;
  entries.set(key, { html, nonce });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}
