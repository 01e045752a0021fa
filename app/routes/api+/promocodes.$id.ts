import { deletePromoCode } from '~/models/promo-code.server';
import { apiAction, idParam } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/permissions.server';

/** DELETE /api/promocodes/{id} (admin). */
export const action = apiAction({
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    deletePromoCode(idParam(params.id, 'Código promocional não encontrado'));
    return { message: 'Código promocional excluído' };
  },
});
