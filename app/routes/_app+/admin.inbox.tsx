import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ListCount } from '~/components/ui/list-table';
import { InboxFilters, InboxMessageDialog, InboxTable, type InboxItem } from '~/components/admin/inbox';
import { ListSearch } from '~/components/ui/list-search';
import { Pagination } from '~/components/ui/pagination';
import {
  archiveContactMessage,
  getContactMessage,
  listContactMessages,
  markContactMessageRead,
  markContactMessageUnread,
  unarchiveContactMessage,
  type ContactMessageRow,
} from '~/models/admin/contact-message.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { contactInboxQuerySchema, contactMessageIdSchema, INBOX_FILTER_LABELS } from '~/schemas/contact-inbox';
import { isAppError } from '~/utils/errors';
import { handleForm, intent } from '~/utils/form.server';
import { formatDateTime } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast, safeRedirect, type Toast } from '~/utils/toast.server';
import { readDialog, urlWithout, withParams } from '~/utils/url-state';

export const meta: MetaFunction = () =>
  pageMeta('Mensagens de contato — Administração', 'As mensagens enviadas pelo formulário de contato.');

const DIALOG_STATE = ['dialog', 'message'] as const;

const toItem = (row: ContactMessageRow): InboxItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  receivedAt: formatDateTime(row.createdAt),
  isRead: row.readAt !== null,
  isArchived: row.archivedAt !== null,
});

/** /admin/inbox?filter=unread|archived&q=&page=&dialog=message&message={id}: newest first, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams, contactInboxQuerySchema);
  const page = listContactMessages(query);
  const messageParam = url.searchParams.get('message');
  let open: InboxItem | null = null;
  if (readDialog(url.searchParams, ['message'] as const) && messageParam && /^\d{1,12}$/.test(messageParam)) {
    try {
      open = toItem(getContactMessage(Number(messageParam)));
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  // The list shows only the start of each message; the dialog shows all of it.
  return json({
    ...page,
    items: page.items.map((row) => ({ ...toItem(row), message: row.message.slice(0, 200) })),
    q: query.q,
    filter: query.filter,
    open,
  });
}

const refusal = (message: string): Toast => ({ title: 'Erro ao atualizar mensagem', description: message, type: 'error' });

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const back = urlWithout(args.request.url, DIALOG_STATE);
  const done = (toast: Toast) => redirectWithToast(back, { type: 'success', ...toast });
  return handleForm(args, {
    // Opening is a POST (it marks the message read), then the dialog shows it.
    open: intent({
      schema: contactMessageIdSchema,
      refusalToast: refusal,
      run: ({ id }) => {
        markContactMessageRead(admin, id);
        const url = new URL(back, args.request.url);
        return safeRedirect(`${url.pathname}${withParams(url.search, { dialog: 'message', message: id })}`);
      },
    }),
    read: intent({
      schema: contactMessageIdSchema,
      refusalToast: refusal,
      run: ({ id }) => {
        markContactMessageRead(admin, id);
        return done({ title: 'Mensagem marcada como lida' });
      },
    }),
    unread: intent({
      schema: contactMessageIdSchema,
      refusalToast: refusal,
      run: ({ id }) => {
        markContactMessageUnread(admin, id);
        return done({ title: 'Mensagem marcada como não lida' });
      },
    }),
    archive: intent({
      schema: contactMessageIdSchema,
      refusalToast: refusal,
      run: ({ id }) => {
        archiveContactMessage(admin, id);
        return done({ title: 'Mensagem arquivada', description: 'Ela continua disponível em “Arquivadas”.' });
      },
    }),
    unarchive: intent({
      schema: contactMessageIdSchema,
      refusalToast: refusal,
      run: ({ id }) => {
        unarchiveContactMessage(admin, id);
        return done({ title: 'Mensagem desarquivada', description: 'Ela voltou para a caixa de entrada.' });
      },
    }),
  });
}

const EMPTY = {
  unread: 'Nenhuma mensagem não lida encontrada',
  all: 'Nenhuma mensagem encontrada',
  archived: 'Nenhuma mensagem arquivada encontrada',
} as const;

export default function AdminInbox() {
  const { items, total, page, pageCount, q, filter, open } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="inbox-heading">
      <h2 id="inbox-heading" className="text-lg font-semibold">
        Mensagens de contato
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Mensagens enviadas pelo formulário da página Contato, das mais recentes às mais antigas.
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <InboxFilters filter={filter} />
        <ListSearch
          label="Buscar por nome, e-mail ou assunto"
          placeholder="Buscar por nome, e-mail ou assunto..."
          defaultValue={q}
          keep={{ filter: filter === 'all' ? null : filter }}
        />
      </div>
      <ListCount total={total} one={`mensagem (${INBOX_FILTER_LABELS[filter]})`} many={`mensagens (${INBOX_FILTER_LABELS[filter]})`} />
      <InboxTable items={items} empty={EMPTY[filter]} />
      <Pagination page={page} pageCount={pageCount} />
      {open ? <InboxMessageDialog key={open.id} item={open} /> : null}
    </section>
  );
}
