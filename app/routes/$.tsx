import type { MetaFunction } from '@remix-run/node';
import { NotFound } from '~/components/not-found';
import { routeErrorBoundary } from '~/components/ui/route-error';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () => pageMeta('Página não encontrada', 'A página que você procura não existe ou foi movida.');

export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export const ErrorBoundary = routeErrorBoundary();
