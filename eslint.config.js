import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const dateFns = [
  { name: 'date-fns', message: 'Import single functions (date-fns/format): the barrel slows cold start (see STACK.md).' },
  { name: 'date-fns/locale', message: 'Import date-fns/locale/pt-BR: the barrel loads every locale (see STACK.md).' },
];

/** Import patterns for one folder of the app, whether written with the `~/` alias or relatively. */
const folder = (name) => [`~/${name}`, `~/${name}/*`, `**/${name}`, `**/${name}/*`, `**/app/${name}/**`];

/**
 * Layers point down (docs/architecture.md):
 *   routes → components, models, schemas, calculators, utils
 *   components → schemas, calculators, client-safe utils; models and *.server utils for types only
 *   models → db, schemas, calculators, utils
 *   schemas, calculators → utils
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
        patterns: forbidden.map(({ group, message, allowTypeImports = false }) => ({ group, message, allowTypeImports })),
      },
    ],
  },
});

const noRoutes = { group: folder('routes'), message: 'Nothing imports a route module: move what is shared to a model, component or util.' };
const noComponents = { group: folder('components'), message: 'Only routes and components use components.' };
const noModels = { group: folder('models'), message: 'Models sit above this layer: move the shared piece down (utils) or pass it in.' };
const noDb = { group: folder('db'), message: 'Only models (and scripts) talk to the database.' };
const noSchemas = { group: folder('schemas'), message: 'Schemas sit above this layer.' };
const noCalculators = { group: folder('calculators'), message: 'Calculators sit above this layer.' };

export default tseslint.config(
  {
    ignores: ['build/**', 'public/build/**', 'node_modules/**', '.cache/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/.bare/**', 'bench/.data/**'],
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
  layer(['app/routes/**'], [noRoutes, noDb]),
  layer(['app/components/**'], [
    noRoutes,
    noDb,
    { ...noModels, message: 'Components import models for types only (import type).', allowTypeImports: true },
    { group: ['~/utils/*.server', '**/utils/*.server'], message: 'Components import server utils for types only.', allowTypeImports: true },
  ]),
  layer(['app/models/**'], [noRoutes, noComponents]),
  layer(['app/schemas/**', 'app/calculators/**'], [noRoutes, noComponents, noModels, noDb]),
  layer(['app/schemas/**'], [noRoutes, noComponents, noModels, noDb, noCalculators]),
  layer(['app/utils/**'], [noRoutes, noComponents, noModels, noDb, noSchemas, noCalculators]),
  layer(['db/**'], [noRoutes, noComponents, noModels, noSchemas, noCalculators]),
);
