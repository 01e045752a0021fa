import { NavLink } from '@remix-run/react';

/** The panel's sections, in the specification's order, then refunds, the support chats, the inbox, the mail outbox and the audit log. */
export const ADMIN_TABS = [
  { to: '/admin/users', label: 'Usuários' },
  { to: '/admin/tools', label: 'Ferramentas' },
  { to: '/admin/promocodes', label: 'Códigos Promo' },
  { to: '/admin/courses', label: 'Cursos' },
  { to: '/admin/certificates', label: 'Certificados' },
  { to: '/admin/notifications', label: 'Notificações' },
  { to: '/admin/prices', label: 'Preços' },
  { to: '/admin/refunds', label: 'Reembolsos' },
  { to: '/admin/chats', label: 'Suporte' },
  { to: '/admin/inbox', label: 'Mensagens' },
  { to: '/admin/emails', label: 'E-mails' },
  { to: '/admin/audit', label: 'Auditoria' },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
    isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
  }`;

/** Plain links (the active one marked with aria-current); 'Mensagens' carries the unread contact messages. */
export function AdminTabs({ unreadMessages }: { unreadMessages: number }) {
  return (
    <nav aria-label="Seções do painel" className="mt-4 flex flex-wrap gap-1 border-b border-slate-200">
      {ADMIN_TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={tabClass}>
          {tab.label}
          {tab.to === '/admin/inbox' && unreadMessages > 0 ? (
            <span data-testid="inbox-unread" className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
              {unreadMessages}
              <span className="sr-only"> não lidas</span>
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
