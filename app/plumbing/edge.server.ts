import { errorResponse, METHOD_NOT_ALLOWED, requireSameOrigin } from '../utils/api.server';

/**
 * The methods that reach routing; anything else (TRACE, TRACK, CONNECT...) is a 405 before it.
 * OPTIONS goes on only to be refused with the route's own Allow (route-methods.server.ts).
 */
export const SUPPORTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const ANSWERED_METHODS = SUPPORTED_METHODS.filter((method) => method !== 'OPTIONS');

/**
 * Paths whose writes come from another site by design and carry their own authentication, so the
 * same-origin rule does not apply: Stripe's webhook (its signature is checked on the raw body).
 */
export const CROSS_SITE_WRITE_PATHS: readonly string[] = ['/api/stripe/webhook'];

/**
 * What the HTTP server (server.js) refuses before Remix sees the request: Remix itself would
 * throw a 500 on both (undici cannot build a TRACE request; its own origin check throws).
 * Returns the refusal, or null to let the request through.
 */
export function edgeRefusal(method: string, headers: Headers, path = ''): Response | null {
  const verb = method.toUpperCase();
  if (!(SUPPORTED_METHODS as readonly string[]).includes(verb)) {
    return errorResponse(405, METHOD_NOT_ALLOWED, {}, { headers: { Allow: ANSWERED_METHODS.join(', ') } });
  }
  if (CROSS_SITE_WRITE_PATHS.includes(path)) return null;
  try {
    requireSameOrigin({ method: verb, headers, url: `http://${headers.get('host') ?? 'localhost'}/` });
  } catch (refusal) {
    if (refusal instanceof Response) return refusal;
    throw refusal;
  }
  return null;
}
