import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { SignInsSection, type SignInsView } from '~/components/account/sign-ins-section';
import { StaticMarkupContext } from '~/components/static-markup';
import { renderStaticMarkup } from '~/plumbing/static-markup.server';

/** 'Últimos acessos' as the browser renders it from its components, and as the server sends it (its table kept per page of rows). */
const render = (signIns: SignInsView, server: boolean) => {
  const section = createElement(StaticRouter, { location: '/account' }, createElement(SignInsSection, { signIns }));
  return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, section) : section);
};

const page = (items: SignInsView['items'], total = items.length): SignInsView => ({
  items,
  total,
  page: 1,
  pageCount: Math.max(1, Math.ceil(total / 10)),
});
const signIn = (id: number, thisBrowser = false) => ({
  id,
  at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
  browser: 'Chrome 131 no Linux',
  address: id % 2 ? '203.0.113.7' : null,
  thisBrowser,
});

describe("'Minha Conta' → 'Últimos acessos' rendered once per page of sign-ins (decision 079)", () => {
  it('sends the HTML the browser renders from the components, so hydration matches', () => {
    for (const signIns of [page([signIn(1, true), signIn(2)]), page([signIn(3), signIn(4)], 12), page([])]) {
      const inBrowser = renderToString(createElement(StaticRouter, { location: '/account' }, createElement(SignInsSection, { signIns })));
      expect(render(signIns, true)).toBe(inBrowser);
    }
    expect(render(page([signIn(1, true)]), true)).toContain('este navegador');
    expect(render(page([]), true)).toContain('Nenhum acesso registrado ainda.');
  });

  it('renders anew when a sign-in is added, or the browser marked is another', () => {
    const first = render(page([signIn(5, true), signIn(6)]), true);
    expect(first.match(/sign-in-row/g)).toHaveLength(2);
    const added = render(page([signIn(7), signIn(5, true), signIn(6)]), true);
    expect(added.match(/sign-in-row/g)).toHaveLength(3);
    const otherBrowser = render(page([signIn(5), signIn(6)]), true);
    expect(otherBrowser).not.toContain('este navegador');
    // The pagination stays outside the kept table: it follows the page's query.
    expect(render(page([signIn(5), signIn(6)], 25), true)).toMatch(/Página (<!-- -->)?1(<!-- -->)? de (<!-- -->)?3/);
  });
});
