import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Field } from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { UrlDialog } from '~/components/ui/url-dialog';
import { verifyIdentityWithLimits, registerWithLimits } from '~/models/account-flows.server';
import { RECOVERY_EXPIRED, resetPasswordWithToken } from '~/models/password-recovery.server';
import { loginSchema, recoverSchema, registerSchema, resetSchema } from '~/schemas/auth';
import { authenticator, loginCookie, requestAddress } from '~/models/auth.server';
import { requireAnonymous } from '~/models/permissions.server';
import { formatCpf } from '~/utils/cpf';
import { useIntentResult, useIntentSubmitting } from '~/utils/intent-form';
import { readForm, replyWithAppError } from '~/utils/form.server';
import { authSessionStorage, getAuthSession } from '~/utils/session.server';
import { redirectWithToast, safeRedirectPath } from '~/utils/toast.server';

export const meta: MetaFunction = () => [{ title: 'Entrar — E-Engenharia' }];

type Intent = 'login' | 'register' | 'recover' | 'reset';

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const session = await getAuthSession(request);
  return json({ hasRecoveryToken: Boolean(session.get('recoveryToken')) });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await readForm(request.clone());
  const intent = String(formData.get('intent') ?? '') as Intent;
  switch (intent) {
    case 'login':
      return login(request, formData);
    case 'register':
      return register(request, formData);
    case 'recover':
      return recover(request, formData);
    case 'reset':
      return reset(request, formData);
    default:
      return json({ intent, result: null }, { status: 400 });
  }
}

async function login(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') {
    return json({ intent: 'login' as const, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  try {
    const user = await authenticator.authenticate('password', request);
    return redirectWithToast(
      safeRedirectPath(submission.value.redirectTo),
      { title: 'Login bem-sucedido', description: `Bem-vindo, ${user.username}!`, type: 'success' },
      { headers: { 'Set-Cookie': await loginCookie(request, user) } },
    );
  } catch (error) {
    return replyWithAppError(submission, error, { intent: 'login' as const });
  }
}

async function register(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== 'success') {
    return json({ intent: 'register' as const, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  try {
    const { user, promoMessage } = await registerWithLimits(requestAddress(request), submission.value);
    return redirectWithToast(
      '/dashboard',
      { title: 'Registro bem-sucedido', description: promoMessage ?? `Bem-vindo, ${user.username}! Sua conta foi criada.`, type: 'success' },
      { headers: { 'Set-Cookie': await loginCookie(request, user) } },
    );
  } catch (error) {
    return replyWithAppError(submission, error, { intent: 'register' as const });
  }
}

async function recover(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: recoverSchema });
  if (submission.status !== 'success') {
    return json({ intent: 'recover' as const, result: submission.reply() }, { status: 400 });
  }
  try {
    const { token } = await verifyIdentityWithLimits(requestAddress(request), submission.value.identifier, submission.value.cpf);
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
  } catch (error) {
    return replyWithAppError(submission, error, { intent: 'recover' as const });
  }
}

async function reset(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resetSchema });
  if (submission.status !== 'success') {
    return json({ intent: 'reset' as const, result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, { status: 400 });
  }
  const session = await getAuthSession(request);
  try {
    await resetPasswordWithToken(session.get('recoveryToken'), submission.value.password);
  } catch (error) {
    return replyWithAppError(submission, error, { intent: 'reset' as const });
  }
  session.unset('recoveryToken');
  return redirectWithToast(
    '/auth',
    { title: 'Senha redefinida', description: 'Sua senha foi alterada com sucesso. Agora você pode fazer login.', type: 'success' },
    { headers: { 'Set-Cookie': await authSessionStorage.commitSession(session) } },
  );
}

function FormErrors({ title, errors }: { title: string; errors?: string[] }) {
  return errors?.length ? <Alert title={title}>{errors[0]}</Alert> : null;
}

function LoginForm() {
  const [searchParams] = useSearchParams();
  const lastResult = useIntentResult('login');
  const submitting = useIntentSubmitting('login');
  const [form, fields] = useForm({
    id: 'login',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
      <FormErrors title="Falha no login" errors={form.errors} />
      <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
      <Field label="Senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
        <PasswordInput
          {...getInputProps(fields.password, { type: 'password' })}
          id={fields.password.id}
          autoComplete="current-password"
        />
      </Field>
      <div className="flex justify-end">
        <Link to="?dialog=recover" className="text-sm text-brand-700 hover:underline" preventScrollReset>
          Esqueceu sua senha?
        </Link>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? 'Entrando...' : 'Entrar'}
      </button>
    </Form>
  );
}

function CpfInput(props: React.InputHTMLAttributes<HTMLInputElement> & { id: string }) {
  const [value, setValue] = useState(formatCpf(String(props.defaultValue ?? '')));
  const { defaultValue: _ignored, ...rest } = props;
  return (
    <input
      {...rest}
      className="input"
      inputMode="numeric"
      maxLength={14}
      placeholder="000.000.000-00"
      value={value}
      onChange={(event) => setValue(formatCpf(event.target.value))}
    />
  );
}

function RegisterForm() {
  const lastResult = useIntentResult('register');
  const submitting = useIntentSubmitting('register');
  const [form, fields] = useForm({
    id: 'register',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="register" />
      <FormErrors title="Falha no registro" errors={form.errors} />
      <Field label="Nome de usuário" errors={fields.username.errors} inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }} />
      <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
      <Field
        label="CPF"
        errors={fields.cpf.errors}
        hint="Seu CPF será usado para a recuperação de senha."
        inputProps={{ id: fields.cpf.id }}
      >
        <CpfInput
          {...getInputProps(fields.cpf, { type: 'text' })}
          id={fields.cpf.id}
          aria-describedby={`${fields.cpf.id}-hint${fields.cpf.errors ? ` ${fields.cpf.id}-error` : ''}`}
        />
      </Field>
      <Field label="Senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
        <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="new-password" />
      </Field>
      <Field
        label="Código promocional (opcional)"
        errors={fields.promoCode.errors}
        inputProps={{ ...getInputProps(fields.promoCode, { type: 'text' }), autoComplete: 'off' }}
      />
      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? 'Criando conta...' : 'Criar conta'}
      </button>
    </Form>
  );
}

function RecoverDialog() {
  const lastResult = useIntentResult('recover');
  const submitting = useIntentSubmitting('recover');
  const [form, fields] = useForm({
    id: 'recover',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recoverSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <UrlDialog title="Recuperação de Senha" closeTo="/auth">
      <p className="mb-4 text-sm text-slate-600">Informe seu e-mail ou nome de usuário e o CPF cadastrado.</p>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="recover" />
        <FormErrors title="Erro na recuperação" errors={form.errors} />
        <Field label="E-mail ou nome de usuário" errors={fields.identifier.errors} inputProps={{ ...getInputProps(fields.identifier, { type: 'text' }), autoComplete: 'username' }} />
        <Field label="CPF" errors={fields.cpf.errors} inputProps={{ id: fields.cpf.id }}>
          <CpfInput {...getInputProps(fields.cpf, { type: 'text' })} id={fields.cpf.id} />
        </Field>
        <div className="flex justify-end gap-2">
          <Link to="/auth" className="btn-secondary">
            Cancelar
          </Link>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Verificando...' : 'Verificar'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

function ResetDialog({ hasRecoveryToken }: { hasRecoveryToken: boolean }) {
  const lastResult = useIntentResult('reset');
  const submitting = useIntentSubmitting('reset');
  const [form, fields] = useForm({
    id: 'reset',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <UrlDialog title="Definir Nova Senha" closeTo="/auth">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="reset" />
        {!hasRecoveryToken && !form.errors ? <Alert title="Erro ao redefinir senha">{RECOVERY_EXPIRED}</Alert> : null}
        <FormErrors title="Erro ao redefinir senha" errors={form.errors} />
        <Field label="Nova senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
          <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="new-password" />
        </Field>
        <Field label="Confirmar nova senha" errors={fields.confirmPassword.errors} inputProps={{ id: fields.confirmPassword.id }}>
          <PasswordInput {...getInputProps(fields.confirmPassword, { type: 'password' })} id={fields.confirmPassword.id} autoComplete="new-password" />
        </Field>
        <div className="flex justify-end gap-2">
          <Link to="/auth?dialog=recover" className="btn-secondary">
            Voltar
          </Link>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Redefinindo...' : 'Redefinir Senha'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

export default function AuthPage() {
  const { hasRecoveryToken } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const dialog = searchParams.get('dialog');
  const redirectTo = searchParams.get('redirectTo');
  const tabLink = (value: 'login' | 'register') => {
    const params = new URLSearchParams();
    if (value === 'register') params.set('tab', 'register');
    if (redirectTo) params.set('redirectTo', redirectTo);
    const query = params.toString();
    return query ? `?${query}` : '/auth';
  };
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm font-medium ${active ? 'bg-white text-slate-900 shadow' : 'text-slate-600 hover:text-slate-900'}`;

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Link to="/" className="text-sm text-brand-700 hover:underline">
        ← Voltar ao início
      </Link>
      <div className="card mt-4">
        <h1 className="text-2xl font-bold">E-Engenharia</h1>
        <p className="mt-1 text-sm text-slate-600">Acesse sua conta ou crie uma nova.</p>
        <div role="tablist" aria-label="Acesso" className="mt-6 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Link role="tab" aria-selected={tab === 'login'} to={tabLink('login')} className={tabClass(tab === 'login')} replace>
            Entrar
          </Link>
          <Link role="tab" aria-selected={tab === 'register'} to={tabLink('register')} className={tabClass(tab === 'register')} replace>
            Criar conta
          </Link>
        </div>
        <div role="tabpanel" className="mt-6">
          {tab === 'login' ? <LoginForm key="login" /> : <RegisterForm key="register" />}
        </div>
      </div>
      {dialog === 'recover' ? <RecoverDialog /> : null}
      {dialog === 'reset' ? <ResetDialog hasRecoveryToken={hasRecoveryToken} /> : null}
    </div>
  );
}
