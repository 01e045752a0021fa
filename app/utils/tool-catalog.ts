import { CATEGORIES, CATEGORY_LABELS, type Category } from './value-sets';

export { CATEGORY_LABELS };

const CATEGORY_ORDER: readonly Category[] = CATEGORIES;

export const isCategory = (value: string): value is Category => Object.hasOwn(CATEGORY_LABELS, value);

export const categoryLabel = (value: string): string => (isCategory(value) ? CATEGORY_LABELS[value] : 'Desconhecida');

export type CatalogFilter = 'all' | 'blocked' | Category;

/** `?category=`: an unknown value shows everything rather than an empty page. */
export function parseCatalogFilter(value: string | null | undefined): CatalogFilter {
  if (value === 'blocked') return 'blocked';
  if (value && isCategory(value)) return value;
  return 'all';
}

export const MAX_QUERY_LENGTH = 100;

/** `?q=` trimmed and bounded. */
export const parseCatalogQuery = (value: string | null | undefined) => (value ?? '').trim().slice(0, MAX_QUERY_LENGTH);

export const CATALOG_EMPTY = {
  nothingBlocked: 'Parabéns! Você tem acesso a todas as ferramentas disponíveis.',
  category: 'Nenhuma ferramenta disponível para esta categoria.',
  search: (term: string) => `Nenhuma ferramenta encontrada para "${term}".`,
} as const;

type CatalogItem = { locked: boolean; category: string; name: string; description: string };

export type CatalogView<T> = {
  tools: T[];
  /** Category buttons to show (besides 'all'). */
  categories: Category[];
  /** Whether the 'blocked' button shows: the user sees at least one tool they cannot use. */
  showBlocked: boolean;
  emptyMessage: string | null;
};

/** Case- and accent-insensitive text for the search. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The dashboard's filter: a category (or all) lists the tools the user can open; 'blocked'
 * lists the visible ones they cannot. The search narrows either by name or description.
 */
export function catalogView<T extends CatalogItem>(
  items: T[],
  options: { filter: CatalogFilter; query: string; isAdmin: boolean },
): CatalogView<T> {
  const open = items.filter((item) => !item.locked);
  const locked = items.filter((item) => item.locked);
  const categories = options.isAdmin
    ? [...CATEGORY_ORDER]
    : CATEGORY_ORDER.filter((category) => open.some((item) => item.category === category));

  const inFilter =
    options.filter === 'blocked' ? locked : options.filter === 'all' ? open : open.filter((item) => item.category === options.filter);
  const needle = fold(options.query);
  const tools = needle ? inFilter.filter((item) => fold(item.name).includes(needle) || fold(item.description).includes(needle)) : inFilter;

  let emptyMessage: string | null = null;
  if (tools.length === 0) {
    if (options.filter === 'blocked' && locked.length === 0) emptyMessage = CATALOG_EMPTY.nothingBlocked;
    else if (options.query) emptyMessage = CATALOG_EMPTY.search(options.query);
    else emptyMessage = CATALOG_EMPTY.category;
  }
  return { tools, categories, showBlocked: locked.length > 0, emptyMessage };
}
