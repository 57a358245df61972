// Lint encodes the architecture (DESIGN §6.7): boundaries between workspaces and features,
// no import cycles, kebab-case file names, type-only imports, no `any`, env read only in config.ts.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;
const local = {
  rules: {
    'kebab-case-files': {
      meta: { type: 'suggestion', messages: { kebab: 'File name "{{name}}" is not kebab-case.' } },
      create(context) {
        const name = path.basename(context.filename);
        return { Program(node) { if (!KEBAB.test(name)) context.report({ node, messageId: 'kebab', data: { name } }); } };
      },
    },
  },
};

const features = ['coverage', 'offer', 'checkout', 'signature', 'premade', 'documents', 'portability', 'sim', 'lead', 'mobile', 'layout', 'errors', 'console'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, local },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'local/kebab-case-files': 'error',
    },
  },
  {
    // contract is framework-free and imports nothing of the app.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'pg', 'better-sqlite3', 'zustand', 'node:*'], message: 'contract stays framework-free.' },
        { group: ['@checkout/server', '@checkout/web', '**/server/**', '**/web/**'], message: 'contract imports nothing of the app.' },
      ] }],
    },
  },
  {
    files: ['packages/contract/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@checkout/web', '**/web/src/**', 'react', 'react-dom'], message: 'server never imports web.' }] }],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read the environment only in src/config.ts.' }],
    },
  },
  {
    files: ['server/src/config.ts', 'server/test/**', 'server/**/*.test.ts', 'server/src/cli/main.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': ['error', { patterns: [{ group: ['@checkout/server', '**/server/src/**', 'fastify', 'kysely'], message: 'web never imports server.' }] }],
    },
  },
  // --- Server modules (begin) ---------------------------------------------------------------------------
  // A file of server/src/modules/<a>/ imports another module only through its face, modules/<b>/index.ts;
  // inside a module, files import each other directly. Type imports count too.
  {
    files: ['server/src/modules/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [{ type: 'server-module', pattern: 'server/src/modules/*', mode: 'folder', capture: ['module'] }],
      'boundaries/include': ['server/src/modules/**/*.ts'],
      'import/resolver': { node: { extensions: ['.ts'] } },
    },
    rules: {
      'boundaries/entry-point': ['error', {
        default: 'disallow',
        message: 'Import another server module only through its index.ts (its face).',
        rules: [{ target: ['server-module'], allow: 'index.ts' }],
      }],
    },
  },
  // --- Server modules (end) -----------------------------------------------------------------------------
  // ---- web layers (boundaries) -----------------------------------------------------------------
  // The shared floors of the web (components, lib, state) never import what is built on them (app,
  // features): a feature may use a component, a component never reaches into a feature.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    // Tests render a floor inside the app's providers; only product code is held to the layers.
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'boundaries/elements': [
        { type: 'web-app', pattern: 'web/src/app', mode: 'folder' },
        { type: 'web-features', pattern: 'web/src/features', mode: 'folder' },
        { type: 'web-components', pattern: 'web/src/components', mode: 'folder' },
        { type: 'web-lib', pattern: 'web/src/lib', mode: 'folder' },
        { type: 'web-state', pattern: 'web/src/state', mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/element-types': ['error', {
        default: 'allow',
        message: '${file.type} is a shared floor of the web: it never imports ${dependency.type}.',
        rules: [{ from: ['web-components', 'web-lib', 'web-state'], disallow: ['web-app', 'web-features'] }],
      }],
    },
  },
  {
    // One way into the API: only a feature's api/ hooks and the shared lib/*-queries call the client.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/**', 'web/src/features/*/api/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@checkout/server', '**/server/src/**', 'fastify', 'kysely'], message: 'web never imports server.' },
        { group: ['**/lib/api-client'], message: 'Call the API through the feature\'s api/ hooks (or a shared lib/*-queries hook).' },
      ] }],
    },
  },
  // ---- end of web layers ------------------------------------------------------------------------
  // Features never import each other (they share components, state and lib).
  ...features.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [{ target: `./web/src/features/${feature}`, from: './web/src/features', except: [`./${feature}`], message: 'Features do not import each other.' }] }],
    },
  })),
);
