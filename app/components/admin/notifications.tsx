import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { Cell, ListTable } from '~/components/ui/list-table';
import { Field, SelectField, TextareaField, type Option } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { IntentForm } from '~/components/ui/intent-form';
import type { NotificationHistoryItem } from '~/models/notifications/notification.server';
import { NOTIFICATION_TARGET_LABELS, NOTIFICATION_TYPE_LABELS, notificationFormSchema } from '~/schemas/notification';
import { useIntentForm } from '~/utils/intent-form';
import { NOTIFICATION_TARGETS, NOTIFICATION_TYPES } from '~/utils/value-sets';

const TYPE_OPTIONS: Option[] = NOTIFICATION_TYPES.map((value) => ({ value, label: NOTIFICATION_TYPE_LABELS[value] }));
const TARGET_OPTIONS: Option[] = NOTIFICATION_TARGETS.map((value) => ({ value, label: NOTIFICATION_TARGET_LABELS[value] }));

/** 'Enviar notificação' (the validation rules' admin form: title min 3, message min 10; type info and everyone by default). */
export function NotificationForm() {
  const { form, fields, submitting } = useIntentForm('send', notificationFormSchema, {
    id: 'notification-send',
    defaultValue: { type: 'info', targetRole: 'all' },
  });
  return (
    <section className="card" aria-labelledby="notification-send-heading">
      <h2 id="notification-send-heading" className="text-lg font-semibold">
        Enviar notificação
      </h2>
      <IntentForm intent="send" form={form} className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormError title="Erro ao criar notificação" errors={form.errors} />
        </div>
        <Field
          className="sm:col-span-2"
          label="Título"
          errors={fields.title.errors}
          inputProps={{ ...getInputProps(fields.title, { type: 'text' }), maxLength: 120 }}
        />
        <TextareaField
          className="sm:col-span-2"
          label="Mensagem"
          errors={fields.message.errors}
          textareaProps={{ ...getTextareaProps(fields.message), rows: 4, maxLength: 2000 }}
        />
        <SelectField label="Tipo" errors={fields.type.errors} options={TYPE_OPTIONS} selectProps={getSelectProps(fields.type)} />
        <SelectField
          label="Destinatários"
          errors={fields.targetRole.errors}
          options={TARGET_OPTIONS}
          selectProps={getSelectProps(fields.targetRole)}
        />
        <Field
          label="Link (opcional)"
          hint="Um caminho do site (ex.: /upgrade) ou um endereço https://"
          errors={fields.link.errors}
          inputProps={{ ...getInputProps(fields.link, { type: 'text' }), maxLength: 500 }}
        />
        <Field
          label="Expira em (opcional)"
          hint="Depois disso a notificação deixa de aparecer."
          errors={fields.expiresAt.errors}
          inputProps={getInputProps(fields.expiresAt, { type: 'datetime-local' })}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? 'Enviando...' : 'Enviar notificação'}
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

export type NotificationHistoryRow = NotificationHistoryItem & { sentAt: string };

/** Who receives it: the user of a personal notice, otherwise the audience's label. */
export const recipientsLabel = (item: Pick<NotificationHistoryItem, 'userId' | 'username' | 'targetRole'>) =>
  item.userId !== null ? `Usuário: ${item.username ?? `#${item.userId}`}` : NOTIFICATION_TARGET_LABELS[item.targetRole];

function DeleteButton({ item }: { item: NotificationHistoryRow }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'delete' &&
    navigation.formData.get('id') === String(item.id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={item.id} />
      <button type="submit" className="btn-ghost text-red-700 hover:bg-red-50" disabled={pending}>
        {pending ? 'Excluindo...' : 'Excluir'}
        <span className="sr-only"> a notificação {item.title}</span>
      </button>
    </Form>
  );
}

export function NotificationHistory({ items }: { items: readonly NotificationHistoryRow[] }) {
  return (
    <ListTable
      label="Histórico de notificações"
      headers={['Título', 'Tipo', 'Destinatários', 'Data', 'Ações']}
      empty="Nenhuma notificação encontrada"
      count={items.length}
    >
      {items.map((item) => (
        <tr key={item.id} data-testid="notification-row">
          <Cell className="font-semibold">{item.title}</Cell>
          <Cell>{NOTIFICATION_TYPE_LABELS[item.type]}</Cell>
          <Cell>{recipientsLabel(item)}</Cell>
          <Cell className="whitespace-nowrap">{item.sentAt}</Cell>
          <Cell>
            <DeleteButton item={item} />
          </Cell>
        </tr>
      ))}
    </ListTable>
  );
}
