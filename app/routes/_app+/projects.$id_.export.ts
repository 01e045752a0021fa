import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { projectCsv, projectExportFileName, projectJson } from '~/models/projects/project-export.server';
import { PROJECT_MESSAGES } from '~/schemas/projects';
import { downloadRefusal } from '~/utils/download-refusal.server';
import { getEnv } from '~/utils/env.server';
import { isAppError } from '~/utils/errors';
import { applySecurityHeaders } from '~/utils/security.server';

const refusal = (status: number, message: string) => downloadRefusal(status, message, { href: '/projects', label: 'Voltar aos projetos' });

/** GET /projects/{id}/export?format=csv|json: the project's calculations as a download (a plain link). Another user's project is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  if (!/^\d{1,12}$/.test(params.id ?? '')) return refusal(404, PROJECT_MESSAGES.notFound);
  const projectId = Number(params.id);
  const json = new URL(request.url).searchParams.get('format') === 'json';
  let file: { name: string; body: string };
  try {
    if (json) {
      const data = projectJson(user, projectId);
      file = { name: data.project.name, body: JSON.stringify(data, null, 2) };
    } else {
      file = projectCsv(user, projectId);
    }
  } catch (error) {
    if (isAppError(error)) return refusal(error.status, error.message);
    throw error;
  }
  const headers = new Headers({
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${projectExportFileName(file.name, json ? 'json' : 'csv')}"`,
    'Cache-Control': 'private, no-store',
  });
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(file.body, { headers });
}
