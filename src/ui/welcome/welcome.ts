/**
 * The first five minutes: Stacks: Get Started opens the walkthrough, Stacks: Open Sample Contract
 * a read-only Clarity file with one id of each kind to hover, and on the first activation in a
 * profile the walkthrough opens beside the editor, once, at a quiet moment: when nothing of ours
 * has been in flight (a command, its input box or quick pick) or asked (a hover) for a few seconds
 * after the user's first action, or ten seconds after activation when there was none.
 * It never takes the keyboard (the editor keeps focus) and never switches the side bar. VS Code
 * opens the walkthrough of an extension installed from the marketplace itself; this covers the
 * other installs. `stacksLookup.showWelcome`, or VS Code's
 * `workbench.welcomePage.walkthroughs.openOnInstall`, set to false turns it off. None of it asks the API.
 */
import * as vscode from 'vscode';
import { Commands, SAMPLE_SCHEME, WALKTHROUGH_ID } from '../../constants';
import type { UserActivity } from '../shared/activity';

/** The sample: real mainnet ids (the API's own examples), in a contract that reads like one. */
export const SAMPLE_CONTRACT = `;; A sample to try Stacks Lookup on. Rest the pointer on an id to see what the chain says
;; about it, or put the cursor on one and run "Stacks: Look Up…" (the network is the one in the
;; status bar; with stacksLookup.autoNetwork on, each id's own network).

;; A MiamiCoin transfer on mainnet, with its post-condition and events
(define-constant TRANSFER-TX 0x9e598c003a39d6bbb415011001a3abc1cfd99e997502796f64231b3bfc63e493)

;; An account with locked STX
(define-constant OPERATOR 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE)

;; A contract: send STX to many recipients with a memo each
(define-constant SEND-MANY 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.send-many-memo)

;; The sBTC token
(define-read-only (sbtc-supply)
  (contract-call? 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token get-total-supply))
`;

export const SAMPLE_URI = vscode.Uri.from({ scheme: SAMPLE_SCHEME, path: '/stacks-lookup-sample.clar' });

/** The memento key that says the welcome was shown in this profile. */
const WELCOMED = 'stacksLookup.welcomed';

export interface WelcomeDeps {
  globalState: vscode.Memento;
  /** What the user is doing with the extension: the welcome waits until it is quiet. */
  activity: UserActivity;
  /** True where the welcome must not open on its own (the extension's own tests). */
  quiet: boolean;
}

/** How long nothing of ours must have run or been asked before the walkthrough opens. */
export const WELCOME_QUIET_MS = 4000;
/**
 * Before the user's first action with the extension, how long after activation: the first action
 * usually starts in VS Code's own command palette or Quick Open, which the extension cannot see.
 */
export const WELCOME_IDLE_MS = 10_000;
/** How often a window that has not shown the welcome yet looks for a quiet moment. */
const WELCOME_CHECK_MS = 1000;

export function registerWelcome(deps: WelcomeDeps): vscode.Disposable[] {
  const sample = vscode.workspace.registerTextDocumentContentProvider(SAMPLE_SCHEME, {
    provideTextDocumentContent: (uri) => (uri.path === SAMPLE_URI.path ? SAMPLE_CONTRACT : undefined),
  });
  const disposables = [
    sample,
    vscode.commands.registerCommand(Commands.getStarted, () =>
      vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false),
    ),
    vscode.commands.registerCommand(Commands.openSample, async () => {
      const doc = await vscode.workspace.openTextDocument(SAMPLE_URI);
      return vscode.window.showTextDocument(doc, { preview: false });
    }),
  ];
  disposables.push(scheduleWelcome(deps));
  return disposables;
}

/**
 * Looks once a second for a quiet moment and then shows the welcome (`welcomeOnce`); stops after
 * that, or at once where the welcome is not due (shown before in this profile, turned off, tests).
 */
export function scheduleWelcome(deps: WelcomeDeps, checkEveryMs = WELCOME_CHECK_MS): vscode.Disposable {
  if (!welcomeDue(deps)) return new vscode.Disposable(() => undefined);
  let busy = false;
  const timer = setInterval(() => {
    if (busy || !deps.activity.quietFor(deps.activity.touched ? WELCOME_QUIET_MS : WELCOME_IDLE_MS)) return;
    busy = true;
    clearInterval(timer);
    void welcomeOnce(deps);
  }, checkEveryMs);
  return new vscode.Disposable(() => clearInterval(timer));
}

/** VS Code's commands that focus the editor group of view column 1 to 8. */
const GROUP_FOCUS = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'].map(
  (n) => `workbench.action.focus${n}EditorGroup`,
);

/**
 * The walkthrough's page can take the focus as it renders, and again when the walkthroughs are
 * registered after it opened: for `ms` after it opens, the focus goes back to the text editor the
 * user had (at its selection) or, beside a panel, to the group of `column`, at once when the
 * active group moves and once more at the end. Never while a command of ours is in flight: the
 * user has moved on (an input box of ours is open).
 */
async function giveBackFocus(
  activity: UserActivity,
  column: vscode.ViewColumn,
  editor: vscode.TextEditor | undefined,
  ms: number,
): Promise<void> {
  const focusBack = async () => {
    if (!activity.quietFor(0)) return;
    const focus = GROUP_FOCUS[column - 1];
    if (editor)
      await vscode.window.showTextDocument(editor.document, {
        viewColumn: editor.viewColumn ?? column,
        selection: editor.selection,
        preserveFocus: false,
      });
    else if (focus) await vscode.commands.executeCommand(focus);
  };
  for (let waited = 0; waited < ms; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (!activity.quietFor(0)) return;
    if (vscode.window.tabGroups.activeTabGroup.viewColumn !== column) await focusBack();
  }
  await focusBack();
}

function welcomeDue(deps: WelcomeDeps): boolean {
  return !deps.quiet && !deps.globalState.get<boolean>(WELCOMED);
}

/**
 * The first time in a profile, if nothing of ours is in flight: the walkthrough beside the editor,
 * the editor keeping focus. True when it opened.
 */
export async function welcomeOnce(deps: WelcomeDeps): Promise<boolean> {
  if (!welcomeDue(deps) || !deps.activity.quietFor(0)) return false;
  await deps.globalState.update(WELCOMED, true);
  const own = vscode.workspace.getConfiguration('stacksLookup').get<boolean>('showWelcome', true);
  const vscodeOwn = vscode.workspace
    .getConfiguration('workbench.welcomePage')
    .get<boolean>('walkthroughs.openOnInstall');
  if (own === false || vscodeOwn === false) return false;
  try {
    // Beside what the user has open, the focus kept where it is: `toSide` keeps a text editor's
    // focus, and beside a panel (a webview) it opens `inactive`; what the page still takes in the
    // next seconds goes back (giveBackFocus).
    const editor = vscode.window.activeTextEditor;
    const before = vscode.window.tabGroups.activeTabGroup.viewColumn;
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, {
      toSide: true,
      inactive: editor === undefined,
    });
    void giveBackFocus(deps.activity, before, editor, 2000);
  } catch {
    // A host without walkthroughs: the palette's Stacks: Get Started says the rest.
  }
  return true;
}
