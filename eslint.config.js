import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const MODULE_INDEX = "Import another module through its index.ts ('../payments', not '../payments/service').";

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dist-bench',
      'node_modules',
      'data',
      'docs',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The server's modules (docs/architecture.md): another module is used only through its
  // index.ts, and the platform uses none. tests/unit/moduleBoundaries.test.ts checks the same
  // over every import (dynamic ones too) and that the modules' imports form no cycle.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/modules/**', 'server/platform/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[^/]+/.+', message: MODULE_INDEX }] },
      ],
    },
  },
  {
    files: ['server/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules(/|$)', message: 'The platform uses no module.' }] },
      ],
    },
  },
  {
    files: ['server/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./[^./][^/]*/.+', message: MODULE_INDEX }] },
      ],
    },
  },
);
