import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import unicorn from 'eslint-plugin-unicorn';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A layer of src/ may import from src/ only the folders it names (itself among them): a folder added
 * under src/ is out of bounds for every layer until a layer names it.
 */
function layer(target, allowed, message) {
  return { target, from: 'src', except: allowed.map((folder) => `./${folder}`), message };
}

// Layering of docs/architecture: app → features → ui/lib → shared; server → engine → shared; sw → shared.
const zones = [
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/shared, src/lib or src/ui, or join them in src/app.',
  })),
  layer('src/main.tsx', ['app', 'lib', 'shared'], 'The web entry starts the app (src/app) and the web plumbing (src/lib).'),
  layer('src/app', ['app', 'features', 'ui', 'lib', 'shared'], 'The web app imports features, ui, lib and shared: never the server or the engine.'),
  layer('src/features', ['features', 'ui', 'lib', 'shared'], 'A feature imports ui, lib and shared only.'),
  layer('src/ui', ['ui', 'shared'], 'src/ui imports src/shared only.'),
  layer('src/lib', ['lib', 'shared'], 'src/lib imports src/shared only.'),
  layer('src/shared', ['shared'], 'src/shared is isomorphic and imports nothing of ours outside itself.'),
  layer('src/engine', ['engine', 'shared'], 'The engine imports src/shared only: no server, no web app.'),
  layer('src/server', ['server', 'engine', 'shared'], 'The server imports the engine and src/shared, never the web app.'),
  layer('sw', ['shared'], 'The service worker imports src/shared only.'),
  { target: 'src', from: 'sw', message: 'Nothing imports the service worker: vite-plugin-pwa builds sw/ on its own.' },
  {
    // Tests beside the code may use tests/fixtures; the code itself may not.
    target: ['src/**/!(*.test).{ts,tsx}', 'sw/**/!(*.test).ts'],
    from: ['tests', 'scripts'],
    message: 'Shipped code never imports tests/ or scripts/.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Imports are resolved as TypeScript resolves them (explicit .ts/.tsx extensions included), through
    // the runtimes' tsconfigs that tsconfig.json references. A path the resolver cannot find is skipped
    // by the rules below, so the resolver is what makes them bite.
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${root}/tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**', 'sw/**', 'tests/**', 'scripts/**'],
    plugins: { unicorn },
    rules: {
      'unicorn/filename-case': ['error', { case: 'kebabCase' }],
    },
  },
  {
    // Layering of docs/architecture: shared and engine know nothing of HTTP, React or the database.
    files: ['src/shared/**', 'src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/app/**', '**/features/**', '**/lib/**', '**/ui/**', 'react', 'fastify', 'kysely'] }],
    },
  },
);
