import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isValidCnpj } from './cnpj';

/**
 * Every environment variable the server reads, in one zod schema (the Epic Stack's pattern):
 * `envSchema`, one field per variable (README's configuration tables name exactly these keys,
 * tests/integration/configuration.test.ts), and `environmentSchema`, the whole environment: the
 * fields, production's rules across them as a refinement, and the values the app reads, with
 * their defaults. `getEnv()` (env.server.ts) is its one reader; the server's start calls
 * `checkEnvironmentAtStart` before it listens, and a bad environment stops it with every problem listed.
 */

/** A value that is empty or only spaces counts as unset (a `KEY=` line in an env file). */
const blank = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blank, schema.optional());

/** `1` turns it on; unset, empty or `0` leaves it off. */
const flag = optional(z.enum(['0', '1'], { errorMap: () => ({ message: 'use 1 para ligar, ou 0 (ou nada) para desligar' }) })).transform(
  (value) => value === '1',
);

const httpOrigin = z.string().transform((value, context) => {
  const origin = parseOrigin(value);
  if (!origin)
    context.addIssue({ code: z.ZodIssueCode.custom, message: `"${value}" não é uma URL http(s), ex.: https://e-engenharia.fly.dev` });
  return origin ?? z.NEVER;
});

const prefixed = (pattern: RegExp, example: string) => z.string().regex(pattern, `não tem a forma de uma chave do Stripe (${example})`);

const CHECKOUT_METHODS = ['card', 'pix', 'boleto'] as const;

/** A nodemailer connection URL: smtp://user:pass@host:587 (STARTTLS), smtps://…:465, smtp://127.0.0.1:2525. */
const smtpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'não é uma URL smtp:// ou smtps://, ex.: smtp://usuario:senha@smtp.exemplo.com:587');

/** 'Nome <endereco@dominio>' or a bare address. */
const mailbox = z
  .string()
  .regex(
    /^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/,
    'use um endereço de e-mail, ex.: E-Engenharia <nao-responda@e-engenharia.com.br>',
  );

/** A whole number of megabytes (0 and up), or the default when unset. */
const megabytes = (fallback: number) =>
  optional(
    z
      .string()
      .regex(/^\d{1,7}$/, 'use um número inteiro de MB, ex.: 100')
      .transform(Number),
  ).transform((value) => value ?? fallback);

export const envSchema = z.object({
  NODE_ENV: optional(
    z.enum(['production', 'development', 'test'], { errorMap: () => ({ message: 'use production, development ou test' }) }),
  ),
  DATABASE_URL: optional(z.string()),
  /** Where support attachments are stored (app/models/chat/attachments.server.ts); unset: `uploads/` beside the database. */
  UPLOADS_DIR: optional(z.string()),
  /** Storage caps of support attachments, in MB (app/models/chat/attachment-storage.server.ts, docs/decisions/043). */
  UPLOADS_USER_QUOTA_MB: megabytes(100),
  UPLOADS_TOTAL_QUOTA_MB: megabytes(400),
  UPLOADS_MIN_FREE_MB: megabytes(200),
  SESSION_SECRET: optional(z.string()),
  PORT: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, 'use um número de porta entre 1 e 65535')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65535, 'use um número de porta entre 1 e 65535'),
  ).transform((port) => port ?? 3000),
  /**
   * Processes serving the site. Read and checked (an integer from 1 to 64) by planProcesses in
   * http-server/cluster.js, which runs before the app loads and stops a bad start; the app never reads it.
   */
  WEB_CONCURRENCY: optional(z.string()),
  /**
   * The Prometheus endpoint's port. Read and checked by metricsPort in http-server/metrics.js, which a
   * cluster's primary runs without loading the app; the app never reads it.
   */
  METRICS_PORT: optional(z.string()),
  SEED_DEMO: flag,
  FLY_APP_NAME: optional(z.string()),
  TRUST_FLY_CLIENT_IP: flag,
  CLIENT_IP_HEADER: optional(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'use o nome de um cabeçalho HTTP, ex.: X-Real-IP')),
  PUBLIC_ORIGIN: optional(httpOrigin).transform((origin) => origin ?? null),
  STRIPE_SECRET_KEY: optional(prefixed(/^(sk|rk)_(test|live)_\S+$/, 'sk_test_… ou sk_live_…')),
  STRIPE_PUBLISHABLE_KEY: optional(prefixed(/^pk_(test|live)_\S+$/, 'pk_test_… ou pk_live_…')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\S+$/, 'não tem a forma de um segredo de webhook do Stripe (whsec_…)')),
  STRIPE_CHECKOUT_METHODS: optional(
    z
      .string()
      .transform((value) => value.split(',').map((method) => method.trim()))
      .refine(
        (methods) => methods.every((method) => (CHECKOUT_METHODS as readonly string[]).includes(method)),
        'use card, pix e/ou boleto separados por vírgula',
      ),
  ),
  STRIPE_TEST_MODE: flag,
  ADMIN_TWO_FACTOR: optional(z.enum(['required', 'optional'], { errorMap: () => ({ message: 'use required ou optional' }) })),
  /** The seller on every receipt (app/models/payments/receipt.server.ts): required in production with a live Stripe key. */
  SELLER_LEGAL_NAME: optional(z.string().max(200, 'use no máximo 200 caracteres')),
  SELLER_CNPJ: optional(
    z.string().refine(isValidCnpj, 'não é um CNPJ válido (14 dígitos com os dígitos verificadores certos), ex.: 11.222.333/0001-81'),
  ),
  SMTP_URL: optional(smtpUrl),
  MAIL_FROM: optional(mailbox),
  MAIL_TRANSPORT: optional(z.enum(['smtp', 'file'], { errorMap: () => ({ message: 'use smtp ou file' }) })),
  /**
   * The Litestream replica (decision 053). http-server/replication.js reads them before the app
   * loads (it builds litestream.yml's variables); the schema checks their form at start, and the
   * app reads only whether a replica is configured (the health check, db:replica-status).
   */
  LITESTREAM_REPLICA_URL: optional(
    z.string().regex(/^s3:\/\/[^/]+/, 'use s3://BUCKET/CAMINHO, ex.: s3://e-engenharia-backups/e-engenharia/app.db'),
  ),
  LITESTREAM_BUCKET: optional(z.string()),
  LITESTREAM_PATH: optional(z.string()),
  LITESTREAM_ENDPOINT: optional(z.string()),
  LITESTREAM_REGION: optional(z.string()),
  LITESTREAM_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'], { errorMap: () => ({ message: 'use true ou false' }) })),
  LITESTREAM_SYNC_INTERVAL: optional(
    z.string().regex(/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/, 'use uma duração do Litestream, ex.: 1s ou 500ms'),
  ),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      errorMap: () => ({ message: 'use fatal, error, warn, info, debug, trace ou silent' }),
    }),
  ),
});

export type EnvKey = keyof typeof envSchema.shape;
export type Env = z.output<typeof envSchema>;
type Vars = Record<string, string | undefined>;

/** The origin of an http(s) URL, or null (unset, not a URL, another scheme). */
export function parseOrigin(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Why a production server without its public origin may not run, or null. Production always
 * builds links that leave the server (every mail, the QR code of every certificate, Stripe's
 * return URLs); without PUBLIC_ORIGIN they would point at http://127.0.0.1:$PORT. A local
 * production run sets it to its own address (PUBLIC_ORIGIN=http://localhost:3000).
 */
export function publicOriginError(vars: Vars = process.env): string | null {
  if (vars.NODE_ENV !== 'production' || vars.PUBLIC_ORIGIN?.trim()) return null;
  return (
    'PUBLIC_ORIGIN não definido em produção: os links que saem do servidor (os e-mails de redefinição de senha, de descadastro e dos tickets, ' +
    'o QR code dos certificados e o retorno do pagamento do Stripe) apontariam para http://127.0.0.1. ' +
    'Defina PUBLIC_ORIGIN com a URL http(s) do site (ex.: https://e-engenharia.fly.dev; numa execução local, http://localhost:3000).'
  );
}

/** Why a production server with this Stripe configuration may not run, or null. */
export function stripeConfigurationError(vars: Vars = process.env): string | null {
  if (vars.NODE_ENV !== 'production') return null;
  if (vars.STRIPE_SECRET_KEY?.trim()) {
    if (parseOrigin(vars.PUBLIC_ORIGIN)) return null;
    return (
      `PUBLIC_ORIGIN ${vars.PUBLIC_ORIGIN?.trim() ? `inválido ("${vars.PUBLIC_ORIGIN}")` : 'não definido'} com STRIPE_SECRET_KEY em produção: ` +
      'o Stripe precisa do endereço público do site para voltar do pagamento. Defina PUBLIC_ORIGIN com a URL http(s) do site (ex.: https://e-engenharia.fly.dev).'
    );
  }
  if (vars.STRIPE_TEST_MODE === '1') return null;
  return (
    'STRIPE_SECRET_KEY não definido em produção: os pagamentos ficariam no modo de teste. ' +
    'Defina STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY e STRIPE_WEBHOOK_SECRET, ou STRIPE_TEST_MODE=1 para rodar de propósito no modo de teste.'
  );
}

/** A key that takes real money (sk_live_…, rk_live_…). */
export const isLiveStripeKey = (key: string | undefined) => /^(sk|rk)_live_/.test(key?.trim() ?? '');

/**
 * Why a production server taking real payments may not run, or null: every receipt names the
 * seller by legal name and CNPJ (what a Brazilian accountant needs), so a live key needs both.
 */
export function sellerConfigurationError(vars: Vars = process.env): string | null {
  if (vars.NODE_ENV !== 'production' || !isLiveStripeKey(vars.STRIPE_SECRET_KEY)) return null;
  const missing = (['SELLER_LEGAL_NAME', 'SELLER_CNPJ'] as const).filter((key) => !vars[key]?.trim());
  if (missing.length === 0) return null;
  return (
    `${missing.join(' e ')} não ${missing.length === 1 ? 'definido' : 'definidos'} em produção com uma chave live do Stripe: ` +
    'os recibos precisam da razão social e do CNPJ do vendedor. Defina SELLER_LEGAL_NAME e SELLER_CNPJ (ex.: 11.222.333/0001-81).'
  );
}

/**
 * Why a production server with this mail configuration may not run, or null. Without SMTP_URL
 * the outbox writes .eml files (docs/mail.md): fine for development and the demo, a silent loss
 * in production unless MAIL_TRANSPORT=file says it is meant.
 */
export function mailConfigurationError(vars: Vars = process.env): string | null {
  if (vars.NODE_ENV !== 'production') return null;
  const transport = vars.MAIL_TRANSPORT?.trim();
  if (transport === 'file') return null;
  if (!vars.SMTP_URL?.trim()) {
    return (
      'SMTP_URL não definido em produção: nenhum e-mail seria entregue. ' +
      'Defina SMTP_URL (ex.: smtp://usuario:senha@smtp.exemplo.com:587) e MAIL_FROM, ou MAIL_TRANSPORT=file para gravar os e-mails como arquivos .eml de propósito.'
    );
  }
  if (!vars.MAIL_FROM?.trim())
    return 'MAIL_FROM não definido em produção com SMTP_URL: defina o remetente, ex.: E-Engenharia <nao-responda@e-engenharia.com.br>.';
  return null;
}

/** The rules across variables that a production start must meet, each refusal one sentence (path []). */
function productionRules(vars: Vars, context: z.RefinementCtx): void {
  if (vars.NODE_ENV !== 'production') return;
  const refuse = (message: string) => context.addIssue({ code: z.ZodIssueCode.custom, message, path: [] });
  if (!vars.SESSION_SECRET?.trim())
    refuse('SESSION_SECRET não definido em produção: defina um segredo longo e aleatório para assinar os cookies.');
  const origin = publicOriginError(vars);
  if (origin) refuse(origin);
  // Stripe's own PUBLIC_ORIGIN sentence would repeat the one above (or the malformed value's).
  const stripe = stripeConfigurationError(vars);
  if (stripe && !stripe.startsWith('PUBLIC_ORIGIN')) refuse(stripe);
  const seller = sellerConfigurationError(vars);
  if (seller) refuse(seller);
  // A malformed SMTP_URL, MAIL_FROM or MAIL_TRANSPORT is already named by its field.
  const mailFieldsRead = (['SMTP_URL', 'MAIL_FROM', 'MAIL_TRANSPORT'] as const).every(
    (key) => envSchema.shape[key].safeParse(vars[key]).success,
  );
  const mail = mailConfigurationError(vars);
  if (mail && mailFieldsRead) refuse(mail);
}

declare global {
  var __devSessionSecret: string | undefined;
}

/** What the app reads: each variable parsed, with the defaults that depend on another variable. */
function appEnv(fields: Env) {
  const isProduction = fields.NODE_ENV === 'production';
  const mb = 1024 * 1024;
  return {
    isProduction,
    isDevelopment: fields.NODE_ENV === 'development',
    isTest: fields.NODE_ENV === 'test',
    port: fields.PORT,
    /** Production requires SESSION_SECRET; development and tests get a fresh secret per process (sessions end on restart). */
    sessionSecret: fields.SESSION_SECRET ?? (globalThis.__devSessionSecret ??= randomBytes(32).toString('hex')),
    /** Behind Fly's proxy the client address is Fly-Client-IP, which clients cannot forge there. */
    trustFlyClientIp: Boolean(fields.FLY_APP_NAME) || fields.TRUST_FLY_CLIENT_IP,
    /** Elsewhere behind a proxy: the header it sets to the client's address (e.g. X-Real-IP); null: the socket address. */
    clientIpHeader: fields.CLIENT_IP_HEADER ?? null,
    /** The site's public origin: what writes' Origin must be and what every URL the server builds starts with (siteUrl). */
    publicOrigin: fields.PUBLIC_ORIGIN,
    /** ADMIN_TWO_FACTOR: unset means required in production only (decision 055). */
    adminTwoFactorRequired: fields.ADMIN_TWO_FACTOR ? fields.ADMIN_TWO_FACTOR === 'required' : isProduction,
    /** ADMIN_TWO_FACTOR as set: the demo seed gives its admin two-step sign-in unless it is 'optional'. */
    adminTwoFactor: fields.ADMIN_TWO_FACTOR ?? null,
    /** UPLOADS_DIR; null means `uploads/` beside the database. */
    uploadsDir: fields.UPLOADS_DIR ?? null,
    uploadLimits: {
      userQuotaBytes: fields.UPLOADS_USER_QUOTA_MB * mb,
      totalQuotaBytes: fields.UPLOADS_TOTAL_QUOTA_MB * mb,
      minFreeBytes: fields.UPLOADS_MIN_FREE_MB * mb,
    },
    /** STRIPE_SECRET_KEY; null runs the offline test mode (stripe.server.ts). */
    stripeSecretKey: fields.STRIPE_SECRET_KEY ?? null,
    stripePublishableKey: fields.STRIPE_PUBLISHABLE_KEY ?? null,
    stripeWebhookSecret: fields.STRIPE_WEBHOOK_SECRET ?? null,
    stripeCheckoutMethods: (fields.STRIPE_CHECKOUT_METHODS ?? [...CHECKOUT_METHODS]) as Array<(typeof CHECKOUT_METHODS)[number]>,
    /** The seller on receipts (null: unset; the test mode's demo seller stands in). */
    sellerLegalName: fields.SELLER_LEGAL_NAME ?? null,
    sellerCnpj: fields.SELLER_CNPJ ?? null,
    /** Where the outbox delivers (docs/mail.md); null writes .eml files instead (no SMTP_URL, or MAIL_TRANSPORT=file). */
    smtpUrl: fields.MAIL_TRANSPORT === 'file' ? null : (fields.SMTP_URL ?? null),
    mailFrom: fields.MAIL_FROM ?? 'E-Engenharia <nao-responda@e-engenharia.localhost>',
    /** Whether a Litestream replica is configured (LITESTREAM_REPLICA_URL, or LITESTREAM_BUCKET as before). */
    replicaConfigured: Boolean(fields.LITESTREAM_REPLICA_URL || fields.LITESTREAM_BUCKET),
    /** pino's level: info by default, silent in tests. */
    logLevel: fields.LOG_LEVEL ?? (fields.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}

export type AppEnv = ReturnType<typeof appEnv>;

/** Production's rules see the raw text of every variable and add nothing to the parsed value. */
const productionEnvironment = z
  .record(z.string().optional())
  .superRefine(productionRules)
  .transform(() => ({}));

/**
 * The whole environment: each variable by its field and, in production, the rules across them
 * (both run, so a start lists every problem at once), then the values the app reads.
 */
export const environmentSchema = z.intersection(envSchema, productionEnvironment).transform((fields) => appEnv(fields as Env));

/** One sentence per problem: a field's names its variable (a secret's value is never repeated); a rule's is whole. */
export const problemsOf = (error: z.ZodError): string[] =>
  error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}.` : issue.message));

/** Everything wrong with this environment: each malformed value, then what production requires. */
export function environmentProblems(vars: Vars = process.env): string[] {
  const parsed = environmentSchema.safeParse(vars);
  return parsed.success ? [] : problemsOf(parsed.error);
}

/** The refusal of a start: every problem on its own line. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Configuração inválida; o servidor não vai iniciar. Corrija as variáveis de ambiente:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigurationError';
  }
}
