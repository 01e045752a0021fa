import { Form, useSubmit } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { MONTH_CHOICES } from '~/schemas/upgrade-page';
import { formatCents } from '~/utils/format';
import type { ProRole } from '~/utils/value-sets';

/** What each paid plan says on its card (the specification's descriptions; ticks as on the landing page). */
export const PLAN_COPY: Readonly<Record<ProRole, { description: string; features: string[] }>> = {
  'E-TOOL': {
    description: 'Acesso a ferramentas E-TOOL',
    features: [
      'Todas as ferramentas E-TOOL',
      'Calculadoras profissionais das cinco categorias',
      'Histórico de cálculos',
      'Sem renovação automática',
    ],
  },
  'E-MASTER': {
    description: 'Acesso a todas as ferramentas e cursos',
    features: ['Tudo do plano E-TOOL', 'Acesso a todas as ferramentas', 'Cursos especializados', 'Materiais exclusivos', 'Suporte premium'],
  },
};

export const DAYS_PER_MONTH = 30;

const monthsLabel = (months: number) => (months === 1 ? '1 mês' : `${months} meses`);

function Tick() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-brand-600"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
    >
      <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />
    </svg>
  );
}

type PlanCardProps = { plan: ProRole; monthlyCents: number; months: number };

/**
 * One paid plan: its badge, description, days and price, a 1-12 month selector whose total is
 * the monthly price times the months, and 'Fazer upgrade'. A GET form, so the months and the
 * step live in the URL (`?plan=E-TOOL&months=3&step=pay`); with JavaScript the selector updates
 * the URL by itself, without it 'Atualizar' does.
 */
export function PlanCard({ plan, monthlyCents, months }: PlanCardProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const copy = PLAN_COPY[plan];
  const selectId = `months-${plan}`;
  return (
    <section className="card flex flex-col" aria-labelledby={`plan-${plan}`} data-testid={`plan-card-${plan}`}>
      <h2 id={`plan-${plan}`}>
        <span
          className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${plan === 'E-MASTER' ? 'bg-purple-100 text-purple-800' : 'bg-blue-100 text-blue-800'}`}
        >
          {plan}
        </span>
      </h2>
      <p className="mt-3 text-slate-700">{copy.description}</p>
      <p className="mt-1 text-sm text-slate-600">Acesso por {DAYS_PER_MONTH * months} dias</p>
      <p className="mt-3 text-lg font-semibold">A partir de {formatCents(monthlyCents)}/mês</p>
      <Form method="get" preventScrollReset replace className="mt-4 grid gap-3">
        <input type="hidden" name="plan" value={plan} />
        <div>
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            Duração
          </label>
          <div className="mt-1 flex gap-2">
            <select
              id={selectId}
              name="months"
              defaultValue={String(months)}
              className="input flex-1"
              onChange={(event) => submit(event.currentTarget.form, { method: 'get', replace: true, preventScrollReset: true })}
            >
              {MONTH_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {monthsLabel(choice)} — {formatCents(monthlyCents * choice)}
                </option>
              ))}
            </select>
            {hydrated ? null : (
              <button type="submit" className="btn-secondary">
                Atualizar
              </button>
            )}
          </div>
        </div>
        <p className="text-sm text-slate-700" data-testid={`plan-total-${plan}`}>
          Total: <strong>{formatCents(monthlyCents * months)}</strong> por {monthsLabel(months)}
        </p>
        <ul className="grid gap-2 text-sm text-slate-700">
          {copy.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Tick />
              {feature}
            </li>
          ))}
        </ul>
        <button type="submit" name="step" value="pay" className="btn-primary mt-2">
          Fazer upgrade
        </button>
      </Form>
    </section>
  );
}
