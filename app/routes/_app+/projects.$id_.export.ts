import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireProjectUser } from '~/models/projects/project-guard.server';
import { projectCsv, projectExportFileName, projectJson } from '~/models/projects/project-export.server';
import { PROJECT_MESSAGES } from '~/schemas/projects';
import { downloadRefusal, orDownloadRefusal } from '~/utils/download-refusal.server';
import { getEnv } from '~/utils/env.server';
import { applySecurityHeaders } from '~/utils/security.server';

const BACK = { href: '/projects', label: 'Voltar aos projetos' };

/** GET /projects/{id}/export?format=csv|json: the project's calculations as a download (a plain link). Another user's project is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireProjectUser(request);
  if (!/^\d{1,12}$/.test(params.id ?? '')) return downloadRefusal(404, PROJECT_MESSAGES.notFound, BACK);
  const projectId = Number(params.id);
  const json = new URL(request.url).searchParams.get('format') === 'json';
  const file = await orDownloadRefusal(() => {
    if (!json) return projectCsv(user, projectId);
    const data = projectJson(user, projectId);
    return { name: data.project.name, body: JSON.stringify(data, null, 2) };
  }, BACK);
  if (file instanceof Response) return file;
  const headers = new Headers({
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${projectExportFileName(file.name, json ? 'json' : 'csv')}"`,
    'Cache-Control': 'private, no-store',
  });
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(file.body, { headers });
}
