/**
 * Whitespace, control and format characters (browsers drop tabs and newlines from URLs, so
 * '/\t/evil' becomes '//evil'), and backslashes (which browsers read as '/').
 */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;
const BASE = 'http://x';

const NON_ASCII = /[^\x00-\x7f]+/gu;
const MAX_LENGTH = 2000;

/**
 * The one rule for a target this site sends the browser to (a redirect after login, an
 * internal tool link): a path of this site, starting with a single '/', with no whitespace,
 * control characters or backslashes anywhere, that a URL parser keeps on the same origin.
 * Returns the path as given, with any non-ASCII character percent-encoded as UTF-8 (what a
 * browser requests for it anyway), so it always fits a Location header; `fallback` for anything else.
 */
export function safePath(to: unknown): string;
export function safePath<F>(to: unknown, fallback: F): string | F;
export function safePath(to: unknown, fallback: unknown = '/dashboard'): unknown {
  if (typeof to !== 'string' || to.length > MAX_LENGTH) return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || UNSAFE_CHARACTER.test(to)) return fallback;
  let path: string;
  try {
    // encodeURIComponent throws on a lone surrogate, which no URL can carry.
    path = to.replace(NON_ASCII, encodeURIComponent);
    if (path.length > MAX_LENGTH || new URL(path, BASE).origin !== BASE) return fallback;
  } catch {
    return fallback;
  }
  return path;
}
