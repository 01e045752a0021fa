import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PasswordForm, ProfileForm } from '~/components/account/profile-forms';
import { PromoForm } from '~/components/account/promo-form';
import { RecentCalculations } from '~/components/account/recent-calculations';
import { RecoveryToggle } from '~/components/account/recovery-toggle';
import { setPasswordRecoveryAs } from '~/models/account.server';
import { listCalculations } from '~/models/calculation-history.server';
import { requireUser } from '~/models/permissions.server';
import { activatePromoCode } from '~/models/promo-code.server';
import { toPublicUser, updateAccount } from '~/models/user.server';
import { accountPasswordSchema, accountProfileSchema, accountPromoSchema, accountRecoverySchema } from '~/schemas/account';
import { PROMO_CODE_EMPTY } from '~/schemas/promo-code';
import { handleForm, intent } from '~/utils/form.server';
import { accountStatus, ROLE_LABELS } from '~/utils/role-labels';
import { jsonWithToast, redirectWithToast } from '~/utils/toast.server';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () => pageMeta('Minha Conta', 'Seu perfil, senha, plano e códigos promocionais.');

const RECENT_CALCULATIONS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const history = listCalculations(user.id, { page: 1, perPage: RECENT_CALCULATIONS });
  return json({
    user: toPublicUser(user),
    status: accountStatus(user),
    recentCalculations: history.items,
    savedCalculations: history.total,
  });
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  return handleForm(args, {
    profile: intent({
      schema: accountProfileSchema,
      run: async (value) => {
        await updateAccount(user.id, value);
        return redirectWithToast('/account', { title: 'Perfil atualizado', description: 'Suas informações foram salvas.', type: 'success' });
      },
    }),
    password: intent({
      schema: accountPasswordSchema,
      hideFields: ['currentPassword', 'newPassword', 'confirmPassword'],
      run: async ({ currentPassword, newPassword }) => {
        await updateAccount(user.id, { currentPassword, newPassword });
        return redirectWithToast('/account', { title: 'Senha atualizada', description: 'Sua senha foi alterada com sucesso.', type: 'success' });
      },
    }),
    promo: intent({
      schema: accountPromoSchema,
      refusalToast: (message) => ({
        title: message === PROMO_CODE_EMPTY ? 'Código Promocional' : 'Falha ao ativar código',
        description: message,
        type: 'error',
      }),
      run: async ({ code }, submission) => {
        const { message } = await activatePromoCode({ userId: user.id, code });
        return jsonWithToast(
          args,
          { intent: 'promo', result: submission.reply({ resetForm: true }), success: message },
          { title: 'Código promocional ativado', description: message, type: 'success' },
        );
      },
    }),
    recovery: intent({
      schema: accountRecoverySchema,
      refusalToast: () => ({ title: 'Erro', description: 'Não foi possível atualizar a configuração de recuperação de senha.', type: 'error' }),
      run: ({ disablePasswordRecovery }) => {
        setPasswordRecoveryAs(user, user.id, disablePasswordRecovery);
        return redirectWithToast('/account', {
          title: 'Configuração atualizada',
          description: disablePasswordRecovery ? 'A recuperação de senha foi desativada.' : 'A recuperação de senha foi ativada.',
          type: 'success',
        });
      },
    }),
  });
}

export default function AccountPage() {
  const { user, status, recentCalculations, savedCalculations } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Minha Conta</h1>
        <span data-testid="account-status" className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${status.tone}`}>
          {status.label}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Plano atual: <strong>{ROLE_LABELS[user.role]}</strong>
      </p>
      <div className="mt-6 grid gap-6">
        <ProfileForm username={user.username} email={user.email} />
        <PasswordForm />
        <PromoForm />
        <RecoveryToggle disabled={user.disablePasswordRecovery} />
        <RecentCalculations items={recentCalculations} total={savedCalculations} />
      </div>
    </div>
  );
}
