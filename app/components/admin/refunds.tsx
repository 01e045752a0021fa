import { useLocation } from '@remix-run/react';
import { EmailAddress } from '~/components/ui/email-address';
import type { RefundRequestView } from '~/models/payments/views';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import { formatCents, formatDateTime, formatShortDate } from '~/utils/format';
import { withParams } from '~/utils/url-state';
import { Cell, ListCount, ListTable } from '~/components/ui/list-table';

/** A pending refund request as the 'Reembolsos' tab lists it. */
export type RefundRequestRow = Pick<
  RefundRequestView,
  'id' | 'username' | 'email' | 'description' | 'amountCents' | 'method' | 'methodLabel' | 'paidAt' | 'createdAt' | 'requestedAt'
>;

/** Boleto: Stripe cannot refund it; approving marks it for a manual refund. */
export const approveMessage = (row: Pick<RefundRequestRow, 'method'>) =>
  row.method === 'boleto'
    ? 'Aprovar este reembolso? O boleto não pode ser reembolsado pelo Stripe: ele será marcado para reembolso manual, e o acesso concedido por este pagamento será removido.'
    : 'Aprovar este reembolso? O valor será devolvido pelo Stripe e o acesso concedido por este pagamento será removido.';

export const REJECT_MESSAGE = 'Recusar este reembolso? Nada será devolvido, o acesso continua, e o usuário será avisado por notificação.';

/** The pending refund requests, oldest first, each with 'Aprovar reembolso' and 'Recusar' (both confirmed). */
export function RefundRequestTable({ rows, total }: { rows: RefundRequestRow[]; total: number }) {
  const location = useLocation();
  return (
    <>
      <ListCount total={total} one="solicitação pendente" many="solicitações pendentes" />
      <ListTable
        label="Solicitações de reembolso"
        headers={['Usuário', 'Compra', 'Valor', 'Forma', 'Pago em', 'Solicitado em', 'Ação']}
        empty="Nenhuma solicitação de reembolso pendente."
        count={rows.length}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="refund-row">
            <Cell>
              <span className="font-medium">{row.username ?? 'Conta excluída'}</span>
              {row.email ? <EmailAddress address={row.email} className="block text-xs text-slate-500" /> : null}
            </Cell>
            <Cell>{row.description}</Cell>
            <Cell className="whitespace-nowrap">{formatCents(row.amountCents)}</Cell>
            <Cell>{row.methodLabel}</Cell>
            <Cell>{formatShortDate(row.paidAt ?? row.createdAt)}</Cell>
            <Cell>{row.requestedAt ? formatDateTime(row.requestedAt) : '—'}</Cell>
            <Cell>
              <ConfirmActionLink
                to={`${location.pathname}${withParams(location.search, { confirm: 'approve-refund', payment: row.id })}`}
                message={approveMessage(row)}
                intent="approve"
                fields={{ paymentId: String(row.id) }}
                className="font-medium text-brand-700 hover:underline"
              >
                Aprovar reembolso
              </ConfirmActionLink>
              <ConfirmActionLink
                to={`${location.pathname}${withParams(location.search, { confirm: 'reject-refund', payment: row.id })}`}
                message={REJECT_MESSAGE}
                intent="reject"
                fields={{ paymentId: String(row.id) }}
                className="ml-4 font-medium text-red-700 hover:underline"
              >
                Recusar
              </ConfirmActionLink>
            </Cell>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
