// @ts-check
import { Socket } from 'node:net';

// A lingering close, as nginx and Apache do: an answer written before the request's body was read
// (a 429 spent before the upload is parsed, a 413) must reach the client. Node closes such a
// connection as soon as the answer is flushed; the body's bytes still arriving then meet a closed
// socket, whose reset can reach the client before it reads the answer (a browser then shows
// "connection reset" instead of the refusal). Here the rest of the body is read and thrown away,
// bounded in time and bytes, and the connection closed after it (docs/decisions/080).

/** The longest a connection is kept after its answer to read the rest of a body. */
export const LINGER_MAX_MS = 5_000;
/** A client that sends nothing for this long is hung up on. */
export const LINGER_IDLE_MS = 1_000;
/** The most body read and thrown away after an answer (the largest form the app takes is under it). */
export const LINGER_MAX_BYTES = 64 * 1024 * 1024;

/** @param {import('node:http').IncomingMessage} req */
function mayHaveBody(req) {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads the rest of `req`'s body into nothing; `done(finished)` once it ended (true) or a bound
 * was passed (false). The web stream Remix made of the body is left as it is: nobody reads it after the answer.
 * @param {import('node:http').IncomingMessage} req
 * @param {(finished: boolean) => void} done
 */
function discardRest(req, done) {
  let bytes = 0;
  let settled = false;
  /** @param {boolean} finished */
  const settle = (finished) => {
    if (settled) return;
    settled = true;
    clearTimeout(deadline);
    clearTimeout(idle);
    done(finished);
  };
  const deadline = setTimeout(() => settle(false), LINGER_MAX_MS);
  let idle = setTimeout(() => settle(false), LINGER_IDLE_MS);
  req.removeAllListeners('data');
  req.on('data', (/** @type {Buffer} */ chunk) => {
    bytes += chunk.length;
    if (bytes > LINGER_MAX_BYTES) return settle(false);
    idle.refresh();
  });
  req.once('end', () => settle(true));
  req.once('close', () => settle(req.complete));
  req.resume();
}

/**
 * Express middleware, first in the chain. On a request with a body, an answer that ends before the
 * body did keeps the connection reading (and discarding) the rest, within the bounds above:
 * a connection Node would close is closed after it; a kept-alive one stays usable if the body ends in time.
 * @param {import('express').Request} req @param {import('express').Response} res @param {import('express').NextFunction} next
 */
export function lingeringClose(req, res, next) {
  const socket = req.socket;
  if (!mayHaveBody(req) || req.complete) {
    if (Object.hasOwn(socket, 'destroySoon')) delete (/** @type {any} */ (socket).destroySoon);
    return next();
  }
  let lingering = false;
  /** @param {boolean} closeAfter */
  const linger = (closeAfter) => {
    if (lingering) return;
    lingering = true;
    discardRest(req, (finished) => {
      if (closeAfter || !finished) socket.destroy();
    });
  };
  // Node calls destroySoon when an answer marked `Connection: close` is written; before the body ended, it waits.
  /** @type {any} */ (socket).destroySoon = function lingeringDestroySoon() {
    if (req.complete) return Socket.prototype.destroySoon.call(this);
    // The answer, then FIN; HTTP sockets are half-open, so the body is still read.
    if (this.writable) this.end();
    linger(true);
  };
  res.once('finish', () => {
    if (!req.complete) linger(false);
  });
  next();
}
