import { createContext, useContext } from 'react';
import type { DocumentMarkup } from '~/utils/load-context';

/**
 * Markup sent once (decision 073): a loader leaves it in the load context's `documentMarkup` slot
 * instead of its data, app/entry.server.tsx provides the slot to the render, and the browser
 * hydrates from the element the server rendered instead of a second copy in the loader data.
 */
export const DocumentMarkupContext = createContext<DocumentMarkup | undefined>(undefined);

// Per loader-data object: a remount keeps the markup read at hydration, after React owns the element.
const readFromPage = new WeakMap<object, string>();

/**
 * The markup to put in the element whose id is `elementId`: `inline` when the loader data carries
 * it (a client navigation), else the server's slot (`key`) during the document render, else what
 * the server rendered into that element (hydration). `owner` is the loader-data object it belongs to.
 */
export function useDocumentMarkup(owner: object, key: string, elementId: string, inline: string | undefined): string {
  const slot = useContext(DocumentMarkupContext);
  if (inline !== undefined) return inline;
  const fromServer = slot?.get(key);
  if (fromServer !== undefined) return fromServer;
  if (typeof document === 'undefined') return '';
  let html = readFromPage.get(owner);
  if (html === undefined) {
    html = document.getElementById(elementId)?.innerHTML ?? '';
    readFromPage.set(owner, html);
  }
  return html;
}
