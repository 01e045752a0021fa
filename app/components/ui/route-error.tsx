import { isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react';
import { NotFound } from '../not-found';
import { LightLink } from './light-link';

/**
 * The error page of a route that can fail on its own (a missing course, a refused ticket), shown
 * inside the layouts above it, so the header and the menu stay. A refusal (4xx) says the server's
 * message under 'Erro {status}' ('Acesso negado' for 403); a failure (5xx, or a thrown bug) says
 * so, or offers 'Tentar novamente' on the same address when the route gives `unexpected`. Each
 * route's boundary is one line:
 *
 *   export const ErrorBoundary = routeErrorBoundary({ back: { to: '/courses', label: 'Voltar para cursos' } });
 */

type RouteErrorOptions = {
  /** The way out under the message; the home page by default. */
  back?: { to: string; label: string };
  /** The route's own 404 page (title and text, with the way out); the site's 'Página não encontrada' by default. */
  notFound?: { title: string; text: string };
  /** The route's own page for a failure, with 'Tentar novamente' to the same address. */
  unexpected?: { title: string; text: string; testId?: string };
  /** Plain anchors that load a whole document (the root's boundary: the app around it may be what failed). */
  plainLinks?: boolean;
};

const DEFAULT_BACK = { to: '/', label: 'Voltar ao início' };
const FAILURE_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente em instantes.';

function BackLink({ to, label, plain }: { to: string; label: string; plain: boolean }) {
  return plain ? (
    <a href={to} className="btn-primary mt-8">
      {label}
    </a>
  ) : (
    <LightLink to={to} className="btn-primary mt-8">
      {label}
    </LightLink>
  );
}

export function RouteError({ back = DEFAULT_BACK, notFound, unexpected, plainLinks = false }: RouteErrorOptions) {
  const error = useRouteError();
  const location = useLocation();
  const response = isRouteErrorResponse(error) ? error : null;
  const status = response?.status ?? 500;

  if (status === 404 && !notFound) return <NotFound />;
  if (status === 404 && notFound) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{notFound.title}</h1>
        <p className="mt-4 text-slate-600">{notFound.text}</p>
        <BackLink {...back} plain={plainLinks} />
      </div>
    );
  }
  if (status >= 500 && unexpected) {
    return (
      <div data-testid={unexpected.testId} className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{unexpected.title}</h1>
        <p className="mt-4 text-slate-600">{unexpected.text}</p>
        <a href={`${location.pathname}${location.search}`} className="btn-primary mt-8">
          Tentar novamente
        </a>
      </div>
    );
  }
  const message = typeof response?.data?.message === 'string' ? response.data.message : FAILURE_MESSAGE;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">Erro {status}</p>
      <h1 className="mt-2 text-3xl font-bold">{status === 403 ? 'Acesso negado' : 'Algo deu errado'}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <BackLink {...back} plain={plainLinks} />
    </div>
  );
}

/** A route's `ErrorBoundary` export: `export const ErrorBoundary = routeErrorBoundary({ … })`. */
export function routeErrorBoundary(options: RouteErrorOptions = {}) {
  return function ErrorBoundary() {
    return <RouteError {...options} />;
  };
}
