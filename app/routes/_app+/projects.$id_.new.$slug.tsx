import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProjectCalculator } from '~/components/projects/project-calculator';
import { addCalculationToProject } from '~/models/projects/project-calculations.server';
import { projectCalculatorView } from '~/models/projects/project-calculator.server';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { PROJECT_MESSAGES, projectCalculationSchema } from '~/schemas/projects';
import { idParam } from '~/utils/api.server';
import { handleForm, intent, orResponse } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `${data.header.title} — ${data.project.name}` : 'Novo cálculo');

/** /projects/{id}/new/{slug}?inputs: a calculation created inside the project. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  const projectId = orResponse(() => idParam(params.id, PROJECT_MESSAGES.notFound));
  return json(orResponse(() => projectCalculatorView(user, projectId, { slug: params.slug ?? '' }, new URL(request.url).searchParams)));
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireProjectUser(args.request);
  const projectId = orResponse(() => idParam(args.params.id, PROJECT_MESSAGES.notFound));
  return handleForm(args, {
    save: intent({
      schema: projectCalculationSchema,
      run: ({ title, query }) => {
        addCalculationToProject(user, projectId, { slug: args.params.slug ?? '', title, query });
        return redirectWithToast(`/projects/${projectId}`, { title: 'Cálculo adicionado ao projeto', type: 'success' });
      },
    }),
  });
}

export default function NewProjectCalculation() {
  return <ProjectCalculator view={useLoaderData<typeof loader>()} saveLabel="Adicionar ao projeto" />;
}
