// @ts-check
// The adapter's own request and send steps: its package has no `exports` map and declares them in dist/server.d.ts.
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';
import { createRequestHandler as createRemixHandler } from '@remix-run/node';

/** @typedef {import('express').Request} Request */
/** @typedef {import('express').Response} Response */
/** @typedef {import('express').NextFunction} NextFunction */

/**
 * Remix's Express handler (`@remix-run/express`'s createRequestHandler, the same steps), except that a
 * rendered document's bytes (`bytesToSend`, app/plumbing/bytes-response.server.ts) go out in one
 * `end()` with a Content-Length, instead of through a web stream read chunk by chunk and sent chunked.
 * Every other answer (data, resources, redirects, streamed documents) is sent by Remix's own code.
 * @param {{ build: import('@remix-run/node').ServerBuild, mode: string, getLoadContext: (req: Request, res: Response) => any, bytesToSend: (response: globalThis.Response) => Uint8Array | undefined }} options
 */
export function createRequestHandler({ build, mode, getLoadContext, bytesToSend }) {
  const handleRequest = createRemixHandler(build, mode);
  /** @param {Request} req @param {Response} res @param {NextFunction} next */
  return async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const response = await handleRequest(request, await getLoadContext(req, res));
      const bytes = request.method === 'HEAD' ? undefined : bytesToSend(response);
      if (!bytes) return await sendRemixResponse(res, response);
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers) res.append(name, value);
      // Set here: the compression middleware writes the headers before it passes the body on.
      res.setHeader('Content-Length', bytes.byteLength);
      res.end(bytes);
    } catch (error) {
      next(error);
    }
  };
}
