// sBTC in the web worker extension host, as test/suite/sbtc.test.ts has it on the desktop: the
// registry read through the worker's fetch, Emily asked across origins (a CORS request from the
// browser, which Emily's API gateway allows: any origin, GET, content-type and x-api-key headers,
// stacks-sbtc/sbtc emily/handler/src/bin/emily-lambda.rs), and a request the browser refuses said
// as one sentence in the panel.
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';
import type { ViewModel } from '../../src/protocol';
import { replaceInWindow } from '../fakes/window';
import * as assert from './assert';
import { mainMock, mockUrl } from './control';
import { freshStart, setSettings, testApi } from './helpers';

const DEPOSIT_TXID = '672f77ce3c16b36ec6c443f5b8a0a9684d0203482a3068567e792fe2559d54cf';
const WITHDRAWAL_TX = '0x25982fe028733fe0158fa3972b68fe93ade7f242fb51283c3bc18145d0248d9a';

function rows(m: ViewModel): string {
  return m.sections
    .flatMap((s) =>
      s.type === 'fields'
        ? s.rows.map((r) => `${r.label}: ${r.values.map((v) => v.full ?? v.text).join(' ')}`)
        : s.type === 'notice'
          ? [`notice: ${s.text}`]
          : [],
    )
    .join('\n');
}

describe('web: sBTC deposits and withdrawals', () => {
  let api: TestApi;
  let restore: (() => void) | undefined;
  before(async () => {
    api = await testApi();
  });
  beforeEach(async () => {
    await freshStart(api);
    await setSettings({ 'sbtc.emily.enabled': true, 'sbtc.emily.customUrl': `${mockUrl()}/emily` });
    restore = replaceInWindow({
      showWarningMessage: (_message: string, options: unknown) =>
        Promise.resolve((options as { modal?: boolean } | undefined)?.modal ? 'Ask Emily' : undefined),
    });
  });
  afterEach(async () => {
    restore?.();
    await setSettings({ 'sbtc.emily.enabled': undefined, 'sbtc.emily.customUrl': undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
  const model = (): ViewModel => {
    assert.ok(api.panels?.current, 'the panel shows a model');
    return api.panels.current.model;
  };

  it('a deposit by its Bitcoin txid: the registry and Emily through the browser, the mint and the sweep', async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', `0x${DEPOSIT_TXID}`);
    const text = rows(model());
    assert.match(text, /Status: confirmed/);
    assert.match(text, /Stacks mint transaction: 0x58a9074c/);
    assert.match(text, /Sweep \(Bitcoin transaction\): 0x0202/);
    const seen = await mainMock.requests();
    assert.ok(
      seen.some((r) => r.path === `/emily/deposit/${DEPOSIT_TXID}`),
      'Emily was asked from the browser',
    );
    assert.ok(
      seen.some((r) => /sbtc-registry\/get-completed-deposit$/.test(r.path)),
      'the registry was read',
    );
  });

  it("a withdrawal's panel decodes its bc1 recipient", async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', WITHDRAWAL_TX);
    const text = rows(model());
    assert.match(text, /Bitcoin recipient: bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/);
    assert.match(text, /Status: accepted: expected in Bitcoin block 141/);
  });

  it('an Emily the browser cannot reach is said plainly in the panel', async () => {
    await setSettings({ 'sbtc.emily.customUrl': 'http://127.0.0.1:9/emily' });
    await vscode.commands.executeCommand('stacksLookup.lookup', `0x${DEPOSIT_TXID}`);
    const text = rows(model());
    assert.match(text, /The browser refused the request to Emily at http:\/\/127\.0\.0\.1:9/);
    // The chain still answers: the registry's completed deposit is shown.
    assert.match(text, /Status: confirmed/);
  });
});
