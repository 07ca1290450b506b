// Simulate in the web worker extension host, as test/suite/simulation.test.ts has it on the desktop:
// the unsigned call built with @stacks/transactions inside the one-file web extension, sent to the
// simulation service through the worker's fetch (a CORS request from the browser), and the node's
// fee estimate beside it.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import { replaceInWindow } from '../fakes/window';
import * as assert from './assert';
import { mainMock, mockUrl } from './control';
import { freshStart, setSettings, testApi } from './helpers';

const TOKEN = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const SIM_ROUTE = '/simulation/devtools/v2/simulations:instant';

describe('web: simulate a public function', () => {
  let api: TestApi;
  let restore: (() => void) | undefined;
  const asked: string[] = [];
  before(async () => {
    api = await testApi();
  });
  beforeEach(async () => {
    await freshStart(api);
    await setSettings({ 'simulation.serviceUrl': `${mockUrl()}/simulation` });
    restore = replaceInWindow({
      showWarningMessage: (message: string, options: unknown) => {
        if ((options as { modal?: boolean } | undefined)?.modal) asked.push(message);
        return Promise.resolve((options as { modal?: boolean } | undefined)?.modal ? 'Send' : undefined);
      },
    });
  });
  afterEach(async () => {
    restore?.();
    await setSettings({ 'simulation.serviceUrl': undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** Simulates the transfer form's u100 call (with pasted post-conditions if given); its answer. */
  const simulate = async (postConditions?: { mode: 'deny'; code: string }) => {
    await api.panels!.handle({
      type: 'simulate',
      fn: 'transfer',
      args: ['u100', SENDER, RECIPIENT, 'none'],
      sender: SENDER,
      at: '',
      ...(postConditions ? { postConditions } : {}),
    });
    const r = api.panels!.results.get('public:transfer');
    assert.ok(r?.simulation, r?.message ?? 'a simulation under the transfer form');
    return r;
  };

  it('a transfer of u100 shows (ok true), the FT movement and the fee estimates, with one POST from the browser', async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', TOKEN);
    const r = await simulate();
    assert.strictEqual(r.state, 'ok', r.message);
    assert.strictEqual(r.text, '(ok true)');
    assert.deepStrictEqual(r.simulation?.movements, [
      { what: `FT transfer ${TOKEN}::sbtc-token`, from: SENDER, to: RECIPIENT, amount: '100' },
    ]);
    assert.deepStrictEqual(
      r.simulation?.fee.rows.map((x) => x.stx),
      ['0.000017 STX', '0.000125 STX', '0.00014 STX'],
    );
    assert.ok(asked.length >= 1, 'the first Simulate asked before sending');
    const posts = (await mainMock.requests()).filter((x) => x.method === 'POST' && x.path === SIM_ROUTE);
    assert.strictEqual(posts.length, 1);
    assert.ok(posts[0]!.headers['origin'], 'sent by the browser’s fetch');
    assert.strictEqual(posts[0]!.headers['x-api-key'], undefined);
  });

  it('the Deny snippet pasted back holds; a too-small amount aborts the call, naming the condition', async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', TOKEN);
    const deny = (await simulate()).simulation!.pc.deny;
    const held = await simulate({ mode: 'deny', code: deny });
    assert.strictEqual(held.text, '(ok true)');
    assert.strictEqual(
      held.simulation!.postConditions,
      'Post-conditions did not abort it: the 1 post-condition in Deny mode held.',
    );
    const aborted = await simulate({ mode: 'deny', code: deny.replace('willSendEq(100n)', 'willSendEq(10n)') });
    assert.strictEqual(aborted.simulation!.tone, 'failed');
    assert.strictEqual(
      aborted.simulation!.verdict,
      `Would fail: The post-condition “the sender ${SENDER} sends exactly 10 base units of ${TOKEN}::sbtc-token” did not hold: it sent 100 base units.`,
    );
    const posts = (await mainMock.requests()).filter((x) => x.method === 'POST' && x.path === SIM_ROUTE);
    assert.strictEqual(posts.length, 3);
  });
});
