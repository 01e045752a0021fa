import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
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
import { SIGN_INS_PAGE_PARAM, SignInsSection } from '~/components/account/sign-ins-section';
import { signInsQueryOf } from '~/models/accounts/sign-ins.server';
import { accountOverview } from '~/models/privacy/account-overview.server';
import { PasskeysSection } from '~/components/account/passkeys-section';
import { MAX_PASSKEYS } from '~/models/accounts/passkeys.server';
import { FreshCheckStep, useFreshCheckPrompt } from '~/components/account/fresh-check-step';
import { twoFactorStatus } from '~/models/accounts/two-factor.server';
import { pendingConfirmation } from '~/models/accounts/email-change.server';
import { requireUser } from '~/models/accounts/permissions.server';
import { accountStatus, afterText, ROLE_LABELS } from '~/utils/role-labels';
import { currentPlanAfter } from '~/models/accounts/role-grant.server';
import { pageMeta } from '~/utils/meta';
import { withParams } from '~/utils/url-state';
import { action } from './account.server';

export { action };

export const meta: MetaFunction = () => pageMeta('Minha Conta', 'Seu perfil, senha, plano, e-mails e códigos promocionais.');

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const signInsQuery = await signInsQueryOf(request, SIGN_INS_PAGE_PARAM);
  const overview = accountOverview(user, signInsQuery.page, signInsQuery.current);
  // `?confirm=refund&payment={id}`: the refund request's confirmation without JavaScript.
  const params = new URL(request.url).searchParams;
  const confirmId = params.get('confirm') === 'refund' ? params.get('payment') : null;
  return json({
    // What the page shows of the user, and its id (not the CPF, dates or flags of the whole row).
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      disablePasswordRecovery: user.disablePasswordRecovery,
    },
    pendingEmail: pendingConfirmation(user)?.email ?? null,
    status: accountStatus(user),
    planAfter: afterText(currentPlanAfter(user)),
    ...overview,
    twoFactor: await twoFactorStatus(user),
    maxPasskeys: MAX_PASSKEYS,
    confirmRefund: confirmId ? (overview.payments.find((payment) => payment.refundable && String(payment.id) === confirmId) ?? null) : null,
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
    signIns,
    passkeys,
    maxPasskeys,
  } = useLoaderData<typeof loader>();
  const freshCheck = useFreshCheckPrompt();
  const actionData = useActionData<typeof action>();
  const recoveryCodes =
    actionData && 'recoveryCodes' in actionData && Array.isArray(actionData.recoveryCodes) ? (actionData.recoveryCodes as string[]) : null;
  const location = useLocation();
  if (freshCheck) {
    // 'Remover' a passkey past the fresh-check window: the step, then the removal (decision 060).
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <FreshCheckStep prompt={freshCheck} />
      </div>
    );
  }
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
        <PasskeysSection passkeys={passkeys} max={maxPasskeys} />
        <SignInsSection signIns={signIns} />
        <RecentCalculations items={recentCalculations} total={savedCalculations} />
        <AccountCertificates items={certificates} hasFullName={user.fullName !== null} />
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
