import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '~/models/accounts/permissions.server';
import { historyCsvFileName, historyCsvStream } from '~/models/tools/calculation-history-export.server';
import { historyQuerySchema } from '~/schemas/calculation-history';
import { getEnv } from '~/utils/env.server';
import { requireFreshDownload } from '~/plumbing/fresh-check.server';
import { parseListQuery } from '~/utils/pagination.server';
import { applySecurityHeaders } from '~/utils/security.server';

/**
 * GET /calculators/history/export?q=&calculator=&from=&to=, 'Exportar CSV' on the history page:
 * the signed-in user's own saved calculations with the list's filters, as a streamed CSV download
 * (a plain link, no JavaScript needed). There is no id to pick, so nobody exports another's history.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  await requireFreshDownload(request);
  const { q, calculator, from, to } = parseListQuery(new URL(request.url).searchParams, historyQuerySchema);
  const headers = new Headers({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${historyCsvFileName(new Date())}"`,
    'Cache-Control': 'private, no-store',
  });
  applySecurityHeaders(headers, getEnv().isProduction);
  return new Response(historyCsvStream(user, { q, calculator, from, to }), { headers });
}
