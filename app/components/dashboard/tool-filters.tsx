import { LightLink } from '~/components/ui/light-link';
import { useLocation, useNavigation } from '@remix-run/react';
import { ListSearch } from '~/components/ui/list-search';
import { StaticMarkup } from '~/components/static-markup';
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

type CategoryFilterProps = { current: CatalogFilter; categories: Category[]; showBlocked: boolean; className?: string };

/**
 * all / a category / blocked, as links that keep the search and close any dialog. The links depend
 * on the page's path and query and on the filter's options alone, so the row is rendered once per
 * such key (decision 079), not a query-string rebuild per option on every view.
 */
export function CategoryFilter({ current, categories, showBlocked, className }: CategoryFilterProps) {
  const { pathname, search } = useLocation();
  return (
    <StaticMarkup
      as="div"
      className={className}
      markupKey={`category-filter:${current}:${showBlocked ? 1 : 0}:${categories.join(',')}:${pathname}${search}`}
      content={() => categoryLinks({ current, categories, showBlocked, pathname, search })}
    />
  );
}

function categoryLinks({ current, categories, showBlocked, pathname, search }: CategoryFilterProps & { pathname: string; search: string }) {
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
            to={`${pathname}${withParams(search, { category: option.value, dialog: null, tool: null, page: null })}`}
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
