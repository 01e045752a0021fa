import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/models/accounts/permissions.server';
import { analyticsCsv, analyticsCsvFileName } from '~/models/assessments/analytics-csv.server';
import { COURSE_ACCESS_MESSAGES } from '~/models/courses/access.server';
import { requireFreshDownload } from '~/plumbing/fresh-check.server';
import { idParam } from '~/utils/api.server';
import { getEnv } from '~/utils/env.server';
import { orDownloadRefusal } from '~/utils/download-refusal.server';
import { applySecurityHeaders } from '~/utils/security.server';

/**
 * GET /admin/courses/{id}/avaliacao/export, 'Exportar CSV' on the course's assessment page: the item
 * analysis as a Brazilian CSV (a plain link). Downloading an export asks the fresh check first (decision 060).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = { href: '/admin/courses', label: 'Voltar aos cursos' };
  const courseId = await orDownloadRefusal(() => idParam(params.id, COURSE_ACCESS_MESSAGES.notFound), back);
  if (courseId instanceof Response) return courseId;
  await requireFreshDownload(request);
  const body = await orDownloadRefusal(() => analyticsCsv(admin, courseId), back);
  if (body instanceof Response) return body;
  const headers = new Headers({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${analyticsCsvFileName(courseId, new Date())}"`,
    'Cache-Control': 'private, no-store',
  });
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(body, { headers });
}
