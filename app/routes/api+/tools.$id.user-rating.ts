import { getUserRating } from '~/models/tools/rating.server';
import { apiLoader, idParam } from '~/utils/api.server';
import { requireApiUser } from '~/models/accounts/permissions.server';

export const loader = apiLoader(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return getUserRating(user, idParam(params.id, 'Ferramenta não encontrada'));
});
