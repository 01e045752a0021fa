/**
 * Whitespace, control and format characters (browsers drop tabs and newlines from URLs, so
 * '/\t/evil' becomes '//evil'), and backslashes (which browsers read as '/').
 */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;
const BASE = 'http://x';

/**
 * The one rule for a target this site sends the browser to (a redirect after login, an
 * internal tool link): a path of this site, starting with a single '/', with no whitespace,
 * control characters or backslashes anywhere, that a URL parser keeps on the same origin.
 * Returns the path as given, or `fallback` for anything else.
 */
export function safePath(to: unknown): string;
export function safePath<F>(to: unknown, fallback: F): string | F;
export function safePath(to: unknown, fallback: unknown = '/dashboard'): unknown {
  if (typeof to !== 'string' || to.length > 2000) return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || UNSAFE_CHARACTER.test(to)) return fallback;
  try {
    if (new URL(to, BASE).origin !== BASE) return fallback;
  } catch {
    return fallback;
  }
  return to;
}
