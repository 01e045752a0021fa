import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import { LightLink } from '~/components/ui/light-link';
import { dialogLinks, paramLinks } from '~/utils/url-state';

/**
 * The links of an admin list's rows, keeping the page's search, filter and page: a row's dialog
 * (`?dialog=…&row=ID`) and its deletion's confirmation page (`?confirm=…&row=ID`). Read once per
 * list render (a page of up to 100 users has 300 of them), not once per link.
 */
export function useRowLinks(idParam: string) {
  const { search } = useLocation();
  return { dialog: dialogLinks(search, idParam), confirm: paramLinks(search, 'confirm', idParam) };
}

/**
 * The buttons of an admin list's row: a link that opens the row's dialog (`to`: `useRowLinks(…).dialog`) and
 * the deletion, confirmed by the browser with JavaScript and on a page of its own without it
 * (`to`: `useRowLinks(…).confirm`). `children` is the visible word plus the row's name for screen readers.
 */
export function RowDialogLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LightLink to={to} className="btn-ghost" preventScrollReset>
      {children}
    </LightLink>
  );
}

type RowDeleteLinkProps = {
  /** The page's confirmation (its no-JavaScript path), from `useRowLinks(…).confirm`. */
  to: string;
  /** The question the browser asks, the same words as the confirmation page. */
  message: string;
  id: number;
  children: ReactNode;
};

export function RowDeleteLink({ to, message, id, children }: RowDeleteLinkProps) {
  return (
    <ConfirmActionLink
      to={to}
      message={message}
      intent="delete"
      fields={{ id: String(id) }}
      className="btn-ghost text-red-700 hover:bg-red-50"
    >
      {children}
    </ConfirmActionLink>
  );
}
