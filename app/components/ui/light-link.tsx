import { useNavigate } from '@remix-run/react';
import { createContext, useContext, useEffect, type AnchorHTMLAttributes } from 'react';

/**
 * A link the client router follows, at the cost of a plain anchor. Remix's `<Link>` runs five
 * router hooks per link on every render (useHref, useResolvedPath, useLocation, the click
 * handler…); a page of tool cards has seventy of them, about a third of its component time
 * (docs/decisions/027). A `LightLink` renders `<a href data-nav>` and no hook: one listener on
 * the document (`useLightLinkNavigation`, installed once by the root layout) turns its clicks into
 * client navigations. Without JavaScript, or before hydration, it is an ordinary link.
 *
 * `to` is an absolute path or a query of the current page (`?dialog=rate&tool=3`, as
 * app/utils/url-state.ts builds them); a query is written after the page's path, read once per
 * render by the root layout (`LightLinkPath`), so the anchor carries the same href `<Link>` wrote.
 */
type LightLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Keep the scroll position (a dialog opened over the page), as `<Link preventScrollReset>`. */
  preventScrollReset?: boolean;
  /** Replace the tab's history entry (a tab switch), as `<Link replace>`. */
  replace?: boolean;
};

const LIGHT_LINK_ATTRIBUTE = 'data-nav';
const KEEP_SCROLL = 'keep-scroll';
const REPLACE = 'replace';
const KEEP_SCROLL_REPLACE = `${KEEP_SCROLL} ${REPLACE}`;

/** The current pathname, provided once by the root layout for the links that are a query of this page. */
export const LightLinkPath = createContext('');

export function LightLink({ to, preventScrollReset, replace, ...anchor }: LightLinkProps) {
  const pathname = useContext(LightLinkPath);
  const mode = preventScrollReset ? (replace ? KEEP_SCROLL_REPLACE : KEEP_SCROLL) : replace ? REPLACE : '';
  return <a href={to.startsWith('?') ? `${pathname}${to}` : to} {...{ [LIGHT_LINK_ATTRIBUTE]: mode }} {...anchor} />;
}

/** Which click on a light link the router takes: a plain left click to this origin, in this tab, that nothing else handled. */
function lightLinkTarget(event: MouseEvent, origin: string): { anchor: HTMLAnchorElement; path: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const anchor = target.closest(`a[${LIGHT_LINK_ATTRIBUTE}]`);
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href);
  if (url.origin !== origin) return null;
  return { anchor, path: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * The one listener behind every light link. It runs after React's own (both sit on the
 * document, React's first), so a `<Link>` or an onClick that already handled the click is left alone.
 */
export function useLightLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function follow(event: MouseEvent) {
      const found = lightLinkTarget(event, window.location.origin);
      if (!found) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const mode = (found.anchor.getAttribute(LIGHT_LINK_ATTRIBUTE) ?? '').split(' ');
      // As <Link>: a click on the page the tab is on replaces its history entry instead of adding one.
      navigate(found.path, { replace: mode.includes(REPLACE) || found.path === here, preventScrollReset: mode.includes(KEEP_SCROLL) });
    }
    document.addEventListener('click', follow);
    return () => document.removeEventListener('click', follow);
  }, [navigate]);
}
