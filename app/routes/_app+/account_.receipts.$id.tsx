import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ReceiptCard } from '~/components/account/receipt';
import { requireUser } from '~/models/accounts/permissions.server';
import { getOwnReceipt, receiptRows, TEST_MODE_NOTICE } from '~/models/payments/index.server';
import { errorResponse, idParam } from '~/utils/api.server';
import { isAppError } from '~/utils/errors';
import { pageMeta } from '~/utils/meta';
import { routeErrorBoundary } from '~/components/ui/route-error';

export const meta: MetaFunction = () => pageMeta('Recibo de pagamento', 'O recibo de um pagamento seu no E-Engenharia.');

/**
 * GET /account/receipts/{id}: the receipt of one of the user's own paid payments, the same rows
 * as the receipt mail (app/models/payments/receipt.server.ts). Another user's payment, one not
 * paid, or an id that cannot exist is a 404 (nothing tells them apart).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const receipt = getOwnReceipt(user.id, idParam(params.id));
    return json({
      receipt: { paymentId: receipt.paymentId, rows: receiptRows(receipt), testModeNotice: receipt.testMode ? TEST_MODE_NOTICE : null },
    });
  } catch (error) {
    if (isAppError(error)) throw errorResponse(404, error.message);
    throw error;
  }
}

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <ReceiptCard receipt={receipt} />
    </div>
  );
}

/** Another user's payment, or one with no receipt, is a 404 inside the signed-in layout, with the way back to 'Minha Conta'. */
export const ErrorBoundary = routeErrorBoundary({
  back: { to: '/account#pagamentos', label: 'Voltar para Minha Conta' },
  notFound: { title: 'Recibo não encontrado', text: 'Este recibo não existe ou não é de um pagamento seu.' },
});
