import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { OutboxFilters, OutboxTable } from '~/components/admin/emails';
import { ListSearch } from '~/components/ui/list-search';
import { Pagination } from '~/components/ui/pagination';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { listOutbox, outboxQuerySchema, resendMail } from '~/models/mail/outbox-admin.server';
import { handleForm, intent } from '~/utils/form.server';
import { formatDateTime } from '~/utils/format';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction = () => pageMeta('E-mails — Administração', 'A fila de e-mails da plataforma: status, tentativas e erros.');

const resendSchema = z.object({ id: z.number({ invalid_type_error: 'E-mail inválido.' }).int().positive('E-mail inválido.') });

/** /admin/emails?q=&status=&page=: the outbox, newest first; a search is the start of the address. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseListQuery(new URL(request.url).searchParams, outboxQuerySchema);
  const page = listOutbox(query);
  return json({
    ...page,
    items: page.items.map((item) => ({
      ...item,
      createdAt: formatDateTime(item.createdAt),
      sentAt: item.sentAt ? formatDateTime(item.sentAt) : null,
      nextAttemptAt: item.nextAttemptAt ? formatDateTime(item.nextAttemptAt) : null,
    })),
    q: query.q,
    status: query.status ?? null,
  });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const url = new URL(args.request.url);
  return handleForm(args, {
    resend: intent({
      schema: resendSchema,
      refusalToast: (message) => ({ title: 'Erro ao reenviar', description: message, type: 'error' }),
      run: ({ id }) => {
        const mail = resendMail(admin, id);
        return redirectWithToast(`${url.pathname}${url.search}`, {
          title: 'E-mail na fila de novo',
          description: `“${mail.subject}” para ${mail.to}.`,
          type: 'success',
        });
      },
    }),
  });
}

export default function AdminEmails() {
  const { items, total, page, pageCount, q, status } = useLoaderData<typeof loader>();
  return (
    <section className="space-y-4" aria-labelledby="emails-title">
      <div>
        <h2 id="emails-title" className="text-xl font-bold">
          E-mails
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Cada e-mail que a plataforma enviou ou vai enviar. Um e-mail que falhou pode ser reenviado.
        </p>
      </div>
      <div className="card space-y-4">
        <ListSearch label="Buscar por endereço" placeholder="Início do endereço, ex.: maria@" defaultValue={q} keep={{ status }} />
        <OutboxFilters status={status} />
        <OutboxTable rows={items} total={total} />
        <Pagination page={page} pageCount={pageCount} />
      </div>
    </section>
  );
}
