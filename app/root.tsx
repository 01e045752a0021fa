import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, useLocation } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { NavigationProgress } from './components/navigation-progress';
import { routeErrorBoundary } from './components/ui/route-error';
import { ToastOutlet } from './components/ui/toast';
import { LightLinkPath, useLightLinkNavigation } from './components/ui/light-link';
import { countAdminUnreadThreads, countUserUnreadThreads } from './models/chat/thread-lists.server';
import { currentEventId } from './models/live-bus/live-events.server';
import { countUnreadNotifications } from './models/notifications/notification.server';
import { toLayoutUser } from './models/accounts/layout-user.server';
import stylesheet from './tailwind.css';
import { getOptionalUser } from './models/accounts/auth.server';
import { LiveProvider, useLiveEvents } from './live/live';
import { useNonce } from './utils/nonce';
import { readToast } from './utils/toast.server';
import { pageMeta, SITE_DESCRIPTION, SITE_NAME, THEME_COLOR } from './utils/meta';
import { siteUrl } from './utils/security.server';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/icons/icon-192.png', type: 'image/png', sizes: '192x192' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png', sizes: '180x180' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export const meta: MetaFunction = ({ error }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? pageMeta('Página não encontrada', 'A página que você procura não existe ou foi movida.')
    : [{ title: SITE_NAME }, { name: 'description', content: SITE_DESCRIPTION }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  const { toast, setCookie } = await readToast(request, context);
  return json(
    {
      user: user ? toLayoutUser(user) : null,
      // Where the counts below stand on the live event bus: the tab's stream resumes from here.
      liveCursor: user ? currentEventId() : null,
      unreadNotifications: user ? countUnreadNotifications(user) : 0,
      adminUnreadChats: user?.role === 'admin' ? countAdminUnreadThreads() : 0,
      userUnreadChats: user ? countUserUnreadThreads(user.id) : 0,
      toast,
      year: new Date().getFullYear(),
      // The start of the absolute URLs of link previews (previewMeta): PUBLIC_ORIGIN, or '' without it.
      siteOrigin: siteUrl('/').slice(0, -1),
    },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  const live = useLiveEvents(data?.user ?? null, data?.liveCursor ?? null);
  useLightLinkNavigation();
  const { pathname } = useLocation();
  return (
    <html lang="pt-BR" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Here rather than in `meta`: a route's meta replaces the root's, and every page has this colour. */}
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 text-slate-900 antialiased">
        <NavigationProgress />
        <LightLinkPath.Provider value={pathname}>
          <LiveProvider store={live}>
            {data?.user ? (
              <Header
                user={data.user}
                liveCursor={data.liveCursor}
                unreadNotifications={data.unreadNotifications}
                adminUnreadChats={data.adminUnreadChats}
                userUnreadChats={data.userUnreadChats}
              />
            ) : null}
            <main id="conteudo" className="flex-1">
              {children}
            </main>
          </LiveProvider>
          <Footer year={data?.year ?? new Date().getFullYear()} />
        </LightLinkPath.Provider>
        <ToastOutlet toast={data?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React has taken over, so end-to-end tests with JavaScript wait for it
  // before typing (text typed into server HTML before hydration can be reset by it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/** The last resort, outside every layout: plain links, since the app around it may be what failed. */
export const ErrorBoundary = routeErrorBoundary({ plainLinks: true });
