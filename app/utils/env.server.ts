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
  /**
   * Elsewhere behind a proxy: the header it sets to the client's address (CLIENT_IP_HEADER, e.g.
   * X-Real-IP). Unset: the socket address (server.js) is the client, and no header is trusted.
   */
  get clientIpHeader(): string | null {
    return process.env.CLIENT_IP_HEADER?.trim() || null;
  },
  /**
   * The site's public origin (PUBLIC_ORIGIN, e.g. https://e-engenharia.fly.dev): what writes'
   * Origin must be and what every URL the server builds starts with (siteUrl in
   * security.server.ts). null when unset or not an http(s) URL.
   */
  get publicOrigin(): string | null {
    return parseOrigin(process.env.PUBLIC_ORIGIN);
  },
  /** The port server.js listens on (PORT, default 3000). */
  get port(): number {
    return Number(process.env.PORT || 3000);
  },
};

export function parseOrigin(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** What a production start should be told about its configuration (empty when all is set). */
export function configurationWarnings(vars: Record<string, string | undefined> = process.env): string[] {
  const warnings: string[] = [];
  if (!vars.FLY_APP_NAME && !vars.CLIENT_IP_HEADER?.trim()) {
    warnings.push(
      'Nem FLY_APP_NAME nem CLIENT_IP_HEADER definidos: os limites de tentativas usam o endereço da conexão. ' +
        'Atrás de um proxy, todos os clientes teriam o mesmo endereço; defina CLIENT_IP_HEADER (ex.: X-Real-IP).',
    );
  }
  if (!vars.PUBLIC_ORIGIN?.trim()) {
    warnings.push(
      'PUBLIC_ORIGIN não definido: a verificação de Origin compara com o cabeçalho Host de cada requisição e os links compartilháveis ficam relativos. ' +
        'Defina PUBLIC_ORIGIN (ex.: https://e-engenharia.fly.dev).',
    );
  } else if (!parseOrigin(vars.PUBLIC_ORIGIN)) {
    warnings.push(`PUBLIC_ORIGIN inválido ("${vars.PUBLIC_ORIGIN}"): use uma URL http(s), ex.: https://e-engenharia.fly.dev. A verificação de Origin usa o cabeçalho Host e os links ficam relativos.`);
  }
  return warnings;
}

declare global {
  var __configurationWarned: boolean | undefined;
}

// Once per process, when the server first loads this module in production.
if (isProduction && !globalThis.__configurationWarned) {
  globalThis.__configurationWarned = true;
  for (const warning of configurationWarnings()) console.warn(warning);
}
