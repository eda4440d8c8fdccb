// Lint rules for the service and the benchmarks. Formatting is Prettier's (eslint-config-prettier turns
// off every rule that would fight it); import boundaries are dependency-cruiser's (.dependency-cruiser.cjs).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/data/**', '**/*.generated.ts', '**/*.js', '**/*.cjs', 'packages/*/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // The one door for output is the injected logger (deps.ts); the entry points alone talk to the terminal.
      'no-console': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Test answers are parsed JSON read field by field; typing each one adds nothing.
    files: ['**/test/**', '**/*.test.ts', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
  {
    files: [
      'packages/service/src/main.ts',
      'packages/service/src/cluster.ts',
      'packages/service/src/run-process.ts',
      'packages/service/scripts/**',
      'examples/**/main.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  // The widget writes a refused mount()'s reason to the browser console (spec 4.3); its build script is Node.
  { files: ['packages/widget/src/mount.ts'], rules: { 'no-console': 'off' } },
  {
    files: ['packages/widget/scripts/**', '.ci/**'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
);
