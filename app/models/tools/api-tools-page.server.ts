import { pageOf, type Page } from '../../utils/pagination.server';
import { listApiToolsFor, type ApiToolCard } from './tool.server';
import type { AccessSubject } from './tool-access';

/** At most this many pages, and this many bytes of JSON, kept per process (the oldest go first). */
const MAX_PAGES = 500;
const MAX_BYTES = 16 * 1024 * 1024;

type KeptPage = { cards: readonly ApiToolCard[]; json: Uint8Array<ArrayBuffer> };

/**
 * Serialised pages by access subject and page. Each remembers the card list it was made from:
 * `listApiToolsFor` hands out the same array for a subject until the database version moves and a
 * new one after any write, so a page whose list is no longer the current one is made again (a
 * page can never outlive the cards it was made from).
 */
const kept = new Map<string, KeptPage>();
let keptBytes = 0;

function keep(key: string, page: KeptPage): void {
  const previous = kept.get(key);
  if (previous) {
    kept.delete(key);
    keptBytes -= previous.json.byteLength;
  }
  if (page.json.byteLength > MAX_BYTES) return;
  kept.set(key, page);
  keptBytes += page.json.byteLength;
  for (const [oldest, { json }] of kept) {
    if (kept.size <= MAX_PAGES && keptBytes <= MAX_BYTES) break;
    kept.delete(oldest);
    keptBytes -= json.byteLength;
  }
}

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
  const key = `${user.role}:${user.cpf ?? ''}:${page.page}:${page.perPage}`;
  const found = kept.get(key);
  if (found?.cards === cards) return { page, json: found.json };
  const json = Buffer.from(JSON.stringify(page.items));
  keep(key, { cards, json });
  return { page, json };
}

/** What is kept now: for the test that proves the bounds. */
export const keptApiToolPages = () => ({ pages: kept.size, bytes: keptBytes });
