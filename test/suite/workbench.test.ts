import * as assert from 'assert';
import * as vscode from 'vscode';
import type { FormResult, Section, ViewModel, WorkbenchSection } from '../../src/protocol';
import { BLOCK, CONTRACT, DESCRIBE_ARGS, PROBE_OWNER as OWNER } from '../fixtures/ids';
import { panelSuite, replaceInWindow, waitFor } from './editorHelpers';

describe('Contract workbench', () => {
  const suite = panelSuite();

  const model = (): ViewModel => {
    assert.ok(suite.panels.current, 'the panel shows a model');
    return suite.panels.current.model;
  };
  const workbenches = () => model().sections.filter((s): s is WorkbenchSection => s.type === 'workbench');
  const table = (prefix: string) => {
    const t = model().sections.find(
      (s): s is Extract<Section, { type: 'table' }> => s.type === 'table' && (s.title ?? '').startsWith(prefix),
    );
    assert.ok(t, `no table ${prefix}`);
    return t;
  };
  const field = (label: string) =>
    model()
      .sections.flatMap((s) => (s.type === 'fields' ? s.rows : []))
      .find((r) => r.label === label)
      ?.values.map((v) => v.text)
      .join(' ');
  const calls = () => suite.used.mock.requests.filter((r) => r.path.startsWith('/v2/contracts/call-read/'));
  const openProbe = () => vscode.commands.executeCommand('stacksLookup.lookup', CONTRACT.typeProbe);
  /** Sends what a form posts, and returns what the form then shows. */
  const submit = async (m: object): Promise<FormResult> => {
    await suite.panels.handle(m);
    const form =
      'fn' in m
        ? `fn:${String(m.fn)}`
        : `${String((m as { what: string }).what)}:${String((m as { name: string }).name)}`;
    const r = suite.panels.results.get(form);
    assert.ok(r, `no answer shown under ${form}`);
    return r;
  };

  it('the panel of a deployed contract shows its interface: functions with types, state, tokens, version and epoch', async () => {
    await openProbe();
    assert.strictEqual(model().kind, 'contract');
    assert.strictEqual(field('Clarity version'), 'Clarity 3');
    assert.strictEqual(field('Epoch'), '3.0');
    assert.strictEqual(field('Functions'), '1 public, 4 read-only, 1 private');
    const fns = table('Functions');
    const describe = fns.rows.find((r) => r.cells[0]![0]!.text === 'describe')!;
    assert.match(
      describe.cells[2]![0]!.text,
      /\(memo \(buff 8\)\).*\(items \(list 3 uint\)\) \(pair \{ a: uint, b: bool \}\)/,
    );
    assert.deepStrictEqual(
      table('Maps').rows[0]!.cells.map((c) => c[0]!.text),
      ['scores', '{ player: principal, round: uint }', '{ note: (string-ascii 20), points: int }'],
    );
    assert.deepStrictEqual(
      table('Tokens').rows.map((r) => `${r.cells[0]![0]!.text} ${r.cells[1]![0]!.text}`),
      ['probe-token fungible', 'probe-badge non-fungible'],
    );
    const [fnForms, state] = workbenches();
    assert.deepStrictEqual(
      fnForms!.forms.map((f) => f.name),
      ['describe', 'get-score', 'safe-div', 'trait-name'],
    );
    assert.strictEqual(fnForms!.sender, OWNER, 'the deployer calls by default');
    assert.deepStrictEqual(
      state!.forms.map((f) => f.id),
      ['var:counter', 'var:label', 'constant:MAX-ITEMS', 'constant:OWNER', 'map:scores'],
    );
  });

  it('calls a read-only function with arguments of eleven types and shows the decoded result', async () => {
    await openProbe();
    const args = [...DESCRIBE_ARGS];
    const r = await submit({ type: 'call', fn: 'describe', args, sender: OWNER, at: '' });
    assert.strictEqual(r.state, 'ok', r.message);
    assert.match(
      r.text!,
      /^\(ok \(tuple \(a u5\) \(amount u42\) \(delta -17\) \(flag true\) \(items u3\) \(maybe \(some u9\)\) \(memo 0xcafe\)/,
    );
    assert.match(r.text!, /\(tag "hello"\) \(who ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG\.type-probe\)\)\)$/);
    // the readable tree: (ok …) holding the tuple's fields by name
    const tuple = r.tree?.children?.[0];
    assert.strictEqual(tuple?.type, 'tuple');
    const leaf = (k: string) => tuple?.children?.find((c) => c.key === k);
    assert.strictEqual(leaf('note')?.text, 'héllo 🙂');
    assert.strictEqual(leaf('amount')?.text, 'u42');
    assert.strictEqual(leaf('who')?.text, `${OWNER}.type-probe`);
    assert.strictEqual(r.at, 'latest block');
    const sent = JSON.parse(calls()[0]!.body!) as { sender: string; arguments: string[] };
    assert.strictEqual(sent.sender, OWNER);
    assert.strictEqual(sent.arguments.length, 11);
  });

  it("a failing call shows the node's cause; an invalid argument shows what is wrong and sends nothing", async () => {
    await openProbe();
    const failed = await submit({ type: 'call', fn: 'safe-div', args: ['7', '0'], sender: OWNER, at: '' });
    assert.strictEqual(failed.state, 'failed');
    assert.strictEqual(
      failed.message,
      'The function failed at run time: The contract divided by zero. The node said: DivisionByZero',
    );
    const before = calls().length;
    const invalid = await submit({
      type: 'call',
      fn: 'safe-div',
      args: ['7', '170141183460469231731687303715884105728'],
      sender: OWNER,
      at: '',
    });
    assert.strictEqual(invalid.state, 'invalid');
    assert.strictEqual(invalid.fields?.[0], null);
    assert.match(invalid.fields?.[1] ?? '', /Out of range for an int/);
    assert.match(invalid.message ?? '', /not valid: nothing was sent/);
    const badSender = await submit({ type: 'call', fn: 'safe-div', args: ['7', '1'], sender: 'SP123', at: '' });
    assert.match(badSender.message ?? '', /^Sender: /);
    assert.strictEqual(calls().length, before, 'nothing sent for invalid input');
    const ok = await submit({ type: 'call', fn: 'safe-div', args: ['7', '2'], sender: OWNER, at: '' });
    assert.deepStrictEqual([ok.state, ok.text], ['ok', '3']);
  });

  it('the value a call or read shows can be copied; text the panel never showed, or no longer shows, cannot', async () => {
    await openProbe();
    const r = await submit({ type: 'read', what: 'var', name: 'label', at: '' });
    assert.strictEqual(r.text, 'u"probe"');
    await vscode.env.clipboard.writeText('before');
    await suite.panels.handle({ type: 'copy', text: 'u"other"' });
    assert.strictEqual(await vscode.env.clipboard.readText(), 'before', 'a text no form shows is not copied');
    await suite.panels.handle({ type: 'copy', text: 'u"probe"' });
    assert.strictEqual(await vscode.env.clipboard.readText(), 'u"probe"', 'the result shown is copied');
    // The same contract shown again (a refresh) starts with empty forms: the old answer is gone.
    await vscode.env.clipboard.writeText('before');
    await openProbe();
    await suite.panels.handle({ type: 'copy', text: 'u"probe"' });
    assert.strictEqual(await vscode.env.clipboard.readText(), 'before', 'an answer no longer shown is not copied');
  });

  it('a webview that loads again (hidden, then shown) gets the place and the answers under its forms again', async () => {
    await openProbe();
    await submit({ type: 'read', what: 'var', name: 'counter', at: '' });
    await submit({ type: 'call', fn: 'safe-div', args: ['9', '3'], sender: OWNER, at: '' });
    const posted = suite.panels.replayMessages();
    const types = posted.map((m) => (m as { type: string }).type);
    assert.deepStrictEqual(types, ['render', 'result', 'result']);
    const results = posted.slice(1).map((m) => (m as { result: FormResult }).result);
    assert.deepStrictEqual(
      results.map((r) => [r.form, r.text]),
      [
        ['var:counter', '-7'],
        ['fn:safe-div', '3'],
      ],
    );
  });

  it("calls at a block typed as its height: the node gets that block's index block hash as tip", async () => {
    await openProbe();
    const r = await submit({ type: 'call', fn: 'safe-div', args: ['9', '3'], sender: OWNER, at: String(BLOCK.height) });
    assert.strictEqual(r.state, 'ok', r.message);
    assert.strictEqual(calls()[0]!.query.get('tip'), BLOCK.indexBlockHash.slice(2));
    assert.match(r.at ?? '', new RegExp(`block ${BLOCK.height.toLocaleString('en-US')}`));
    const bad = await submit({ type: 'call', fn: 'safe-div', args: ['9', '3'], sender: OWNER, at: 'yesterday' });
    assert.match(bad.message ?? '', /^At block: /);
  });

  it('reads a data variable, a constant and a map entry back', async () => {
    await openProbe();
    assert.strictEqual((await submit({ type: 'read', what: 'var', name: 'counter', at: '' })).text, '-7');
    assert.strictEqual((await submit({ type: 'read', what: 'var', name: 'label', at: '' })).text, 'u"probe"');
    // cvToString (@stacks/transactions) writes a principal without Clarity's quote
    assert.strictEqual((await submit({ type: 'read', what: 'constant', name: 'OWNER', at: '' })).text, OWNER);
    const hit = await submit({
      type: 'read',
      what: 'map',
      name: 'scores',
      key: `{ player: '${OWNER}, round: u1 }`,
      at: '',
    });
    assert.strictEqual(hit.text, '(some (tuple (note "first round") (points 42)))');
    assert.strictEqual(hit.tree?.children?.[0]?.type, 'tuple');
    const miss = await submit({
      type: 'read',
      what: 'map',
      name: 'scores',
      key: `{ player: '${OWNER}, round: u2 }`,
      at: '',
    });
    assert.strictEqual(miss.text, 'none');
    const bad = await submit({ type: 'read', what: 'map', name: 'scores', key: '{ player: u1, round: u1 }', at: '' });
    assert.strictEqual(bad.state, 'invalid');
    assert.match(bad.fields?.[0] ?? '', /principal/);
  });

  it('Stacks: Call Read-Only Function with arguments opens the contract panel on that network at that form', async () => {
    await vscode.commands.executeCommand(
      'stacksLookup.callReadOnlyFunction',
      CONTRACT.typeProbe,
      'get-score',
      'custom',
    );
    assert.deepStrictEqual(suite.panels.current?.target, {
      kind: 'contract',
      id: CONTRACT.typeProbe,
      network: 'custom',
    });
    assert.strictEqual(suite.panels.current?.params.fn, 'get-score');
    const r = await submit({ type: 'call', fn: 'get-score', args: [OWNER, '1'], sender: OWNER, at: '' });
    assert.strictEqual(r.text, '(some (tuple (note "first round") (points 42)))');
  });

  it('Stacks: Call Read-Only Function without arguments asks for the contract, then the function', async () => {
    const asked: string[] = [];
    const restore = replaceInWindow({
      showInputBox: (o: vscode.InputBoxOptions) => {
        asked.push(o.title ?? '');
        return Promise.resolve(CONTRACT.sbtcToken);
      },
      showQuickPick: (items: readonly vscode.QuickPickItem[]) => {
        asked.push(items.map((i) => `${i.label} ${i.description ?? ''}`).join(' | '));
        return Promise.resolve(items.find((i) => i.label === 'get-balance'));
      },
    });
    try {
      await vscode.commands.executeCommand('stacksLookup.callReadOnlyFunction');
    } finally {
      restore();
    }
    assert.match(asked[0]!, /contract/);
    // the read-only functions of the real sBTC interface, in its order, with their types
    assert.match(asked[1]!, /^get-balance \(who principal\) → \(response uint none\) \| get-balance-available /);
    assert.match(asked[1]!, /get-token-uri no arguments → \(response \(optional \(string-utf8 256\)\) none\)/);
    assert.deepStrictEqual(suite.panels.current?.target, {
      kind: 'contract',
      id: CONTRACT.sbtcToken,
      network: 'custom',
    });
    assert.strictEqual(suite.panels.current?.params.fn, 'get-balance');
    const r = await submit({ type: 'call', fn: 'get-balance', args: [OWNER], sender: OWNER, at: '' });
    assert.strictEqual(r.text, '(ok u0)');
  });

  it('a call the node refuses says why in words: a function that tries to write, a call over the execution budget', async () => {
    await openProbe();
    // The node's answers (stacks-core callreadonly.rs): `okay: false` with `NotReadOnly`, and a plain-text 400.
    suite.used.mock.fault({
      match: '/v2/contracts/call-read/',
      times: 1,
      fault: { kind: 'body', body: { okay: false, cause: 'NotReadOnly' } },
    });
    const write = await submit({ type: 'call', fn: 'safe-div', args: ['9', '3'], sender: OWNER, at: '' });
    assert.strictEqual(write.state, 'failed');
    assert.match(write.message ?? '', /^The function tries to write .* The node said: NotReadOnly$/);
    suite.used.mock.fault({
      match: '/v2/contracts/call-read/',
      times: 1,
      fault: { kind: 'status', status: 400, body: 'Execution budget exceeded', raw: true },
    });
    const budget = await submit({ type: 'call', fn: 'safe-div', args: ['10', '5'], sender: OWNER, at: '' });
    assert.strictEqual(budget.state, 'error');
    assert.match(budget.message ?? '', /^The node stopped the call: it ran over the time or memory the node allows/);
    assert.match(budget.message ?? '', /Execution budget exceeded/);
    assert.deepStrictEqual(suite.messages.shown, [], 'each shows under its form, not as a notification');
  });

  it('a server error during a call reads like every other error; a call left hanging is cancelled when the panel moves on', async () => {
    await openProbe();
    suite.used.mock.fault({ match: '/v2/contracts/call-read/', fault: { kind: 'status', status: 503 } });
    const r = await submit({ type: 'call', fn: 'safe-div', args: ['4', '2'], sender: OWNER, at: '' });
    assert.strictEqual(r.state, 'error');
    assert.match(r.message ?? '', /server error \(503\)/);
    assert.deepStrictEqual(suite.messages.shown, [], 'the error shows under the form, not as a notification');
    suite.used.mock.reset();
    suite.used.mock.fault({ match: '/v2/contracts/call-read/', fault: { kind: 'hang' } });
    suite.panels.results.clear();
    const hanging = suite.panels.handle({ type: 'call', fn: 'safe-div', args: ['8', '2'], sender: OWNER, at: '' });
    await waitFor(() => suite.used.mock.hanging === 1, 'the call reaching the node, which does not answer');
    await suite.panels.handle({
      type: 'open',
      target: { kind: 'contract', id: CONTRACT.memoPayments, network: 'custom' },
    });
    // Well inside the request timeout (15 s): only a cancelled call closes its connection this soon.
    await waitFor(() => suite.used.mock.hanging === 0, 'the hanging call to be cancelled', 5000);
    await hanging;
    assert.strictEqual(suite.panels.current?.target.id, CONTRACT.memoPayments);
    assert.strictEqual(suite.panels.results.size, 0, 'no answer from the place left behind');
  });

  it('a contract the node has no interface for still shows its status, and says why there are no forms', async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', CONTRACT.deployed);
    assert.strictEqual(model().badges[0]?.text, 'Deployed');
    assert.ok(
      model().sections.some((s) => s.type === 'notice' && /does not have this contract's interface/.test(s.text)),
    );
    assert.strictEqual(workbenches().length, 0);
  });
});
