import { createCookie } from '@remix-run/node';
import { getEnv } from './env.server';

/** How long a browser is remembered after its last sign-in (the cookie is set again at each one). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The browser's own id (decision 068): a random value, signed, kept a year and through logouts,
 * so a sign-in can tell a browser the account used before from a new one. The database keeps
 * only its digest per user (`known_devices`); a forged or altered value reads as no cookie.
 */
export const deviceCookie = createCookie('en_device', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: getEnv().isProduction,
  secrets: [getEnv().sessionSecret],
  maxAge: DEVICE_COOKIE_MAX_AGE_S,
});
