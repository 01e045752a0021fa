import { Cell, ListTable } from '~/components/ui/list-table';
import type { RatingFigure, RatingFigures } from '~/models/chat/ticket-rating.server';
import { formatRating } from '~/utils/format';

const HEADERS = ['Avaliações', 'Média', 'Notas de 1 a 5'] as const;

const average = (figure: RatingFigure) => (figure.average === null ? '—' : formatRating(figure.average));

function FigureCells({ figure }: { figure: RatingFigure }) {
  return (
    <>
      <Cell>{figure.count}</Cell>
      <Cell>{average(figure)}</Cell>
      <Cell>
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Avaliações por nota">
          {figure.distribution.map((value, index) => (
            <li key={index} className="whitespace-nowrap" data-testid="rating-score-count">
              <span aria-hidden="true">{index + 1}★</span>
              <span className="sr-only">Nota {index + 1}:</span> {value}
            </li>
          ))}
        </ul>
      </Cell>
    </>
  );
}

/** The support tab's 'Como foi o atendimento?' figures: the last months' average, by month and by admin. */
export function TicketRatingFigures({ figures }: { figures: RatingFigures }) {
  return (
    <section className="card" aria-labelledby="ticket-ratings-heading" data-testid="ticket-rating-figures">
      <h2 id="ticket-ratings-heading" className="text-lg font-semibold">
        Como foi o atendimento?
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Avaliações dos tickets encerrados nos últimos {figures.months.length} meses. Cada avaliação conta para o administrador que deu a
        última resposta no ticket.
      </p>
      <p className="mt-3 text-sm" data-testid="ticket-rating-summary">
        {figures.count === 0 ? (
          'Nenhuma avaliação no período'
        ) : (
          <>
            Média <strong>{average(figures)}</strong> de 5 em {figures.count} {figures.count === 1 ? 'avaliação' : 'avaliações'}
          </>
        )}
      </p>
      <h3 className="mt-4 font-semibold">Por mês</h3>
      <ListTable label="Avaliações por mês" headers={['Mês', ...HEADERS]} empty="" count={figures.months.length}>
        {figures.months.map((month) => (
          <tr key={month.month} data-testid="rating-month-row">
            <Cell>{month.label}</Cell>
            <FigureCells figure={month} />
          </tr>
        ))}
      </ListTable>
      <h3 className="mt-4 font-semibold">Por administrador</h3>
      <ListTable
        label="Avaliações por administrador"
        headers={['Administrador', ...HEADERS]}
        empty="Nenhuma avaliação no período"
        count={figures.admins.length}
      >
        {figures.admins.map((admin) => (
          <tr key={admin.adminId ?? 'none'} data-testid="rating-admin-row">
            <Cell>{admin.name}</Cell>
            <FigureCells figure={admin} />
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
