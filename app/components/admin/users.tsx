import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react';
import { Form, useLocation } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Field, SelectField, type Option } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { PasswordInput } from '~/components/ui/password-input';
import { DialogCloseLink, UrlDialog } from '~/components/ui/url-dialog';
import { adminPasswordResetFormSchema, adminUserCreateSchema, adminUserEditFormSchema } from '~/schemas/admin-user';
import { useIntentForm, useIntentSubmitting } from '~/utils/intent-form';
import { withParams } from '~/utils/url-state';
import { ROLE_LABELS, ROLES, type Role } from '~/utils/value-sets';
import { LightLink } from '~/components/ui/light-link';

/** A row of the users table, shaped and formatted by the loader (CPF 000.000.000-00 or '-', expiry dd/MM/yyyy or '-'). */
export type AdminUserRow = {
  id: number;
  username: string;
  email: string;
  cpfLabel: string;
  role: Role;
  expiryLabel: string;
  isSelf: boolean;
};
/** The user an edit or reset dialog is about. */
export type AdminUserDetail = {
  id: number;
  username: string;
  email: string;
  cpf: string;
  role: Role;
  expiryLabel: string;
  isSelf: boolean;
};

export const USER_DIALOGS = ['edit', 'reset'] as const;
export type UserDialogKind = (typeof USER_DIALOGS)[number];
const DIALOG_PARAMS = ['user'] as const;

const ROLE_OPTIONS: Option[] = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const isProRole = (role: string) => role === 'E-TOOL' || role === 'E-MASTER';
export const PRO_DAYS_NOTE = 'usado apenas para E-TOOL e E-MASTER';

/** The admin form's CPF keeps digits only (up to 11) while typing; the server strips the rest anyway. */
const digitsOnly = (event: FormEvent<HTMLInputElement>) => {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D/g, '').slice(0, 11);
  if (digits !== input.value) input.value = digits;
};

function CpfField({ field }: { field: FieldMetadata<string | null | undefined> }) {
  return (
    <Field
      label="CPF (opcional)"
      hint="Somente números (11 dígitos)."
      errors={field.errors}
      inputProps={{
        ...getInputProps(field, { type: 'text' }),
        inputMode: 'numeric',
        maxLength: 11,
        autoComplete: 'off',
        onInput: digitsOnly,
      }}
    />
  );
}

/**
 * 'Dias Pro': with JavaScript only while the chosen role is E-TOOL or E-MASTER; without it always
 * there, with a note (the server ignores it for the other roles).
 */
function ProDaysField({ field, role, hint }: { field: FieldMetadata<string | number | null | undefined>; role: string; hint?: string }) {
  const hydrated = useHydrated();
  if (hydrated && !isProRole(role)) return null;
  const note = hydrated ? hint : [hint, `(${PRO_DAYS_NOTE})`].filter(Boolean).join(' ');
  return (
    <Field
      label="Dias Pro"
      hint={note}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: 'number' }), min: 0, max: 3650, inputMode: 'numeric' }}
    />
  );
}

/** The add-user form (the specification's Validation rules: role E-BASIC and 30 Pro days by default). */
export function UserCreateForm() {
  const { form, fields, submitting } = useIntentForm('create', adminUserCreateSchema, {
    id: 'user-create',
    defaultValue: { role: 'E-BASIC', proDays: '30' },
  });
  const [role, setRole] = useState(String(fields.role.initialValue ?? 'E-BASIC'));
  return (
    <section className="card" aria-labelledby="user-create-title">
      <h2 id="user-create-title" className="text-lg font-semibold">
        Adicionar usuário
      </h2>
      <IntentForm intent="create" form={form} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="sm:col-span-2 lg:col-span-3">
          <FormError title="Erro ao criar usuário" errors={form.errors} />
        </div>
        <Field
          label="Nome de usuário"
          errors={fields.username.errors}
          inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
        />
        <Field
          label="E-mail"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
        />
        <Field label="Senha" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
          <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="new-password" />
        </Field>
        <CpfField field={fields.cpf} />
        <SelectField
          label="Cargo"
          errors={fields.role.errors}
          options={ROLE_OPTIONS}
          selectProps={{ ...getSelectProps(fields.role), onChange: (event) => setRole(event.currentTarget.value) }}
        />
        <ProDaysField field={fields.proDays} role={role} />
        <div className="sm:col-span-2 lg:col-span-3">
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Criando...' : 'Adicionar usuário'}
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

/** Search (username or e-mail) and the role filter, both in the URL (`?q=&role=`). */
export function UserFilters({ q, role }: { q: string; role: Role | null }) {
  const location = useLocation();
  const pill = (value: Role | null, label: string) => {
    const active = value === role;
    return (
      <LightLink
        key={label}
        to={`${location.pathname}${withParams(location.search, { role: value, page: null })}`}
        aria-current={active ? 'true' : undefined}
        className={`rounded-full border px-3 py-1 text-sm ${active ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
      >
        {label}
      </LightLink>
    );
  };
  return (
    <div className="space-y-3">
      <Form method="get" className="flex flex-wrap gap-2" role="search">
        {role ? <input type="hidden" name="role" value={role} /> : null}
        <label htmlFor="user-search" className="sr-only">
          Buscar por nome de usuário ou e-mail
        </label>
        <input
          id="user-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Buscar por nome de usuário ou e-mail"
          className="input flex-1"
        />
        <button type="submit" className="btn-primary">
          Buscar
        </button>
        {q ? (
          <LightLink to={`${location.pathname}${withParams(location.search, { q: null, page: null })}`} className="btn-ghost">
            Limpar
          </LightLink>
        ) : null}
      </Form>
      <nav aria-label="Filtrar por cargo" className="flex flex-wrap gap-2">
        {pill(null, 'Todos')}
        {ROLES.map((value) => pill(value, ROLE_LABELS[value]))}
      </nav>
    </div>
  );
}

export function ExpiryCheckButton() {
  const submitting = useIntentSubmitting('expire');
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="expire" />
      <button type="submit" className="btn-secondary" disabled={submitting}>
        {submitting ? 'Verificando...' : 'Verificar Planos Expirados'}
      </button>
    </Form>
  );
}

/** 'Editar usuário': the create fields without the password; Pro days (0 by default) are added to the current period. */
export function UserEditDialog({ user }: { user: AdminUserDetail }) {
  const { form, fields, submitting } = useIntentForm('update', adminUserEditFormSchema, {
    id: `user-edit-${user.id}`,
    defaultValue: { id: String(user.id), username: user.username, email: user.email, cpf: user.cpf, role: user.role, proDays: '0' },
  });
  const [role, setRole] = useState(String(fields.role.initialValue ?? user.role));
  return (
    <UrlDialog title="Editar usuário" params={DIALOG_PARAMS} size="lg">
      <p className="text-sm text-slate-600">
        Cargo atual: <strong>{ROLE_LABELS[user.role]}</strong>
        {user.expiryLabel !== '-' ? ` até ${user.expiryLabel}` : null}
      </p>
      <IntentForm intent="update" form={form} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input {...getInputProps(fields.id, { type: 'hidden' })} />
        <div className="sm:col-span-2">
          <FormError title="Erro ao atualizar usuário" errors={form.errors} />
        </div>
        <Field
          label="Nome de usuário"
          errors={fields.username.errors}
          inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
        />
        <Field
          label="E-mail"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
        />
        <CpfField field={fields.cpf} />
        <SelectField
          label="Cargo"
          errors={fields.role.errors}
          options={ROLE_OPTIONS}
          selectProps={{
            ...getSelectProps(fields.role),
            disabled: user.isSelf || undefined,
            onChange: (event) => setRole(event.currentTarget.value),
          }}
        />
        {user.isSelf ? <input type="hidden" name={fields.role.name} value={user.role} /> : null}
        <ProDaysField field={fields.proDays} role={role} hint="Os dias são somados ao período atual." />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <DialogCloseLink params={DIALOG_PARAMS}>Cancelar</DialogCloseLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Salvando...' : 'Salvar'}
          </button>
        </div>
      </IntentForm>
    </UrlDialog>
  );
}

export function PasswordResetDialog({ user }: { user: AdminUserDetail }) {
  const { form, fields, submitting } = useIntentForm('reset', adminPasswordResetFormSchema, {
    id: `user-reset-${user.id}`,
    defaultValue: { id: String(user.id) },
  });
  return (
    <UrlDialog title={`Redefinir senha de ${user.username}`} params={DIALOG_PARAMS}>
      <IntentForm intent="reset" form={form} className="space-y-4">
        <input {...getInputProps(fields.id, { type: 'hidden' })} />
        <FormError title="Erro ao redefinir senha" errors={form.errors} />
        <Field
          label="Nova senha"
          hint="O usuário será desconectado de todos os dispositivos."
          errors={fields.password.errors}
          inputProps={{ id: fields.password.id }}
        >
          <PasswordInput {...getInputProps(fields.password, { type: 'password' })} id={fields.password.id} autoComplete="new-password" />
        </Field>
        <div className="flex justify-end gap-2">
          <DialogCloseLink params={DIALOG_PARAMS}>Cancelar</DialogCloseLink>
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Salvando...' : 'Redefinir senha'}
          </button>
        </div>
      </IntentForm>
      <Form method="post" className="mt-6 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="two-factor-off" />
        <input type="hidden" name="id" value={user.id} />
        <p className="text-sm text-slate-600">
          Perdeu o celular e os códigos de recuperação? Desative a verificação em duas etapas da conta e remova as passkeys dela (fica
          registrado na auditoria); o usuário pode ativá-la de novo em Minha Conta.
        </p>
        <button type="submit" className="btn-secondary mt-2">
          Desativar verificação em duas etapas
        </button>
      </Form>
    </UrlDialog>
  );
}
