import { pageOf, type Page } from '../../utils/pagination.server';
import { listApiToolsFor, type ApiToolCard } from './tool.server';
import type { AccessSubject } from './tool-access';

/** Pages kept per card list: the default page and a few others a client walks through. */
const MAX_PAGES_PER_LIST = 20;

/**
 * Each serialised page of a card list, keyed by the list itself: `listApiToolsFor` hands back the
 * same array for an access subject until the database version moves, and a new one after any
 * write, so a page kept here can never outlive the cards it was made from (the old array and its
 * pages are then garbage).
 */
const pagesByList = new WeakMap<readonly ApiToolCard[], Map<string, Uint8Array<ArrayBuffer>>>();

/**
 * `GET /api/tools` for a user who is not an admin: a page of the tools they see and its JSON as
 * bytes, serialised once per card list and page (JSON.stringify of 100 cards and their UTF-8
 * encoding were a third of the request's CPU on the large database; bench/profile.md).
 */
export function apiToolsPage(
  user: AccessSubject,
  query: { page: number; perPage: number },
): { page: Page<ApiToolCard>; json: Uint8Array<ArrayBuffer> } {
  const cards = listApiToolsFor(user);
  const page = pageOf(cards, query);
  const key = `${page.page}:${page.perPage}`;
  let pages = pagesByList.get(cards);
  let json = pages?.get(key);
  if (!json) {
    json = Buffer.from(JSON.stringify(page.items));
    if (!pages) pagesByList.set(cards, (pages = new Map()));
    if (pages.size < MAX_PAGES_PER_LIST) pages.set(key, json);
  }
  return { page, json };
}
