import { createTool, listAdminTools, listToolsFor, toAdminTool } from '~/models/tool.server';
import { toolInputSchema } from '~/schemas/tool';
import { apiAction, apiLoader, jsonResponse, readJson } from '~/utils/api.server';
import { requireApiAdmin, requireApiUser } from '~/models/permissions.server';

/** The tools the user sees (locked ones without link or HTML); admins get the full tools they manage. */
export const loader = apiLoader(async ({ request }) => {
  const user = await requireApiUser(request);
  return user.role === 'admin' ? listAdminTools() : listToolsFor(user);
});

export const action = apiAction({
  POST: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const input = await readJson(request, toolInputSchema);
    return jsonResponse(toAdminTool(createTool(admin.id, input)), { status: 201 });
  },
});
