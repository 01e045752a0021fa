import { useContext } from 'react';
import { LightLink, LightLinkPath } from '~/components/ui/light-link';

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

const TAB = '-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium';
const ACTIVE_TAB = `${TAB} border-brand-600 text-brand-700`;
const OTHER_TAB = `${TAB} border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900`;

/** As `<NavLink>` without `end`: the tab's own page and the pages under it. */
const isActive = (pathname: string, to: string) =>
  pathname.toLowerCase() === to || (pathname.toLowerCase().startsWith(to) && pathname.charAt(to.length) === '/');

/**
 * Plain links (the active one marked with aria-current); 'Mensagens' carries the unread contact messages.
 * Light links (the document's one listener follows them) with the current path read once: twelve
 * `<NavLink>`s ran a dozen router hooks each on every admin page.
 */
export function AdminTabs({ unreadMessages }: { unreadMessages: number }) {
  const pathname = useContext(LightLinkPath);
  return (
    <nav aria-label="Seções do painel" className="mt-4 flex flex-wrap gap-1 border-b border-slate-200">
      {ADMIN_TABS.map((tab) => {
        const active = isActive(pathname, tab.to);
        return (
          <LightLink key={tab.to} to={tab.to} aria-current={active ? 'page' : undefined} className={active ? ACTIVE_TAB : OTHER_TAB}>
            {tab.label}
            {tab.to === '/admin/inbox' && unreadMessages > 0 ? (
              <span data-testid="inbox-unread" className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                {unreadMessages}
                <span className="sr-only"> não lidas</span>
              </span>
            ) : null}
          </LightLink>
        );
      })}
    </nav>
  );
}
