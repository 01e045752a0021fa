import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { z } from 'zod';
import { approveMessage, REJECT_MESSAGE, RefundRequestTable } from '~/components/admin/refunds';
import { ConfirmActionPanel } from '~/components/ui/confirm-action';
import { Pagination } from '~/components/ui/pagination';
import { approveRefund, listRefundRequests, rejectRefund } from '~/models/payments/index.server';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { handleForm, intent } from '~/utils/form.server';
import { freshIntent } from '~/plumbing/fresh-check.server';
import { FreshCheckStep, useFreshCheckPrompt } from '~/components/account/fresh-check-step';
import { listQuerySchema } from '~/utils/list-query';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';
import { withParams } from '~/utils/url-state';

export const meta: MetaFunction = () => pageMeta('Reembolsos — Administração', 'Solicitações de reembolso pendentes.');

const refundPageSchema = listQuerySchema({ sorts: ['oldest'], perPage: 20, maxPerPage: 100 });
const refundSchema = z.object({ paymentId: z.number({ invalid_type_error: 'Pagamento inválido.' }).int().positive('Pagamento inválido.') });

/** The no-JavaScript confirmations: `?confirm=approve-refund|reject-refund&payment={id}`. */
const CONFIRMS = { 'approve-refund': 'approve', 'reject-refund': 'reject' } as const;
type ConfirmKind = keyof typeof CONFIRMS;
const isConfirmKind = (value: string | null): value is ConfirmKind => value !== null && value in CONFIRMS;

/** /admin/refunds?page=: pending refund requests, each approved or refused after a confirmation. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const { page, perPage } = parseListQuery(url.searchParams, refundPageSchema);
  const requests = listRefundRequests({ page, perPage, filter: 'pending' });
  const kind = url.searchParams.get('confirm');
  const confirmId = isConfirmKind(kind) ? url.searchParams.get('payment') : null;
  const row = confirmId ? (requests.items.find((item) => String(item.id) === confirmId) ?? null) : null;
  return json({ ...requests, confirm: row && isConfirmKind(kind) ? { row, intent: CONFIRMS[kind] } : null });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await requireAdmin(args.request);
  const url = new URL(args.request.url);
  const back = `${url.pathname}${withParams(url.search, { confirm: null, payment: null })}`;
  return handleForm(args, {
    // Money leaves: a fresh check first (decision 060).
    approve: freshIntent(admin, {
      schema: refundSchema,
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
    reject: intent({
      schema: refundSchema,
      refusalToast: (message) => ({ title: 'Erro ao recusar reembolso', description: message, type: 'error' }),
      run: ({ paymentId }) => {
        const refund = rejectRefund(admin, paymentId);
        return redirectWithToast(back, {
          title: 'Reembolso recusado',
          description: `${refund.description}: o usuário foi avisado e mantém o acesso.`,
          type: 'success',
        });
      },
    }),
  });
}

export default function AdminRefunds() {
  const { items, total, page, pageCount, confirm } = useLoaderData<typeof loader>();
  const location = useLocation();
  const freshCheck = useFreshCheckPrompt();
  if (freshCheck) return <FreshCheckStep prompt={freshCheck} />;
  if (confirm) {
    const approving = confirm.intent === 'approve';
    const label = approving ? 'Aprovar reembolso' : 'Recusar reembolso';
    return (
      <ConfirmActionPanel
        title={label}
        message={`${confirm.row.username ?? 'Conta excluída'}: ${confirm.row.description}. ${approving ? approveMessage(confirm.row) : REJECT_MESSAGE}`}
        intent={confirm.intent}
        fields={{ paymentId: String(confirm.row.id) }}
        cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, payment: null })}`}
        confirmLabel={label}
      />
    );
  }
  return (
    <section className="card" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="text-lg font-semibold">
        Reembolsos
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Pedidos feitos em até 7 dias após o pagamento. Ao aprovar, o acesso concedido por aquele pagamento é removido; ao recusar, o usuário
        é avisado e mantém o acesso.
      </p>
      <RefundRequestTable rows={items} total={total} />
      <Pagination page={page} pageCount={pageCount} />
    </section>
  );
}
