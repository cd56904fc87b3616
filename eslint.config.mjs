// ESLint (`npm run lint`, run by scripts/test.sh before the unit tier). Type-aware rules from
// typescript-eslint; each TypeScript file is checked against the tsconfig nearest to it
// (tsconfig.json for src/, test/, scripts/; media/tsconfig.json for the webview apps).
// Rules switched off are listed, with the reason, in CONTRIBUTING.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Only the project's own sources; the generated authentik types are openapi-typescript's output.
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'vscode-host/**', 'test-output/**', 'demo/**', 'bin/**', 'webpack.config.js', 'eslint.config.mjs', 'src/clients/authentik/generated/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Switched off: see "Lint" in CONTRIBUTING.md for why.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      'preserve-caught-error': 'off',
      // Passing on a rejection as it came (an AbortSignal's reason, a caught value) is not inventing one.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // `import x = require('…')` is TypeScript's typed CommonJS import, not an untyped require().
      '@typescript-eslint/no-require-imports': ['error', { allowAsImport: true }],
      // A leading underscore marks a value left out on purpose (`const { raw: _raw, ...rest } = x`).
      // `let x; const f = () => x…; x = …` is how a value and a callback that needs it are tied.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read stand-in and fixture JSON (typed `any`) and assert on it; the assertion is the
    // check, so the no-unsafe-* rules stay on for the shipped code only.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The few plain JavaScript files (a mocha reporter, the code-server shim, a webpack alias, a
    // generator script) have no tsconfig, so the type-aware rules do not apply to them.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { '@typescript-eslint/no-require-imports': 'off' }, // CommonJS files
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
