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
// through src/ui/shared/notify.ts, which makes its text inert.
const directNotifications = {
  selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
  message:
    'Show notifications through src/ui/shared/notify.ts (showInfo/showWarning/showError), which neutralises links.',
};

// The layers (ARCHITECTURE.md): each folder names what it must not import. Imports point down only.
const vscodeImport = { name: 'vscode', message: 'This layer does not depend on the editor API.' };
const layers = [
  {
    files: ['src/chain/**/*.ts'],
    paths: [vscodeImport],
    groups: ['**/api', '**/api/**', '**/ui/**', '**/constants', '**/protocol', '**/testApi'],
    why: 'src/chain is pure domain logic: it imports no api, ui, constants or protocol (pass in what it needs).',
  },
  {
    files: ['src/api/**/*.ts'],
    paths: [vscodeImport],
    groups: ['**/ui/**', '**/constants', '**/protocol', '**/testApi'],
    why: 'src/api is the typed client: it imports only src/chain.',
  },
  {
    files: ['src/webview/**/*.ts'],
    paths: [vscodeImport],
    groups: ['**/api', '**/api/**', '**/chain/**', '**/ui/**', '**/constants', '**/testApi'],
    why: 'The webview talks to the host only through src/protocol.ts.',
  },
];

// The feature folders of src/ui, lowest first: a folder imports only folders before it.
const uiOrder = [
  'shared',
  'failure',
  'network',
  'projects',
  'drift',
  'watch',
  'sbtc',
  'lookup',
  'welcome',
  'workbench',
  'agent',
  'panels',
  'trace',
  'language',
  'editor',
  'tree',
];
for (const [i, folder] of uiOrder.entries()) {
  const above = uiOrder.slice(i + 1);
  layers.push({
    files: [`src/ui/${folder}/**/*.ts`],
    paths: [],
    groups: [
      ...above.flatMap((f) => [`../${f}`, `../${f}/**`, `../../${f}`, `../../${f}/**`]),
      '**/extension',
      '**/testApi',
    ],
    why: `src/ui/${folder} sits below ${above.join(', ') || 'nothing'}: it imports only ${uiOrder.slice(0, i).join(', ') || 'no other feature folder'} (and api, chain, constants, protocol).`,
  });
}

function layerRules() {
  return layers.map(({ files, paths, groups, why }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { paths, patterns: [{ group: groups, message: why }] }] },
  }));
}

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
    // Type-aware rules on the sources: a promise nobody awaits or handles, a promise where VS Code
    // expects a plain value (an event listener, a condition), a cast the types already make.
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/ui/shared/notify.ts'],
    rules: { 'no-console': 'error', 'no-restricted-syntax': ['error', ...htmlSinks, directNotifications] },
  },
  {
    files: ['src/ui/shared/notify.ts'],
    rules: { 'no-console': 'error' },
  },
  ...layerRules(),
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
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
