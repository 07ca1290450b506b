import * as assert from 'assert';
import * as vscode from 'vscode';
import { UserActivity } from '../../src/ui/shared/activity';
import { SAMPLE_CONTRACT, scheduleWelcome, WELCOME_QUIET_MS, welcomeOnce } from '../../src/ui/welcome/welcome';
import { MemoryMemento } from '../fakes/memento';
import { positionOf, readable, setSettings, stacksHoverAt, useMock, type UsedMock, waitFor } from './editorHelpers';

const tabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
/** The walkthrough's editor: VS Code's Welcome page, open on our walkthrough. */
const walkthroughOpen = () => tabs().some((t) => t.label === 'Welcome');

describe('Get started: the walkthrough, the sample contract and the first-run welcome', () => {
  let used: UsedMock;
  beforeEach(async () => {
    used = await useMock();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used.close();
  });

  it('Stacks: Open Sample Contract opens a read-only Clarity file whose ids hover', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('stacksLookup.openSample');
    const doc = editor.document;
    assert.strictEqual(doc.uri.scheme, 'stacks-sample');
    assert.strictEqual(doc.getText(), SAMPLE_CONTRACT);
    for (const id of [
      '0x9e598c003a39d6bbb415011001a3abc1cfd99e997502796f64231b3bfc63e493',
      "'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE)",
      'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.send-many-memo',
      'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token',
    ])
      assert.ok(doc.getText().includes(id), `the sample holds ${id}`);
    assert.ok(!doc.isUntitled && !doc.isDirty, 'a document of its own, nothing to save');
    let hover = '';
    await waitFor(async () => {
      hover = readable((await stacksHoverAt(doc, positionOf(doc, "'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE)"))).text);
      return hover.includes('Balance');
    }, 'the hover over the operator');
    assert.match(hover, /Balance: 1 STX/);
  });

  it('Stacks: Get Started opens the walkthrough and asks the API nothing', async () => {
    assert.ok(!walkthroughOpen());
    await vscode.commands.executeCommand('stacksLookup.getStarted');
    await waitFor(walkthroughOpen, 'the walkthrough');
    assert.strictEqual(used.mock.requests.length, 0);
  });

  it('the first run shows the walkthrough once a profile, and not when showWelcome is off', async () => {
    const restore = await setSettings({ showWelcome: true });
    const vscodeOwn = vscode.workspace.getConfiguration('workbench.welcomePage');
    const before = vscodeOwn.inspect<boolean>('walkthroughs.openOnInstall')?.globalValue;
    await vscodeOwn.update('walkthroughs.openOnInstall', true, vscode.ConfigurationTarget.Global);
    const activity = new UserActivity(() => 0);
    try {
      const profile = new MemoryMemento();
      assert.strictEqual(
        await welcomeOnce({ globalState: profile, activity, quiet: true }),
        false,
        'never in the tests’ own runs',
      );
      assert.ok(!walkthroughOpen());
      assert.strictEqual(await welcomeOnce({ globalState: profile, activity, quiet: false }), true);
      await waitFor(walkthroughOpen, 'the walkthrough beside the editor');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      assert.strictEqual(await welcomeOnce({ globalState: profile, activity, quiet: false }), false, 'once a profile');

      await setSettings({ showWelcome: false });
      assert.strictEqual(await welcomeOnce({ globalState: new MemoryMemento(), activity, quiet: false }), false);
      assert.ok(!walkthroughOpen());
    } finally {
      await vscodeOwn.update('walkthroughs.openOnInstall', before, vscode.ConfigurationTarget.Global);
      await restore();
    }
  });

  it('waits for a quiet moment: never while a command of ours is in flight, and the editor keeps focus', async () => {
    const restore = await setSettings({ showWelcome: true });
    const vscodeOwn = vscode.workspace.getConfiguration('workbench.welcomePage');
    const before = vscodeOwn.inspect<boolean>('walkthroughs.openOnInstall')?.globalValue;
    await vscodeOwn.update('walkthroughs.openOnInstall', true, vscode.ConfigurationTarget.Global);
    let now = 0;
    const activity = new UserActivity(() => now);
    const profile = new MemoryMemento();
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ language: 'clarity', content: '(define-constant A u1)\n' }),
    );
    const scheduled = scheduleWelcome({ globalState: profile, activity, quiet: false }, 20);
    now += WELCOME_QUIET_MS * 2;
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(!walkthroughOpen(), 'before any action of the user, a few quiet seconds are not enough');
    // A command of ours waiting on its input box: in flight until the user answers.
    let answer: () => void = () => undefined;
    const inFlight = activity.run(() => new Promise<void>((resolve) => (answer = resolve)));
    try {
      now += WELCOME_QUIET_MS * 10;
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(!walkthroughOpen(), 'nothing opens while the input box waits');
      assert.strictEqual(await welcomeOnce({ globalState: profile, activity, quiet: false }), false);
      answer();
      await inFlight;
      now += WELCOME_QUIET_MS - 1;
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(!walkthroughOpen(), 'nor right after the command ended');
      now += 1;
      await waitFor(walkthroughOpen, 'the walkthrough once quiet');
      assert.strictEqual(vscode.window.activeTextEditor?.document, editor.document, 'the editor keeps focus');
      assert.ok(
        vscode.window.visibleTextEditors.some((e) => e.document === editor.document),
        'the editor stays visible beside the walkthrough',
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await new Promise((r) => setTimeout(r, 300));
      assert.ok(!walkthroughOpen(), 'once');
    } finally {
      scheduled.dispose();
      await vscodeOwn.update('walkthroughs.openOnInstall', before, vscode.ConfigurationTarget.Global);
      await restore();
    }
  });
});
