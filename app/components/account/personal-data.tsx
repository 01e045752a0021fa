import { getInputProps } from '@conform-to/react';
import { Field } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import { PasswordInput } from '~/components/ui/password-input';
import { accountDeleteSchema } from '~/schemas/account';
import { useIntentForm } from '~/utils/intent-form';

/** GET /account/export (app/routes/_app+/account_.export.ts). */
export const PERSONAL_DATA_PATH = '/account/export';

/** 'Seus dados': the JSON download, a plain link (a document request, so the browser saves the file). */
export function DataExportSection() {
  return (
    <section className="card" aria-labelledby="data-title">
      <h2 id="data-title" className="text-lg font-semibold">
        Seus dados
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Baixe uma cópia de tudo o que guardamos sobre você: perfil, planos e acessos, pagamentos, avaliações, conversas de suporte,
        progresso nos cursos, notificações, cálculos salvos e sessões ativas. O arquivo está em formato JSON, como prevê a Lei Geral de
        Proteção de Dados (LGPD).
      </p>
      {/* No `download` attribute: past the fresh check's window the answer is its page, not a file. */}
      <a href={PERSONAL_DATA_PATH} className="btn-secondary mt-4 inline-flex">
        Baixar meus dados (JSON)
      </a>
    </section>
  );
}

/** 'Excluir conta': confirmed with the current password; a wrong one answers beside the field. */
export function DeleteAccountSection() {
  const { form, fields, submitting, lastResult } = useIntentForm('delete-account', accountDeleteSchema);
  const formErrors = lastResult?.status === 'error' ? (lastResult.error?.[''] ?? []) : [];
  return (
    <section className="card border-red-200" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="text-lg font-semibold text-red-700">
        Excluir conta
      </h2>
      <div className="mt-2 space-y-2 text-sm text-slate-700">
        <p>
          <strong>Esta ação é permanente e não pode ser desfeita.</strong> Seu perfil, seus planos e acessos a cursos, suas avaliações,
          conversas de suporte, progresso nos cursos, notificações e cálculos salvos serão apagados, e você sairá de todos os dispositivos.
        </p>
        <p>
          Os registros dos pagamentos que você fez são mantidos pelo prazo que a lei exige, apenas com o nome de usuário, o e-mail e o CPF
          do pagador. Se quiser guardar seus dados, baixe-os antes de excluir a conta.
        </p>
      </div>
      <IntentForm intent="delete-account" form={form} className="mt-4 space-y-4">
        <FormError title="Erro ao excluir conta" errors={formErrors} />
        <Field label="Confirme com sua senha atual" errors={fields.password.errors} inputProps={{ id: fields.password.id }}>
          <PasswordInput
            {...getInputProps(fields.password, { type: 'password' })}
            id={fields.password.id}
            autoComplete="current-password"
          />
        </Field>
        <button type="submit" className="btn-danger" disabled={submitting}>
          {submitting ? 'Excluindo...' : 'Excluir minha conta'}
        </button>
      </IntentForm>
    </section>
  );
}
