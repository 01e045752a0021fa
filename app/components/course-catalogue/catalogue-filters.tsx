import { LightLink } from '~/components/ui/light-link';
import { Form, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ListSearch } from '~/components/ui/list-search';
import { COURSE_SORT_LABELS, COURSE_SORTS, type CourseListQuery } from '~/schemas/course-list';
import { COURSE_CATEGORY_LABELS, COURSE_LEVEL_LABELS, COURSE_LEVELS, type CourseCategory } from '~/utils/value-sets';
import { withParams } from '~/utils/url-state';

/** The catalogue's URL state as the view needs it (no page: every filter change starts at page 1). */
export type CatalogueFilterState = Pick<CourseListQuery, 'q' | 'sort' | 'level' | 'category' | 'filter'>;

const DEFAULT_SORT = COURSE_SORTS[0];

/** The parameters a form or link keeps when it changes another one (blank and default values left out). */
const kept = (state: CatalogueFilterState) => ({
  q: state.q || null,
  sort: state.sort !== DEFAULT_SORT ? state.sort : null,
  level: state.level,
  category: state.category,
  filter: state.filter !== 'all' ? state.filter : null,
});

function Hidden({ values }: { values: Record<string, string | null> }) {
  return (
    <>{Object.entries(values).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}</>
  );
}

/**
 * Sort and level: a GET form (works without JavaScript, through 'Aplicar'); once hydrated a
 * change submits it at once and the button goes away.
 */
function SortAndLevel({ state }: { state: CatalogueFilterState }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const { sort: _sort, level: _level, ...others } = kept(state);
  return (
    <Form
      method="get"
      action={location.pathname}
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <Hidden values={others} />
      <div>
        <label htmlFor="course-sort" className="label">
          Ordenar por
        </label>
        <select id="course-sort" name="sort" defaultValue={state.sort} className="input">
          {COURSE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {COURSE_SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="course-level" className="label">
          Nível
        </label>
        <select id="course-level" name="level" defaultValue={state.level ?? ''} className="input">
          <option value="">Todos os níveis</option>
          {COURSE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {COURSE_LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className="btn-secondary">
          Aplicar
        </button>
      )}
    </Form>
  );
}

function Pill({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <LightLink
      to={to}
      aria-current={active ? 'page' : undefined}
      preventScrollReset
      className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
        active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
      }`}
    >
      {children}
    </LightLink>
  );
}

/** Search, sort, level, 'Todos os cursos' / 'Desbloqueados com código' and the category tabs: all URL state. */
export function CatalogueFilters({ state, categories }: { state: CatalogueFilterState; categories: CourseCategory[] }) {
  const location = useLocation();
  const { q: _q, ...searchKeeps } = kept(state);
  const link = (changes: Record<string, string | null>) =>
    `${location.pathname}${withParams(location.search, { ...changes, page: null, dialog: null })}`;
  // A category typed into the URL that has no visible course still shows as the current tab.
  const tabs = state.category && !categories.includes(state.category) ? [...categories, state.category] : categories;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-[1fr_auto] lg:items-end">
        <ListSearch
          id="course-search"
          label="Buscar cursos pelo título"
          placeholder="Buscar cursos pelo título"
          defaultValue={state.q}
          keep={searchKeeps}
        />
        <SortAndLevel key={`${state.sort}-${state.level}`} state={state} />
      </div>
      <nav aria-label="Filtro de acesso" className="flex flex-wrap gap-2">
        <Pill to={link({ filter: null })} active={state.filter === 'all'}>
          Todos os cursos
        </Pill>
        <Pill to={link({ filter: 'unlocked' })} active={state.filter === 'unlocked'}>
          Desbloqueados com código
        </Pill>
      </nav>
      <nav aria-label="Categorias" className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        <Pill to={link({ category: null })} active={!state.category}>
          Todos
        </Pill>
        {tabs.map((category) => (
          <Pill key={category} to={link({ category })} active={state.category === category}>
            {COURSE_CATEGORY_LABELS[category]}
          </Pill>
        ))}
      </nav>
    </div>
  );
}

/** True while a client-side navigation changes the catalogue's filters (the grid shows 4 skeleton cards). */
export function useCatalogueLoading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== 'loading' || navigation.formMethod === 'POST' || navigation.location.pathname !== location.pathname)
    return false;
  const next = new URLSearchParams(navigation.location.search);
  const current = new URLSearchParams(location.search);
  return ['q', 'sort', 'level', 'category', 'filter', 'page'].some((name) => (next.get(name) ?? '') !== (current.get(name) ?? ''));
}
