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

/** Inline query keys, refused in src and studio (each area's api/keys.ts makes them). */
const INLINE_QUERY_KEYS = [
  "Property[key.name='queryKey'] > ArrayExpression.value",
  "Property[key.name='queryKey'] > TSAsExpression.value > ArrayExpression.expression",
  'CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState|ensureQueryData|fetchQuery|prefetchQuery)$/] > ArrayExpression.arguments:first-child',
].map((selector) => ({
  selector,
  message:
    "Inline query key: take it from the area's key factory (api/keys.ts, e.g. src/features/feeds/api/keys.ts)",
}));

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
    // Keys live in the area's factory so a mutation invalidates one level of them (STYLE.md 11).
    files: ['src/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...INLINE_QUERY_KEYS] },
  },
  {
    // One tab list: screens use src/ui/tabs (keyboard, ids and looks in one place). A later block
    // replaces a rule's options, so this one repeats the query-key selectors.
    files: ['src/features/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...INLINE_QUERY_KEYS,
        {
          selector: "JSXAttribute[name.name='role'][value.value='tablist']",
          message: 'Hand-written tab list: use Tabs and TabPanel from src/ui/tabs/tabs.tsx',
        },
      ],
    },
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
        // The wire format's value helpers and the word splitter hold no zod: the storefront may run them.
        regex: `${roomRegex(['tokens', 'contract'])}(?!public/wire-values\\.ts$|text\\.ts$)`,
        allowTypeImports: true,
        message:
          'storefront imports only types from tokens and contract/public (values: contract/public/wire-values.ts, contract/text.ts)',
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
  // The config frame sits under the screens: features, the layout and the app use it, not back.
  boundaries(
    ['src/config-studio/**'],
    [
      forbid(['server', 'tests']),
      {
        regex:
          '^(#src/(?!(ui|lib|stores|locales|config-studio)/)|(\\.\\./)+(features|layout|app)/)',
        message: 'src/config-studio may use of src only ui, lib and stores',
      },
    ],
  ),
  // src/lib is glue under everything in src but src/ui and the stores.
  boundaries(
    ['src/lib/**'],
    [
      forbid(['server', 'tests']),
      {
        regex:
          '^(#src/(?!(ui|lib|stores|locales)/)|(\\.\\./)+(config-studio|features|layout|app)/)',
        message: 'src/lib may use of src only ui, stores and locales',
      },
    ],
  ),
  boundaries(
    ['src/ui/**'],
    [
      forbid(['server', 'studio', 'tests']),
      { regex: '^#src/(?!ui/)', message: 'src/ui is a leaf' },
    ],
  ),
);
