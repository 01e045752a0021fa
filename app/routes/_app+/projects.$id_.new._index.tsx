import { type LoaderFunctionArgs } from '@remix-run/node';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { getOwnProject } from '~/models/projects/project.server';
import { PROJECT_MESSAGES } from '~/schemas/projects';
import { idParam } from '~/utils/api.server';
import { orResponse } from '~/utils/form.server';
import { safeRedirect } from '~/utils/toast.server';

/** /projects/{id}/new?calculator=slug: the project page's 'Novo cálculo' GET form lands here and goes on to that calculator. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  const projectId = orResponse(() => idParam(params.id, PROJECT_MESSAGES.notFound));
  orResponse(() => getOwnProject(user, projectId));
  const slug = new URL(request.url).searchParams.get('calculator') ?? '';
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return safeRedirect(`/projects/${projectId}`);
  return safeRedirect(`/projects/${projectId}/new/${slug}`);
}

/** A page route, so a refusal (another user's project: 404) is the error page, not JSON. */
export default function NewProjectCalculationRedirect() {
  return null;
}
