import { randomBytes } from 'node:crypto';

const isProduction = process.env.NODE_ENV === 'production';

function sessionSecret(): string {
  const secret = process.env.SESSION_SECRET;
  if (secret) return secret;
  if (isProduction) {
    throw new Error('SESSION_SECRET must be set in production.');
  }
  // Development and tests: a fresh secret per process (sessions end on restart).
  globalThis.__devSessionSecret ??= randomBytes(32).toString('hex');
  return globalThis.__devSessionSecret;
}

declare global {
  var __devSessionSecret: string | undefined;
}

export const env = {
  isProduction,
  get sessionSecret() {
    return sessionSecret();
  },
  /** Behind Fly's proxy the client address is Fly-Client-IP, which clients cannot forge there. */
  get trustFlyClientIp() {
    return Boolean(process.env.FLY_APP_NAME) || process.env.TRUST_FLY_CLIENT_IP === '1';
  },
};
