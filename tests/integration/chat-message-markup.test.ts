import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageList } from '~/components/chat/message-list';
import { StaticMarkupContext } from '~/components/static-markup';
import type { ShownMessage } from '~/models/chat/types';
import { renderStaticMarkup } from '~/plumbing/static-markup.server';
import { NEWEST_MESSAGE_ANCHOR } from '~/utils/ticket-path';

/** The ticket's messages kept as markup per message on the server (decision 079, app/components/chat/message-list.tsx). */

const messages: ShownMessage[] = [
  { id: 501, message: 'Bom dia, segue o quadro.', isAdminMessage: false, createdAt: '2026-11-20T12:00:00.000Z', attachments: [] },
  {
    id: 502,
    message: 'Recebido.\nVou analisar <hoje> & retorno.',
    isAdminMessage: true,
    createdAt: '2026-11-20T13:05:00.000Z',
    attachments: [
      { id: 1, name: 'quadro-de-cargas.png', contentType: 'image/png', size: 70, url: '/resources/chat-files/1' },
      { id: 2, name: 'memorial-descritivo.pdf', contentType: 'application/pdf', size: 125_000, url: '/resources/chat-files/2' },
    ],
  },
  { id: 503, message: 'Obrigado!', isAdminMessage: false, createdAt: '2026-11-20T14:10:00.000Z', attachments: [] },
];

/** Each message's opening tag (`<li … data-testid="chat-message" …>`), in order. */
const messageTags = (html: string) => html.match(/<li[^>]*data-testid="chat-message"[^>]*>/g) ?? [];

const render = (list: readonly ShownMessage[], viewerIsAdmin: boolean, server: boolean) => {
  const element = createElement(MessageList, { messages: list, viewerIsAdmin });
  return renderToString(server ? createElement(StaticMarkupContext.Provider, { value: renderStaticMarkup }, element) : element);
};

describe('the ticket’s messages rendered once per message (decision 079)', () => {
  it('sends the HTML the browser renders from the components, so hydration matches', () => {
    for (const viewerIsAdmin of [false, true]) {
      const inBrowser = render(messages, viewerIsAdmin, false);
      expect(render(messages, viewerIsAdmin, true)).toBe(inBrowser);
      // Twice: the second comes from the kept markup.
      expect(render(messages, viewerIsAdmin, true)).toBe(inBrowser);
    }
    const html = render(messages, false, true);
    expect(html).toContain('(imagem, 1 KB)');
    expect(html).toContain('(PDF, 122 KB)');
    expect(html).toContain('Vou analisar &lt;hoje&gt; &amp; retorno.');
    expect(html).not.toContain('<!-- -->');
    expect(html.match(/data-testid="chat-message"/g)).toHaveLength(3);
    expect(html.match(new RegExp(`id="${NEWEST_MESSAGE_ANCHOR}"`, 'g'))).toHaveLength(1);
  });

  it('renders a message anew when what it shows changes, never serving another’s markup', () => {
    render(messages, false, true);
    const edited = messages.map((message) => (message.id === 502 ? { ...message, message: 'Texto corrigido' } : message));
    expect(render(edited, false, true)).toContain('Texto corrigido');
    expect(render(edited, false, true)).not.toContain('Vou analisar');
    const withoutPdf = messages.map((message) =>
      message.id === 502 ? { ...message, attachments: message.attachments.slice(0, 1) } : message,
    );
    expect(render(withoutPdf, false, true)).not.toContain('memorial-descritivo.pdf');
    const later = messages.map((message) => (message.id === 501 ? { ...message, createdAt: '2026-11-21T15:30:00.000Z' } : message));
    expect(render(later, false, true)).toContain('21/11/2026 12:30');
  });

  it('follows the viewer’s side and moves the newest message’s anchor when one arrives', () => {
    // The admin's own message sits on the right for the admin, on the left for the user.
    const ownAdmin = render(messages, true, true)
      .split('<li')
      .filter((item) => item.includes('ml-auto'));
    expect(ownAdmin.map((item) => item.includes('Recebido'))).toEqual([true]);
    const ownUser = render(messages, false, true)
      .split('<li')
      .filter((item) => item.includes('ml-auto'));
    expect(ownUser).toHaveLength(2);
    const arrived = [
      ...messages,
      { id: 504, message: 'Nova', isAdminMessage: true, createdAt: '2026-11-20T15:00:00.000Z', attachments: [] },
    ];
    const items = messageTags(render(arrived, false, true));
    expect(items.map((item) => item.includes(`id="${NEWEST_MESSAGE_ANCHOR}"`))).toEqual([false, false, false, true]);
  });

  it('shows a message given twice once', () => {
    const html = render([...messages, messages[1]], false, true);
    expect(html.match(/data-testid="chat-message"/g)).toHaveLength(3);
    expect(html).toBe(render(messages, false, false));
  });
});
