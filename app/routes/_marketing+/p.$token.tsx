import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CalculatorPrintButton } from '~/components/calculator-print-button';
import { ProjectMemorial } from '~/components/projects/project-memorial';
import { LightLink } from '~/components/ui/light-link';
import { memorialData, type ProjectMemorialData } from '~/models/projects/memorial.server';
import { openSharedRevision } from '~/models/projects/share-links.server';
import { isAppError } from '~/utils/errors';
import { pageMeta } from '~/utils/meta';

/** A link preview names the project only: never the client, the place, the ART or a result. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(
    data?.kind === 'found' ? data.memorial.project.name : 'Memorial compartilhado',
    'Memorial de cálculo compartilhado pela E-Engenharia.',
  ),
  { property: 'og:title', content: data?.kind === 'found' ? data.memorial.project.name : 'Memorial compartilhado' },
  { property: 'og:description', content: 'Memorial de cálculo compartilhado pela E-Engenharia.' },
  { name: 'robots', content: 'noindex' },
];

/** The token is the key: no cache keeps the page, and no Referer carries it to another site. */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' });

type Found = { kind: 'found'; memorial: ProjectMemorialData };
type Refused = { kind: 'refused'; message: string };

/**
 * /p/{token}: one revision of a project shared with the client, without an account: the memorial and
 * nothing else of the engineer's account. Every view is counted; a revoked or expired link is refused (410).
 */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const shared = openSharedRevision(params.token ?? '');
    return json<Found | Refused>({ kind: 'found', memorial: memorialData(shared.snapshot, shared, shared.revisions) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json<Found | Refused>({ kind: 'refused', message: error.message }, { status: error.status });
  }
}

export default function SharedProjectMemorial() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'refused') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold">Memorial compartilhado</h1>
        <div role="alert" className="card mt-6 p-6" data-testid="shared-refused">
          <p className="text-lg font-semibold text-red-700">{data.message}</p>
          <p className="mt-2 text-slate-700">Peça um novo link ao responsável pelo projeto.</p>
        </div>
        <p className="mt-8">
          <LightLink to="/" className="text-brand-700 hover:underline">
            Ir para a página inicial
          </LightLink>
        </p>
      </div>
    );
  }
  return (
    <article className="mx-auto max-w-4xl space-y-6 px-4 py-8 print:max-w-none print:p-0 print:text-[11pt]">
      <div className="print:hidden">
        <CalculatorPrintButton />
      </div>
      <ProjectMemorial data={data.memorial} />
    </article>
  );
}
