// The contract workbench in the web worker extension host, as test/suite/workbench.test.ts has it on
// the desktop: the forms, a read-only call and state reads encoded and decoded with the Clarity
// module inside the one-file web extension, and Stacks: Call Read-Only Function.
import * as vscode from 'vscode';
import type { FormResult, WorkbenchSection } from '../../src/protocol';
import type { TestApi } from '../../src/testApi';
import * as assert from './assert';
import { mainMock } from './control';
import { IDS, panelSuite } from './helpers';

/** test/fixtures/ids.ts's DESCRIBE_ARGS: one argument of each of eleven types. */
const DESCRIBE_ARGS = [
  '42',
  '-17',
  'true',
  `${IDS.probeOwner}.type-probe`,
  '0xcafe',
  'hello',
  'héllo 🙂',
  '(some u9)',
  '(err u3)',
  '(list u1 u2 u3)',
  '{ a: u5, b: false }',
];

describe('web: contract workbench', () => {
  let api: TestApi;
  const model = panelSuite((a) => (api = a));
  const workbenches = () => model().sections.filter((s): s is WorkbenchSection => s.type === 'workbench');
  /** Sends what a form posts (the webview's message), and returns what the form then shows. */
  const submit = async (m: Record<string, unknown>): Promise<FormResult> => {
    await api.panels!.handle(m);
    const form = m.fn !== undefined ? `fn:${String(m.fn)}` : `${String(m.what)}:${String(m.name)}`;
    const r = api.panels!.results.get(form);
    assert.ok(r, `no answer shown under ${form}`);
    return r;
  };
  const calls = async () => (await mainMock.requests()).filter((r) => r.path.startsWith('/v2/contracts/call-read/'));

  it('a read-only call through the form: eleven argument types encoded, the result decoded into a tree', async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', IDS.typeProbe);
    const [fnForms, state] = workbenches();
    assert.deepStrictEqual(
      fnForms?.forms.map((f) => f.name),
      ['describe', 'get-score', 'safe-div', 'trait-name'],
    );
    assert.strictEqual(fnForms?.sender, IDS.probeOwner, 'the deployer calls by default');
    assert.deepStrictEqual(
      state?.forms.map((f) => f.id),
      ['var:counter', 'var:label', 'constant:MAX-ITEMS', 'constant:OWNER', 'map:scores'],
    );

    const r = await submit({ type: 'call', fn: 'describe', args: DESCRIBE_ARGS, sender: IDS.probeOwner, at: '' });
    assert.strictEqual(r.state, 'ok', r.message);
    assert.match(
      r.text ?? '',
      /^\(ok \(tuple \(a u5\) \(amount u42\) \(delta -17\) \(flag true\) \(items u3\) \(maybe \(some u9\)\) \(memo 0xcafe\)/,
    );
    const tuple = r.tree?.children?.[0];
    assert.ok(tuple?.type === 'tuple', `a tuple inside (ok …): ${JSON.stringify(r.tree)}`);
    assert.strictEqual(tuple.children?.find((c) => c.key === 'note')?.text, 'héllo 🙂');
    assert.strictEqual(tuple.children?.find((c) => c.key === 'who')?.text, `${IDS.probeOwner}.type-probe`);
    const sent = await calls();
    assert.strictEqual(sent.length, 1);
    const body = JSON.parse(sent[0]!.body ?? '{}') as { sender: string; arguments: string[] };
    assert.strictEqual(body.sender, IDS.probeOwner);
    assert.strictEqual(body.arguments.length, 11);

    // An invalid argument says what is wrong and sends nothing.
    const invalid = await submit({
      type: 'call',
      fn: 'safe-div',
      args: ['7', '170141183460469231731687303715884105728'],
      sender: IDS.probeOwner,
      at: '',
    });
    assert.strictEqual(invalid.state, 'invalid');
    assert.match(invalid.fields?.[1] ?? '', /Out of range for an int/);
    assert.strictEqual((await calls()).length, 1, 'nothing sent for invalid input');
  });

  it('reads a data variable, a constant and a map entry back', async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', IDS.typeProbe);
    assert.strictEqual((await submit({ type: 'read', what: 'var', name: 'counter', at: '' })).text, '-7');
    assert.strictEqual((await submit({ type: 'read', what: 'constant', name: 'OWNER', at: '' })).text, IDS.probeOwner);
    const hit = await submit({
      type: 'read',
      what: 'map',
      name: 'scores',
      key: `{ player: '${IDS.probeOwner}, round: u1 }`,
      at: '',
    });
    assert.strictEqual(hit.text, '(some (tuple (note "first round") (points 42)))');
    assert.strictEqual(hit.tree?.children?.[0]?.type, 'tuple');
  });

  it('Stacks: Call Read-Only Function opens the contract panel at the form, which calls', async () => {
    await vscode.commands.executeCommand('stacksLookup.callReadOnlyFunction', IDS.typeProbe, 'get-score', 'custom');
    assert.deepStrictEqual(api.panels?.current?.target, { kind: 'contract', id: IDS.typeProbe, network: 'custom' });
    assert.strictEqual(api.panels?.current?.params.fn, 'get-score');
    const r = await submit({
      type: 'call',
      fn: 'get-score',
      args: [IDS.probeOwner, '1'],
      sender: IDS.probeOwner,
      at: '',
    });
    assert.strictEqual(r.text, '(some (tuple (note "first round") (points 42)))');
  });
});
