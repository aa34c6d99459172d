// One lint setup for the whole workspace.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './scripts/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'apps/web/dist-ssr/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'artifacts/**',
      '.data/**',
      'apps/server/fixtures/web-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The hospital client is the hospitals' API only; the web app's calls and types come from the contract, sent
      // through its own client (ops/api.ts for the console).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@auto-claim/hospital-client', message: 'Use @auto-claim/contract (or /ops) instead.' }] },
      ],
    },
  },
  {
    // The FHIR checker loads the R4 definitions (tens of MB): a server library, never in the patient's bundle.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@auto-claim/kr-silson-claim', '**/kr-silson-claim/**'], message: 'Server only.' }] },
      ],
    },
  },
  ...boundaries,
  {
    // A test prints its figures with console.info: a console.warn or console.error fails the test (test/setup.ts).
    files: ['apps/server/test/**/*.ts'],
    rules: { 'no-console': ['error', { allow: ['info', 'warn', 'error'] }] },
  },
  {
    files: ['scripts/**/*.mjs', 'apps/*/scripts/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off' },
  },
);
