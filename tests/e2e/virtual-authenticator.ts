import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (Chrome DevTools Protocol, WebAuthn domain): a platform
 * authenticator with discoverable credentials that verifies its user, so passkey ceremonies run
 * in the test browser without a person.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
