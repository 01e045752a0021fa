import { Form, useLocation } from '@remix-run/react';
import { Cell, ListCount, ListTable } from '~/components/ui/list-table';
import { SelectField, type Option } from '~/components/ui/field';
import { LightLink } from '~/components/ui/light-link';
import { DateRangeFields } from '~/components/ui/date-range-fields';

/** How each recorded action reads on the page; an action not listed here shows as recorded. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'user.create': 'Usuário criado',
  'user.update': 'Usuário editado',
  'user.role': 'Cargo ou dias alterados',
  'user.password_reset': 'Senha redefinida',
  'user.password_recovery': 'Recuperação de senha alterada',
  'user.delete': 'Usuário excluído',
  'user.two_factor_off': 'Verificação em duas etapas desativada',
  'account.delete': 'Conta excluída pelo titular',
  'account.email_change': 'E-mail trocado pelo titular',
  'account.email_confirmation_sent': 'Link de confirmação reenviado',
  'account.email_confirm': 'E-mail confirmado',
  'account.email_revert': 'E-mail restaurado (Não fui eu)',
  'account.full_name': 'Nome completo alterado',
  'account.new_device_sign_in': 'Acesso de um navegador novo (aviso enviado)',
  'passkey.register': 'Passkey cadastrada',
  'passkey.sign_in': 'Entrada com passkey',
  'passkey.fresh_check': 'Verificação recente com passkey',
  'passkey.remove': 'Passkey removida',
  'user.expiry_check': 'Verificação de planos expirados',
  'tool.create': 'Ferramenta criada',
  'tool.update': 'Ferramenta editada',
  'tool.delete': 'Ferramenta excluída',
  'promo.create': 'Código promocional criado',
  'promo.delete': 'Código promocional excluído',
  'course.create': 'Curso criado',
  'course.update': 'Curso editado',
  'course.visibility': 'Visibilidade do curso',
  'course.price': 'Preço do curso',
  'course.delete': 'Curso excluído',
  'course.certificate': 'Dados do certificado do curso',
  'question.create': 'Questão criada',
  'question.update': 'Questão editada',
  'question.delete': 'Questão excluída',
  'assessment.create': 'Avaliação final criada',
  'assessment.update': 'Regras da avaliação final editadas',
  'assessment.remove': 'Avaliação final removida',
  'certificate.revoke': 'Certificado revogado',
  'mail.resend': 'E-mail reenviado',
  'course.grant': 'Acesso ao curso concedido',
  'course.revoke': 'Acesso ao curso revogado',
  'lesson.create': 'Aula criada',
  'lesson.update': 'Aula editada',
  'lesson.delete': 'Aula removida',
  'material.create': 'Material criado',
  'material.update': 'Material editado',
  'material.delete': 'Material removido',
  'notification.create': 'Notificação enviada',
  'notification.delete': 'Notificação excluída',
  'chat.delete': 'Ticket excluído',
  'price.plan': 'Preço de plano',
  'contact.read': 'Mensagem lida',
  'contact.unread': 'Mensagem marcada como não lida',
  'contact.archive': 'Mensagem arquivada',
  'contact.unarchive': 'Mensagem desarquivada',
  'payment.refund': 'Reembolso de pagamento',
  'payment.refund-reject': 'Reembolso recusado',
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

export type AuditRow = { id: number; when: string; actorName: string; action: string; entity: string; summary: string };

type AuditFiltersProps = {
  actors: readonly { id: number; name: string }[];
  actions: readonly string[];
  value: { actor: number | null; action: string | null; from: string; to: string };
};

/** Filters by admin, action and date range (São Paulo days, both included): a GET form, so the URL holds them. */
export function AuditFilters({ actors, actions, value }: AuditFiltersProps) {
  const location = useLocation();
  const actorOptions: Option[] = actors.map((actor) => ({ value: String(actor.id), label: actor.name }));
  const actionOptions: Option[] = actions.map((action) => ({ value: action, label: actionLabel(action) }));
  const filtered = value.actor !== null || value.action !== null || value.from !== '' || value.to !== '';
  return (
    <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <SelectField
        label="Administrador"
        options={actorOptions}
        placeholder="Todos"
        selectProps={{ id: 'audit-actor', name: 'actor', defaultValue: value.actor ? String(value.actor) : '' }}
      />
      <SelectField
        label="Ação"
        options={actionOptions}
        placeholder="Todas"
        selectProps={{ id: 'audit-action', name: 'action', defaultValue: value.action ?? '' }}
      />
      <DateRangeFields idPrefix="audit" from={value.from} to={value.to} />
      <div className="flex gap-2">
        <button type="submit" className="btn-secondary">
          Filtrar
        </button>
        {filtered ? (
          <LightLink to={location.pathname} className="btn-ghost">
            Limpar
          </LightLink>
        ) : null}
      </div>
    </Form>
  );
}

export function AuditTable({ rows, total }: { rows: readonly AuditRow[]; total: number }) {
  return (
    <>
      <ListCount total={total} one="registro" many="registros" />
      <ListTable
        label="Registro de auditoria"
        headers={['Data', 'Administrador', 'Ação', 'Registro', 'Resumo']}
        empty="Nenhum registro encontrado"
        count={rows.length}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="audit-row">
            <Cell className="whitespace-nowrap">{row.when}</Cell>
            <Cell>{row.actorName}</Cell>
            <Cell>{actionLabel(row.action)}</Cell>
            <Cell className="whitespace-nowrap">{row.entity}</Cell>
            <Cell className="break-words">{row.summary}</Cell>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
