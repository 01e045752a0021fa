import { requireApiAdmin, requireApiUser } from '~/models/accounts/permissions.server';
import { apiToolsPage } from '~/models/tools/api-tools-page.server';
import { createTool, listAdminTools, toAdminTool, toolListQuerySchema } from '~/models/tools/tool.server';
import { toolInputSchema } from '~/schemas/tool';
import { apiAction, apiLoader, jsonResponse, readJson, serialisedJsonResponse } from '~/utils/api.server';
import { pageHeaders, readListQuery } from '~/utils/pagination.server';

/**
 * GET /api/tools: the tools the user sees, with a usable custom tool's HTML (locked ones without
 * link or HTML; see `listApiToolsFor`, serialised once per card list and page: `apiToolsPage`); admins get the full
 * tools they manage. A page by name (`?page=`, `?perPage=` up to 200, default 100); X-Total-Count.
 */
export const loader = apiLoader(async ({ request }) => {
  const user = await requireApiUser(request);
  const query = readListQuery(request, toolListQuerySchema);
  if (user.role === 'admin') {
    const page = listAdminTools(query);
    return jsonResponse(page.items, { headers: pageHeaders(page) });
  }
  const { page, json } = apiToolsPage(user, query);
  return serialisedJsonResponse(json, { headers: pageHeaders(page) });
});

export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, toolInputSchema);
    return jsonResponse(toAdminTool(createTool(admin, input)), { status: 201 });
  },
});
