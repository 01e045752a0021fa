import { LightLink } from '~/components/ui/light-link';
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { linkPreviewFor } from '~/models/tools/link-preview.server';
import { sharedPageMeta, siteOriginOf } from '~/utils/meta';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...sharedPageMeta({
    title: data?.title ?? 'E-Engenharia',
    description: data?.description ?? '',
    url: data?.url ?? '/',
    origin: siteOriginOf(matches),
    type: data?.type ?? 'website',
  }),
  // One preview per shared link: not a page for search results.
  { name: 'robots', content: 'noindex' },
];

/**
 * GET /preview?to=/calculators/torque-eixo?…: what a link-preview fetcher (WhatsApp, Teams…)
 * is sent to instead of the login page when it opens a page that needs a login (requireUser,
 * decision 031). Public: it shows only what a new free account would see, and a way in.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(linkPreviewFor(new URL(request.url).searchParams.get('to')));
}

export default function LinkPreviewPage() {
  const preview = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card p-6">
        <p className="text-sm font-semibold text-brand-700">E-Engenharia</p>
        <h1 className="mt-2 text-2xl font-bold">{preview.title}</h1>
        <p className="mt-3 break-words text-slate-700">{preview.description}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <LightLink to={preview.loginHref} className="btn-primary">
            Entrar para abrir
          </LightLink>
          <LightLink to="/" className="btn-secondary">
            Conhecer a E-Engenharia
          </LightLink>
        </div>
      </div>
    </div>
  );
}
