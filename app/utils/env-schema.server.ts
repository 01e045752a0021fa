import { z } from 'zod';
import { isValidCnpj } from './cnpj';

/**
 * Every environment variable the server reads, in one zod schema (the Epic Stack's pattern).
 * A start checks the whole environment once (`environmentProblems`, run by env.server.ts when the
 * server loads it) and refuses, listing every problem at once, before anything listens. While it
 * runs, the getters of env.server.ts read each variable through its field here, lazily, so tests
 * that change process.env see the change. README's configuration tables name exactly these keys
 * (tests/integration/configuration.test.ts).
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
   * server/cluster.js, which runs before the app loads and stops a bad start; the app never reads it.
   */
  WEB_CONCURRENCY: optional(z.string()),
  /**
   * The Prometheus endpoint's port. Read and checked by metricsPort in server/metrics.js, which a
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

/**
 * Everything wrong with this environment, one sentence per problem: each malformed value (its
 * variable named; a secret's value is never repeated), then what production requires.
 */
export function environmentProblems(vars: Vars = process.env): string[] {
  const parsed = envSchema.safeParse(vars);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}.`);
  if (vars.NODE_ENV === 'production') {
    if (!vars.SESSION_SECRET?.trim())
      problems.push('SESSION_SECRET não definido em produção: defina um segredo longo e aleatório para assinar os cookies.');
    const origin = publicOriginError(vars);
    if (origin) problems.push(origin);
    // Stripe's own PUBLIC_ORIGIN sentence would repeat the one above (or the malformed value's).
    const stripe = stripeConfigurationError(vars);
    if (stripe && !stripe.startsWith('PUBLIC_ORIGIN')) problems.push(stripe);
    const seller = sellerConfigurationError(vars);
    if (seller) problems.push(seller);
    const mail = mailConfigurationError(vars);
    const mailAlreadyListed = problems.some((problem) => /^(SMTP_URL|MAIL_FROM|MAIL_TRANSPORT):/.test(problem));
    if (mail && !mailAlreadyListed) problems.push(mail);
  }
  return problems;
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

const lastRead = new Map<EnvKey, { raw: string | undefined; value: unknown }>();

/**
 * One variable now, through its field of the schema (parsed again only when its text changed).
 * A value the field refuses reads as unset here: the start already refused it in production,
 * and development and tests keep running as they did with hand-written getters.
 */
export function readEnv<K extends EnvKey>(key: K, vars: Vars = process.env): Env[K] {
  const raw = vars[key];
  const cached = lastRead.get(key);
  if (cached && cached.raw === raw && vars === process.env) return cached.value as Env[K];
  const field = envSchema.shape[key] as z.ZodTypeAny;
  const result = field.safeParse(raw);
  const value = (result.success ? result.data : field.parse(undefined)) as Env[K];
  if (vars === process.env) lastRead.set(key, { raw, value });
  return value;
}
