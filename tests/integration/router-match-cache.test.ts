import { createRequire } from 'node:module';
import type * as Router from '@remix-run/router';
import { describe, expect, test } from 'vitest';

/**
 * The server's route matching (patches/@remix-run+router+1.23.3.patch, decision 009): matches are
 * kept per routes array and pathname, and every call gets its own copies. This loads the CommonJS
 * build the server runtime requires (the patched one), not the ES module the browser bundles.
 */
const require = createRequire(import.meta.url);
const { matchRoutes } = require('@remix-run/router') as typeof Router;

const routes = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'chat', path: 'chat/:id' },
      { id: 'about', path: 'about' },
      { id: 'splat', path: '*' },
    ],
  },
];

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id) ?? null;

describe('route matches kept per pathname', () => {
  test('the same pathname matches the same routes with its own params each time', () => {
    const first = matchRoutes(routes, '/chat/7')!;
    const second = matchRoutes(routes, '/chat/7')!;
    expect(ids(first)).toEqual(['root', 'chat']);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second[1]).not.toBe(first[1]);
    (first[1].params as Record<string, string>).id = 'changed';
    (first as unknown[]).pop();
    expect(matchRoutes(routes, '/chat/7')![1].params).toEqual({ id: '7' });
    expect(matchRoutes(routes, '/chat/7')).toHaveLength(2);
  });

  test('other pathnames, a basename, no match and a partial match are told apart', () => {
    expect(matchRoutes(routes, '/chat/8')![1].params).toEqual({ id: '8' });
    expect(ids(matchRoutes(routes, '/about'))).toEqual(['root', 'about']);
    expect(ids(matchRoutes(routes, '/nothing/here'))).toEqual(['root', 'splat']);
    expect(matchRoutes([{ id: 'only', path: '/x' }], '/y')).toBeNull();
    expect(matchRoutes(routes, '/app/about', '/app')![1].route.id).toBe('about');
    expect(matchRoutes(routes, '/about', '/app')).toBeNull();
  });

  test('another routes array is matched on its own, and more pathnames than are kept still match right', () => {
    const other = [{ id: 'other', path: '/chat/:room' }];
    matchRoutes(routes, '/chat/1');
    expect(matchRoutes(other, '/chat/1')![0]).toMatchObject({ route: { id: 'other' }, params: { room: '1' } });
    for (let i = 0; i < 1_200; i++) expect(matchRoutes(routes, `/chat/${i}`)![1].params.id).toBe(String(i));
    expect(matchRoutes(routes, '/chat/3')![1].params.id).toBe('3');
  });
});
