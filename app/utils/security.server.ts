import { getEnv } from './env.server';
import { AppError } from './errors';
import { DRIVE_EMBED_ORIGIN, YOUTUBE_EMBED_ORIGIN } from './video';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type RequestLike = Pick<Request, 'method' | 'headers' | 'url'>;

export const isMutation = (request: Pick<Request, 'method'>) => !SAFE_METHODS.has(request.method.toUpperCase());

/** The host the request itself names: its Host header (never a client-sent X-Forwarded-Host), else its URL's. */
const ownHost = (request: Pick<Request, 'headers' | 'url'>) => request.headers.get('Host') ?? new URL(request.url).host;

/**
 * Every URL the server builds for itself (redirects, return URLs, share links, Stripe's success
 * and cancel URLs, the test mode's webhook deliveries), from configuration only: never from the
 * request's Host or X-Forwarded-Host, which the client chooses. With PUBLIC_ORIGIN, that origin
 * plus `path`. Without it (development, tests): a 'link' (what a browser follows or shows) is
 * `path` alone, relative to the address the browser is on; an 'absolute' URL (what the server
 * calls itself) is the loopback address server.js listens on, http://127.0.0.1:$PORT.
 */
export function siteUrl(path: string, form: 'link' | 'absolute' = 'link'): string {
  // A path of this site, never a host ('//evil.example' would be one).
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`siteUrl takes a path of this site, not "${path}"`);
  const origin = getEnv().publicOrigin ?? (form === 'absolute' ? `http://127.0.0.1:${getEnv().port}` : '');
  return `${origin}${path}`;
}

/**
 * Refuses writes that a browser sent on behalf of another site. With PUBLIC_ORIGIN the Origin
 * must be exactly it. Without, hosts are compared (not schemes, since behind a proxy the app is
 * reached over plain HTTP) with the request's own Host header, never X-Forwarded-Host.
 */
export function assertSameOrigin(request: RequestLike): void {
  if (!isMutation(request)) return;
  const origin = request.headers.get('Origin');
  if (origin && origin !== 'null') {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      throw new AppError(403, 'Origem da requisição não permitida.');
    }
    const publicOrigin = getEnv().publicOrigin;
    const allowed = publicOrigin ? parsed.origin === publicOrigin : parsed.host === ownHost(request);
    if (!allowed) throw new AppError(403, 'Origem da requisição não permitida.');
    return;
  }
  if (origin === 'null' || request.headers.get('Sec-Fetch-Site') === 'cross-site') {
    throw new AppError(403, 'Origem da requisição não permitida.');
  }
}

const MAX_ADDRESS = 64;

/** A proxy header's client address: the first entry of a comma list, trimmed, at most 64 characters. */
function headerAddress(value: string | null): string | null {
  const first = value?.split(',')[0]?.trim();
  return first ? first.slice(0, MAX_ADDRESS) : null;
}

export type AddressSources = {
  /** Running on Fly: Fly-Client-IP is set by Fly's proxy and cannot be forged there. */
  trustFlyClientIp: boolean;
  /** Another proxy's header for the client's address (CLIENT_IP_HEADER), or null. */
  clientIpHeader: string | null;
  /** The TCP peer (server.js's load context); absent when the app is called directly (tests). */
  socketAddress?: string | null;
};

/**
 * The client's address for rate limits, from the one source this deployment can trust:
 * Fly-Client-IP on Fly, else the configured proxy header, else the socket's address, else
 * 'local'. A header nobody configured (X-Forwarded-For, X-Real-IP...) is never read.
 */
export function clientAddress(request: Pick<Request, 'headers'>, sources: AddressSources): string {
  if (sources.trustFlyClientIp) {
    const flyIp = headerAddress(request.headers.get('Fly-Client-IP'));
    if (flyIp) return flyIp;
  } else if (sources.clientIpHeader) {
    const proxied = headerAddress(request.headers.get(sources.clientIpHeader));
    if (proxied) return proxied;
  }
  return unmapIpv4(sources.socketAddress?.trim().slice(0, MAX_ADDRESS) ?? '') || 'local';
}

/** A dual-stack socket reports IPv4 peers as `::ffff:a.b.c.d`; people (and 'Últimos acessos') know them as `a.b.c.d`. */
const unmapIpv4 = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The documents' policy. Stripe.js (the upgrade page's Payment Element, real mode only) needs
 * exactly: its script from js.stripe.com, its frames from js.stripe.com and hooks.stripe.com,
 * and calls to api.stripe.com (docs.stripe.com/security/guide#content-security-policy).
 */
export function contentSecurityPolicy(nonce: string, isProduction: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://js.stripe.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self' https://api.stripe.com${isProduction ? '' : ' ws://localhost:*'}`,
    // Lesson videos (app/utils/video.ts; the tool frame is same-origin) and Stripe.js's Payment
    // Element frames (js.stripe.com) and 3-D Secure pages (hooks.stripe.com).
    `frame-src 'self' ${YOUTUBE_EMBED_ORIGIN} ${DRIVE_EMBED_ORIGIN} https://js.stripe.com https://hooks.stripe.com`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    // The upgrade page's 'Finalizar pagamento' without JavaScript posts here and is answered with a
    // 303 to Stripe Checkout; Chrome applies form-action to the redirects after a form post.
    "form-action 'self' https://checkout.stripe.com",
    "object-src 'none'",
  ].join('; ');
}

/** Headers that go on every response, documents and JSON alike. */
export function applySecurityHeaders(headers: Headers, isProduction: boolean): Headers {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'SAMEORIGIN');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (!headers.has('Content-Security-Policy')) {
    headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'; base-uri 'none'");
  }
  if (isProduction) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  return headers;
}
