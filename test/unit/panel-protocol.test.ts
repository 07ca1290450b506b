import * as assert from 'assert';
import { PanelState, WebviewMessage } from '../../src/protocol';
import { checkTarget } from '../../src/ui/shared/targets';
import { ADDRESS, CONTRACT, TX } from '../fixtures/ids';

describe('panel protocol', () => {
  it('accepts the named operations of the webview', () => {
    const ok: unknown[] = [
      { type: 'ready' },
      { type: 'open', target: { kind: 'tx', id: TX.tokenTransfer, network: 'testnet' } },
      { type: 'page', params: { eventOffset: 50 } },
      { type: 'copy', text: ADDRESS.mainnet },
      { type: 'openExternal', target: { kind: 'address', id: ADDRESS.mainnet } },
      { type: 'openSource', target: { kind: 'contract', id: CONTRACT.deployed } },
      { type: 'open', target: { kind: 'burnBlock', id: '700000' } },
      { type: 'openBitcoin', ref: { kind: 'tx', id: TX.tokenTransfer } },
      { type: 'openBitcoin', ref: { kind: 'block', id: '700000' } },
      { type: 'page', params: { blockOffset: 20 } },
      { type: 'runCommand', command: 'selectNetwork' },
      { type: 'runCommand', command: 'setApiKey' },
      { type: 'retry' },
      { type: 'back' },
      { type: 'forward' },
      { type: 'refresh' },
    ];
    for (const m of ok) assert.ok(WebviewMessage.safeParse(m).success, JSON.stringify(m));
  });

  it('refuses anything else: unknown types, other commands, bad params', () => {
    const bad: unknown[] = [
      null,
      'ready',
      { type: 'eval', code: '1' },
      { type: 'runCommand', command: 'workbench.action.terminal.new' },
      { type: 'runCommand', command: 'stacksLookup.clearApiKey' },
      { type: 'open', target: { kind: 'file', id: '/etc/passwd' } },
      { type: 'open', target: { kind: 'tx', id: TX.tokenTransfer, network: 'evilnet' } },
      { type: 'page', params: { eventOffset: -1 } },
      { type: 'page', params: { eventOffset: 1.5 } },
      { type: 'page', params: { untilBlock: 'x'.repeat(81) } },
      { type: 'copy', text: 42 },
      { type: 'openBitcoin', ref: { kind: 'address', id: TX.tokenTransfer } },
      { type: 'openBitcoin', ref: { kind: 'tx', id: 'x'.repeat(101) } },
      { type: 'openBitcoin', url: 'https://evil.example' },
      { type: 'page', params: { blockOffset: -20 } },
    ];
    for (const m of bad) assert.ok(!WebviewMessage.safeParse(m).success, JSON.stringify(m));
  });

  it('checks the id of a target from the webview against its kind', () => {
    assert.deepStrictEqual(checkTarget({ kind: 'tx', id: TX.tokenTransfer.toUpperCase().replace('0X', '0x') }), {
      kind: 'tx',
      id: TX.tokenTransfer,
    });
    assert.deepStrictEqual(checkTarget({ kind: 'block', id: '3275', network: 'mainnet' }), {
      kind: 'block',
      id: '3275',
      network: 'mainnet',
    });
    assert.deepStrictEqual(
      checkTarget({ kind: 'contracts', id: `${CONTRACT.deployed},${CONTRACT.called}` })?.id,
      `${CONTRACT.deployed},${CONTRACT.called}`,
    );
    assert.strictEqual(checkTarget({ kind: 'address', id: '../../evil' }), undefined);
    assert.strictEqual(checkTarget({ kind: 'tx', id: `${TX.tokenTransfer}/../x` }), undefined);
    assert.strictEqual(checkTarget({ kind: 'contract', id: ADDRESS.mainnet }), undefined);
    assert.strictEqual(checkTarget({ kind: 'mempool', id: 'x' }), undefined);
    assert.deepStrictEqual(checkTarget({ kind: 'burnBlock', id: '0700000' }), { kind: 'burnBlock', id: '700000' });
    assert.deepStrictEqual(checkTarget({ kind: 'burnBlock', id: TX.tokenTransfer.toUpperCase().replace('0X', '0x') }), {
      kind: 'burnBlock',
      id: TX.tokenTransfer,
    });
    assert.strictEqual(checkTarget({ kind: 'burnBlock', id: '../../v1/tx' }), undefined);
    assert.strictEqual(checkTarget({ kind: 'burnBlock', id: '-1' }), undefined);
  });

  it('keeps only the identity and page in the state', () => {
    const s = PanelState.safeParse({
      kind: 'tx',
      id: TX.tokenTransfer,
      network: 'custom',
      params: { eventOffset: 50 },
      model: { huge: true },
    });
    assert.ok(s.success);
    assert.deepStrictEqual(Object.keys(s.data).sort(), ['id', 'kind', 'network', 'params']);
  });
});
