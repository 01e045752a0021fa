import type { EntryContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { readRenderCache, renderCacheKey, writeRenderCache } from './render-cache.server';

const contextWith = (loaderData: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ staticHandlerContext: { loaderData, actionData: null, errors: null, ...extra } }) as unknown as EntryContext;
const anonymous = { root: { user: null, toast: null, year: 2026 }, 'routes/_marketing+/_index': { prices: { 'E-TOOL': 2990 } } };
const get = (url = 'http://localhost/') => new Request(url);

describe('render cache', () => {
  it('keys anonymous GETs by URL and every loader datum', () => {
    const key = renderCacheKey(get(), contextWith(anonymous), 200);
    expect(key).toBeTruthy();
    expect(renderCacheKey(get(), contextWith(structuredClone(anonymous)), 200)).toBe(key);
    const newPrice = { ...anonymous, 'routes/_marketing+/_index': { prices: { 'E-TOOL': 3490 } } };
    expect(renderCacheKey(get(), contextWith(newPrice), 200)).not.toBe(key);
    expect(renderCacheKey(get('http://localhost/?tab=x'), contextWith(anonymous), 200)).not.toBe(key);
  });

  it('never caches signed-in pages, toasts, posts, errors or non-200 answers', () => {
    expect(renderCacheKey(get(), contextWith({ root: { user: { id: 1 }, toast: null } }), 200)).toBeNull();
    expect(renderCacheKey(get(), contextWith({ root: { user: null, toast: { title: 'Oi' } } }), 200)).toBeNull();
    expect(renderCacheKey(new Request('http://localhost/', { method: 'POST' }), contextWith(anonymous), 200)).toBeNull();
    expect(renderCacheKey(get(), contextWith(anonymous, { errors: { root: new Error('x') } }), 200)).toBeNull();
    expect(renderCacheKey(get(), contextWith(anonymous), 404)).toBeNull();
  });

  it('gives back the HTML with the new answer’s nonce everywhere', () => {
    writeRenderCache('k', '<script nonce="AAA">x</script><link nonce="AAA">', 'AAA');
    expect(readRenderCache('k', 'BBB')).toBe('<script nonce="BBB">x</script><link nonce="BBB">');
    expect(readRenderCache('missing', 'BBB')).toBeNull();
  });
});
