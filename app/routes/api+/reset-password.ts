import { resetPasswordWithToken } from '~/models/accounts/password-recovery.server';
import { resetApiSchema } from '~/schemas/auth';
import { apiAction, readJson } from '~/utils/api.server';

export const action = apiAction({
  POST: async ({ request }) => {
    const { token, password } = await readJson(request, resetApiSchema);
    await resetPasswordWithToken(token, password);
    return { message: 'Sua senha foi alterada com sucesso. Agora você pode fazer login.' };
  },
});
