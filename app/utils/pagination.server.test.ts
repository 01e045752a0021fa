import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { listQuerySchema, paginate, parseListQuery, readListQuery } from './pagination.server';

const schema = listQuerySchema({ sorts: ['recent', 'name'] as const, perPage: 10, maxPerPage: 50 });
const rows = Array.from({ length: 23 }, (_, index) => index + 1);
const source = { count: () => rows.length, rows: (limit: number, offset: number) => rows.slice(offset, offset + limit) };

describe('list kit', () => {
  it('reads the query with defaults, bounds and the sort allowlist', () => {
    expect(parseListQuery(new URLSearchParams(''), schema)).toEqual({ q: '', page: 1, perPage: 10, sort: 'recent' });
    expect(parseListQuery(new URLSearchParams('q=%20eixo%20&page=3&perPage=20&sort=name'), schema)).toEqual({
      q: 'eixo',
      page: 3,
      perPage: 20,
      sort: 'name',
    });
  });

  it('parses a query string seen before once per process, and hands out copies', () => {
    const own = listQuerySchema({ sorts: ['recent'] as const, perPage: 10, maxPerPage: 50 });
    const parse = vi.spyOn(own, 'safeParse');
    const first = parseListQuery(new URLSearchParams('q=viga&page=2'), own);
    first.page = 99;
    const second = parseListQuery(new URLSearchParams('q=viga&page=2'), own);
    expect(second).toEqual({ q: 'viga', page: 2, perPage: 10, sort: 'recent' });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parseListQuery(new URLSearchParams('q=viga&page=3'), own).page).toBe(3);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('parses anew a query whose values are objects (a date filter)', () => {
    const dated = z.object({ since: z.coerce.date().default(new Date(0)) });
    const parse = vi.spyOn(dated, 'safeParse');
    const first = parseListQuery(new URLSearchParams('since=2026-01-02'), dated);
    first.since.setFullYear(1999);
    expect(parseListQuery(new URLSearchParams('since=2026-01-02'), dated).since.getUTCFullYear()).toBe(2026);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('falls back to defaults on pages and refuses in the API', () => {
    expect(parseListQuery(new URLSearchParams('page=-4&perPage=9999&sort=drop table'), schema)).toEqual({
      q: '',
      page: 1,
      perPage: 10,
      sort: 'recent',
    });
    expect(() => readListQuery(new Request('http://x/api?perPage=9999'), schema)).toThrow('No máximo 50 itens por página');
    expect(() => readListQuery(new Request('http://x/api?sort=evil'), schema)).toThrow('Ordenação inválida');
  });

  it('pages rows and clamps a page past the end to the last page', () => {
    expect(paginate({ page: 1, perPage: 10 }, source)).toMatchObject({ items: rows.slice(0, 10), total: 23, page: 1, pageCount: 3 });
    expect(paginate({ page: 99, perPage: 10 }, source)).toMatchObject({ items: [21, 22, 23], page: 3 });
    expect(paginate({ page: 1, perPage: 10 }, { count: () => 0, rows: () => [99] })).toMatchObject({ items: [], page: 1, pageCount: 1 });
  });
});
