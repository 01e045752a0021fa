import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { BytesResponse } from './bytes-response.server';

const gzip = promisify(gzipCallback);

/** The same floor as server.js's compression middleware (http-server/http-handlers.js): smaller answers go as they are. */
const GZIP_THRESHOLD = 1024;

/**
 * A rendered document as the bytes that go out (a `BytesResponse`, sent as they are): gzipped in one call (one job on libuv's thread
 * pool, off the main thread) when the client takes gzip, so the compression middleware sees an
 * encoded answer and leaves it alone (docs/decisions/027). A streamed document instead goes
 * through the middleware, chunk by chunk.
 */
export async function documentResponse(request: Request, html: string, headers: Headers, status: number): Promise<Response> {
  return new BytesResponse(await documentBody(request, html, headers), { headers, status });
}

/** Where a document is encoded before its bytes are copied out; a page larger than a third of it is encoded by `Buffer.from`. */
const scratch = Buffer.allocUnsafeSlow(1 << 20);

/**
 * The document's UTF-8 bytes. `Buffer.from` measures the string's UTF-8 length in a pass of its own and
 * then encodes it; a page with one character past Latin-1 (δ, σ, ≈) is a two-byte string, and that
 * first pass is half of it (31 of 59 µs for a 50 KB result page). Encoded into a buffer surely large
 * enough (3 bytes per UTF-16 unit at most) and copied out, it takes one pass: 34 µs.
 */
export function utf8Bytes(html: string): Uint8Array<ArrayBuffer> {
  // Node's Buffers here are backed by plain ArrayBuffers (never shared memory).
  if (html.length * 3 > scratch.length) return Buffer.from(html, 'utf8') as Uint8Array<ArrayBuffer>;
  const length = scratch.write(html, 'utf8');
  const bytes = Buffer.allocUnsafe(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes as Uint8Array<ArrayBuffer>;
}

async function documentBody(request: Request, html: string, headers: Headers): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = utf8Bytes(html);
  headers.append('Vary', 'Accept-Encoding');
  if (bytes.length < GZIP_THRESHOLD || !acceptsGzip(request) || /\bno-transform\b/.test(headers.get('Cache-Control') ?? '')) return bytes;
  headers.set('Content-Encoding', 'gzip');
  return (await gzip(bytes, { level: 6 })) as Uint8Array<ArrayBuffer>;
}

function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
}
