import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { readEmailLink } from '~/models/accounts/email-change.server';

/** The token an e-mailed link carries in its query (`/email/confirm?token=…`, `/email/revert?token=…`). */
export const emailLinkToken = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/**
 * The GET of an e-mailed link's page: the address its button would act on, or why the link is dead
 * (400). It changes nothing, since mail scanners follow links; the page's form does the work.
 */
export function emailLinkLoader(purpose: 'confirm' | 'revert') {
  return ({ request }: LoaderFunctionArgs) => {
    const view = readEmailLink(emailLinkToken(request), purpose);
    return json(view.state === 'invalid' ? { invalid: view.message, address: null } : { invalid: null, address: view.address }, {
      status: view.state === 'invalid' ? 400 : 200,
      headers: { 'Cache-Control': 'no-store' },
    });
  };
}
