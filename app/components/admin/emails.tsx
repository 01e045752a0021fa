import { Form, useLocation, useNavigation } from '@remix-run/react';
import { EmailAddress } from '~/components/ui/email-address';
import type { OutboxItem } from '~/models/mail/outbox-admin.server';
import { LightLink } from '~/components/ui/light-link';
import { withParams } from '~/utils/url-state';
import { Cell, ListCount, ListTable } from '~/components/ui/list-table';

/** An outbox row as the 'E-mails' tab shows it (dates already formatted by the loader). */
export type OutboxRow = Omit<OutboxItem, 'createdAt' | 'sentAt' | 'nextAttemptAt'> & {
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
};

const STATUS_FILTERS = [
  { value: null, label: 'Todos' },
  { value: 'failed', label: 'Falharam' },
  { value: 'pending', label: 'Na fila' },
  { value: 'sent', label: 'Enviados' },
] as const;

/** Todos / Falharam / Na fila / Enviados: links that keep the search and drop the page. */
export function OutboxFilters({ status }: { status: string | null }) {
  const location = useLocation();
  return (
    <nav aria-label="Filtrar e-mails por status" className="flex flex-wrap gap-2">
      {STATUS_FILTERS.map((filter) => (
        <LightLink
          key={filter.label}
          to={`${location.pathname}${withParams(location.search, { status: filter.value, page: null })}`}
          aria-current={filter.value === status ? 'page' : undefined}
          className={filter.value === status ? 'btn-primary' : 'btn-secondary'}
        >
          {filter.label}
        </LightLink>
      ))}
    </nav>
  );
}

function ResendButton({ id }: { id: number }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resend' && navigation.formData.get('id') === String(id);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="font-medium text-brand-700 hover:underline" disabled={pending}>
        {pending ? 'Reenviando...' : 'Reenviar'}
      </button>
    </Form>
  );
}

const statusClass: Record<OutboxRow['status'], string> = {
  pending: 'text-slate-700',
  sending: 'text-slate-700',
  sent: 'text-emerald-800',
  failed: 'font-semibold text-red-700',
};

/** The outbox, newest first: to, what, status with attempts and the last error, and 'Reenviar' for a failed one. */
export function OutboxTable({ rows, total }: { rows: OutboxRow[]; total: number }) {
  return (
    <>
      <ListCount total={total} one="e-mail" many="e-mails" />
      <ListTable
        label="E-mails"
        headers={['Para', 'E-mail', 'Status', 'Tentativas', 'Último erro', 'Criado em', 'Ação']}
        empty="Nenhum e-mail encontrado."
        count={rows.length}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="outbox-row">
            <Cell>
              <EmailAddress address={row.to} />
            </Cell>
            <Cell>
              <span className="font-medium">{row.subject}</span>
              <span className="block text-xs text-slate-500">{row.kindLabel}</span>
            </Cell>
            <Cell className={statusClass[row.status]}>
              {row.statusLabel}
              {row.sentAt ? <span className="block text-xs font-normal text-slate-500">{row.sentAt}</span> : null}
              {row.nextAttemptAt ? (
                <span className="block text-xs font-normal text-slate-500">próxima tentativa {row.nextAttemptAt}</span>
              ) : null}
            </Cell>
            <Cell>{row.attempts}</Cell>
            <Cell className="max-w-xs break-words text-xs text-slate-600">{row.lastError ?? '—'}</Cell>
            <Cell className="whitespace-nowrap">{row.createdAt}</Cell>
            <Cell>{row.status === 'failed' ? <ResendButton id={row.id} /> : '—'}</Cell>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
