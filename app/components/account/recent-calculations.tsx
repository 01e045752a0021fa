import { LightLink } from '~/components/ui/light-link';
import type { RecentCalculation } from '~/models/tools/calculation-history.server';

export function RecentCalculations({ items, total }: { items: RecentCalculation[]; total: number }) {
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="text-lg font-semibold">
        Histórico de cálculos
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Nenhum cálculo salvo ainda. Use{' '}
          <LightLink to="/calculators" className="text-brand-700 underline">
            as calculadoras
          </LightLink>{' '}
          e salve os resultados que quiser guardar.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              {item.href ? (
                <LightLink to={item.href} className="font-medium text-brand-700 hover:underline">
                  {item.title}
                </LightLink>
              ) : (
                <span className="font-medium">{item.title}</span>
              )}
              <span className="text-slate-500">{item.savedAt}</span>
            </li>
          ))}
        </ul>
      )}
      {total > 0 ? (
        <LightLink to="/calculators/history" className="mt-3 inline-block text-sm text-brand-700 hover:underline">
          Ver todo o histórico ({total})
        </LightLink>
      ) : null}
    </section>
  );
}
