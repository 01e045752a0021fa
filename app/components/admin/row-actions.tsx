import { useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ConfirmActionLink } from '~/components/ui/confirm-action';
import { LightLink } from '~/components/ui/light-link';
import { dialogLink, withParams, type ParamChanges } from '~/utils/url-state';

/**
 * The buttons of an admin list's row: a link that opens the row's dialog (`?dialog=…&row=ID`) and
 * the deletion, confirmed by the browser with JavaScript and on a page of its own without it
 * (`?confirm=…&row=ID`). `children` is the visible word plus the row's name for screen readers.
 */
export function RowDialogLink({ dialog, params, children }: { dialog: string; params: ParamChanges; children: ReactNode }) {
  const location = useLocation();
  return (
    <LightLink to={dialogLink(location.search, dialog, params)} className="btn-ghost" preventScrollReset>
      {children}
    </LightLink>
  );
}

type RowDeleteLinkProps = {
  /** The `?confirm=` value of the page's confirmation (its no-JavaScript path). */
  confirm: string;
  params: ParamChanges;
  /** The question the browser asks, the same words as the confirmation page. */
  message: string;
  id: number;
  children: ReactNode;
};

export function RowDeleteLink({ confirm, params, message, id, children }: RowDeleteLinkProps) {
  const location = useLocation();
  return (
    <ConfirmActionLink
      to={`${location.pathname}${withParams(location.search, { confirm, ...params })}`}
      message={message}
      intent="delete"
      fields={{ id: String(id) }}
      className="btn-ghost text-red-700 hover:bg-red-50"
    >
      {children}
    </ConfirmActionLink>
  );
}
