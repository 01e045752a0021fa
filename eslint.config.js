import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: ['build/**', 'public/build/**', 'node_modules/**', '.cache/**', 'db/migrations/**', 'test-results/**', 'playwright-report/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'date-fns', message: 'Import single functions (date-fns/format): the barrel slows cold start (see STACK.md).' },
            { name: 'date-fns/locale', message: 'Import date-fns/locale/pt-BR: the barrel loads every locale (see STACK.md).' },
          ],
        },
      ],
    },
  },
);
