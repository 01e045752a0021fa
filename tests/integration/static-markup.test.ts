import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Footer } from '~/components/footer';
import { ToolCard } from '~/components/tool-card';
import { LightLinkPath } from '~/components/ui/light-link';
import type { ToolCard as ToolCardData } from '~/models/tools/tool.server';
import { dialogLinks } from '~/utils/url-state';
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

describe('the dashboard’s tool cards rendered once per key (decision 079)', () => {
  const tool: ToolCardData = {
    id: 7,
    name: 'Viga biapoiada',
    description: 'Esforços e flecha.',
    category: 'mechanical',
    accessLevel: 'E-TOOL',
    linkType: 'internal',
    averageRating: 4,
    totalRatings: 3,
    showInIframe: false,
    locked: false,
    link: '/calculators/viga',
    frameUrl: null,
  };
  const locked: ToolCardData = { ...tool, id: 8, accessLevel: 'E-MASTER', locked: true, requiredLevel: 'E-MASTER' };
  const card = (data: ToolCardData, rated: boolean, search: string, server: boolean) => {
    const element = createElement(
      LightLinkPath.Provider,
      { value: '/dashboard' },
      createElement(ToolCard, { tool: data, rated, dialogHref: dialogLinks(search, 'tool') }),
    );
    return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, element) : element);
  };

  it('sends the HTML the browser renders from the card’s components, open and locked', () => {
    for (const data of [tool, locked])
      expect(card(data, false, '?category=mechanical', true)).toBe(card(data, false, '?category=mechanical', false));
    expect(card(locked, false, '', true)).toContain('Requer E-MASTER');
    expect(card(tool, false, '?category=mechanical', true)).toContain('href="/dashboard?category=mechanical&amp;dialog=rate&amp;tool=7"');
  });

  it('renders a card anew when its rating, the viewer’s own rating, its text or the page’s query changes', () => {
    expect(card(tool, false, '', true)).toContain('Avaliação média 4,0 de 5');
    expect(card({ ...tool, averageRating: 4.5, totalRatings: 4 }, false, '', true)).toContain('(4 avaliações)');
    expect(card(tool, true, '', true)).toContain('>Editar</a>');
    expect(card({ ...tool, name: 'Viga contínua' }, false, '', true)).toContain('Viga contínua');
    expect(card(tool, false, '?q=viga', true)).toContain('href="/dashboard?q=viga&amp;dialog=ratings&amp;tool=7"');
    expect(card(tool, false, '', true)).toContain('href="/dashboard?dialog=ratings&amp;tool=7"');
  });
});
