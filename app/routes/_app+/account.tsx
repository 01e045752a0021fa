import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { PaymentsSection, RefundConfirmPanel } from '~/components/account/payments';
import { AccountCertificates } from '~/components/certificate/account-certificates';
import { DataExportSection, DeleteAccountSection } from '~/components/account/personal-data';
import { EmailConfirmationNotice } from '~/components/account/email-confirmation';
import { FullNameForm } from '~/components/account/full-name-form';
import { PasswordForm, ProfileForm } from '~/components/account/profile-forms';
import { PromoForm } from '~/components/account/promo-form';
import { RecentCalculations } from '~/components/account/recent-calculations';
import { MailChoicesSection } from '~/components/account/mail-choices';
import { RecoveryToggle } from '~/components/account/recovery-toggle';
import { TwoFactorSection } from '~/components/account/two-factor-section';
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from '~/models/accounts/two-factor.server';
import { twoFactorConfirmSchema, twoFactorDisableSchema, twoFactorRegenerateSchema, twoFactorStartSchema } from '~/schemas/two-factor';
import { setFullName, setPasswordRecoveryAs, updateAccount } from '~/models/accounts/account.server';
import { deleteOwnAccount } from '~/models/accounts/account-deletion.server';
import { pendingConfirmation, resendConfirmation } from '~/models/accounts/email-change.server';
import { logoutCookie, requestAddress } from '~/models/accounts/auth.server';
import { accountCertificates } from '~/models/courses/certificate.server';
import { listUserPayments, requestRefund } from '~/models/payments/index.server';
import { listCalculations } from '~/models/tools/calculation-history.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { activatePromoCode } from '~/models/admin/promo-code.server';
import { mailChoices, saveMailChoices } from '~/models/mail/preferences.server';
import { toOwnUser } from '~/models/accounts/user.server';
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
import { accountStatus, afterText, ROLE_LABELS } from '~/utils/role-labels';
import { currentPlanAfter } from '~/models/accounts/role-grant.server';
import { jsonWithToast, redirectWithToast } from '~/utils/toast.server';
import { pageMeta } from '~/utils/meta';
import { withParams } from '~/utils/url-state';

export const meta: MetaFunction = () => pageMeta('Minha Conta', 'Seu perfil, senha, plano, e-mails e códigos promocionais.');

const RECENT_CALCULATIONS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const history = listCalculations(user.id, { page: 1, perPage: RECENT_CALCULATIONS });
  const payments = listUserPayments(user.id);
  // `?confirm=refund&payment={id}`: the refund request's confirmation without JavaScript.
  const params = new URL(request.url).searchParams;
  const confirmId = params.get('confirm') === 'refund' ? params.get('payment') : null;
  return json({
    user: toOwnUser(user),
    pendingEmail: pendingConfirmation(user)?.email ?? null,
    status: accountStatus(user),
    planAfter: afterText(currentPlanAfter(user)),
    recentCalculations: history.items,
    savedCalculations: history.total,
    payments,
    mailChoices: mailChoices(user),
    certificates: accountCertificates(user.id, user.fullName),
    twoFactor: await twoFactorStatus(user),
    confirmRefund: confirmId ? (payments.find((payment) => payment.refundable && String(payment.id) === confirmId) ?? null) : null,
  });
}

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

export default function AccountPage() {
  const {
    user,
    pendingEmail,
    status,
    planAfter,
    recentCalculations,
    savedCalculations,
    payments,
    mailChoices: choices,
    confirmRefund,
    certificates,
    twoFactor,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const recoveryCodes =
    actionData && 'recoveryCodes' in actionData && Array.isArray(actionData.recoveryCodes) ? (actionData.recoveryCodes as string[]) : null;
  const location = useLocation();
  if (confirmRefund) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <RefundConfirmPanel
          payment={confirmRefund}
          cancelTo={`${location.pathname}${withParams(location.search, { confirm: null, payment: null })}#pagamentos`}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Minha Conta</h1>
        <span
          data-testid="account-status"
          className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${status.tone}`}
        >
          {status.label}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Plano atual: <strong>{ROLE_LABELS[user.role]}</strong>
      </p>
      {planAfter ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="plan-after">
          {planAfter}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6">
        <ProfileForm username={user.username} email={user.email} />
        <EmailConfirmationNotice pendingEmail={pendingEmail} />
        <FullNameForm fullName={user.fullName} />
        <PasswordForm />
        <PromoForm />
        <PaymentsSection payments={payments} />
        <MailChoicesSection choices={choices} />
        <RecoveryToggle disabled={user.disablePasswordRecovery} />
        <TwoFactorSection status={twoFactor} recoveryCodes={recoveryCodes} />
        <RecentCalculations items={recentCalculations} total={savedCalculations} />
        <AccountCertificates items={certificates} hasFullName={user.fullName !== null} />
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
