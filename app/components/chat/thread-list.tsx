import { LightLink } from '~/components/ui/light-link';
import { useLocation } from '@remix-run/react';
import { Cell, ListTable } from '~/components/ui/list-table';
import { ListSearch } from '~/components/ui/list-search';
import { Pagination } from '~/components/ui/pagination';
import { CHAT_FILTER_LABELS, CHAT_FILTERS, type ChatFilter } from '~/utils/chat-labels';
import { ticketPath } from '~/utils/ticket-path';
import { withParams } from '~/utils/url-state';
import { StatusBadge } from './status-badge';

/** A ticket as the lists show it (the date already formatted by the loader). */
export type ThreadListItem = {
  id: number;
  subject: string;
  /** Unread for the side looking at the list. */
  unread: boolean;
  /** Admins only. */
  userName: string | null;
  /** dd/MM/yyyy HH:mm of the last message (or the creation), else 'Data desconhecida'. */
  date: string;
  status: 'open' | 'closed';
};

type ThreadListProps = {
  /** 'Meus Chats' (users) or 'Suporte ao Usuário' (admins, with the Usuário column and the status filter). */
  title: string;
  forAdmin: boolean;
  items: readonly ThreadListItem[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
  /** Admins' status filter. */
  status?: ChatFilter;
  /** The heading level: 1 on /chats, 2 inside the admin panel. */
  headingLevel?: 1 | 2;
};

/** Todos / Abertos / Fechados: links that keep the search and drop the page. */
function StatusFilter({ status }: { status: ChatFilter }) {
  const location = useLocation();
  return (
    <nav aria-label="Filtrar por status" className="flex flex-wrap gap-2">
      {CHAT_FILTERS.map((value) => (
        <LightLink
          key={value}
          to={`${location.pathname}${withParams(location.search, { status: value === 'all' ? null : value, page: null })}`}
          aria-current={value === status ? 'page' : undefined}
          className={value === status ? 'btn-primary' : 'btn-secondary'}
        >
          {CHAT_FILTER_LABELS[value]}
        </LightLink>
      ))}
    </nav>
  );
}

/** The chat list of /chats and /admin/chats (the specification's 'Chat list' screen): search, table, empty state, pages. */
export function ThreadList({ title, forAdmin, items, total, page, pageCount, q, status = 'all', headingLevel = 1 }: ThreadListProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const filtered = Boolean(q) || status !== 'all';
  const headers = ['Assunto', ...(forAdmin ? ['Usuário'] : []), 'Data', 'Status', 'Ações'];
  return (
    <section aria-labelledby="chat-list-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="chat-list-heading" className={headingLevel === 1 ? 'text-2xl font-bold' : 'text-lg font-semibold'}>
          {title}
        </Heading>
        {forAdmin ? null : (
          <LightLink to="/chat/new" className="btn-primary">
            Novo Chat
          </LightLink>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        {forAdmin ? <StatusFilter status={status} /> : null}
        <div className="min-w-64 flex-1">
          <ListSearch
            label="Buscar chats"
            placeholder="Buscar chats..."
            defaultValue={q}
            keep={{ status: status === 'all' ? null : status }}
            id="chat-search"
          />
        </div>
      </div>
      {items.length === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center" data-testid="chat-list-empty">
          <p className="font-semibold text-slate-800">Nenhum chat encontrado</p>
          {filtered ? (
            <p className="mt-1 text-slate-600">Tente ajustar sua busca</p>
          ) : forAdmin ? null : (
            <p className="mt-1 text-slate-600">Inicie uma nova conversa com nossa equipe</p>
          )}
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600">{total === 1 ? '1 chat' : `${total} chats`}</p>
          <ListTable label={title} caption headers={headers} empty="" count={items.length}>
            {items.map((item) => (
              <tr key={item.id} data-testid="chat-row" className={item.unread ? 'bg-brand-50/40' : undefined}>
                <Cell>
                  <span className="flex items-center gap-2">
                    {item.unread ? (
                      <span data-testid="chat-unread-dot" className="inline-block h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600">
                        <span className="sr-only">Não lido: </span>
                      </span>
                    ) : null}
                    <span className={item.unread ? 'font-semibold' : undefined}>{item.subject}</span>
                  </span>
                </Cell>
                {forAdmin ? <Cell>{item.userName}</Cell> : null}
                <Cell className="whitespace-nowrap">{item.date}</Cell>
                <Cell>
                  <StatusBadge status={item.status} />
                </Cell>
                <Cell>
                  <LightLink to={ticketPath(item.id)} className="btn-secondary">
                    Visualizar<span className="sr-only"> {item.subject}</span>
                  </LightLink>
                </Cell>
              </tr>
            ))}
          </ListTable>
        </>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
