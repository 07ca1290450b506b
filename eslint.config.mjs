// Flat config: typescript-eslint on the sources and tests, plus the project's own safety rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const htmlSinks = [
  {
    selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
    message: 'Chain data goes in as text: use textContent or DOM APIs, never innerHTML/outerHTML.',
  },
  {
    selector: "CallExpression[callee.property.name='insertAdjacentHTML']",
    message: 'Never insertAdjacentHTML: insert chain data as text.',
  },
  { selector: "NewExpression[callee.name='DOMParser']", message: 'Never parse HTML from data (DOMParser).' },
  {
    selector: "CallExpression[callee.property.name='createContextualFragment']",
    message: 'Never parse HTML from data (createContextualFragment).',
  },
  {
    selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
    message: 'Never document.write.',
  },
];

// VS Code turns `[label](command:…)` in a notification into a live link: every notification goes
// through src/ui/notify.ts, which makes its text inert.
const directNotifications = {
  selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
  message: 'Show notifications through src/ui/notify.ts (showInfo/showWarning/showError), which neutralises links.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.vscode-test/**',
      'test-results/**',
      'reports/**',
      '.stryker-tmp/**',
      '**/*.js',
      '!esbuild.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': ['error', ...htmlSinks],
      'no-control-regex': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/ui/notify.ts'],
    rules: { 'no-console': 'error', 'no-restricted-syntax': ['error', ...htmlSinks, directNotifications] },
  },
  {
    files: ['src/ui/notify.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The typed client and the pure domain logic never import the editor API.
    files: ['src/api/**/*.ts', 'src/chain/**/*.ts', 'src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'src/api, src/chain and src/webview must not depend on vscode.' }] },
      ],
    },
  },
  {
    files: ['esbuild.js'],
    languageOptions: {
      globals: { require: 'readonly', process: 'readonly', console: 'readonly' },
      sourceType: 'commonjs',
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
