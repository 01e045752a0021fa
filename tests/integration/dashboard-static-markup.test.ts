import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { CategoryFilter } from '~/components/dashboard/tool-filters';
import { StaticMarkupContext } from '~/components/static-markup';
import { renderStaticMarkup } from '~/plumbing/static-markup.server';
import type { CatalogFilter } from '~/utils/tool-catalog';
import type { Category } from '~/utils/value-sets';

type Filter = { current: CatalogFilter; categories: Category[]; showBlocked: boolean };

/** The dashboard's category links at `location`, as the browser renders them (server: false) and as the server sends them. */
const render = (location: string, filter: Filter, server: boolean) => {
  const row = createElement(StaticRouter, { location }, createElement(CategoryFilter, { ...filter, className: 'mt-4' }));
  return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, row) : row);
};

const all: Filter = { current: 'all', categories: ['mechanical', 'electrical'], showBlocked: true };

describe("the dashboard's category links rendered once per page address and options (decision 079)", () => {
  it('sends the HTML the browser renders from the components, so hydration matches', () => {
    for (const [location, filter] of [
      ['/dashboard', all],
      ['/dashboard?q=viga&page=2', { ...all, current: 'mechanical' }],
      ['/dashboard?dialog=rate&tool=7', { ...all, showBlocked: false }],
    ] as const) {
      expect(render(location, filter, true)).toBe(render(location, filter, false));
    }
    const html = render('/dashboard?q=viga&page=2&dialog=rate&tool=7', all, true);
    expect(html).toMatch(/^<div class="mt-4"><nav aria-label="Categorias"/);
    // The links keep the search and drop the page and any open dialog.
    expect(html).toContain('href="/dashboard?q=viga&amp;category=mechanical"');
  });

  it('renders the links anew when the query, the current filter or the options change', () => {
    expect(render('/dashboard', all, true)).toContain('href="/dashboard?category=electrical"');
    expect(render('/dashboard?q=motor', all, true)).toContain('href="/dashboard?q=motor&amp;category=electrical"');
    expect(render('/dashboard', { ...all, current: 'electrical' }, true)).toMatch(
      /href="\/dashboard\?category=electrical" data-nav="keep-scroll" aria-current="page"/,
    );
    expect(render('/dashboard', { ...all, showBlocked: false }, true)).not.toContain('Bloqueadas');
    expect(render('/dashboard', { ...all, categories: ['textile'] }, true)).toContain('Têxtil');
    expect(render('/dashboard', { ...all, categories: ['textile'] }, true)).not.toContain('Elétrica');
  });
});
