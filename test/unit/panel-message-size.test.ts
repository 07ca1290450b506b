import * as assert from 'assert';
import type { FormResult, Frame, HostMessage, PanelState } from '../../src/protocol';
import { fitMessage, MAX_MESSAGE_BYTES, messageBytes } from '../../src/ui/panels/messages';

const frame: Frame = { canBack: true, canForward: false, network: 'Mainnet', baseUrl: 'https://api.hiro.so' };
const state: PanelState = { kind: 'tx', id: `0x${'ab'.repeat(32)}`, network: 'mainnet' } as PanelState;

describe('Panel messages: at most 1 MB each, and the panel says what it could not show', () => {
  it('a message within the bound is posted as it is', () => {
    const m: HostMessage = { type: 'result', result: { form: 'fn:f', state: 'ok', text: 'u1', at: 'latest block' } };
    assert.strictEqual(fitMessage(m), m);
  });

  it("a form's answer over 1 MB becomes a sentence under the form that says how large it was", () => {
    const result: FormResult = {
      form: 'public:f',
      state: 'ok',
      text: 'x'.repeat(2 * MAX_MESSAGE_BYTES),
      at: 'latest block',
    };
    const m: HostMessage = { type: 'result', result };
    assert.ok(messageBytes(m) > MAX_MESSAGE_BYTES);
    const fitted = fitMessage(m);
    assert.deepStrictEqual(fitted, {
      type: 'result',
      result: {
        form: 'public:f',
        state: 'error',
        message: 'The answer is too large to show: 2.0 MB, and a panel shows at most 1.0 MB.',
        at: 'latest block',
      },
    });
  });

  it('a page over 1 MB (counted in UTF-8 bytes) becomes an error state with Back', () => {
    const model = {
      kind: 'tx' as const,
      title: 'Transaction',
      icon: 'arrow-swap',
      badges: [],
      sections: [{ type: 'code' as const, title: 'memo', text: 'é'.repeat(600_000) }],
    };
    const m: HostMessage = { type: 'render', model, frame, state };
    assert.ok(JSON.stringify(m).length < MAX_MESSAGE_BYTES, 'under 1 MB in characters');
    assert.ok(messageBytes(m) > MAX_MESSAGE_BYTES, 'over 1 MB in bytes');
    const fitted = fitMessage(m);
    assert.strictEqual(fitted.type, 'error');
    assert.match(fitted.type === 'error' ? fitted.message : '', /^This page is too large to show: 1\.1 MB/);
    assert.deepStrictEqual(fitted.type === 'error' ? fitted.actions.map((a) => a.intent) : [], [{ type: 'back' }]);
    assert.ok(messageBytes(fitted) <= MAX_MESSAGE_BYTES);
  });
});
