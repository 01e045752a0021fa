import { useSubmit } from '@remix-run/react';
import { useEffect } from 'react';

/**
 * `ConfirmActionLink`'s behaviour for links rendered outside React's tree (kept markup, decision
 * 079): the link carries its question, intent and fields as attributes (`confirmLinkData`) and one
 * listener per page (`useConfirmLinks`) asks and posts, instead of a `useSubmit` and an onClick per
 * link. Without JavaScript the link is the same plain link to the confirmation page.
 */

const MESSAGE = 'data-confirm';
const INTENT = 'data-intent';
const FIELDS = 'data-fields';

export type ConfirmLinkData = { [MESSAGE]: string; [INTENT]: string; [FIELDS]: string };

/** The attributes of a confirmed link: the browser's question, the posted intent and fields. */
export function confirmLinkData(message: string, intent: string, fields: Record<string, string>): ConfirmLinkData {
  return { [MESSAGE]: message, [INTENT]: intent, [FIELDS]: new URLSearchParams(fields).toString() };
}

/** The form data a confirmed link posts, read from its attributes. */
export function confirmLinkFormData(anchor: Element): URLSearchParams {
  const data = new URLSearchParams(anchor.getAttribute(FIELDS) ?? '');
  data.set('intent', anchor.getAttribute(INTENT) ?? '');
  return data;
}

/**
 * The one listener behind the page's confirmed links. It listens in the capture phase, so it runs
 * before React's handlers and the light links' listener (which leaves a click whose default was
 * prevented alone): the link never navigates to the confirmation page once JavaScript runs.
 */
export function useConfirmLinks() {
  const submit = useSubmit();
  useEffect(() => {
    function ask(event: MouseEvent) {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const anchor = target.closest(`a[${MESSAGE}]`);
      if (!anchor) return;
      event.preventDefault();
      if (window.confirm(anchor.getAttribute(MESSAGE) ?? ''))
        submit(confirmLinkFormData(anchor), { method: 'post', preventScrollReset: true });
    }
    document.addEventListener('click', ask, true);
    return () => document.removeEventListener('click', ask, true);
  }, [submit]);
}
