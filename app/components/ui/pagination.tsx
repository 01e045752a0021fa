import { LightLink } from '~/components/ui/light-link';
import { useLocation } from '@remix-run/react';
import { withParams } from '~/utils/url-state';

/**
 * The list kit's pagination bar: plain links that keep the list's other parameters. A page with
 * several lists gives each its own `param`, `label` (the nav's accessible name) and section (`hash`).
 */
export function Pagination({
  page,
  pageCount,
  param = 'page',
  hash = '',
  label = 'Paginação',
}: {
  page: number;
  pageCount: number;
  param?: string;
  hash?: string;
  label?: string;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => `${location.pathname}${withParams(location.search, { [param]: target > 1 ? target : null })}${hash}`;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <LightLink to={href(page - 1)} className="btn-secondary" rel="prev">
          ← Anterior
        </LightLink>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <LightLink to={href(page + 1)} className="btn-secondary" rel="next">
          Próxima →
        </LightLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
