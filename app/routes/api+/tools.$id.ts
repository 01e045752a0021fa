import { deleteTool, toAdminTool, updateTool } from '~/models/tools/tool.server';
import { toolPatchSchema } from '~/schemas/tool';
import { apiAction, idParam, readJson } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';

const NOT_FOUND = 'Ferramenta não encontrada';

export const action = apiAction({
  PATCH: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const id = idParam(params.id, NOT_FOUND);
    const patch = await readJson(request, toolPatchSchema);
    return toAdminTool(updateTool(admin, id, patch));
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    deleteTool(admin, idParam(params.id, NOT_FOUND));
    return { message: 'Ferramenta excluída com sucesso' };
  },
});
