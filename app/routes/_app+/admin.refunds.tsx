import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { z } from 'zod';
import { approveMessage, RefundRequestTable } from '~/components/admin/refunds';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { Pagination } from '~/components/ui/pagination';
import { approveRefund, listRefundRequests } from '~/models/payment.server';
import { requireAdmin } from '~/models/permissions.server';
import { handleForm, intent } from '~/utils/form.server';
import { listQuerySchema } from '~/utils/list-query';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';
import { withParams } from '~/utils/url-state';

export const meta: MetaFunction = () => pageMeta('Reembolsos — Administração', 'Solicitações de reembolso pendentes.');

const refundPageSchema = listQuerySchema({ sorts: ['oldest'], perPage: 20, maxPerPage: 100 });
const approveSchema = z.object({ paymentId: z.number({ invalid_type_error: 'Pagamento inválido.' }).int().positive('Pagamento inválido.') });

/** /admin/refunds?page=: pending refund requests; `?confirm=approve-refund&payment={id}` is the no-JavaScript confirmation. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { page, perPage } = parseListQuery(url.searchParams, refundPageSchema);
  const requests = listRefundRequests({ page, perPage, filter: 'pending' });
  const confirmId = url.searchParams.get('confirm') === 'approve-refund' ? url.searchParams.get('payment') : null;
  const confirm = confirmId ? (requests.items.find((row) => String(row.id) === confirmId) ?? null) : null;
  return json({ ...requests, confirm });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const url = new URL(args.request.url);
  const back = `${url.pathname}${withParams(url.search, { confirm: null, payment: null })}`;
  return handleForm(args, {
    approve: intent({
      schema: approveSchema,
      refusalToast: (message) => ({ title: 'Erro ao aprovar reembolso', description: message, type: 'error' }),
      run: async ({ paymentId }) => {
        const refund = await approveRefund(admin, paymentId);
        const description =
          refund.refundStatus === 'manual'
            ? `${refund.description}: boleto marcado para reembolso manual; o acesso foi removido.`
            : `${refund.description}: ${refund.amountLabel} devolvidos pelo Stripe; o acesso foi removido.`;
        return redirectWithToast(back, { title: 'Reembolso aprovado', description, type: 'success' });
      },
    }),
  });
}

export default function AdminRefunds() {
  const { items, total, page, pageCount, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (confirm) {
    return (
      <ConfirmActionPanel
        title="Aprovar reembolso"
        message={`${confirm.username ?? 'Conta excluída'}: ${confirm.description}. ${approveMessage(confirm)}`}
        intent="approve"
        fields={{ paymentId: String(confirm.id) }}
        cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, payment: null })}`}
        confirmLabel="Aprovar reembolso"
      />
    );
  }
  return (
    <section className="card" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="text-lg font-semibold">
        Reembolsos
      </h2>
      <p className="mt-1 text-sm text-slate-600">Pedidos feitos em até 7 dias após o pagamento. Ao aprovar, o acesso concedido por aquele pagamento é removido.</p>
      <RefundRequestTable rows={items} total={total} />
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
