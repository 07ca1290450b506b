import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');

const NOT_YET: string[] = [];

/** Words a user reads, once codicons (`$(sync~spin)`) are taken out. */
const WORDS = /[A-Za-z]{2,}/;
const words = (text: string) => WORDS.test(text.replace(/\$\([\w~-]+\)/g, ''));

/** The parts of an expression that are text written in the source, not passed through l10n. */
function literals(e: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return words(e.text) ? [e] : [];
  if (ts.isTemplateExpression(e))
    return [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].some(words) ? [e] : [];
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e))
    return literals(e.expression);
  if (ts.isConditionalExpression(e)) return [...literals(e.whenTrue), ...literals(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken) return [...literals(e.left), ...literals(e.right)];
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return literals(e.right);
  }
  // Text handed through a helper (`inertNotification(\`Checking ${url}\`)`) is still written here;
  // only a call of l10n.t translates it.
  if (ts.isCallExpression(e))
    return ['t', 'actionLabel'].includes(name(e.expression)) ? [] : e.arguments.flatMap((x) => literals(x));
  if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap((x) => (ts.isExpression(x) ? literals(x) : []));
  return [];
}

function prop(o: ts.Expression | undefined, names: string[]): ts.Expression[] {
  if (!o || !ts.isObjectLiteralExpression(o)) return [];
  return o.properties.flatMap((p) =>
    ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && names.includes(p.name.text) ? [p.initializer] : [],
  );
}

/** What a function returns, its nested functions left out. */
function returned(f: ts.Expression | undefined): ts.Expression[] {
  if (!f || !(ts.isArrowFunction(f) || ts.isFunctionExpression(f))) return [];
  if (!ts.isBlock(f.body)) return [f.body];
  const out: ts.Expression[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n)) return;
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(f.body, visit);
  return out;
}

const name = (e: ts.Expression): string =>
  ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : '';

/** The places of the VS Code API where the argument is text shown to the user. */
function shown(n: ts.Node): ts.Expression[] {
  if (ts.isCallExpression(n)) {
    const [a0, a1] = n.arguments;
    switch (name(n.expression)) {
      case 'showInfo':
      case 'showWarning':
      case 'showError':
      case 'askModal':
      case 'showInformationMessage':
      case 'showWarningMessage':
      case 'showErrorMessage':
        return n.arguments.flatMap((a) => (ts.isObjectLiteralExpression(a) ? prop(a, ['detail']) : [a]));
      case 'setStatusBarMessage':
      case 'createWebviewPanel':
        return name(n.expression) === 'createWebviewPanel' ? (a1 ? [a1] : []) : a0 ? [a0] : [];
      case 'showQuickPick': {
        const items = a0 && ts.isArrayLiteralExpression(a0) ? [...a0.elements] : [];
        return [
          ...items.flatMap((i) =>
            ts.isObjectLiteralExpression(i) ? prop(i, ['label', 'description', 'detail']) : [i],
          ),
          ...prop(a1, ['title', 'placeHolder']),
        ];
      }
      case 'showInputBox':
        return [...prop(a0, ['title', 'prompt', 'placeHolder']), ...prop(a0, ['validateInput']).flatMap(returned)];
      case 'withProgress':
        return prop(a0, ['title']);
      case 'report':
        return prop(a0, ['message']);
      case 'appendMarkdown':
      case 'appendText':
        return a0 ? [a0] : [];
    }
  }
  if (ts.isNewExpression(n)) {
    const [a0, a1] = n.arguments ?? [];
    switch (name(n.expression)) {
      case 'TreeItem':
      case 'MarkdownString':
        return a0 ? [a0] : [];
      case 'CodeLens':
        return prop(a1, ['title', 'tooltip']);
    }
  }
  // A command shown as a CodeLens, a tree item's or a status bar item's action: { title, command }.
  if (ts.isObjectLiteralExpression(n) && prop(n, ['command']).length) return prop(n, ['title', 'tooltip']);
  if (
    ts.isBinaryExpression(n) &&
    n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    ts.isPropertyAccessExpression(n.left) &&
    ['title', 'placeholder', 'prompt', 'validationMessage', 'tooltip', 'description', 'label', 'text'].includes(
      n.left.name.text,
    )
  )
    return [n.right];
  return [];
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

export function bypasses(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    for (const e of shown(n))
      for (const lit of literals(e)) {
        const { line } = sf.getLineAndCharacterOfPosition(lit.getStart(sf));
        out.push(`${file}:${line + 1}: ${lit.getText(sf).slice(0, 70)}`);
      }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return [...new Set(out)];
}

describe('Runtime strings: no user-facing literal in src/ui bypasses l10n', () => {
  it('every notification, pick, input box, progress, tree item, hover, CodeLens and panel title goes through l10n.t', function () {
    this.timeout(30_000); // parses every file of src/ui
    const found = sources(path.join(ROOT, 'src/ui'))
      .map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
      .filter((f) => !NOT_YET.some((p) => f.startsWith(p)))
      .flatMap((f) => bypasses(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepStrictEqual(found, [], 'wrap these in vscode.l10n.t (or l10n.t of src/chain/l10n.ts)');
  });

  it('finds a literal in each of those places, and lets a translated one through', () => {
    const sample = [
      "showError('Plain words');",
      'showInfo(`Copied ${x}`);',
      "window.showQuickPick(items, { title: 'Pick one', placeHolder: vscode.l10n.t('Translated') });",
      "window.showInputBox({ prompt: 'Type', validateInput: (v) => (v ? undefined : 'Required') });",
      "window.withProgress({ title: ok ? vscode.l10n.t('A') : 'Loading' }, f);",
      "new vscode.TreeItem('Recent');",
      "new vscode.MarkdownString('**Bold**');",
      "new vscode.CodeLens(r, { title: '$(check) Deployed', command: 'x' });",
      "window.createWebviewPanel('id', 'Title', 1);",
      "item.tooltip = 'Tip';",
      "item.text = '$(sync~spin)';",
      "item.text = vscode.l10n.t('$(globe) Stacks: {0}', label);",
    ].join('\n');
    assert.deepStrictEqual(
      bypasses('x.ts', sample).map((l) => l.replace(/^x\.ts:\d+: /, '')),
      [
        "'Plain words'",
        '`Copied ${x}`',
        "'Pick one'",
        "'Type'",
        "'Required'",
        "'Loading'",
        "'Recent'",
        "'**Bold**'",
        "'$(check) Deployed'",
        "'Title'",
        "'Tip'",
      ],
    );
  });
});
