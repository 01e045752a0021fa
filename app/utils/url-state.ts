/**
 * The URL is the UI state (docs/architecture.md): tabs, filters, search, page and open dialogs
 * are query parameters, so every screen works without JavaScript and survives a reload.
 * Plain functions, safe in the browser and on the server.
 */

export type ParamChanges = Record<string, string | number | null | undefined>;

/** The query string with some parameters set (null or undefined removes one): '?a=1&b=2', or '' when none is left. */
export function withParams(search: string | URLSearchParams, changes: ParamChanges): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `pathname?search` of a URL without the given parameters: where a form goes back to after it closes a dialog. */
export function urlWithout(url: string | URL, names: readonly string[]): string {
  const parsed = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  const changes = Object.fromEntries(names.map((name) => [name, null]));
  return `${parsed.pathname}${withParams(parsed.searchParams, changes)}`;
}

export const DIALOG_PARAM = 'dialog';

/** `?dialog=` when it names one of this page's dialogs, else null (an unknown value opens nothing). */
export function readDialog<Kind extends string>(params: URLSearchParams, kinds: readonly Kind[]): Kind | null {
  const value = params.get(DIALOG_PARAM);
  return value !== null && (kinds as readonly string[]).includes(value) ? (value as Kind) : null;
}

/** A link that opens a dialog on the current page, keeping its filters. */
export const dialogLink = (search: string | URLSearchParams, kind: string, extra: ParamChanges = {}) =>
  withParams(search, { [DIALOG_PARAM]: kind, ...extra }) || '?';

/** A parameter's value as URLSearchParams writes it (form encoding); plain ids and kinds stay as they are. */
const formEncoded = (value: string) => (/^[\w.*-]*$/.test(value) ? value : new URLSearchParams([['', value]]).toString().slice(1));

/**
 * `withParams(search, { [kindParam]: kind, [idParam]: id })` for every item of a list (the
 * dashboard's tool cards, the admin lists' row links): the page's other parameters are read and
 * encoded once per render, not once per link. Same links, in the same order, as `withParams` writes them.
 */
export function paramLinks(
  search: string | URLSearchParams,
  kindParam: string,
  idParam: string,
): (kind: string, id: string | number) => string {
  const slots = [kindParam, idParam] as const;
  // Encoded `key=value` pairs kept as they are, and the slot (0: kind, 1: id) where `set` leaves each of ours.
  const parts: (string | 0 | 1)[] = [];
  const placed = [false, false];
  for (const [key, value] of new URLSearchParams(search)) {
    const slot = slots.indexOf(key as (typeof slots)[number]);
    if (slot === -1) parts.push(new URLSearchParams([[key, value]]).toString());
    else if (!placed[slot]) {
      placed[slot] = true;
      parts.push(slot as 0 | 1);
    }
  }
  if (!placed[0]) parts.push(0);
  if (!placed[1]) parts.push(1);
  const kindPrefix = `${formEncoded(kindParam)}=`;
  const idPrefix = `${formEncoded(idParam)}=`;
  return (kind, id) => {
    let query = '';
    for (const part of parts) {
      const pair = part === 0 ? kindPrefix + formEncoded(kind) : part === 1 ? idPrefix + formEncoded(String(id)) : part;
      query = query ? `${query}&${pair}` : pair;
    }
    return `?${query}`;
  };
}

/** `dialogLink(search, kind, { [idParam]: id })` for every item of a list (paramLinks). */
export const dialogLinks = (search: string | URLSearchParams, idParam: string) => paramLinks(search, DIALOG_PARAM, idParam);
