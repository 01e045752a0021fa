import { StaticMarkup } from '~/components/static-markup';
import { Cell, ListTable } from '~/components/ui/list-table';
import { Pagination } from '~/components/ui/pagination';
import { formatDateTime } from '~/utils/format';

export type SignInsView = {
  items: { id: number; at: string; browser: string; address: string | null; thisBrowser: boolean }[];
  total: number;
  page: number;
  pageCount: number;
};

/** The page parameter of this list on 'Minha Conta' (the page has other sections). */
export const SIGN_INS_PAGE_PARAM = 'acessos';

const HEADERS = ['Quando', 'Navegador', 'Endereço IP'] as const;

/**
 * 'Minha Conta' → 'Segurança' → 'Últimos acessos': the account's sign-ins, newest first, 10 a page
 * (decision 068), so the owner can spot one that was not theirs.
 */
export function SignInsSection({ signIns }: { signIns: SignInsView }) {
  return (
    <section id="ultimos-acessos" className="card" aria-labelledby="sign-ins-title">
      <h2 id="sign-ins-title" className="text-lg font-semibold">
        Últimos acessos
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cada entrada na sua conta, com o horário de Brasília, o navegador e o endereço IP. Um acesso de um navegador novo também é avisado
        por e-mail. Se algum não foi você, troque sua senha e ative a verificação em duas etapas.
      </p>
      {/* The table depends on the page of sign-ins alone: rendered once per page of rows (decision 079). */}
      <StaticMarkup
        markupKey={`sign-ins:${signIns.total}:${JSON.stringify(signIns.items)}`}
        as="div"
        content={() => <SignInsTable signIns={signIns} />}
      />
      <Pagination page={signIns.page} pageCount={signIns.pageCount} param={SIGN_INS_PAGE_PARAM} hash="#ultimos-acessos" />
    </section>
  );
}

function SignInsTable({ signIns }: { signIns: SignInsView }) {
  return (
    <ListTable
      id="ultimos-acessos-lista"
      label="Últimos acessos"
      headers={HEADERS}
      empty="Nenhum acesso registrado ainda."
      count={signIns.total}
    >
      {signIns.items.map((signIn) => (
        <tr key={signIn.id} data-testid="sign-in-row">
          <Cell>{formatDateTime(signIn.at)}</Cell>
          <Cell>
            {/* One child: on a phone the cell is a two-column grid (its label, then this). */}
            <span>
              {signIn.browser}
              {signIn.thisBrowser ? (
                <span className="ml-2 inline-flex whitespace-nowrap rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                  este navegador
                </span>
              ) : null}
            </span>
          </Cell>
          <Cell className="break-all">{signIn.address ?? '—'}</Cell>
        </tr>
      ))}
    </ListTable>
  );
}
