import { Form, useLocation, useNavigation } from '@remix-run/react';
import { EmailAddress } from '~/components/ui/email-address';
import type { ReactNode } from 'react';
import { Cell, ListTable } from '~/components/ui/list-table';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import { INBOX_FILTER_LABELS, INBOX_FILTERS, type InboxFilter } from '~/schemas/contact-inbox';
import { withParams } from '~/utils/url-state';
import { LightLink } from '~/components/ui/light-link';

/** A contact message as the inbox shows it (dates already formatted by the loader). */
export type InboxItem = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  receivedAt: string;
  isRead: boolean;
  isArchived: boolean;
};

/** The open message's URL state: `?dialog=message&message={id}`. */
export const INBOX_DIALOG_PARAMS = ['message'] as const;

type InboxIntent = 'open' | 'read' | 'unread' | 'archive' | 'unarchive';

/** One of the inbox's POST buttons (they change state, so they are never links). */
function InboxButton({
  intent,
  id,
  children,
  className = 'btn-ghost',
}: {
  intent: InboxIntent;
  id: number;
  children: ReactNode;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && navigation.formData.get('id') === String(id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={className} disabled={pending}>
        {children}
      </button>
    </Form>
  );
}

/** Não lidas / Todas / Arquivadas: links that keep the search and drop the page. */
export function InboxFilters({ filter }: { filter: InboxFilter }) {
  const location = useLocation();
  return (
    <nav aria-label="Filtrar mensagens" className="flex flex-wrap gap-2">
      {INBOX_FILTERS.map((value) => (
        <LightLink
          key={value}
          to={`${location.pathname}${withParams(location.search, { filter: value === 'all' ? null : value, page: null, dialog: null, message: null })}`}
          aria-current={value === filter ? 'page' : undefined}
          className={value === filter ? 'btn-primary' : 'btn-secondary'}
        >
          {INBOX_FILTER_LABELS[value]}
        </LightLink>
      ))}
    </nav>
  );
}

const stateLabel = (item: InboxItem) => (item.isArchived ? 'Arquivada' : item.isRead ? 'Lida' : 'Não lida');

function ArchiveButton({ item, className }: { item: InboxItem; className?: string }) {
  return item.isArchived ? (
    <InboxButton intent="unarchive" id={item.id} className={className}>
      Desarquivar<span className="sr-only"> a mensagem {item.subject}</span>
    </InboxButton>
  ) : (
    <InboxButton intent="archive" id={item.id} className={className}>
      Arquivar<span className="sr-only"> a mensagem {item.subject}</span>
    </InboxButton>
  );
}

export function InboxTable({ items, empty }: { items: readonly InboxItem[]; empty: string }) {
  return (
    <ListTable
      label="Mensagens de contato"
      headers={['Remetente', 'Assunto', 'Recebida em', 'Situação', 'Ações']}
      empty={empty}
      count={items.length}
    >
      {items.map((item) => (
        <tr key={item.id} data-testid="inbox-row" className={item.isRead ? undefined : 'bg-brand-50/40'}>
          <Cell>
            <span className={item.isRead ? undefined : 'font-semibold'}>{item.name}</span>
            <EmailAddress address={item.email} className="block text-xs text-slate-500" />
          </Cell>
          <Cell>
            <InboxButton
              intent="open"
              id={item.id}
              className={`text-left text-brand-700 hover:underline ${item.isRead ? '' : 'font-semibold'}`}
            >
              {item.subject}
              <span className="sr-only"> (abrir)</span>
            </InboxButton>
          </Cell>
          <Cell className="whitespace-nowrap">{item.receivedAt}</Cell>
          <Cell>{stateLabel(item)}</Cell>
          <Cell>
            <div className="flex flex-wrap gap-1">
              {item.isRead && !item.isArchived ? (
                <InboxButton intent="unread" id={item.id}>
                  Marcar como não lida<span className="sr-only"> a mensagem {item.subject}</span>
                </InboxButton>
              ) : null}
              <ArchiveButton item={item} />
            </div>
          </Cell>
        </tr>
      ))}
    </ListTable>
  );
}

/** The open message: who wrote, when, the text, a reply by e-mail, and its state buttons. */
export function InboxMessageDialog({ item }: { item: InboxItem }) {
  const reply = `mailto:${item.email}?subject=${encodeURIComponent(`Re: ${item.subject}`)}`;
  return (
    <UrlDialog title={item.subject} params={INBOX_DIALOG_PARAMS} size="lg">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">De</dt>
        <dd>
          {item.name} &lt;
          <EmailAddress address={item.email} />
          &gt;
        </dd>
        <dt className="font-medium text-slate-600">Recebida em</dt>
        <dd>{item.receivedAt}</dd>
        <dt className="font-medium text-slate-600">Situação</dt>
        <dd data-testid="inbox-message-state">{stateLabel(item)}</dd>
      </dl>
      <p className="mt-4 whitespace-pre-wrap rounded-md bg-slate-50 p-4 text-sm text-slate-800" data-testid="inbox-message-text">
        {item.message}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <a href={reply} className="btn-primary">
          Responder por e-mail
        </a>
        {item.isRead ? (
          <InboxButton intent="unread" id={item.id} className="btn-secondary">
            Marcar como não lida
          </InboxButton>
        ) : (
          <InboxButton intent="read" id={item.id} className="btn-secondary">
            Marcar como lida
          </InboxButton>
        )}
        <ArchiveButton item={item} className="btn-secondary" />
        <DialogCloseLink params={INBOX_DIALOG_PARAMS}>Fechar</DialogCloseLink>
      </div>
    </UrlDialog>
  );
}
