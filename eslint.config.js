import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
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
    // Layering of docs/architecture: shared and engine know nothing of HTTP, React or the database.
    files: ['src/shared/**', 'src/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/app/**', '**/features/**', '**/lib/**', '**/ui/**', 'react', 'fastify', 'kysely'] }],
    },
  },
);
