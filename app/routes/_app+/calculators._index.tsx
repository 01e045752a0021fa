import { LightLink } from '~/components/ui/light-link';
import { LockedActions } from '~/components/tool-frame';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CATEGORIES, CATEGORY_LABELS } from '~/calculators/types';
import { LevelBadge } from '~/components/tool-card';
import { listCalculatorsFor } from '~/models/tools/calculator-access.server';
import { calculatorPath } from '~/calculators/view';
import { requireUser } from '~/models/accounts/permissions.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () =>
  pageMeta('Calculadoras', 'Calculadoras de engenharia mecânica, elétrica, têxtil, de informática e química, com memorial de cálculo.');

/** /calculators: every calculator the user may see, by category, with its level and whether it opens. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const gates = listCalculatorsFor(user);
  const categories = CATEGORIES.map((category) => ({
    category,
    label: CATEGORY_LABELS[category],
    calculators: gates
      .filter((gate) => gate.calculator.category === category)
      .map(({ calculator, access, level }) => ({
        slug: calculator.slug,
        title: calculator.title,
        summary: calculator.summary,
        level,
        locked: access === 'locked',
        // Shaped like the dashboard's cards: a locked tool travels without its link.
        href: access === 'locked' ? null : calculatorPath(calculator.slug),
      })),
  })).filter((group) => group.calculators.length > 0);
  return json({ categories });
}

export default function CalculatorsIndex() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Calculadoras de engenharia</h1>
          <p className="mt-1 max-w-3xl text-slate-600">
            Cada resultado mostra a fórmula, os valores intermediários e as referências, vira um link que você pode compartilhar e gera um
            memorial de cálculo para imprimir.
          </p>
        </div>
        <LightLink to="/calculators/history" className="btn-secondary">
          Histórico de cálculos
        </LightLink>
      </div>

      {categories.map((group) => (
        <section key={group.category} className="mt-8" aria-labelledby={`category-${group.category}`}>
          <h2 id={`category-${group.category}`} className="text-xl font-bold">
            {group.label}
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
            {group.calculators.map((calculator) => (
              <li
                key={calculator.slug}
                data-testid="calculator-card"
                className={`card flex flex-col ${calculator.locked ? 'border-dashed bg-slate-50' : ''}`}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <LevelBadge level={calculator.level} />
                  {calculator.locked ? <span className="text-xs font-medium text-slate-500">Bloqueada</span> : null}
                </div>
                <h3 className="mt-3 text-lg font-semibold">{calculator.title}</h3>
                <p className="mt-1 flex-1 text-sm text-slate-600">{calculator.summary}</p>
                <div className="mt-4 flex flex-wrap items-center gap-2">
                  {calculator.locked || !calculator.href ? (
                    <LockedActions level={calculator.level} />
                  ) : (
                    <LightLink to={calculator.href} className="btn-primary">
                      Abrir
                      <span className="sr-only"> {calculator.title}</span>
                    </LightLink>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
