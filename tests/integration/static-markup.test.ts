import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Footer } from '~/components/footer';
import { StaticMarkupContext } from '~/components/static-markup';
import { renderStaticMarkup, STATIC_MARKUP_LIMITS, staticMarkupEntries } from '~/plumbing/static-markup.server';

/** The footer as app/entry.server.tsx renders it: through the server's renderer. */
const onServer = (year: number) =>
  renderToString(createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, createElement(Footer, { year })));

describe('markup rendered once per process (decision 079)', () => {
  it('sends the HTML the browser renders from the footer’s components, so hydration matches', () => {
    const inBrowser = renderToString(createElement(Footer, { year: 2026 }));
    expect(onServer(2026)).toBe(inBrowser);
    expect(inBrowser).toContain('© 2026 E-Engenharia. Todos os direitos reservados.');
    expect(inBrowser).not.toContain('<!-- -->');
  });

  it('renders the footer anew when the year changes instead of serving last year’s', () => {
    expect(onServer(2026)).toContain('© 2026 ');
    const next = onServer(2027);
    expect(next).toContain('© 2027 ');
    expect(next).not.toContain('2026');
  });

  it('keeps a bounded number of keys, the least recently used out first', () => {
    const limit = STATIC_MARKUP_LIMITS.entries;
    for (let key = 0; key < limit + 30; key++) renderStaticMarkup(`bound-test:${key}`, () => createElement('p', null, key));
    expect(staticMarkupEntries()).toBe(limit);
    expect(renderStaticMarkup(`bound-test:${limit + 29}`, () => 'other')).toBe(`<p>${limit + 29}</p>`);
    expect(renderStaticMarkup('bound-test:0', () => createElement('p', null, 'made again'))).toBe('<p>made again</p>');
  });
});
