import { describe, expect, it } from 'vitest';
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
