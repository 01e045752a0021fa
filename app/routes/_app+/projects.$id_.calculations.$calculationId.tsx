import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ProjectCalculator } from '~/components/projects/project-calculator';
import { updateCalculationInputs } from '~/models/projects/project-calculations.server';
import { projectCalculatorView } from '~/models/projects/project-calculator.server';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { PROJECT_MESSAGES, projectCalculationSchema } from '~/schemas/projects';
import { idParam } from '~/utils/api.server';
import { handleForm, intent, orResponse } from '~/utils/form.server';
import { pageMeta } from '~/utils/meta';
import { redirectWithToast } from '~/utils/toast.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data ? `${data.title} — ${data.project.name}` : 'Alterar cálculo');

/** /projects/{id}/calculations/{calculationId}?inputs: 'Alterar dados' of one calculation; saving changes the next revision only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  const projectId = orResponse(() => idParam(params.id, PROJECT_MESSAGES.notFound));
  const calculationId = orResponse(() => idParam(params.calculationId, PROJECT_MESSAGES.calculationNotFound));
  return json(orResponse(() => projectCalculatorView(user, projectId, { calculationId }, new URL(request.url).searchParams)));
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireProjectUser(args.request);
  const projectId = orResponse(() => idParam(args.params.id, PROJECT_MESSAGES.notFound));
  const calculationId = orResponse(() => idParam(args.params.calculationId, PROJECT_MESSAGES.calculationNotFound));
  return handleForm(args, {
    save: intent({
      schema: projectCalculationSchema,
      run: (value) => {
        updateCalculationInputs(user, projectId, calculationId, value);
        return redirectWithToast(`/projects/${projectId}`, {
          title: 'Cálculo alterado',
          description: 'A alteração entra na próxima revisão; as emitidas não mudam.',
          type: 'success',
        });
      },
    }),
  });
}

export default function EditProjectCalculation() {
  return <ProjectCalculator view={useLoaderData<typeof loader>()} saveLabel="Salvar no projeto" />;
}
