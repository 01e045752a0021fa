import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProjectForm } from '~/components/projects/project-form';
import { LightLink } from '~/components/ui/light-link';
import { Pagination } from '~/components/ui/pagination';
import { createProject, listProjects, newProjectDefaults, projectQuota } from '~/models/projects/project.server';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { projectListQuerySchema, projectSchema } from '~/schemas/projects';
import { handleForm, intent } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { parseListQuery } from '~/utils/pagination.server';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction = () => pageMeta('Projetos', 'Seus cálculos reunidos em projetos, com revisões e memorial.');

/** /projects?page=N: the user's projects, most recently changed first, and 'Novo projeto' (E-TOOL and above). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  const query = parseListQuery(new URL(request.url).searchParams, projectListQuerySchema);
  return json({ ...listProjects(user, query), quota: projectQuota(user), defaults: newProjectDefaults(user.id) });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireProjectUser(args.request);
  return handleForm(args, {
    create: intent({
      schema: projectSchema,
      run: (value) => {
        const project = createProject(user, value);
        return redirectWithToast(`/projects/${project.id}`, {
          title: 'Projeto criado',
          description: 'Adicione cálculos a ele pela calculadora, pelo histórico ou por aqui.',
          type: 'success',
        });
      },
    }),
  });
}

export default function Projects() {
  const { items, page, pageCount, total, quota, defaults } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Projetos</h1>
      <p className="mt-1 text-slate-600" data-testid="projects-quota">
        {quota.limit === null
          ? `${quota.active} ${quota.active === 1 ? 'projeto ativo' : 'projetos ativos'}; seu plano não tem limite de projetos.`
          : `${quota.active} de ${quota.limit} projetos ativos no plano E-TOOL (o E-MASTER não tem limite). Cada projeto reúne até 200 cálculos.`}
      </p>

      {total === 0 ? (
        <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600" data-testid="projects-empty">
          Nenhum projeto ainda. Crie o primeiro abaixo: um projeto reúne os cálculos de uma obra ou máquina, com revisões e um memorial
          único.
        </div>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="projects-list">
          {items.map((project) => (
            <li key={project.id} className="card p-4" data-testid="project-item">
              <h2 className="break-words font-semibold">
                <LightLink to={`/projects/${project.id}`} className="text-brand-700 hover:underline">
                  {project.name}
                </LightLink>
              </h2>
              <p className="mt-0.5 break-words text-sm text-slate-600">
                {[
                  project.client,
                  project.statusLabel,
                  `${project.calculationCount ?? 0} ${project.calculationCount === 1 ? 'cálculo' : 'cálculos'}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />

      <section className="card mt-8" aria-labelledby="new-project-title">
        <h2 id="new-project-title" className="text-lg font-semibold">
          Novo projeto
        </h2>
        <p className="mt-1 text-sm text-slate-600">Cliente, local, ART, responsável e CREA vêm dos dados do seu último memorial.</p>
        <div className="mt-4">
          <ProjectForm intent="create" defaults={defaults} submitLabel="Criar projeto" />
        </div>
      </section>
    </div>
  );
}
