import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const dateFns = [
  {
    name: 'date-fns',
    message:
      "Import single functions (date-fns/format): the barrel loads every function and slows the server's cold start (docs/performance.md).",
  },
  { name: 'date-fns/locale', message: 'Import date-fns/locale/pt-BR: the barrel loads every locale (docs/performance.md).' },
];

/** Import patterns for one folder of the app, whether written with the `~/` alias or relatively. */
const folder = (name) => [`~/${name}`, `~/${name}/*`, `**/${name}`, `**/${name}/*`, `**/app/${name}/**`];

/**
 * Layers point down (docs/routing-and-layers.md):
 *   routes → components, live, plumbing, models, schemas, calculators, charts, utils
 *   components → live, schemas, calculators, charts, client-safe utils; models and *.server utils for types only
 *   plumbing (HTTP plumbing: live stream, timing, edge guard, method rule, health, render cache) → models, db, live/protocol, schemas, calculators, charts, utils
 *   models → db, schemas, calculators, charts, emails, utils, live/protocol (the wire format they publish)
 *   emails (mail templates: JSX rendered to static HTML and plain text, docs/mail.md) → utils
 *   live (the browser side of live updates) → utils
 *   schemas, calculators → utils (calculators also → charts)
 *   charts (the SVG chart kit) → utils
 *   utils → nothing of the app but utils;  db → utils/value-sets only
 * Nothing imports routes.
 */
const layer = (files, forbidden) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: dateFns,
        patterns: forbidden.map(({ group, regex, message, allowTypeImports = false }) => ({
          ...(regex ? { regex } : { group }),
          message,
          allowTypeImports,
        })),
      },
    ],
  },
});

const noRoutes = { group: folder('routes'), message: 'Nothing imports a route module: move what is shared to a model, component or util.' };
const noComponents = { group: folder('components'), message: 'Only routes and components use components.' };
const noModels = { group: folder('models'), message: 'Models sit above this layer: move the shared piece down (utils) or pass it in.' };
const noDb = { group: folder('db'), message: 'Only models, the server plumbing (app/plumbing) and scripts talk to the database.' };
const noSchemas = { group: folder('schemas'), message: 'Schemas sit above this layer.' };
const noCalculators = { group: folder('calculators'), message: 'Calculators sit above this layer.' };
const noCharts = {
  group: folder('charts'),
  message:
    'The chart kit (app/charts) sits above this layer: only calculators, components, routes, models and the server plumbing draw charts.',
};
const noEmails = { group: folder('emails'), message: 'Mail templates (app/emails) are rendered by models, which queue the mails.' };
const noServer = {
  group: folder('plumbing'),
  message: 'The server plumbing (app/plumbing) sits above this layer: only routes and entry.server.tsx use it.',
};
const noLive = {
  group: folder('live'),
  message:
    'The browser side of live updates (app/live) is for routes, components and root.tsx: move the shared piece down (utils) or pass it in.',
};
/** Payments have one entry (docs/payments.md): routes import index.server, components its types and the labels of views. */
const paymentsDeep = (...entries) => [
  ...['~/models/payments', '**/models/payments'].flatMap((base) => [
    `${base}/*`,
    `${base}/*/**`,
    ...entries.map((entry) => `!${base}/${entry}`),
  ]),
];
const onlyPaymentsEntry = {
  group: paymentsDeep('index.server'),
  message: 'Import payments through their entry, ~/models/payments/index.server (docs/payments.md).',
};
const onlyPaymentsEntryOrViews = {
  group: paymentsDeep('index.server', 'views'),
  message: 'Components import payments through their entry (types) or views.ts (labels): docs/payments.md.',
};
const onlyLiveProtocol = {
  group: ['~/live/*', '!~/live/protocol', '**/live/*', '!**/live/protocol'],
  message: 'Of app/live only the wire format (live/protocol) is shared with the server: the rest runs in the browser.',
};

/**
 * The domains of app/models, lowest first (docs/routing-and-layers.md#inside-the-models). A domain
 * imports only domains on a lower line; the domains of one line do not import each other. A new
 * domain goes on a line above every domain it uses (tests/integration/model-order.test.ts checks
 * that every folder of app/models is listed).
 */
export const MODEL_DOMAIN_LEVELS = [
  ['audit'],
  ['live-bus'],
  ['mail'],
  ['accounts'],
  ['notifications'],
  ['courses'],
  ['chat', 'tools', 'payments', 'assessments'],
  ['signup', 'admin', 'projects'],
  ['privacy'],
];

const modelLayer = [noRoutes, noComponents, noServer, onlyLiveProtocol];

/** The domains `domain` may not import (its own line and every line above), written with the alias or relatively. */
const notAbove = (domain) => {
  const level = MODEL_DOMAIN_LEVELS.findIndex((line) => line.includes(domain));
  const barred = MODEL_DOMAIN_LEVELS.slice(level)
    .flat()
    .filter((other) => other !== domain);
  const allowed = MODEL_DOMAIN_LEVELS.slice(0, level).flat();
  if (!barred.length) return [];
  return [
    {
      regex: `^(~/models/|\\.\\./|(\\.\\./)+models/)(${barred.join('|')})(/|$)`,
      message: `Inside app/models a domain imports only the domains below it (${allowed.join(', ') || 'none'} for ${domain}): move the shared piece down, or the orchestration up (docs/routing-and-layers.md#inside-the-models).`,
    },
  ];
};

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'node_modules/**',
      '.cache/**',
      'db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.bare/**',
      'bench/.data/**',
      'tmp-perf/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-restricted-imports': ['error', { paths: dateFns }],
    },
  },
  layer(['app/routes/**'], [noRoutes, noDb, onlyPaymentsEntry]),
  layer(
    ['app/components/**'],
    [
      noRoutes,
      noDb,
      noServer,
      onlyPaymentsEntryOrViews,
      { ...noModels, message: 'Components import models for types only (import type).', allowTypeImports: true },
      {
        group: ['~/utils/*.server', '**/utils/*.server'],
        message: 'Components import server utils for types only.',
        allowTypeImports: true,
      },
    ],
  ),
  layer(['app/plumbing/**'], [noRoutes, noComponents, onlyLiveProtocol]),
  layer(['app/models/**'], modelLayer),
  ...MODEL_DOMAIN_LEVELS.flat().map((domain) => layer([`app/models/${domain}/**`], [...modelLayer, ...notAbove(domain)])),
  layer(['app/live/**'], [noRoutes, noComponents, noServer, noModels, noDb, noSchemas, noCalculators, noCharts]),
  layer(['app/schemas/**', 'app/calculators/**'], [noRoutes, noComponents, noServer, noLive, noModels, noDb]),
  layer(['app/schemas/**'], [noRoutes, noComponents, noServer, noLive, noModels, noDb, noCalculators, noCharts]),
  layer(['app/charts/**'], [noRoutes, noComponents, noServer, noLive, noModels, noDb, noSchemas, noCalculators, noEmails]),
  layer(['app/emails/**'], [noRoutes, noComponents, noServer, noLive, noModels, noDb, noSchemas, noCalculators]),
  layer(['app/utils/**'], [noRoutes, noComponents, noServer, noLive, noModels, noDb, noSchemas, noCalculators, noEmails, noCharts]),
  layer(['db/**'], [noRoutes, noComponents, noServer, noLive, noModels, noSchemas, noCalculators, noCharts]),
);
