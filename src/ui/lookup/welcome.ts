/**
 * The first five minutes: Stacks: Get Started opens the walkthrough, Stacks: Open Sample Contract
 * a read-only Clarity file with one id of each kind to hover, and on the first activation in a
 * profile the walkthrough opens beside the editor and the view is shown, once (as VS Code opens
 * the walkthroughs of an extension installed from the marketplace). `stacksLookup.showWelcome`,
 * or VS Code's `workbench.welcomePage.walkthroughs.openOnInstall`, set to false turns that off. None of it asks the
 * API: the view lists what it knows until it is asked.
 */
import * as vscode from 'vscode';
import { Commands, SAMPLE_SCHEME, Views, WALKTHROUGH_ID } from '../../constants';

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
  /** True where the welcome must not open on its own (the extension's own tests). */
  quiet: boolean;
}

export function registerWelcome(d: WelcomeDeps): vscode.Disposable[] {
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
  void welcomeOnce(d);
  return disposables;
}

/** On the first activation in a profile: the view, and the walkthrough beside the editor. */
export async function welcomeOnce(d: WelcomeDeps): Promise<boolean> {
  if (d.quiet || d.globalState.get<boolean>(WELCOMED)) return false;
  await d.globalState.update(WELCOMED, true);
  const own = vscode.workspace.getConfiguration('stacksLookup').get<boolean>('showWelcome', true);
  const vscodeOwn = vscode.workspace
    .getConfiguration('workbench.welcomePage')
    .get<boolean>('walkthroughs.openOnInstall');
  if (own === false || vscodeOwn === false) return false;
  try {
    await vscode.commands.executeCommand(`workbench.view.extension.${Views.container}`);
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, true);
  } catch {
    // A host without walkthroughs: the palette's Stacks: Get Started says the rest.
  }
  return true;
}
