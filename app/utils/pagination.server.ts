import type { z } from 'zod';
import { AppError } from './errors';
import { foldKey } from './fold';

/**
 * The list kit, server half: one query schema for every list (`q`, `page`, a bounded `perPage`,
 * `sort` from an allowlist) and one helper that runs a query as a page plus its total, with the
 * page clamped to the last one. Pages read the query leniently (a bad value falls back to its
 * default); the API strictly (400 with the first message).
 */

export { listQuerySchema, MAX_SEARCH_LENGTH, type ListQuery } from './list-query';

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

const paramsObject = (params: URLSearchParams) => Object.fromEntries([...params].filter(([, value]) => value !== ''));

const PARSED_KEPT = 500;
type Flat = Record<string, string | number | boolean | null | undefined>;
/** Per schema, the parsed query of each query string seen (a pure function of both), when every value is a plain one. */
const parsedBySchema = new WeakMap<AnyObjectSchema, Map<string, Flat>>();
const isFlat = (value: object): value is Flat =>
  Object.values(value).every((field) => field === null || (typeof field !== 'object' && typeof field !== 'function'));

/**
 * For pages: every parameter that does not parse falls back to its default (a hand-edited URL still shows a list).
 * A query string seen before is answered from a per-process memo (a copy: callers may change what they get), without
 * running zod again; at most PARSED_KEPT per schema, and never a query with a date or another object in it.
 */
export function parseListQuery<S extends AnyObjectSchema>(params: URLSearchParams, schema: S): z.output<S> {
  const key = params.toString();
  let parsed = parsedBySchema.get(schema);
  const kept = parsed?.get(key);
  if (kept) return { ...kept } as z.output<S>;
  const query = parseLeniently(params, schema);
  if (!isFlat(query)) return query;
  if (!parsed) parsedBySchema.set(schema, (parsed = new Map()));
  if (parsed.size >= PARSED_KEPT) parsed.clear();
  parsed.set(key, { ...query });
  return query;
}

function parseLeniently<S extends AnyObjectSchema>(params: URLSearchParams, schema: S): z.output<S> {
  const input: Record<string, unknown> = paramsObject(params);
  for (let attempt = 0; attempt < 8; attempt++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  }
  return schema.parse({});
}

/** For the API: a bad parameter is a 400 with the schema's message. */
export function readListQuery<S extends AnyObjectSchema>(request: Request, schema: S): z.output<S> {
  const parsed = schema.safeParse(paramsObject(new URL(request.url).searchParams));
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'Parâmetros inválidos');
  return parsed.data;
}

export type Page<T> = { items: T[]; total: number; page: number; perPage: number; pageCount: number };

/** Runs `count` once and `rows` for the requested page, clamped to the last page. */
export function paginate<T>(
  query: { page: number; perPage: number },
  source: { count: () => number; rows: (limit: number, offset: number) => T[] },
): Page<T> {
  const total = source.count();
  const pageCount = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(Math.max(1, Math.floor(query.page)), pageCount);
  const items = total === 0 ? [] : source.rows(query.perPage, (page - 1) * query.perPage);
  return { items, total, page, perPage: query.perPage, pageCount };
}

/** A page of a list already in memory (the tools a user sees are filtered by rules no index holds: level and CPF list). */
export const pageOf = <T>(items: readonly T[], query: { page: number; perPage: number }): Page<T> =>
  paginate(query, { count: () => items.length, rows: (limit, offset) => items.slice(offset, offset + limit) });

/** The API's page headers: the total, so a client can page without a wrapper object. */
export const pageHeaders = (page: Pick<Page<unknown>, 'total' | 'page' | 'pageCount'>) => ({
  'X-Total-Count': String(page.total),
  'X-Page': String(page.page),
  'X-Page-Count': String(page.pageCount),
});

/** `%text%` for LIKE over a folded key column (app/utils/fold.ts), with LIKE's wildcards escaped (use with `escape '\\'`). */
export const likePattern = (text: string, fold: (text: string) => string = foldKey) =>
  `%${fold(text).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
