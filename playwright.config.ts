import { defineConfig } from '@playwright/test';

/** End-to-end tests run on the production build, in Debian's Chromium, once with JavaScript and once without. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DB_DIR = `tests/.e2e/${PORT}`;
const DB_FILE = `${DB_DIR}/app.db`;
/** The SMTP server the app delivers to, and its HTTP API for the specs (tests/setup/mailbox-server.ts, tests/e2e/mailbox.ts). */
const SMTP_PORT = PORT + 25;
const MAILBOX_PORT = PORT + 26;

// The fixtures open the same database and sign sessions with the same secret as the server.
process.env.DATABASE_URL = `file:./${DB_FILE}`;
process.env.SESSION_SECRET = 'e2e-session-secret';

/** Behaviour that exists only with JavaScript on: the live updates over the tab's event stream, the test mode's card form, passkeys, the page before hydration. */
const JS_ONLY = /chat-live\.spec\.ts|upgrade-card\.spec\.ts|loading-texts\.spec\.ts|passkeys\.spec\.ts|hydration\.spec\.ts/;
/** Behaviour that exists only with JavaScript off: paying through the (test mode's) Checkout page, the sign-in without passkey buttons. */
const NO_JS_ONLY = /upgrade-checkout\.spec\.ts|passkeys-no-js\.spec\.ts/;

export default defineConfig({
  // While the webServer still runs: its log must hold no password, session id, token or full CPF.
  globalTeardown: './tests/setup/server-log-check.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'js', testDir: 'tests/e2e', use: { javaScriptEnabled: true }, testIgnore: [/http-edge/, NO_JS_ONLY] },
    // Specs of what only JavaScript does (the live event stream, the card form) run in the js project alone, and the Checkout specs in no-js alone.
    { name: 'no-js', testDir: 'tests/e2e', use: { javaScriptEnabled: false }, testIgnore: [/http-edge/, JS_ONLY] },
    // Raw HTTP against the server itself: no browser, so once is enough.
    { name: 'http', testDir: 'tests/e2e', testMatch: /http-edge\.spec\.ts/ },
    // The production proofs (tests/production): the authorization matrix against this server, and
    // fuzzing, crash, backup and shutdown tests on servers of their own. They run as a second
    // step (`npm run test:production`, one worker) so their load never slows the browser tests.
    { name: 'production', testDir: 'tests/production', timeout: 300_000 },
  ],
  webServer: [
    {
      command: 'npx tsx tests/setup/mailbox-server.ts',
      url: `http://127.0.0.1:${MAILBOX_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { SMTP_PORT: String(SMTP_PORT), HTTP_PORT: String(MAILBOX_PORT) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The server's output (stdout and stderr; stderr still shown here) goes to server.log for the teardown's check.
      command: `rm -rf ${DB_DIR} && mkdir -p ${DB_DIR} && npm run setup && npm start 2>&1 >>${DB_DIR}/server.log | tee -a ${DB_DIR}/server.log >&2`,
      url: `http://localhost:${PORT}/healthcheck`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        SEED_DEMO: '1',
        PORT: String(PORT),
        DATABASE_URL: `file:./${DB_FILE}`,
        SESSION_SECRET: 'e2e-session-secret',
        PUBLIC_ORIGIN: `http://localhost:${PORT}`,
        // No Stripe key: the offline test mode, which production runs only when told (decision 016).
        STRIPE_TEST_MODE: '1',
        // The demo admin signs in with a password alone on test servers (README: ADMIN_TWO_FACTOR).
        ADMIN_TWO_FACTOR: 'optional',
        // Not production's 9091, which every worktree's test server would claim (tests/production/metrics.spec.ts tests it).
        METRICS_PORT: 'off',
        // Mails over real SMTP to the run's own mail server (tests/setup/mailbox-server.ts).
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'E-Engenharia <nao-responda@e-engenharia.test>',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
