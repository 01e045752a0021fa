import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { StaticHandlerContext } from '@remix-run/router';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { UserTable } from '~/components/admin/user-table';
import type { AdminUserRow } from '~/components/admin/users';
import { confirmLinkFormData } from '~/components/ui/confirm-links';
import { StaticMarkupContext } from '~/components/static-markup';
import { renderStaticMarkup } from '~/plumbing/static-markup.server';

/** The users list's rows kept as markup per (URL, row) on the server (decision 079, app/components/admin/user-table.tsx). */

const row = (id: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  username: `ana.souza${id}`,
  email: `ana.souza${id}@exemplo.com.br`,
  cpfLabel: id % 2 ? '123.456.789-09' : '-',
  role: id % 2 ? 'E-TOOL' : 'E-BASIC',
  expiryLabel: id % 2 ? '30/12/2026' : '-',
  isSelf: false,
  ...overrides,
});

/** The table inside a data router (its page's URL and the confirmed links' submit), as the browser renders it or as the server sends it. */
async function render(users: AdminUserRow[], url: string, server: boolean) {
  const table = createElement(UserTable, { users, total: users.length });
  const handler = createStaticHandler([{ path: '/admin/users', element: table }]);
  const context = (await handler.query(new Request(`http://localhost${url}`))) as StaticHandlerContext;
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, page) : page);
}

/** One row's HTML, by its user's id (its 'Editar' link names it). */
const rowOf = (html: string, id: number) => html.split('<tr').find((part) => part.includes(`user=${id}"`)) ?? '';

describe('the users list’s rows rendered once per row and URL (decision 079)', () => {
  const users = [row(11), row(12, { isSelf: true }), row(13, { username: 'x<&>"y', email: 'x@y.com' })];

  it('sends the HTML the browser renders from the components, so hydration matches', async () => {
    for (const url of ['/admin/users', '/admin/users?q=ana&role=E-TOOL&page=2']) {
      const inBrowser = await render(users, url, false);
      expect(await render(users, url, true)).toBe(inBrowser);
      // Twice: the second comes from the kept markup.
      expect(await render(users, url, true)).toBe(inBrowser);
    }
    const html = await render(users, '/admin/users?q=ana', true);
    expect(html.match(/data-testid="user-row"/g)).toHaveLength(3);
    expect(rowOf(html, 11)).toContain('href="/admin/users?q=ana&amp;dialog=edit&amp;user=11"');
    expect(rowOf(html, 11)).toContain('href="/admin/users?q=ana&amp;confirm=delete-user&amp;user=11"');
    expect(rowOf(html, 11)).toContain(
      'data-confirm="Tem certeza que deseja excluir o usuário ana.souza11? Esta ação não pode ser desfeita."',
    );
    expect(rowOf(html, 11)).not.toContain('<!-- -->');
    // The signed-in admin's own row has no 'Excluir'.
    expect(rowOf(html, 12)).not.toContain('confirm=delete-user');
    expect(rowOf(html, 13)).toContain('x&lt;&amp;&gt;&quot;y');
  });

  it('renders a row anew when its user or the page’s URL changes, never serving another’s markup', async () => {
    await render(users, '/admin/users?q=ana', true);
    const renamed = await render([row(11, { username: 'ana.renomeada' }), users[1]], '/admin/users?q=ana', true);
    expect(rowOf(renamed, 11)).toContain('ana.renomeada');
    expect(rowOf(renamed, 11)).not.toContain('ana.souza11<');
    const promoted = rowOf(await render([row(12, { role: 'E-MASTER', expiryLabel: '01/01/2027' })], '/admin/users?q=ana', true), 12);
    expect(promoted).toContain('E-MASTER');
    expect(promoted).toContain('01/01/2027');
    // No longer the signed-in admin's own row: now it can be deleted.
    expect(rowOf(await render([row(12)], '/admin/users?q=ana', true), 12)).toContain('confirm=delete-user');
    // Another page of the search: the links keep that page's query.
    expect(rowOf(await render(users, '/admin/users?q=ana&page=3', true), 11)).toContain(
      'href="/admin/users?q=ana&amp;page=3&amp;dialog=edit&amp;user=11"',
    );
  });

  it('posts the deletion the confirmation page posts', () => {
    const attributes: Record<string, string> = { 'data-intent': 'delete', 'data-fields': 'id=11' };
    const anchor = { getAttribute: (name: string) => attributes[name] ?? null } as unknown as Element;
    expect(Object.fromEntries(confirmLinkFormData(anchor))).toEqual({ id: '11', intent: 'delete' });
  });
});
