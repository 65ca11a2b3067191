// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './tooling/eslint/import-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local: boundaries },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // ARCHITECTURE.md import boundaries (tooling/eslint/import-boundaries.js).
      'local/import-boundaries': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'apps/server/src/db/seed/cli.ts',
      'apps/server/src/modules/audit/verify-cli.ts',
      'apps/server/src/server.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // ARCHITECTURE.md: config/env.ts is the only reader of process.env.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts' },
      ],
    },
  },
  {
    // Decision 0019: a journey waits for what it needs (an element, a response, an animation's
    // end), never for a fixed time that is too long on a fast machine and too short on a busy one.
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for the event (expect(…), waitForResponse, an animation) instead.',
        },
      ],
    },
  },
);
