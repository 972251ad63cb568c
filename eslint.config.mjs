// ESLint (flat config): the recommended correctness rules of ESLint and typescript-eslint, the
// rules of hooks for React code, and the import rules that hold the layering of
// docs/ARCHITECTURE.md. Type-aware rules are off on purpose: `npm run typecheck` already runs the
// compiler over every file, and a second type-checked program would double lint's time on 2 cores.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import nextPlugin from '@next/eslint-plugin-next';

// Prisma and the database driver: UI code never imports them, not even for a type. The console's
// types come from the zod schemas in lib/<domain>/schemas.ts, which are the API's contract.
const PRISMA = [
  { group: ['@/lib/db', '@/lib/db.ts'], message: 'UI code never touches the database: call the API through a hook.' },
  { group: ['@/lib/generated/*', '@/lib/generated/**'], message: 'Prisma types stay on the server: use the types inferred from lib/<domain>/schemas.ts.' },
  { group: ['@prisma/*', 'pg', 'pg/*', 'pg-*'], message: 'UI code never touches the database.' },
];

// Modules that only make sense (or only work) on the server: secrets, the route wrapper, jobs,
// mail, storage, logging and Node's built-ins. A type from them may still be named.
const SERVER_ONLY = [
  { group: ['@/lib/env', '@/lib/env.ts'], message: 'lib/env.ts holds server secrets: the console reads lib/public-config.ts.', allowTypeImports: true },
  { group: ['@/lib/http/*', '@/lib/http/**', '@/lib/jobs/**', '@/lib/mail/**', '@/lib/storage/**', '@/lib/observability/**'], message: 'Server-only module: UI code reaches it through the API.', allowTypeImports: true },
  { group: ['graphile-worker', 'pino', 'nodemailer', 'node:*'], message: 'Server-only package: UI code reaches it through the API.', allowTypeImports: true },
];

// Domain and worker code never reach up into the app, the UI, or the tooling around the code.
const NOT_FROM_APP = [
  { group: ['@/app/*', '@/app/**'], message: 'lib/ and worker/ never import from app/: move what both need into lib/.' },
];
const NOT_FROM_UI = [
  { group: ['@/components/**', '@/hooks/**'], message: 'lib/ and worker/ never import UI code: move what both need into lib/.' },
];
const NOT_FROM_TOOLING = [
  { group: ['@/tests/**', '@/scripts/**', '@/bench/**', '@/e2e/**'], message: 'Product code never imports test or tooling code.' },
];
const NOT_FROM_WORKER = [
  { group: ['@/worker/**'], message: 'The worker and the routes share lib/, not each other.' },
];
// A relative path climbing out of its top-level folder hides the same crossings; the `@/` alias
// is the house style for anything outside the current domain.
const NO_CLIMB = [{ regex: '^(\\.\\./){2,}', message: 'Import across folders through the `@/` alias.' }];

const restricted = (...groups) => ['error', { patterns: groups.flat() }];

export default defineConfig(
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.data/**',
      'lib/generated/**',
      'agent/dist/**',
      'dist/**',
      'app/api/route-index.generated.ts',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      // The globals the JavaScript files (configs, build scripts) use; TypeScript files are
      // checked by the compiler instead (below).
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: {
      // Unused bindings are errors, except the ones named to be ignored (`_x`) and rest siblings
      // used to drop a key from an object.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The compiler checks identifiers (with the right lib and types) better than no-undef can.
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'hooks/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { next: { rootDir: '.' } },
    rules: {
      ...nextPlugin.configs['core-web-vitals'].rules,
      // The classic rules of hooks only. The plugin's React Compiler rules (set-state-in-effect,
      // purity, use-memo…) advise code for the compiler, which this app does not use; they flag
      // the hydration-safe way of reading browser-only state (localStorage, the URL hash) in an
      // effect, and they run the compiler over every component (they doubled lint's time).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // CommonJS preloads (bench profiling, the test timers shim) are loaded with --require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The layering (docs/ARCHITECTURE.md, "The house in one picture").
  {
    files: ['components/**/*.{ts,tsx}', 'hooks/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restricted(PRISMA, SERVER_ONLY, NOT_FROM_TOOLING, NOT_FROM_WORKER, NO_CLIMB) },
  },
  {
    files: ['lib/**/*.ts'],
    ignores: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': restricted(NOT_FROM_APP, NOT_FROM_UI, NOT_FROM_TOOLING, NOT_FROM_WORKER, NO_CLIMB) },
  },
  {
    files: ['lib/**/*.test.ts'],
    rules: { 'no-restricted-imports': restricted(NOT_FROM_APP, NOT_FROM_UI) },
  },
  {
    files: ['worker/**/*.ts'],
    ignores: ['worker/**/*.test.ts'],
    rules: { 'no-restricted-imports': restricted(NOT_FROM_APP, NOT_FROM_UI, NOT_FROM_TOOLING, NO_CLIMB) },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restricted(NOT_FROM_TOOLING, NOT_FROM_WORKER, NO_CLIMB) },
  },
);
