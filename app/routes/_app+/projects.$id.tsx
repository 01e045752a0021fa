import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ProjectCalculations, VersionDriftNotice } from '~/components/projects/project-calculations';
import { ProjectForm } from '~/components/projects/project-form';
import { ProjectRevisions } from '~/components/projects/project-revisions';
import { LightLink } from '~/components/ui/light-link';
import { Pagination } from '~/components/ui/pagination';
import { projectPageActions } from '~/models/projects/project-page-actions.server';
import { projectPageData } from '~/models/projects/project-page.server';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { PROJECT_MESSAGES, projectPageQuerySchema } from '~/schemas/projects';
import { idParam } from '~/utils/api.server';
import { handleForm, orResponse } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `Projeto ${data.project.name}` : 'Projeto');

/**
 * /projects/{id}?page=&revisoes=&links=: one of the user's projects (anyone else's is a 404): its
 * calculations, revisions and share links (each paginated), and its data.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  const projectId = orResponse(() => idParam(params.id, PROJECT_MESSAGES.notFound));
  const pages = parseListQuery(new URL(request.url).searchParams, projectPageQuerySchema);
  return json(orResponse(() => projectPageData(user, projectId, pages)));
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireProjectUser(args.request);
  const projectId = orResponse(() => idParam(args.params.id, PROJECT_MESSAGES.notFound));
  return handleForm(args, projectPageActions(user, projectId));
}

export default function ProjectPage() {
  const { project, calculations, revisions, drift, links, calculators } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ sharedPath?: string }>();
  const editable = project.status !== 'archived';
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <div>
        <LightLink to="/projects" className="text-sm text-brand-700 hover:underline">
          ← Projetos
        </LightLink>
        <h1 className="mt-3 break-words text-2xl font-bold">{project.name}</h1>
        <p className="mt-1 break-words text-slate-600">
          {[project.client, project.place, project.statusLabel].filter(Boolean).join(' · ')}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <LightLink to={`/projects/${project.id}/memorial`} className="btn-secondary">
            Memorial (prévia)
          </LightLink>
          {/* Downloads, not pages: plain links the router does not follow. */}
          <a href={`/projects/${project.id}/export?format=csv`} download className="btn-ghost">
            Exportar CSV
          </a>
          <a href={`/projects/${project.id}/export?format=json`} download className="btn-ghost">
            Exportar JSON
          </a>
          {editable && calculations.total > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="issue" />
              <button type="submit" className="btn-primary">
                Emitir revisão
              </button>
            </Form>
          ) : null}
        </div>
      </div>

      <VersionDriftNotice drift={drift} />

      <section aria-labelledby="calculations-title" className="space-y-3">
        <h2 id="calculations-title" className="text-lg font-semibold">
          Cálculos ({calculations.total})
        </h2>
        <ProjectCalculations projectId={project.id} calculations={calculations.items} editable={editable} />
        <Pagination page={calculations.page} pageCount={calculations.pageCount} label="Páginas dos cálculos" />
        {editable && calculators.length > 0 ? (
          <Form method="get" action={`/projects/${project.id}/new`} className="card flex flex-wrap items-end gap-2 p-4">
            <div className="min-w-0 flex-1">
              <label htmlFor="new-calculator" className="label">
                Novo cálculo neste projeto
              </label>
              <select id="new-calculator" name="calculator" className="input w-full">
                {calculators.map((calculator) => (
                  <option key={calculator.slug} value={calculator.slug}>
                    {calculator.title}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              Abrir calculadora
            </button>
          </Form>
        ) : null}
      </section>

      <section aria-labelledby="revisions-title" className="space-y-3">
        <h2 id="revisions-title" className="text-lg font-semibold">
          Revisões
        </h2>
        <ProjectRevisions projectId={project.id} revisions={revisions} links={links} sharedPath={actionData?.sharedPath ?? null} />
      </section>

      <section aria-labelledby="project-data-title" className="card">
        <h2 id="project-data-title" className="text-lg font-semibold">
          Dados do projeto
        </h2>
        <div className="mt-4">
          <ProjectForm key={project.updatedAt} intent="update" defaults={project} submitLabel="Salvar dados" />
        </div>
      </section>
    </div>
  );
}
