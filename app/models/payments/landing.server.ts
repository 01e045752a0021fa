import { calculatorsByCategory } from '../../calculators';
import { CATEGORIES, type Category, type ProRole } from '../../utils/value-sets';
import { redirectWithToast, safeRedirect } from '../../utils/toast.server';
import { UPGRADE_TOASTS } from '../../utils/upgrade-toasts';
import { urlWithout } from '../../utils/url-state';
import { getOptionalUser } from '../accounts/auth.server';
import { getPlanPriceLabels } from './price.server';

/** What Stripe appends to the Payment Element's return URL (`{site}/?payment_success=true`) after a redirect such as 3-D Secure. */
const PAYMENT_RETURN_PARAMS = ['payment_success', 'payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/**
 * Back from a payment redirect (`/?payment_success=true`): a signed-in user goes on to the
 * dashboard's 'Pagamento processado com sucesso!' (the webhook grants), or to the processing or
 * error toast when Stripe says the payment did not succeed; a visitor (session gone) stays here,
 * without the parameters (and never with the client secret in the address bar).
 */
function paymentReturn(url: URL, signedIn: boolean): Promise<Response> | Response | null {
  if (!url.searchParams.has('payment_success')) return null;
  if (!signedIn) return safeRedirect(urlWithout(url, PAYMENT_RETURN_PARAMS));
  const status = url.searchParams.get('redirect_status');
  if (url.searchParams.get('payment_success') !== 'true') return safeRedirect('/dashboard');
  if (status === null || status === 'succeeded') return safeRedirect('/dashboard?payment_success=true');
  if (status === 'processing') return redirectWithToast('/dashboard', UPGRADE_TOASTS.processing);
  return redirectWithToast('/upgrade', UPGRADE_TOASTS.paymentError());
}

/**
 * The landing page's data: whether the visitor is logged in, the calculators of each area, and the paid plans' prices as the
 * admin set them ('R$ 29,90'); a payment redirect back to `/` is thrown as its redirect. One
 * server module for the route, so the page's JavaScript loads no server-only code (decision 027).
 */
export async function landingPage(
  request: Request,
): Promise<{ isLoggedIn: boolean; planPrices: Record<ProRole, string>; areas: LandingArea[] }> {
  const user = await getOptionalUser(request);
  const returned = paymentReturn(new URL(request.url), Boolean(user));
  if (returned) throw await returned;
  return { isLoggedIn: Boolean(user), planPrices: getPlanPriceLabels(), areas: LANDING_AREAS };
}

/** One area of the landing page's 'Recursos': the calculators it has, by title. */
export type LandingArea = { category: Category; calculators: string[] };

/** What the landing page promises, read from the calculators themselves, so it names only what exists. */
const LANDING_AREAS: LandingArea[] = CATEGORIES.map((category) => ({
  category,
  calculators: calculatorsByCategory(category).map((calculator) => calculator.title),
}));
