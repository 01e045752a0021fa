import { CHAT_STATUS_LABELS } from '~/utils/chat-labels';

/** Aberto (green) or Fechado (grey). */
export function StatusBadge({ status }: { status: 'open' | 'closed' }) {
  return (
    <span
      data-testid="chat-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        status === 'open' ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'
      }`}
    >
      {CHAT_STATUS_LABELS[status]}
    </span>
  );
}
