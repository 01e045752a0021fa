import type { AppLoadContext } from '@remix-run/node';
import type { Toast } from './toast';

/**
 * What server.js gives every loader and action as `context` (tests and other callers may pass
 * an empty object): the client's socket address, the local port the request arrived on (the
 * health check renders a page over loopback through it), and a slot where an action leaves a toast
 * for the root loader of the same request to show (a page rendered straight after a form post).
 * A document request (not a `?_data=` one) also gets `documentMarkup`: markup a loader hands to this
 * request's render alone, kept out of the loader data the page hydrates from (decision 073).
 */
declare module '@remix-run/node' {
  interface AppLoadContext {
    clientAddress?: string | null;
    serverPort?: number | null;
    toast?: { pending: Toast | null };
    documentMarkup?: DocumentMarkup;
  }
}

/** Markup by key (a result's figures by figure id), for the server render of one document. */
export type DocumentMarkup = Map<string, string>;

/**
 * The load context's slot for a request to `url` (its path and query): a document gets one, a
 * client navigation's `?_data=` request none, so its loader data carries everything (server.js,
 * and the tests' document handler).
 */
export const documentMarkupFor = (url: string): DocumentMarkup | undefined => (/[?&]_data(?:[=&]|$)/.test(url) ? undefined : new Map());

export type { AppLoadContext };
