// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Rooms and what each may not import (DESIGN.md "One package, seven rooms"). */
// `#room/…` subpath imports, or relative paths that climb into another room.
const roomRegex = (/** @type {string[]} */ rooms) =>
  `^(#(${rooms.join('|')})/|(\\.\\./)+(${rooms.join('|')})/)`;
const forbid = (/** @type {string[]} */ rooms, message = 'Import boundary: see DESIGN.md') => ({
  regex: roomRegex(rooms),
  message,
});
const boundaries = (/** @type {string[]} */ files, /** @type {object[]} */ patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'storybook-static',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['server/**', 'bench/**', 'scripts/**', 'tokens/node/**', 'e2e/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  boundaries(
    ['contract/**'],
    [forbid(['server', 'src', 'studio', 'tokens', 'storefront', 'tests'])],
  ),
  boundaries(
    ['tokens/**'],
    [forbid(['server', 'src', 'studio', 'contract', 'storefront', 'tests'])],
  ),
  boundaries(
    ['tokens/core/**'],
    [
      forbid(['server', 'src', 'studio', 'contract', 'storefront', 'tests']),
      { regex: '^node:', message: 'tokens/core runs in the browser: no node:* imports' },
    ],
  ),
  boundaries(
    ['storefront/**'],
    [
      forbid(['server', 'src', 'studio', 'tests']),
      {
        regex: roomRegex(['tokens', 'contract']),
        allowTypeImports: true,
        message: 'storefront imports only types from tokens and contract/public',
      },
    ],
  ),
  boundaries(['server/**'], [forbid(['src', 'studio', 'tests'])]),
  boundaries(
    ['studio/**'],
    [
      forbid(['server', 'tests']),
      { regex: '^#src/(?!ui/)', message: 'studio may use only src/ui of src' },
    ],
  ),
  boundaries(['src/**'], [forbid(['server', 'tests'])]),
  boundaries(
    ['src/ui/**'],
    [
      forbid(['server', 'studio', 'tests']),
      { regex: '^#src/(?!ui/)', message: 'src/ui is a leaf' },
    ],
  ),
);
