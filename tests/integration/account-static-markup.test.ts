import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { StaticHandlerContext } from '@remix-run/router';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { MailChoicesSection } from '~/components/account/mail-choices';
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

type Choices = Parameters<typeof MailChoicesSection>[0]['choices'];
/** 'E-mails' inside a data router (its form's action and pending state), as the browser renders it and as the server sends it. */
async function renderChoices(choices: Choices, server: boolean) {
  const handler = createStaticHandler([{ path: '/account', element: createElement(MailChoicesSection, { choices }) }]);
  const context = (await handler.query(new Request('http://localhost/account'))) as StaticHandlerContext;
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, page) : page);
}

/** The checkbox of one kind of mail. */
const checkbox = (html: string, kind: string) => html.match(new RegExp(`<input[^>]*value="${kind}"[^>]*>`))?.[0] ?? '';
const choice = (kind: string, enabled: boolean) => ({ kind, label: `Rótulo ${kind}`, description: `Quando ${kind}.`, enabled });

describe("'Minha Conta' → 'E-mails': its checkboxes rendered once per set of choices (decision 079)", () => {
  it('sends the HTML the browser renders from the components, so hydration matches', async () => {
    const choices = [choice('support-reply', true), choice('plan-reminder', false)];
    expect(await renderChoices(choices, true)).toBe(await renderChoices(choices, false));
    const html = await renderChoices(choices, true);
    expect(checkbox(html, 'support-reply')).toContain('checked=""');
    expect(checkbox(html, 'plan-reminder')).not.toContain('checked');
  });

  it('renders anew when a choice is switched off, or another kind is offered', async () => {
    expect(checkbox(await renderChoices([choice('support-rating', true)], true), 'support-rating')).toContain('checked=""');
    const off = checkbox(await renderChoices([choice('support-rating', false)], true), 'support-rating');
    expect(off).toContain('type="checkbox"');
    expect(off).not.toContain('checked');
    expect(await renderChoices([choice('support-rating', false), choice('plan-reminder', true)], true)).toContain('value="plan-reminder"');
  });
});
