import { LightLink } from '~/components/ui/light-link';
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { LoginForm } from '~/components/auth/login-form';
import { RecoverDialog, RecoverEmailDialog, RECOVERY_DIALOGS, ResetDialog } from '~/components/auth/recovery-dialogs';
import { RegisterForm } from '~/components/auth/register-form';
import { sendRecoveryLinkWithLimits, verifyIdentityWithLimits } from '~/models/accounts/account-flows.server';
import { registerWithLimits } from '~/models/signup/registration.server';
import { loginCookies, requestAddress } from '~/models/accounts/auth.server';
import { clearPendingLoginCookie, completePendingLogin, pendingLoginUser, startPendingLogin } from '~/models/accounts/pending-login.server';
import { assertPasswordSignInAllowed, hasTwoFactor } from '~/models/accounts/two-factor-state.server';
import { LoginCodeForm } from '~/components/auth/login-code-form';
import { PasskeySignIn } from '~/components/auth/passkey-sign-in';
import { loginCodeSchema } from '~/schemas/two-factor';
import { signInWithPassword } from '~/models/accounts/authenticator.server';
import { EMAIL_RECOVERY_SENT, resetPasswordWithToken } from '~/models/accounts/password-recovery.server';
import { requireAnonymous } from '~/models/accounts/permissions.server';
import { loginSchema, recoverEmailSchema, recoverSchema, registerSchema, resetSchema } from '~/schemas/auth';
import { handleForm, intent } from '~/utils/form.server';
import { authSessionStorage, getAuthSession } from '~/utils/session.server';
import { redirectWithToast, safeRedirectPath } from '~/utils/toast.server';
import { readDialog, withParams } from '~/utils/url-state';
import { pageMeta } from '~/utils/meta';

export const meta: MetaFunction = () =>
  pageMeta('Entrar', 'Entre na sua conta ou crie uma nova para usar as ferramentas e cursos da E-Engenharia.');

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const session = await getAuthSession(request);
  // `?step=code`: the password was right for an account with two-step sign-in; the code comes next.
  const askCode = new URL(request.url).searchParams.get('step') === 'code' && (await pendingLoginUser(request)) !== null;
  return json({ hasRecoveryToken: Boolean(session.get('recoveryToken')), askCode });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  await requireAnonymous(request);
  return handleForm(
    args,
    {
      login: intent({
        schema: loginSchema,
        hideFields: ['password'],
        run: async ({ email, password, redirectTo }) => {
          const address = requestAddress(request, args.context);
          const user = await signInWithPassword(address, request.url, { email, password });
          assertPasswordSignInAllowed(user);
          if (hasTwoFactor(user.id)) {
            return redirect(`/auth?${new URLSearchParams({ step: 'code', ...(redirectTo ? { redirectTo } : {}) })}`, {
              headers: { 'Set-Cookie': await startPendingLogin(user.id) },
            });
          }
          // The answer, its Location included, is built before the session is started (which ends
          // the user's other sessions): a target that cannot be answered never costs them.
          const response = await redirectWithToast(safeRedirectPath(redirectTo), {
            title: 'Login bem-sucedido',
            description: `Bem-vindo, ${user.username}!`,
            type: 'success',
          });
          for (const cookie of await loginCookies(request, user, address)) response.headers.append('Set-Cookie', cookie);
          return response;
        },
      }),
      'login-code': intent({
        schema: loginCodeSchema,
        hideFields: ['code'],
        run: async ({ code, redirectTo }) => {
          const address = requestAddress(request, args.context);
          const user = await completePendingLogin(request, code, address);
          const response = await redirectWithToast(safeRedirectPath(redirectTo), {
            title: 'Login bem-sucedido',
            description: `Bem-vindo, ${user.username}!`,
            type: 'success',
          });
          response.headers.append('Set-Cookie', await clearPendingLoginCookie());
          for (const cookie of await loginCookies(request, user, address)) response.headers.append('Set-Cookie', cookie);
          return response;
        },
      }),
      register: intent({
        schema: registerSchema,
        hideFields: ['password'],
        run: async (value) => {
          const address = requestAddress(request, args.context);
          const { user, promoMessage } = await registerWithLimits(address, value);
          const cookies = await loginCookies(request, user, address, { firstSignIn: true });
          return redirectWithToast(
            '/dashboard',
            {
              title: 'Registro bem-sucedido',
              description: promoMessage ?? `Bem-vindo, ${user.username}! Sua conta foi criada.`,
              type: 'success',
            },
            { headers: cookies.map((cookie): [string, string] => ['Set-Cookie', cookie]) },
          );
        },
      }),
      recover: intent({
        schema: recoverSchema,
        run: async ({ identifier, cpf }) => {
          const { token } = await verifyIdentityWithLimits(requestAddress(request, args.context), identifier, cpf);
          const session = await getAuthSession(request);
          session.set('recoveryToken', token);
          return redirectWithToast(
            '/auth?dialog=reset',
            {
              title: 'Recuperação iniciada',
              description: 'Verificação realizada com sucesso. Agora você pode redefinir sua senha.',
              type: 'success',
            },
            { headers: { 'Set-Cookie': await authSessionStorage.commitSession(session) } },
          );
        },
      }),
      'recover-email': intent({
        schema: recoverEmailSchema,
        run: async ({ email }) => {
          await sendRecoveryLinkWithLimits(requestAddress(request, args.context), email);
          return redirectWithToast('/auth', { title: 'Verifique seu e-mail', description: EMAIL_RECOVERY_SENT, type: 'success' });
        },
      }),
      reset: intent({
        schema: resetSchema,
        hideFields: ['password', 'confirmPassword'],
        run: async ({ password }) => {
          const session = await getAuthSession(request);
          await resetPasswordWithToken(session.get('recoveryToken'), password);
          session.unset('recoveryToken');
          return redirectWithToast(
            '/auth',
            { title: 'Senha redefinida', description: 'Sua senha foi alterada com sucesso. Agora você pode fazer login.', type: 'success' },
            { headers: { 'Set-Cookie': await authSessionStorage.commitSession(session) } },
          );
        },
      }),
    },
    { honeypot: true },
  );
}

const tabClass = (active: boolean) =>
  `flex-1 rounded-md px-3 py-2 text-center text-sm font-medium ${active ? 'bg-white text-slate-900 shadow' : 'text-slate-600 hover:text-slate-900'}`;

export default function AuthPage() {
  const { hasRecoveryToken, askCode } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const dialog = readDialog(searchParams, RECOVERY_DIALOGS);
  const tabLink = (value: 'login' | 'register') =>
    `/auth${withParams(searchParams, { tab: value === 'register' ? 'register' : null, dialog: null })}`;

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <LightLink to="/" className="text-sm text-brand-700 hover:underline">
        ← Voltar ao início
      </LightLink>
      <div className="card mt-4">
        <h1 className="text-2xl font-bold">E-Engenharia</h1>
        <p className="mt-1 text-sm text-slate-600">Acesse sua conta ou crie uma nova.</p>
        <div role="tablist" aria-label="Acesso" className="mt-6 flex gap-1 rounded-lg bg-slate-100 p-1">
          <LightLink role="tab" aria-selected={tab === 'login'} to={tabLink('login')} className={tabClass(tab === 'login')} replace>
            Entrar
          </LightLink>
          <LightLink
            role="tab"
            aria-selected={tab === 'register'}
            to={tabLink('register')}
            className={tabClass(tab === 'register')}
            replace
          >
            Criar conta
          </LightLink>
        </div>
        <div role="tabpanel" className="mt-6">
          {tab === 'register' ? (
            <RegisterForm key="register" />
          ) : askCode ? (
            <LoginCodeForm key="login-code" />
          ) : (
            <>
              <LoginForm key="login" />
              <PasskeySignIn />
            </>
          )}
        </div>
      </div>
      {dialog === 'recover' ? <RecoverDialog /> : null}
      {dialog === 'recover-email' ? <RecoverEmailDialog /> : null}
      {dialog === 'reset' ? <ResetDialog hasRecoveryToken={hasRecoveryToken} /> : null}
    </div>
  );
}
