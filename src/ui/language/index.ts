/**
 * Deployed contracts as part of the Clarity code being edited: Go to Definition, completion and
 * signature help of a callee's functions, the callee hover and the requirements quick fix.
 * Registration is cheap and asks nothing: the providers are thin, and their part that reads
 * Clarity and the API (languageBundle.ts, a part) loads the first time the editor asks
 * one of them for an answer.
 */
import * as vscode from 'vscode';
import { Commands, CONTRACT_SOURCE_SCHEME } from '../../constants';
import type { LanguageDeps } from './callees';
import type { LanguageFeatures } from './languageBundle';
import { loadLanguageModule } from './languageModule';

export type { LanguageDeps } from './callees';

/** Clarity files by language id (the Clarity extension) and by name (without it), deployed sources included. */
export const CLARITY_FILES: vscode.DocumentFilter[] = [
  { language: 'clarity' },
  { pattern: '**/*.clar' },
  { scheme: CONTRACT_SOURCE_SCHEME },
];

/** The features, built the first time one is used. */
export class LazyLanguage {
  private real: LanguageFeatures | undefined;
  constructor(private readonly deps: LanguageDeps) {}

  get features(): LanguageFeatures {
    this.real ??= loadLanguageModule().createLanguageFeatures(this.deps);
    return this.real;
  }

  /** The hover of a `contract-call?`'s function, for the editor's hover. */
  hover(doc: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken) {
    return this.features.hover(doc, position, token);
  }
}

export function registerLanguageFeatures(language: Pick<LazyLanguage, 'features'>): vscode.Disposable[] {
  const f = () => language.features;
  return [
    vscode.languages.registerDefinitionProvider(CLARITY_FILES, {
      provideDefinition: (doc, pos, token) => f().definitions.provideDefinition(doc, pos, token),
    }),
    vscode.languages.registerCompletionItemProvider(
      CLARITY_FILES,
      { provideCompletionItems: (doc, pos, token) => f().completions.provideCompletionItems(doc, pos, token) },
      ' ',
    ),
    vscode.languages.registerSignatureHelpProvider(
      CLARITY_FILES,
      { provideSignatureHelp: (doc, pos, token) => f().completions.provideSignatureHelp(doc, pos, token) },
      { triggerCharacters: [' '], retriggerCharacters: [' '] },
    ),
    vscode.languages.registerCodeActionsProvider(
      CLARITY_FILES,
      { provideCodeActions: (doc, range) => f().fixes.provideCodeActions(doc, range) },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
    vscode.commands.registerCommand(Commands.addRequirement, (manifest?: unknown, id?: unknown, network?: unknown) =>
      f().fixes.add(manifest, id, network),
    ),
  ];
}
