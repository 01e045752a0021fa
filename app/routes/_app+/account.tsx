import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { Field } from '~/components/ui/field';
import { PasswordInput } from '~/components/ui/password-input';
import { ToastOutlet } from '~/components/ui/toast';
import { accountStatusLabel, setPasswordRecoveryAs } from '~/models/account.server';
import { activatePromoCode } from '~/models/promo-code.server';
import { toPublicUser, updateAccount } from '~/models/user.server';
import { accountPasswordSchema, accountProfileSchema, accountPromoSchema, accountRecoverySchema } from '~/schemas/account';
import { PROMO_CODE_EMPTY } from '~/schemas/promo-code';
import { requireUser } from '~/models/permissions.server';
import { isAppError } from '~/utils/errors';
import { readForm, replyWithAppError } from '~/utils/form.server';
import { useIntentSubmitting } from '~/utils/intent-form';
import { listCalculations, type HistoryItem } from '~/models/calculation-history.server';
import { redirectWithToast, toastCookie, type Toast } from '~/utils/toast.server';

export const meta: MetaFunction = () => [{ title: 'Minha Conta — E-Engenharia' }];

type Intent = 'profile' | 'password' | 'promo' | 'recovery';

/** What the action answers when it does not redirect: the form's reply, the promo success text, a toast. */
type ActionData = { intent: Intent | null; result?: SubmissionResult<string[]>; success?: string; toast?: Toast };

/**
 * An answer with a toast, shown once either way: a fetch from the hydrated app flashes it for the
 * root's toast outlet (read when the root revalidates), while a plain form post (no JavaScript)
 * renders this page at once, so the toast comes back as data and this page shows it.
 */
async function replyWithToast(request: Request, data: ActionData, init: ResponseInit = {}) {
  const { toast, ...rest } = data;
  const fromHydratedApp = (request.headers.get('Sec-Fetch-Mode') ?? 'navigate') !== 'navigate';
  if (!toast || !fromHydratedApp) return json<ActionData>(data, init);
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await toastCookie(toast));
  return json<ActionData>(rest, { ...init, headers });
}

const RECOVERY_FAILED: Toast = {
  title: 'Erro',
  description: 'Não foi possível atualizar a configuração de recuperação de senha.',
  type: 'error',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const history = listCalculations(user.id, 1);
  return json({ user: toPublicUser(user), status: accountStatusLabel(user), recentCalculations: history.items.slice(0, 5), savedCalculations: history.total });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  switch (formData.get('intent')) {
    case 'profile':
      return updateProfile(user.id, formData);
    case 'password':
      return changePassword(user.id, formData);
    case 'promo':
      return activatePromo(request, user.id, formData);
    case 'recovery':
      return toggleRecovery(request, user, formData);
    default:
      return json<ActionData>({ intent: null }, { status: 400 });
  }
}

async function updateProfile(userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: accountProfileSchema });
  if (submission.status !== 'success') return json<ActionData>({ intent: 'profile', result: submission.reply() }, { status: 400 });
  try {
    await updateAccount(userId, submission.value);
  } catch (error) {
    return replyWithAppError(submission, error, { intent: 'profile' });
  }
  return redirectWithToast('/account', { title: 'Perfil atualizado', description: 'Suas informações foram salvas.', type: 'success' });
}

async function changePassword(userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: accountPasswordSchema });
  const hideFields = ['currentPassword', 'newPassword', 'confirmPassword'];
  if (submission.status !== 'success') {
    return json<ActionData>({ intent: 'password', result: submission.reply({ hideFields }) }, { status: 400 });
  }
  try {
    await updateAccount(userId, { currentPassword: submission.value.currentPassword, newPassword: submission.value.newPassword });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const result = error.field
      ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields })
      : submission.reply({ formErrors: [error.message], hideFields });
    return json<ActionData>({ intent: 'password', result }, { status: error.status });
  }
  return redirectWithToast('/account', { title: 'Senha atualizada', description: 'Sua senha foi alterada com sucesso.', type: 'success' });
}

async function activatePromo(request: Request, userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: accountPromoSchema });
  if (submission.status !== 'success') {
    return replyWithToast(
      request,
      { intent: 'promo', result: submission.reply(), toast: { title: 'Código Promocional', description: PROMO_CODE_EMPTY, type: 'error' } },
      { status: 400 },
    );
  }
  try {
    const { message } = await activatePromoCode({ userId, code: submission.value.code });
    return replyWithToast(request, {
      intent: 'promo',
      result: submission.reply({ resetForm: true }),
      success: message,
      toast: { title: 'Código promocional ativado', description: message, type: 'success' },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return replyWithToast(
      request,
      {
        intent: 'promo',
        result: submission.reply({ fieldErrors: { code: [error.message] } }),
        toast: { title: 'Falha ao ativar código', description: error.message, type: 'error' },
      },
      { status: error.status },
    );
  }
}

async function toggleRecovery(request: Request, user: Awaited<ReturnType<typeof requireUser>>, formData: FormData) {
  const parsed = accountRecoverySchema.safeParse({ disablePasswordRecovery: formData.get('disablePasswordRecovery') ?? undefined });
  if (!parsed.success) return replyWithToast(request, { intent: 'recovery', toast: RECOVERY_FAILED }, { status: 400 });
  const disabled = parsed.data.disablePasswordRecovery;
  try {
    setPasswordRecoveryAs(user, user.id, disabled);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return replyWithToast(request, { intent: 'recovery', toast: RECOVERY_FAILED }, { status: error.status });
  }
  return redirectWithToast('/account', {
    title: 'Configuração atualizada',
    description: disabled ? 'A recuperação de senha foi desativada.' : 'A recuperação de senha foi ativada.',
    type: 'success',
  });
}

function useIntentData(intent: Intent): ActionData | undefined {
  const data = useActionData<typeof action>() as ActionData | undefined;
  return data?.intent === intent ? data : undefined;
}

function StatusBadge({ label }: { label: string }) {
  const tone =
    label === 'Administrador'
      ? 'bg-purple-100 text-purple-800'
      : label.startsWith('Pro')
        ? 'bg-brand-100 text-brand-700'
        : 'bg-slate-100 text-slate-700';
  return (
    <span data-testid="account-status" className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${tone}`}>
      {label}
    </span>
  );
}

/** The server's refusal above the form, under the section 8 title (field errors also sit by their field). */
function FormErrorAlert({ title, result }: { title: string; result?: SubmissionResult<string[]> }) {
  if (result?.status !== 'error') return null;
  const message = Object.values(result.error ?? {}).flatMap((errors) => errors ?? [])[0];
  return message ? <Alert title={title}>{message}</Alert> : null;
}

function ProfileForm({ username, email }: { username: string; email: string }) {
  const lastResult = useIntentData('profile')?.result;
  const submitting = useIntentSubmitting('profile');
  const [form, fields] = useForm({
    id: 'profile',
    lastResult,
    defaultValue: { username, email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountProfileSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-lg font-semibold">
        Perfil
      </h2>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <FormErrorAlert title="Erro ao atualizar perfil" result={lastResult} />
        <Field
          label="Nome de usuário"
          errors={fields.username.errors}
          inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'username' }}
        />
        <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} />
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Salvando...' : 'Salvar perfil'}
        </button>
      </Form>
    </section>
  );
}

function PasswordForm() {
  const lastResult = useIntentData('password')?.result;
  const submitting = useIntentSubmitting('password');
  const [form, fields] = useForm({
    id: 'password',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountPasswordSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title" className="text-lg font-semibold">
        Alterar senha
      </h2>
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormErrorAlert title="Erro ao atualizar senha" result={lastResult} />
        <Field label="Senha atual" errors={fields.currentPassword.errors} inputProps={{ id: fields.currentPassword.id }}>
          <PasswordInput
            {...getInputProps(fields.currentPassword, { type: 'password' })}
            id={fields.currentPassword.id}
            autoComplete="current-password"
          />
        </Field>
        <Field label="Nova senha" errors={fields.newPassword.errors} inputProps={{ id: fields.newPassword.id }}>
          <PasswordInput {...getInputProps(fields.newPassword, { type: 'password' })} id={fields.newPassword.id} autoComplete="new-password" />
        </Field>
        <Field label="Confirmar nova senha" errors={fields.confirmPassword.errors} inputProps={{ id: fields.confirmPassword.id }}>
          <PasswordInput
            {...getInputProps(fields.confirmPassword, { type: 'password' })}
            id={fields.confirmPassword.id}
            autoComplete="new-password"
          />
        </Field>
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? 'Atualizando...' : 'Atualizar senha'}
        </button>
      </Form>
    </section>
  );
}

function PromoForm() {
  const data = useIntentData('promo');
  const submitting = useIntentSubmitting('promo');
  const [form, fields] = useForm({
    id: 'account-promo',
    lastResult: data?.result,
    // No client validation: the server answers the empty code with the inline text and its toast.
  });
  const error = fields.code.errors?.[0];
  return (
    <section className="card" aria-labelledby="promo-title">
      <h2 id="promo-title" className="text-lg font-semibold">
        Código Promocional
      </h2>
      <p className="mt-1 text-sm text-slate-600">Tem um código? Ative-o para ganhar dias de acesso Pro.</p>
      <Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="promo" />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor={fields.code.id} className="sr-only">
              Código promocional
            </label>
            <input
              {...getInputProps(fields.code, { type: 'text' })}
              className="input"
              placeholder="Digite o código"
              autoComplete="off"
              aria-describedby={error ? `${fields.code.id}-error` : data?.success ? 'promo-success' : undefined}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Ativando...' : 'Ativar código'}
          </button>
        </div>
        {error ? (
          <p id={`${fields.code.id}-error`} className="text-sm text-red-600" role="alert">
            {error}
          </p>
        ) : null}
        {!error && data?.success ? (
          <p id="promo-success" className="text-sm text-green-700" role="status">
            {data.success}
          </p>
        ) : null}
      </Form>
    </section>
  );
}

function RecoveryToggle({ disabled }: { disabled: boolean }) {
  const submitting = useIntentSubmitting('recovery');
  return (
    <section className="card" aria-labelledby="recovery-title">
      <h2 id="recovery-title" className="text-lg font-semibold">
        Recuperação de senha
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Quando ativada, você pode redefinir sua senha informando seu e-mail ou nome de usuário e o seu CPF.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="recovery" />
        <input type="hidden" name="disablePasswordRecovery" value={disabled ? 'false' : 'true'} />
        <span className="text-sm">
          Status: <strong data-testid="recovery-state">{disabled ? 'Desativada' : 'Ativada'}</strong>
        </span>
        <button type="submit" role="switch" aria-checked={!disabled} className={disabled ? 'btn-primary' : 'btn-secondary'} disabled={submitting}>
          {disabled ? 'Ativar recuperação de senha' : 'Desativar recuperação de senha'}
        </button>
      </Form>
    </section>
  );
}

function RecentCalculations({ items, total }: { items: HistoryItem[]; total: number }) {
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="text-lg font-semibold">
        Histórico de cálculos
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Nenhum cálculo salvo ainda. Use <Link to="/calculators" className="text-brand-700 hover:underline">as calculadoras</Link> e salve
          os resultados que quiser guardar.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              {item.href ? (
                <Link to={item.href} className="font-medium text-brand-700 hover:underline">
                  {item.title}
                </Link>
              ) : (
                <span className="font-medium">{item.title}</span>
              )}
              <span className="text-slate-500">{item.savedAt}</span>
            </li>
          ))}
        </ul>
      )}
      {total > 0 ? (
        <Link to="/calculators/history" className="mt-3 inline-block text-sm text-brand-700 hover:underline">
          Ver todo o histórico ({total})
        </Link>
      ) : null}
    </section>
  );
}

export default function AccountPage() {
  const { user, status, recentCalculations, savedCalculations } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">Minha Conta</h1>
        <StatusBadge label={status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Plano atual: <strong>{user.role === 'admin' ? 'Administrador' : user.role}</strong>
      </p>
      <div className="mt-6 grid gap-6">
        <ProfileForm username={user.username} email={user.email} />
        <PasswordForm />
        <PromoForm />
        <RecoveryToggle disabled={user.disablePasswordRecovery} />
        <RecentCalculations items={recentCalculations} total={savedCalculations} />
      </div>
      <ToastOutlet toast={data?.toast ?? null} />
    </div>
  );
}
