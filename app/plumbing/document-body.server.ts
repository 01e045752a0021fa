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

async function documentBody(request: Request, html: string, headers: Headers): Promise<Uint8Array<ArrayBuffer>> {
  // Node's Buffers here are backed by plain ArrayBuffers (never shared memory).
  const bytes = Buffer.from(html, 'utf8') as Uint8Array<ArrayBuffer>;
  headers.append('Vary', 'Accept-Encoding');
  if (bytes.length < GZIP_THRESHOLD || !acceptsGzip(request) || /\bno-transform\b/.test(headers.get('Cache-Control') ?? '')) return bytes;
  headers.set('Content-Encoding', 'gzip');
  return (await gzip(bytes, { level: 6 })) as Uint8Array<ArrayBuffer>;
}

function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
}
