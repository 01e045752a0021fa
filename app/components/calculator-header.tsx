import { LightLink } from '~/components/ui/light-link';
import { CATEGORY_LABELS, type Category } from '~/calculators/types';
import { LevelBadge } from '~/components/tool-card';

type CalculatorHeaderProps = {
  title: string;
  summary: string;
  category: Category;
  level: string;
  version?: string;
};

/** Title block shared by a calculator's page (open or locked). */
export function CalculatorHeader({ title, summary, category, level, version }: CalculatorHeaderProps) {
  return (
    <header>
      <LightLink to="/calculators" className="text-sm text-brand-700 hover:underline print:hidden">
        ← Calculadoras
      </LightLink>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{CATEGORY_LABELS[category]}</span>
        <LevelBadge level={level} />
        {version ? <span className="text-xs text-slate-500">versão {version}</span> : null}
      </div>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-1 max-w-3xl text-slate-600">{summary}</p>
    </header>
  );
}
