import { randomBytes } from 'node:crypto';
import { ConfigurationError, environmentProblems, parseOrigin, readEnv } from './env-schema.server';

export { parseOrigin };

const isProduction = readEnv('NODE_ENV') === 'production';

function sessionSecret(): string {
  const secret = readEnv('SESSION_SECRET');
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
  isDevelopment: readEnv('NODE_ENV') === 'development',
  get sessionSecret() {
    return sessionSecret();
  },
  /** Behind Fly's proxy the client address is Fly-Client-IP, which clients cannot forge there. */
  get trustFlyClientIp() {
    return Boolean(readEnv('FLY_APP_NAME')) || readEnv('TRUST_FLY_CLIENT_IP');
  },
  /**
   * Elsewhere behind a proxy: the header it sets to the client's address (CLIENT_IP_HEADER, e.g.
   * X-Real-IP). Unset: the socket address (server.js) is the client, and no header is trusted.
   */
  get clientIpHeader(): string | null {
    return readEnv('CLIENT_IP_HEADER') ?? null;
  },
  /**
   * The site's public origin (PUBLIC_ORIGIN, e.g. https://e-engenharia.fly.dev): what writes'
   * Origin must be and what every URL the server builds starts with (siteUrl in
   * security.server.ts). null when unset or not an http(s) URL.
   */
  get publicOrigin(): string | null {
    return readEnv('PUBLIC_ORIGIN');
  },
  /**
   * Whether an admin must have two-step sign-in to reach anything but its setup (ADMIN_TWO_FACTOR:
   * 'required' or 'optional'; unset: required in production only). 'optional' is for a demo or a
   * test deployment (README, decision 055).
   */
  get adminTwoFactorRequired(): boolean {
    const setting = readEnv('ADMIN_TWO_FACTOR');
    return setting ? setting === 'required' : isProduction;
  },
  /** UPLOADS_DIR: the folder of support attachments; null means `uploads/` beside the database. */
  get uploadsDir(): string | null {
    return readEnv('UPLOADS_DIR') ?? null;
  },
  /** Support attachments' storage caps in bytes (UPLOADS_USER_QUOTA_MB, UPLOADS_TOTAL_QUOTA_MB, UPLOADS_MIN_FREE_MB). */
  get uploadLimits(): { userQuotaBytes: number; totalQuotaBytes: number; minFreeBytes: number } {
    const mb = 1024 * 1024;
    return {
      userQuotaBytes: readEnv('UPLOADS_USER_QUOTA_MB') * mb,
      totalQuotaBytes: readEnv('UPLOADS_TOTAL_QUOTA_MB') * mb,
      minFreeBytes: readEnv('UPLOADS_MIN_FREE_MB') * mb,
    };
  },
  /** The port server.js listens on (PORT, default 3000). */
  get port(): number {
    return readEnv('PORT');
  },
  /** STRIPE_SECRET_KEY; unset runs the offline test mode (stripe.server.ts). */
  get stripeSecretKey(): string | null {
    return readEnv('STRIPE_SECRET_KEY') ?? null;
  },
  get stripePublishableKey(): string | null {
    return readEnv('STRIPE_PUBLISHABLE_KEY') ?? null;
  },
  get stripeWebhookSecret(): string | null {
    return readEnv('STRIPE_WEBHOOK_SECRET') ?? null;
  },
  /** SELLER_LEGAL_NAME and SELLER_CNPJ: the seller on receipts (null: unset; the test mode's demo seller stands in). */
  get sellerLegalName(): string | null {
    return readEnv('SELLER_LEGAL_NAME') ?? null;
  },
  get sellerCnpj(): string | null {
    return readEnv('SELLER_CNPJ') ?? null;
  },
  /** SMTP_URL: where the outbox delivers (docs/mail.md); null writes .eml files instead. */
  get smtpUrl(): string | null {
    return readEnv('MAIL_TRANSPORT') === 'file' ? null : (readEnv('SMTP_URL') ?? null);
  },
  /** MAIL_FROM: the sender of every mail. */
  get mailFrom(): string {
    return readEnv('MAIL_FROM') ?? 'E-Engenharia <nao-responda@e-engenharia.localhost>';
  },
  /** The pino level (LOG_LEVEL): info by default, silent in tests. */
  get logLevel() {
    return readEnv('LOG_LEVEL') ?? (readEnv('NODE_ENV') === 'test' ? 'silent' : 'info');
  },
};

/** What a production start should be told about its configuration (empty when all is set). */
export function configurationWarnings(vars: Record<string, string | undefined> = process.env): string[] {
  const warnings: string[] = [];
  if (!vars.FLY_APP_NAME && !vars.CLIENT_IP_HEADER?.trim()) {
    warnings.push(
      'Nem FLY_APP_NAME nem CLIENT_IP_HEADER definidos: os limites de tentativas usam o endereço da conexão. ' +
        'Atrás de um proxy, todos os clientes teriam o mesmo endereço; defina CLIENT_IP_HEADER (ex.: X-Real-IP).',
    );
  }
  // PUBLIC_ORIGIN is no warning: production refuses to start without a valid one (env-schema.server.ts).
  return warnings;
}

declare global {
  var __configurationWarned: boolean | undefined;
}

/**
 * The start's check of the whole environment (env-schema.server.ts): throws a ConfigurationError
 * listing every problem at once. What is only a warning server.js prints, once its log is set up.
 */
export function checkEnvironmentAtStart(vars: Record<string, string | undefined> = process.env): void {
  const problems = environmentProblems(vars);
  if (problems.length > 0) throw new ConfigurationError(problems);
}

// Once per process, when the server first loads this module (before the session and Stripe
// modules read their configuration): a production or development start with a bad environment
// stops here, and server.js prints the list (tests check it by calling the function).
if (!globalThis.__configurationWarned && readEnv('NODE_ENV') !== 'test') {
  globalThis.__configurationWarned = true;
  checkEnvironmentAtStart();
}
