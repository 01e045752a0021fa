import { LightLink } from '~/components/ui/light-link';
import { Form, useLocation } from '@remix-run/react';
import { withParams } from '~/utils/url-state';

type ListSearchProps = {
  /** Screen-reader label of the field. */
  label: string;
  placeholder?: string;
  defaultValue: string;
  /** Other list parameters a new search keeps (the page is dropped). */
  keep?: Record<string, string | null | undefined>;
  id?: string;
};

/** The list kit's search: a GET form, so it works without JavaScript and the search is in the URL. */
export function ListSearch({ label, placeholder, defaultValue, keep = {}, id = 'list-search' }: ListSearchProps) {
  const location = useLocation();
  const kept = Object.entries(keep).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const clearTo = `${location.pathname}${withParams(location.search, { q: null, page: null })}`;
  return (
    // The page's own path as the action: on an index route the default would add `?index` to the URL.
    <Form method="get" action={location.pathname} className="flex flex-wrap gap-2" role="search">
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        maxLength={100}
        placeholder={placeholder}
        className="input flex-1"
      />
      <button type="submit" className="btn-primary">
        Buscar
      </button>
      {defaultValue ? (
        <LightLink to={clearTo} className="btn-ghost">
          Limpar
        </LightLink>
      ) : null}
    </Form>
  );
}
