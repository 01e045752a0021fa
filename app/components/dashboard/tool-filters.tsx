import { LightLink } from '~/components/ui/light-link';
import { useLocation, useNavigation } from '@remix-run/react';
import { ListSearch } from '~/components/ui/list-search';
import { CATEGORY_LABELS, type CatalogFilter } from '~/utils/tool-catalog';
import type { Category } from '~/utils/value-sets';
import { withParams } from '~/utils/url-state';

/** The collapsible tool search (a GET form: the search is in the URL and works without JavaScript). */
export function ToolSearch({ query, filter }: { query: string; filter: CatalogFilter }) {
  return (
    <details className="card self-start py-4" open={Boolean(query)}>
      <summary className="cursor-pointer font-semibold">Buscar ferramentas</summary>
      <div className="mt-3">
        <ListSearch
          id="tool-search"
          label="Buscar por nome ou descrição"
          placeholder="Nome ou descrição da ferramenta"
          defaultValue={query}
          keep={{ category: filter !== 'all' ? filter : null }}
        />
      </div>
    </details>
  );
}

type CategoryFilterProps = { current: CatalogFilter; categories: Category[]; showBlocked: boolean };

/** all / a category / blocked, as links that keep the search and close any dialog. */
export function CategoryFilter({ current, categories, showBlocked }: CategoryFilterProps) {
  const location = useLocation();
  const options: Array<{ value: CatalogFilter; label: string }> = [
    { value: 'all', label: 'Todas' },
    ...categories.map((category) => ({ value: category, label: CATEGORY_LABELS[category] })),
    ...(showBlocked ? [{ value: 'blocked' as const, label: 'Bloqueadas' }] : []),
  ];
  return (
    <nav aria-label="Categorias" className="flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.value === current;
        return (
          <LightLink
            key={option.value}
            to={`${location.pathname}${withParams(location.search, { category: option.value, dialog: null, tool: null, page: null })}`}
            aria-current={active ? 'page' : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
              active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
            preventScrollReset
          >
            {option.label}
          </LightLink>
        );
      })}
    </nav>
  );
}

/** True while a client-side navigation changes this page's filter or search (the grid is being replaced). */
export function useCatalogLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== 'loading' || navigation.formData || navigation.location.pathname !== location.pathname) return false;
  const next = new URLSearchParams(navigation.location.search);
  const current = new URLSearchParams(location.search);
  return next.get('category') !== current.get('category') || next.get('q') !== current.get('q');
}
