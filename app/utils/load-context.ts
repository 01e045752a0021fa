import type { AppLoadContext } from '@remix-run/node';
import type { Toast } from './toast';

/**
 * What server.js gives every loader and action as `context` (tests and other callers may pass
 * an empty object): the client's socket address, the local port the request arrived on (the
 * health check renders a page over loopback through it), and a slot where an action leaves a toast
 * for the root loader of the same request to show (a page rendered straight after a form post).
 */
declare module '@remix-run/node' {
  interface AppLoadContext {
    clientAddress?: string | null;
    serverPort?: number | null;
    toast?: { pending: Toast | null };
  }
}

export type { AppLoadContext };
