import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { checkEnvironmentAtStart, getEnv, parseEnv } from '~/utils/env.server';
import { ConfigurationError, envSchema, environmentProblems } from '~/utils/env-schema.server';

/** What the end-to-end server runs with (playwright.config.ts), behind a proxy so no warning prints: a valid production start. */
const E2E = {
  NODE_ENV: 'production',
  PORT: '3100',
  SESSION_SECRET: 'e2e-session-secret',
  PUBLIC_ORIGIN: 'http://localhost:3100',
  STRIPE_TEST_MODE: '1',
  MAIL_TRANSPORT: 'file',
  DATABASE_URL: 'file:./x.db',
  CLIENT_IP_HEADER: 'X-Real-IP',
};

describe('the configuration schema, checked once at start', () => {
  test('a production start with malformed values is refused with every problem listed at once, in Portuguese', () => {
    const vars = { ...E2E, PORT: 'abc', PUBLIC_ORIGIN: 'ftp://x', STRIPE_TEST_MODE: 'yes' };
    const problems = environmentProblems(vars);
    expect(problems).toEqual([
      'PORT: use um número de porta entre 1 e 65535.',
      'PUBLIC_ORIGIN: "ftp://x" não é uma URL http(s), ex.: https://e-engenharia.fly.dev.',
      'STRIPE_TEST_MODE: use 1 para ligar, ou 0 (ou nada) para desligar.',
      // STRIPE_TEST_MODE=yes is not 1, and there is no key: the existing Stripe rule, with its own words.
      expect.stringMatching(/^STRIPE_SECRET_KEY não definido em produção: os pagamentos ficariam no modo de teste/),
    ]);
    expect(() => checkEnvironmentAtStart(vars)).toThrow(
      /^Configuração inválida; o servidor não vai iniciar[^\n]*\n- PORT: [^\n]+\n- PUBLIC_ORIGIN: [^\n]+\n- STRIPE_TEST_MODE: /,
    );
  });

  test('production requires SESSION_SECRET, and PUBLIC_ORIGIN once, with a real Stripe key or without', () => {
    const { SESSION_SECRET: _secret, PUBLIC_ORIGIN: _origin, STRIPE_TEST_MODE: _test, ...rest } = E2E;
    const seller = { SELLER_LEGAL_NAME: 'E-Engenharia Tecnologia Ltda.', SELLER_CNPJ: '11.222.333/0001-81' };
    expect(
      environmentProblems({
        ...rest,
        ...seller,
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }),
    ).toEqual([
      expect.stringMatching(/^SESSION_SECRET não definido em produção/),
      expect.stringMatching(/^PUBLIC_ORIGIN não definido em produção/),
    ]);
  });

  // Issue 26, item 5: a production start with SMTP_URL and without PUBLIC_ORIGIN only warned, and
  // every mail's links and every certificate's QR code pointed at http://127.0.0.1:$PORT.
  test('production refuses to start without PUBLIC_ORIGIN, naming the links it would break', () => {
    const { PUBLIC_ORIGIN: _origin, MAIL_TRANSPORT: _transport, ...rest } = E2E;
    const withMail = {
      ...rest,
      SMTP_URL: 'smtp://usuario:senha@smtp.exemplo.com:587',
      MAIL_FROM: 'E-Engenharia <nao-responda@e-engenharia.com.br>',
    };
    for (const vars of [withMail, { ...rest, MAIL_TRANSPORT: 'file' }, { ...withMail, PUBLIC_ORIGIN: '  ' }]) {
      const problems = environmentProblems(vars);
      expect(problems).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN não definido em produção/)]);
      expect(problems[0]).toMatch(/e-mails.*certificados.*Stripe/);
      expect(() => checkEnvironmentAtStart(vars)).toThrow(/PUBLIC_ORIGIN não definido em produção/);
    }
    expect(environmentProblems({ ...withMail, PUBLIC_ORIGIN: 'https://e-engenharia.fly.dev' })).toEqual([]);
    expect(environmentProblems({ NODE_ENV: 'development', SMTP_URL: withMail.SMTP_URL })).toEqual([]);
  });

  test('production taking real money names the seller on receipts: a live key needs SELLER_LEGAL_NAME and SELLER_CNPJ, whose check digits must hold', () => {
    const live = {
      ...E2E,
      STRIPE_TEST_MODE: '',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    expect(environmentProblems(live)).toEqual([
      'SELLER_LEGAL_NAME e SELLER_CNPJ não definidos em produção com uma chave live do Stripe: os recibos precisam da razão social e do CNPJ do vendedor. Defina SELLER_LEGAL_NAME e SELLER_CNPJ (ex.: 11.222.333/0001-81).',
    ]);
    expect(environmentProblems({ ...live, SELLER_LEGAL_NAME: 'E-Engenharia Tecnologia Ltda.' })).toEqual([
      expect.stringMatching(/^SELLER_CNPJ não definido em produção com uma chave live/),
    ]);
    expect(environmentProblems({ ...live, SELLER_LEGAL_NAME: 'E-Engenharia Tecnologia Ltda.', SELLER_CNPJ: '11.222.333/0001-82' })).toEqual(
      ['SELLER_CNPJ: não é um CNPJ válido (14 dígitos com os dígitos verificadores certos), ex.: 11.222.333/0001-81.'],
    );
    expect(environmentProblems({ ...live, SELLER_LEGAL_NAME: 'E-Engenharia Tecnologia Ltda.', SELLER_CNPJ: '11222333000181' })).toEqual([]);
    // A test key, or the offline test mode, takes no money: the demo seller stands in, said as 'Modo de teste'.
    expect(environmentProblems({ ...live, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toEqual([]);
    expect(environmentProblems(E2E)).toEqual([]);
  });

  test("a secret's malformed value is named, never repeated", () => {
    const problems = environmentProblems({ ...E2E, STRIPE_SECRET_KEY: 'segredo-colado-errado', STRIPE_WEBHOOK_SECRET: 'outro-segredo' });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(problems.join('\n')).not.toMatch(/segredo-colado-errado|outro-segredo/);
  });

  test('the end-to-end and development environments pass; blank values count as unset', () => {
    expect(environmentProblems(E2E)).toEqual([]);
    expect(environmentProblems({ NODE_ENV: 'development' })).toEqual([]);
    expect(environmentProblems({ NODE_ENV: 'development', PORT: '', PUBLIC_ORIGIN: '  ', STRIPE_TEST_MODE: '' })).toEqual([]);
    expect(() => checkEnvironmentAtStart(E2E)).not.toThrow();
  });

  test('production needs SMTP_URL and MAIL_FROM, unless MAIL_TRANSPORT=file says the .eml files are meant', () => {
    const { MAIL_TRANSPORT: _transport, ...withoutMail } = E2E;
    expect(environmentProblems(withoutMail)).toEqual([
      expect.stringMatching(/^SMTP_URL não definido em produção: nenhum e-mail seria entregue/),
    ]);
    expect(environmentProblems({ ...withoutMail, SMTP_URL: 'smtp://usuario:senha@smtp.exemplo.com:587' })).toEqual([
      expect.stringMatching(/^MAIL_FROM não definido em produção/),
    ]);
    expect(
      environmentProblems({
        ...withoutMail,
        SMTP_URL: 'smtp://usuario:senha@smtp.exemplo.com:587',
        MAIL_FROM: 'E-Engenharia <nao-responda@e-engenharia.com.br>',
      }),
    ).toEqual([]);
    const malformed = environmentProblems({ ...withoutMail, SMTP_URL: 'http://smtp.exemplo.com', MAIL_FROM: 'ninguém' });
    expect(malformed.map((problem) => problem.split(':')[0])).toEqual(['SMTP_URL', 'MAIL_FROM']);
    expect(environmentProblems({ NODE_ENV: 'development' })).toEqual([]);
  });

  test("README's configuration tables name exactly the schema's variables", () => {
    const readme = readFileSync('README.md', 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});

describe('getEnv(): one parse of the schema, with the defaults that depend on another variable', () => {
  afterEach(() => vi.unstubAllEnvs());

  test('ADMIN_TWO_FACTOR, the mail transport, the log level and the session secret come out of the schema', () => {
    const production = parseEnv(E2E);
    expect(production).toMatchObject({ isProduction: true, port: 3100, adminTwoFactorRequired: true, smtpUrl: null, logLevel: 'info' });
    expect(production.sessionSecret).toBe('e2e-session-secret');
    expect(parseEnv({ ...E2E, ADMIN_TWO_FACTOR: 'optional' }).adminTwoFactorRequired).toBe(false);
    const development = parseEnv({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_TRANSPORT: '' });
    expect(development).toMatchObject({ isDevelopment: true, adminTwoFactorRequired: false, smtpUrl: 'smtp://127.0.0.1:2525', port: 3000 });
    expect(parseEnv({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_TRANSPORT: 'file' }).smtpUrl).toBeNull();
    // Development gets one random secret per process, the same on every read.
    expect(development.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEnv({ NODE_ENV: 'development' }).sessionSecret).toBe(development.sessionSecret);
    expect(parseEnv({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(parseEnv({ STRIPE_CHECKOUT_METHODS: 'card, pix' }).stripeCheckoutMethods).toEqual(['card', 'pix']);
    expect(parseEnv({}).stripeCheckoutMethods).toEqual(['card', 'pix', 'boleto']);
  });

  test('the replica is configured by LITESTREAM_REPLICA_URL (or the older LITESTREAM_BUCKET), and a start refuses another form', () => {
    expect(parseEnv(E2E).replicaConfigured).toBe(false);
    expect(parseEnv({ ...E2E, LITESTREAM_REPLICA_URL: 's3://e-engenharia-backups/e-engenharia/app.db' }).replicaConfigured).toBe(true);
    expect(parseEnv({ ...E2E, LITESTREAM_BUCKET: 'e-engenharia-backups' }).replicaConfigured).toBe(true);
    expect(
      environmentProblems({ ...E2E, LITESTREAM_REPLICA_URL: 'e-engenharia-backups/app.db', LITESTREAM_SYNC_INTERVAL: 'rápido' }),
    ).toEqual([
      'LITESTREAM_REPLICA_URL: use s3://BUCKET/CAMINHO, ex.: s3://e-engenharia-backups/e-engenharia/app.db.',
      'LITESTREAM_SYNC_INTERVAL: use uma duração do Litestream, ex.: 1s ou 500ms.',
    ]);
  });

  test('production reads only a sound environment; elsewhere a malformed value reads as unset', () => {
    expect(() => parseEnv({ ...E2E, SESSION_SECRET: '' })).toThrow(ConfigurationError);
    expect(() => parseEnv({ ...E2E, PORT: 'abc' })).toThrow(/PORT: use um número de porta/);
    expect(parseEnv({ NODE_ENV: 'development', PORT: 'abc', PUBLIC_ORIGIN: 'e-engenharia.fly.dev' })).toMatchObject({
      port: 3000,
      publicOrigin: null,
    });
  });

  test('parsed once, and again after a test changes process.env', () => {
    expect(getEnv()).toBe(getEnv());
    vi.stubEnv('PUBLIC_ORIGIN', 'https://e-engenharia.fly.dev');
    expect(getEnv().publicOrigin).toBe('https://e-engenharia.fly.dev');
    vi.stubEnv('PUBLIC_ORIGIN', 'https://outra.example');
    expect(getEnv().publicOrigin).toBe('https://outra.example');
  });

  test('loading the configuration checks nothing: only the start calls the check', () => {
    // A production environment with every problem at once: importing the module must not throw
    // (it did when the check ran as an import side effect); calling the check must.
    const script =
      "const m = await import('./app/utils/env.server.ts'); console.log('loaded');" +
      ' try { m.checkEnvironmentAtStart(); } catch (error) { console.log(error.name); }';
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: 'abc' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toEqual(['loaded', 'ConfigurationError']);
  });
});
