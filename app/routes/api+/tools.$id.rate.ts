import { rateTool } from '~/models/tools/rating.server';
import { ratingApiSchema } from '~/schemas/rating';
import { apiAction, idParam, readJson } from '~/utils/api.server';
import { requireApiUser } from '~/models/accounts/permissions.server';

export const action = apiAction({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const toolId = idParam(params.id, 'Ferramenta não encontrada');
    const input = await readJson(request, ratingApiSchema);
    return { message: 'Sua avaliação foi salva com sucesso!', ...rateTool(user, toolId, input) };
  },
});
