import { LightLink, LightLinkPath } from '~/components/ui/light-link';
import { Form } from '@remix-run/react';
import { useContext } from 'react';
import type { LayoutUser } from '~/models/accounts/layout-user.server';
import { useLiveCount } from '~/live/live';
import { ROLE_LABELS } from '~/utils/value-sets';
import { MobileMenu } from './mobile-menu';
import { NotificationsDrawer } from './notifications-drawer';

/**
 * The counts come from the root loader (as of `liveCursor` on the live event bus) and follow the
 * tab's event stream from there (app/live/live.tsx).
 */
type HeaderProps = {
  user: LayoutUser;
  liveCursor: string | null;
  unreadNotifications: number;
  adminUnreadChats: number;
  userUnreadChats: number;
};

type NavItem = { to: string; label: string };

const HOME: NavItem = { to: '/dashboard', label: 'Início' };
const COURSES: NavItem = { to: '/courses', label: 'Cursos' };
const SUPPORT: NavItem = { to: '/chats', label: 'Suporte' };
const ACCOUNT: NavItem = { to: '/account', label: 'Minha Conta' };
/** The three lists there can be, built once (not per render of every page). */
const NAV_ITEMS = {
  belowMaster: [HOME, COURSES, { to: '/upgrade', label: 'Fazer Upgrade' }, SUPPORT, ACCOUNT],
  master: [HOME, COURSES, SUPPORT, ACCOUNT],
  admin: [HOME, COURSES, { to: '/admin', label: ROLE_LABELS.admin }, SUPPORT, ACCOUNT],
} satisfies Record<string, readonly NavItem[]>;

/** The header's links for this user: upgrade only below E-MASTER (and not admins), admin only for admins. */
export function navItems(user: Pick<LayoutUser, 'isAdmin' | 'isMaster'>): readonly NavItem[] {
  if (user.isAdmin) return NAV_ITEMS.admin;
  return user.isMaster ? NAV_ITEMS.master : NAV_ITEMS.belowMaster;
}

const linkClass = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`;

/** As NavLink's default: the item's own page or any page under it. */
const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The header's links as light links, active from one reading of the location (NavLink would read it once per link). */
function NavItems({
  items,
  pathname,
  badge,
  onNavigate,
}: {
  items: readonly NavItem[];
  pathname: string;
  badge: (item: NavItem) => JSX.Element | null;
  onNavigate?: () => void;
}) {
  return items.map((item) => {
    const active = isActive(pathname, item.to);
    return (
      <LightLink key={item.to} to={item.to} className={linkClass(active)} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {item.label}
        {badge(item)}
      </LightLink>
    );
  });
}

/** Its accessible name is its own text with the visible count ('Chats de suporte 3 não lidos'), as the bell's. */
function AdminChatsLink({ unread }: { unread: number }) {
  return (
    <LightLink to="/admin/chats" className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100">
      <span className="sr-only">Chats de suporte</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      </svg>
      {unread > 0 ? (
        <span
          data-testid="admin-chats-badge"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-500 px-1 text-xs font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
          {/* Inside the badge, which is positioned: at the link's end it would reach past a phone's edge. */}
          <span className="sr-only"> não lidos</span>
        </span>
      ) : null}
    </LightLink>
  );
}

/** The 'Suporte' link's count of the user's tickets with an unanswered reply. */
function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="support-unread-badge"
        className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-500 px-1 text-xs font-semibold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only"> ({count} não lidos)</span>
    </>
  );
}

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Sair
      </button>
    </Form>
  );
}

export function Header({ user, liveCursor, unreadNotifications, adminUnreadChats, userUnreadChats }: HeaderProps) {
  const items = navItems(user);
  const pathname = useContext(LightLinkPath);
  const notifications = useLiveCount('notifications', unreadNotifications, liveCursor);
  const adminChats = useLiveCount('adminChats', adminUnreadChats, liveCursor);
  const userChats = useLiveCount('userChats', userUnreadChats, liveCursor);
  const badge = (item: NavItem) => (item.to === '/chats' ? <UnreadBadge count={userChats} /> : null);
  return (
    // No backdrop filter: it would make the header the containing block of the menu's fixed panel (64 px tall).
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <LightLink to="/dashboard" className="text-lg font-bold text-brand-700">
          E-Engenharia
        </LightLink>
        <nav aria-label="Principal" className="hidden flex-1 items-center gap-1 lg:flex">
          <NavItems items={items} pathname={pathname} badge={badge} />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <NotificationsDrawer unread={notifications} />
          {user.isAdmin ? <AdminChatsLink unread={adminChats} /> : null}
          <div className="hidden lg:block">
            <LogoutButton className="btn-ghost" />
          </div>
          <MobileMenu>
            {(close) => (
              <div className="flex flex-col gap-1 p-4">
                <p className="mb-2 px-3 text-sm text-slate-500">{user.username}</p>
                <nav aria-label="Menu móvel" className="flex flex-col gap-1">
                  <NavItems items={items} pathname={pathname} badge={badge} onNavigate={close} />
                </nav>
                <LogoutButton className="btn-ghost mt-4 w-full justify-start px-3" />
              </div>
            )}
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}
