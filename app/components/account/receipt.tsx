import { LightLink } from '~/components/ui/light-link';
import { TestModeBadge } from '~/components/upgrade/test-mode';

export type ReceiptPageData = {
  paymentId: number;
  rows: ReadonlyArray<readonly [label: string, value: string]>;
  testModeNotice: string | null;
};

/** 'Recibo de pagamento' in 'Minha Conta': the rows the receipt mail prints, printable as a page. */
export function ReceiptCard({ receipt }: { receipt: ReceiptPageData }) {
  return (
    <section className="card" aria-labelledby="receipt-title" data-testid="receipt">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="receipt-title" className="text-2xl font-bold">
          Recibo de pagamento
        </h1>
        {receipt.testModeNotice ? <TestModeBadge /> : null}
      </div>
      {receipt.testModeNotice ? <p className="mt-2 text-sm font-medium text-amber-800">{receipt.testModeNotice}</p> : null}
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {receipt.rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3 print:hidden">
        <LightLink to="/account#pagamentos" className="btn-secondary">
          Voltar para Minha Conta
        </LightLink>
      </div>
    </section>
  );
}
