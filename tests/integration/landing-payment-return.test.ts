import { describe, expect, test } from 'vitest';
import { loader as landingLoader } from '~/routes/_marketing+/_index';
import { call, createUser, expectRedirect, getRequest, sessionCookie } from '../setup/helpers';

/**
 * With a real key, the Payment Element's return URL is the site root plus `?payment_success=true`
 * (Stripe adds payment_intent, payment_intent_client_secret and redirect_status) after a redirect
 * such as 3-D Secure: the landing page forwards a signed-in user to the dashboard's toast.
 */
const landing = (path: string, cookie?: string) => call(landingLoader, getRequest(path, { cookie }));

async function signedInCookie() {
  return sessionCookie(await createUser({ role: 'E-BASIC' }));
}

const STRIPE_RETURN = 'payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc';

describe('/?payment_success=true (back from a payment redirect)', () => {
  test('a signed-in user goes on to /dashboard?payment_success=true', async () => {
    const cookie = await signedInCookie();
    expectRedirect(await landing('/?payment_success=true', cookie), '/dashboard?payment_success=true');
    const fromStripe = await landing(`/?payment_success=true&${STRIPE_RETURN}&redirect_status=succeeded`, cookie);
    expectRedirect(fromStripe, '/dashboard?payment_success=true');
    expect(fromStripe.headers.get('Set-Cookie') ?? '').not.toContain('en_toast');
  });

  test('a payment Stripe did not complete gets the processing or the error toast, never the success one', async () => {
    const cookie = await signedInCookie();
    const processing = await landing(`/?payment_success=true&${STRIPE_RETURN}&redirect_status=processing`, cookie);
    expectRedirect(processing, '/dashboard');
    expect(processing.headers.get('Set-Cookie')).toContain('en_toast');
    const failed = await landing(`/?payment_success=true&${STRIPE_RETURN}&redirect_status=requires_payment_method`, cookie);
    expectRedirect(failed, '/upgrade');
    expect(failed.headers.get('Set-Cookie')).toContain('en_toast');
  });

  test('a visitor stays on the landing page, without the parameters (nor the client secret)', async () => {
    expectRedirect(await landing('/?payment_success=true'), '/');
    expectRedirect(await landing(`/?payment_success=true&${STRIPE_RETURN}&redirect_status=succeeded&utm_source=x`), '/?utm_source=x');
  });

  test('without the parameter the landing page renders as before, signed in or not', async () => {
    const visitor = await landing('/');
    expect(visitor.status).toBe(200);
    expect(((await visitor.json()) as { isLoggedIn: boolean }).isLoggedIn).toBe(false);
    const member = await landing('/', await signedInCookie());
    expect(((await member.json()) as { isLoggedIn: boolean }).isLoggedIn).toBe(true);
  });
});
