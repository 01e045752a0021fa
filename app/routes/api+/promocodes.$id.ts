import { deletePromoCode } from '~/models/courses/promo-code.server';
import { apiAction, idParam } from '~/utils/api.server';
import { requireApiAdmin } from '~/models/accounts/permissions.server';

/** DELETE /api/promocodes/{id} (admin). */
export const action = apiAction({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    deletePromoCode(admin, idParam(params.id, 'Código promocional não encontrado'));
    return { message: 'Código promocional excluído' };
  },
});
