import { LightLink } from '~/components/ui/light-link';
import { useLocation } from '@remix-run/react';
import type { PaymentView } from '~/models/payments/views';
import { Cell, ListTable } from '~/components/ui/list-table';
import { ConfirmActionLink, ConfirmActionPanel } from '~/components/ui/confirm-action';
import { formatCents, formatShortDate } from '~/utils/format';
import { withParams } from '~/utils/url-state';

/** One payment as the account page shows it (refundable: paid, within the 7 days, no refund asked yet). */
export type AccountPayment = Pick<
  PaymentView,
  'id' | 'createdAt' | 'description' | 'amountCents' | 'methodLabel' | 'status' | 'statusLabel' | 'refundLabel' | 'refundable'
>;

export const REFUND_CONFIRM =
  'Tem certeza que deseja solicitar o reembolso deste pagamento? O acesso concedido por ele será removido quando o reembolso for aprovado.';

/** The confirmation URL of a refund request: `?confirm=refund&payment={id}`. */
export const refundConfirmLink = (search: string, paymentId: number) => withParams(search, { confirm: 'refund', payment: paymentId });

const PAYMENT_HEADERS = ['Data', 'Compra', 'Valor', 'Forma', 'Situação', 'Reembolso'] as const;

/** 'Pagamentos': the user's payments, newest first, with 'Solicitar reembolso' while within the 7 days. */
export function PaymentsSection({ payments }: { payments: AccountPayment[] }) {
  const location = useLocation();
  return (
    <section className="card" aria-labelledby="payments-title" id="pagamentos">
      <h2 id="payments-title" className="text-lg font-semibold">
        Pagamentos
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Nenhum pagamento ainda.{' '}
          <LightLink to="/upgrade" className="font-medium text-brand-700 hover:underline">
            Ver planos
          </LightLink>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">Você pode solicitar o reembolso em até 7 dias após o pagamento.</p>
          <ListTable label="Pagamentos" headers={PAYMENT_HEADERS} empty="" count={payments.length}>
            {payments.map((payment) => (
              <tr key={payment.id} data-testid="payment-row">
                <Cell>{formatShortDate(payment.createdAt)}</Cell>
                <Cell>{payment.description}</Cell>
                <Cell className="whitespace-nowrap">{formatCents(payment.amountCents)}</Cell>
                <Cell>{payment.methodLabel}</Cell>
                <Cell>
                  {payment.statusLabel}
                  {payment.status === 'succeeded' ? (
                    <>
                      {' · '}
                      <LightLink to={`/account/receipts/${payment.id}`} className="font-medium text-brand-700 hover:underline">
                        Recibo<span className="sr-only"> do pagamento #{payment.id}</span>
                      </LightLink>
                    </>
                  ) : null}
                </Cell>
                <Cell>
                  {payment.refundable ? (
                    <ConfirmActionLink
                      to={`${location.pathname}${refundConfirmLink(location.search, payment.id)}`}
                      message={REFUND_CONFIRM}
                      intent="refund"
                      fields={{ paymentId: String(payment.id) }}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      Solicitar reembolso
                    </ConfirmActionLink>
                  ) : (
                    (payment.refundLabel ?? '—')
                  )}
                </Cell>
              </tr>
            ))}
          </ListTable>
        </>
      )}
    </section>
  );
}

/** The refund request's confirmation on a page of its own (no JavaScript). */
export function RefundConfirmPanel({ payment, cancelTo, error }: { payment: AccountPayment; cancelTo: string; error?: string }) {
  return (
    <ConfirmActionPanel
      title="Solicitar reembolso"
      message={`${payment.description} — ${formatCents(payment.amountCents)}. ${REFUND_CONFIRM}`}
      intent="refund"
      fields={{ paymentId: String(payment.id) }}
      cancelTo={cancelTo}
      confirmLabel="Solicitar reembolso"
      error={error ? <p className="field-error">{error}</p> : undefined}
    />
  );
}
