import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CalculatorPrintButton } from '~/components/calculator-print-button';
import { ProjectMemorial } from '~/components/projects/project-memorial';
import { LightLink } from '~/components/ui/light-link';
import { projectMemorial } from '~/models/projects/memorial.server';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { PROJECT_MESSAGES } from '~/schemas/projects';
import { idParam } from '~/utils/api.server';
import { orResponse } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(
    data
      ? `Memorial — ${data.memorial.project.name}${data.memorial.revision ? ` — ${data.memorial.revision}` : ''}`
      : 'Memorial do projeto',
  );

/**
 * /projects/{id}/memorial[?rev=N]: the project memorial, printed by the browser on A4. With `rev`
 * the frozen revision exactly as issued; without it, a preview of what the next revision would freeze.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  const projectId = orResponse(() => idParam(params.id, PROJECT_MESSAGES.notFound));
  const rev = new URL(request.url).searchParams.get('rev');
  const number = rev === null ? null : /^\d{1,3}$/.test(rev) ? Number(rev) : -1;
  return json({ projectId, memorial: orResponse(() => projectMemorial(user, projectId, number)) });
}

export default function ProjectMemorialPage() {
  const { projectId, memorial } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-4xl space-y-6 px-4 py-8 print:max-w-none print:p-0 print:text-[11pt]">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <LightLink to={`/projects/${projectId}`} className="btn-secondary">
          ← Voltar ao projeto
        </LightLink>
        <CalculatorPrintButton />
      </div>
      <ProjectMemorial data={memorial} />
    </article>
  );
}
