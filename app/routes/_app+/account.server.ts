import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from '~/models/accounts/two-factor.server';
import { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorRegenerateSchema, twoFactorStartSchema } from '~/schemas/two-factor';
import { setFullName, setPasswordRecoveryAs, updateAccount } from '~/models/accounts/account.server';
import { deleteOwnAccount } from '~/models/privacy/account-deletion.server';
import { pendingConfirmation, resendConfirmation } from '~/models/accounts/email-change.server';
import { logoutCookie, requestAddress } from '~/models/accounts/auth.server';
import { requestRefund } from '~/models/payments/index.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { activatePromoCode } from '~/models/courses/promo-code.server';
import { saveMailChoices } from '~/models/mail/preferences.server';
import {
  accountDeleteSchema,
  accountMailChoicesSchema,
  accountPasswordSchema,
  accountProfileSchema,
  accountPromoSchema,
  accountRecoverySchema,
  accountRefundSchema,
} from '~/schemas/account';
import { emailLinkSchema } from '~/schemas/email-link';
import { accountFullNameSchema } from '~/schemas/full-name';
import { PROMO_CODE_EMPTY } from '~/schemas/promo-code';
import { handleForm, intent } from '~/utils/form.server';
import { freshIntent } from '~/plumbing/fresh-check.server';
import { removePasskey } from '~/models/accounts/passkeys.server';
import { passkeyRemoveSchema } from '~/schemas/passkeys';
import { jsonWithToast, redirectWithToast } from '~/utils/toast.server';

/**
 * The forms of 'Minha Conta' (/account, whose route module re-exports `action`): profile, full
 * name, e-mail confirmation, password, promo code, refund, mail choices, two-step sign-in,
 * passkeys, password recovery and the deletion of the account, one intent each.
 */

export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args.request);
  return handleForm(args, {
    profile: intent({
      schema: accountProfileSchema,
      run: async (value) => {
        const updated = await updateAccount(user.id, value, requestAddress(args.request, args.context));
        const pending = updated.email !== user.email && pendingConfirmation(updated);
        return redirectWithToast('/account', {
          title: 'Perfil atualizado',
          description: pending
            ? `Suas informações foram salvas. Enviamos um link para confirmar ${pending.email}.`
            : 'Suas informações foram salvas.',
          type: 'success',
        });
      },
    }),
    'full-name': intent({
      schema: accountFullNameSchema,
      run: ({ fullName }) => {
        setFullName(user.id, fullName);
        return redirectWithToast('/account#nome-completo', {
          title: 'Nome completo salvo',
          description: 'É este o nome dos seus próximos certificados, memoriais e recibos.',
          type: 'success',
        });
      },
    }),
    'resend-confirmation': intent({
      schema: emailLinkSchema,
      refusalToast: (message) => ({ title: 'Link não enviado', description: message, type: 'error' }),
      run: async () => {
        await resendConfirmation(user.id);
        return redirectWithToast('/account', {
          title: 'Link enviado',
          description: `Enviamos um novo link de confirmação para ${user.email}.`,
          type: 'success',
        });
      },
    }),
    password: intent({
      schema: accountPasswordSchema,
      hideFields: ['currentPassword', 'newPassword', 'confirmPassword'],
      run: async ({ currentPassword, newPassword }) => {
        await updateAccount(user.id, { currentPassword, newPassword }, requestAddress(args.request, args.context));
        return redirectWithToast('/account', {
          title: 'Senha atualizada',
          description: 'Sua senha foi alterada com sucesso.',
          type: 'success',
        });
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
    refund: intent({
      schema: accountRefundSchema,
      refusalToast: (message) => ({ title: 'Erro ao solicitar reembolso', description: message, type: 'error' }),
      run: async ({ paymentId }) => {
        const payment = requestRefund(user, paymentId);
        return redirectWithToast('/account#pagamentos', {
          title: 'Reembolso solicitado',
          description: `${payment.description}: seu pedido foi enviado e será analisado por um administrador.`,
          type: 'success',
        });
      },
    }),
    'delete-account': intent({
      schema: accountDeleteSchema,
      hideFields: ['password'],
      run: async ({ password }) => {
        await deleteOwnAccount(user.id, password, requestAddress(args.request, args.context));
        return redirectWithToast(
          '/',
          {
            title: 'Conta excluída',
            description: 'Sua conta e seus dados pessoais foram excluídos, e você saiu de todos os dispositivos.',
            type: 'success',
          },
          { headers: { 'Set-Cookie': await logoutCookie(args.request) } },
        );
      },
    }),
    'mail-choices': intent({
      schema: accountMailChoicesSchema,
      run: ({ enabled }) => {
        saveMailChoices(user, enabled);
        return redirectWithToast('/account#emails', {
          title: 'Preferências salvas',
          description: 'Seus e-mails foram atualizados.',
          type: 'success',
        });
      },
    }),
    'two-factor-start': intent({
      schema: twoFactorStartSchema,
      run: async () => {
        await startTwoFactorSetup(user);
        return redirect('/account#seguranca');
      },
    }),
    'two-factor-cancel': intent({
      schema: twoFactorStartSchema,
      run: () => {
        cancelTwoFactorSetup(user.id);
        return redirect('/account#seguranca');
      },
    }),
    'two-factor-confirm': intent({
      schema: twoFactorConfirmSchema,
      hideFields: ['code'],
      run: async ({ code }, submission) => {
        const recoveryCodes = await confirmTwoFactorSetup(user, code, requestAddress(args.request, args.context));
        // The codes are shown on this answer only (never stored in the clear), so no redirect.
        return jsonWithToast(
          args,
          { intent: 'two-factor-confirm', result: submission.reply({ resetForm: true }), recoveryCodes },
          { title: 'Verificação em duas etapas ativada', description: 'Guarde seus códigos de recuperação.', type: 'success' },
        );
      },
    }),
    'two-factor-recovery-codes': intent({
      schema: twoFactorRegenerateSchema,
      hideFields: ['code'],
      run: async ({ code }, submission) => {
        const recoveryCodes = await regenerateRecoveryCodes(user, code, requestAddress(args.request, args.context));
        return jsonWithToast(
          args,
          { intent: 'two-factor-recovery-codes', result: submission.reply({ resetForm: true }), recoveryCodes },
          { title: 'Novos códigos gerados', description: 'Os códigos anteriores não valem mais.', type: 'success' },
        );
      },
    }),
    'two-factor-disable': intent({
      schema: twoFactorDisableSchema,
      hideFields: ['password', 'code'],
      run: async ({ password, code }) => {
        await disableTwoFactor(user, password, code, requestAddress(args.request, args.context));
        return redirectWithToast('/account#seguranca', {
          title: 'Verificação em duas etapas desativada',
          description: 'Sua conta volta a pedir só a senha.',
          type: 'success',
        });
      },
    }),
    // Removing a passkey takes away a way in: the fresh check comes first (decision 067).
    'passkey-remove': freshIntent(user, {
      schema: passkeyRemoveSchema,
      refusalToast: (message) => ({ title: 'Passkey não removida', description: message, type: 'error' }),
      run: ({ passkeyId }) => {
        removePasskey(user, passkeyId);
        return redirectWithToast('/account#passkeys', {
          title: 'Passkey removida',
          description: 'Ela não entra mais na sua conta.',
          type: 'success',
        });
      },
    }),
    recovery: intent({
      schema: accountRecoverySchema,
      refusalToast: () => ({
        title: 'Erro',
        description: 'Não foi possível atualizar a configuração de recuperação de senha.',
        type: 'error',
      }),
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
