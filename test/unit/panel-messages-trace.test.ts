// The detail panel's newer messages (the Trace section's, an sBTC deposit's watch, a simulation's
// post-conditions) and the rules that keep a forged one from acting on anything the panel does not
// show; and what the host posts back when a message would be too large (every kind of message).
// panel-decisions.test.ts has one example per older rule, panel-message-size.test.ts the first sizes.
import * as assert from 'assert';
import type { Action, Frame, HostMessage, PanelState, ViewModel, WebviewMessage } from '../../src/protocol';
import { decide, fitMessage, MAX_MESSAGE_BYTES, messageBytes, PanelSituation } from '../../src/ui/panels/messages';
import type { Entry } from '../../src/ui/panels/places';
import { ADDRESS, CONTRACT, TX } from '../fixtures/ids';

const txHere: Entry = { target: { kind: 'tx', id: TX.contractCall, network: 'testnet' }, params: {} };
const contractHere: Entry = { target: { kind: 'contract', id: CONTRACT.called, network: 'testnet' }, params: {} };
const depositHere: Entry = {
  target: { kind: 'sbtcDeposit', id: `${TX.contractCall}:0`, network: 'testnet' },
  params: {},
};

const action = (label: string, intent: WebviewMessage): Action => ({ label, intent });
const traceAction = action('Trace', { type: 'trace' });
const watchAction = action('Watch', { type: 'watch' });

/** A transaction panel: a fields section first (as a real one has), then the actions given. */
const txModel = (actions: Action[] = [], kind: ViewModel['kind'] = 'tx'): ViewModel => ({
  kind,
  title: 'Transaction',
  icon: 'arrow-swap',
  badges: [],
  sections: [
    { type: 'fields', rows: [{ label: 'Sender', values: [{ t: 'id', text: ADDRESS.testnet }] }] },
    ...(actions.length ? [{ type: 'actions' as const, actions }] : []),
  ],
});

/** A contract panel with one form of each kind the host checks a message against. */
const contractModel: ViewModel = {
  kind: 'contract',
  title: 'Contract',
  icon: 'file-code',
  badges: [],
  sections: [
    {
      type: 'workbench',
      title: 'Functions',
      sender: ADDRESS.testnet,
      empty: '',
      forms: [
        { id: 'fn:get-count', kind: 'fn', name: 'get-count', returns: 'uint', args: [] },
        {
          id: 'public:transfer',
          kind: 'public',
          name: 'transfer',
          returns: '(response bool uint)',
          args: [{ name: 'amount', type: 'uint', input: 'uint', hint: '' }],
        },
        { id: 'var:counter', kind: 'var', name: 'counter', returns: 'uint', args: [] },
      ],
    },
  ],
};

function situation(over: Partial<PanelSituation> = {}): PanelSituation {
  return {
    here: txHere,
    previous: undefined,
    next: undefined,
    shown: txModel([traceAction]),
    selected: 'mainnet',
    explorerBase: () => 'https://explorer.example',
    bitcoinExplorerBase: () => 'https://mempool.example',
    apiUrl: () => 'https://api.testnet.hiro.so',
    ...over,
  };
}

function ignoredBecause(d: ReturnType<typeof decide>, why: RegExp): void {
  assert.strictEqual(d.do, 'ignore', JSON.stringify(d));
  assert.match((d as { why?: string }).why ?? '', why);
}

const line = { network: 'testnet', contractId: CONTRACT.called, line: 12, column: 5 };

describe('Detail panel: the Trace messages and the other newer ones', () => {
  it('traces the transaction shown when its panel offers Trace, earlier transactions first only when asked', () => {
    assert.deepStrictEqual(decide({ type: 'trace' }, situation()), {
      do: 'trace',
      act: { kind: 'run', target: txHere.target, earlier: false },
    });
    assert.deepStrictEqual(decide({ type: 'trace', earlier: true }, situation()), {
      do: 'trace',
      act: { kind: 'run', target: txHere.target, earlier: true },
    });
    // Trace offered among other buttons, after a section that has none.
    const among = txModel([watchAction, traceAction]);
    assert.deepStrictEqual(decide({ type: 'trace' }, situation({ shown: among })), {
      do: 'trace',
      act: { kind: 'run', target: txHere.target, earlier: false },
    });
  });

  it('refuses a trace the panel does not offer, and a forged one', () => {
    ignoredBecause(decide({ type: 'trace' }, situation({ shown: txModel() })), /trace the panel does not offer/);
    ignoredBecause(decide({ type: 'trace' }, situation({ shown: txModel([watchAction]) })), /does not offer/);
    ignoredBecause(decide({ type: 'trace' }, situation({ shown: undefined })), /does not offer/);
    // The Trace button of a transaction's panel does not trace a contract.
    ignoredBecause(decide({ type: 'trace' }, situation({ here: contractHere })), /does not offer/);
    ignoredBecause(decide({ type: 'trace' }, situation({ here: undefined })), /does not offer/);
    // `earlier` is only ever `true`; the target is never taken from the message.
    for (const forged of [
      { type: 'trace', earlier: false },
      { type: 'trace', earlier: 'true' },
      { type: 'trace', earlier: 1 },
    ])
      ignoredBecause(decide(forged, situation()), /not part of the protocol/);
    // A target in the message is dropped: the transaction traced is the one shown.
    assert.deepStrictEqual(decide({ type: 'trace', target: { kind: 'tx', id: TX.tokenTransfer } }, situation()), {
      do: 'trace',
      act: { kind: 'run', target: txHere.target, earlier: false },
    });
  });

  it('cancels a trace, opens the failing line a trace found, and runs the setup buttons', () => {
    assert.deepStrictEqual(decide({ type: 'traceCancel' }, situation()), { do: 'trace', act: { kind: 'cancel' } });
    assert.deepStrictEqual(decide({ type: 'openTraceLine', line }, situation()), {
      do: 'trace',
      act: { kind: 'open', line },
    });
    assert.deepStrictEqual(decide({ type: 'traceSetup', what: 'install' }, situation()), {
      do: 'trace',
      act: { kind: 'setup', what: 'install' },
    });
    assert.deepStrictEqual(decide({ type: 'traceSetup', what: 'setPath' }, situation({ here: undefined })), {
      do: 'trace',
      act: { kind: 'setup', what: 'setPath' },
    });
  });

  it('refuses a malformed trace line or setup button', () => {
    const forged: unknown[] = [
      { type: 'traceSetup', what: 'run' },
      { type: 'traceSetup' },
      { type: 'openTraceLine' },
      { type: 'openTraceLine', line: { ...line, line: 0 } },
      { type: 'openTraceLine', line: { ...line, column: 1.5 } },
      { type: 'openTraceLine', line: { ...line, line: 1_000_001 } },
      { type: 'openTraceLine', line: { ...line, line: '12' } },
      { type: 'openTraceLine', line: { ...line, network: 'devnet-evil' } },
      { type: 'openTraceLine', line: { ...line, contractId: 'x'.repeat(201) } },
      { type: 'openTraceLine', line: { line } },
      { type: 'openTraceLine', line: [line] },
    ];
    for (const m of forged) ignoredBecause(decide(m, situation()), /not part of the protocol/);
    // Fields the protocol does not name are dropped, never passed on.
    assert.deepStrictEqual(decide({ type: 'openTraceLine', line: { ...line, path: '/etc/passwd' } }, situation()), {
      do: 'trace',
      act: { kind: 'open', line },
    });
  });

  it('watches an sBTC deposit only while its panel shows it', () => {
    assert.deepStrictEqual(
      decide({ type: 'watch' }, situation({ here: depositHere, shown: txModel([], 'sbtcDeposit') })),
      { do: 'watch', target: depositHere.target },
    );
    ignoredBecause(decide({ type: 'watch' }, situation({ here: depositHere, shown: txModel() })), /no transaction/);
    ignoredBecause(decide({ type: 'watch' }, situation({ here: depositHere, shown: undefined })), /no transaction/);
  });

  it('simulates with the pasted post-conditions, and refuses malformed ones', () => {
    const s = situation({ here: contractHere, shown: contractModel });
    const sim = { type: 'simulate', fn: 'transfer', args: ['u1'], sender: ADDRESS.testnet, at: '' };
    const postConditions = { mode: 'deny', code: 'Pc.principal("ST1").willSendEq(1).ustx()' };
    assert.deepStrictEqual(decide({ ...sim, postConditions }, s), {
      do: 'simulate',
      target: contractHere.target,
      fn: 'transfer',
      args: ['u1'],
      sender: ADDRESS.testnet,
      at: '',
      postConditions,
    });
    assert.ok(!('postConditions' in decide(sim, s)), 'none pasted, none carried');
    for (const bad of [{ mode: 'maybe', code: '' }, { mode: 'deny' }, { mode: 'deny', code: 'x'.repeat(1_000_001) }])
      ignoredBecause(decide({ ...sim, postConditions: bad }, s), /not part of the protocol/);
  });

  it("calls, simulates and reads only through a contract's panel, never a form shown under another place", () => {
    // The contract's model still on screen while the place is a transaction (a forged or stale state).
    const s = situation({ here: txHere, shown: contractModel });
    ignoredBecause(
      decide({ type: 'call', fn: 'get-count', args: [], sender: ADDRESS.testnet, at: '' }, s),
      /call of a function the panel offers no form for/,
    );
    ignoredBecause(
      decide({ type: 'simulate', fn: 'transfer', args: ['u1'], sender: ADDRESS.testnet, at: '' }, s),
      /simulation of a function the panel offers no form for/,
    );
    ignoredBecause(
      decide({ type: 'read', what: 'var', name: 'counter', at: '' }, s),
      /read of state the panel offers no form for/,
    );
    // The same messages are acted on where the contract is the place shown.
    const ok = situation({ here: contractHere, shown: contractModel });
    assert.strictEqual(
      decide({ type: 'call', fn: 'get-count', args: [], sender: ADDRESS.testnet, at: '' }, ok).do,
      'call',
    );
    assert.strictEqual(decide({ type: 'read', what: 'var', name: 'counter', at: '' }, ok).do, 'read');
  });

  it('re-simulates only as an action of the panel offers it, among its other sections and buttons', () => {
    const before = { type: 'resimulate' as const, when: 'before' as const };
    const offering = txModel([watchAction, action('Re-simulate at the block before', before)]);
    assert.deepStrictEqual(decide(before, situation({ shown: offering })), {
      do: 'resimulate',
      target: txHere.target,
      when: 'before',
    });
    // Offered at the block before, not at the latest block.
    ignoredBecause(decide({ type: 'resimulate', when: 'now' }, situation({ shown: offering })), /does not offer/);
  });

  it("opens a failed call's error line only as the panel offers it, with the reason logged otherwise", () => {
    const errorLine = {
      type: 'openErrorLine' as const,
      line: { network: 'testnet' as const, contractId: CONTRACT.called, fn: 'transfer', result: '(err u1)', link: 0 },
    };
    assert.deepStrictEqual(decide(errorLine, situation({ shown: txModel([action('Open', errorLine)]) })), {
      do: 'openErrorLine',
      line: errorLine.line,
    });
    ignoredBecause(decide(errorLine, situation()), /a line the panel does not offer/);
    ignoredBecause(
      decide(
        { ...errorLine, line: { ...errorLine.line, link: 1 } },
        situation({ shown: txModel([action('Open', errorLine)]) }),
      ),
      /does not offer/,
    );
  });
});

const frame: Frame = { canBack: true, canForward: false, network: 'Testnet', baseUrl: 'https://api.testnet.hiro.so' };
const state = { kind: 'tx', id: TX.contractCall, network: 'testnet' } as PanelState;

describe('Panel messages: the bytes counted, and each kind of message over the bound', () => {
  it('counts a long message in UTF-8 bytes: 1, 2, 3 and 4-byte characters, at each boundary', () => {
    // Long enough to be counted character by character (a short one is bounded by its length). Each
    // character twice: counting one as a pair would skip the next.
    const filler = 'x'.repeat(Math.ceil(MAX_MESSAGE_BYTES / 3));
    const samples: Record<string, string> = {
      ascii: '',
      'U+007F': '\u007f',
      'U+0080': '\u0080',
      'U+07FF': '\u07ff',
      'U+0800': '\u0800',
      '€': '€',
      'U+D7FF': '\ud7ff',
      'U+E000': '\ue000',
      'U+FFFD': '\ufffd',
      'U+10000': '\ud800\udc00',
      'U+10FFFF': '\udbff\udfff',
      emoji: '😀',
    };
    for (const [name, text] of Object.entries(samples)) {
      const m: HostMessage = {
        type: 'error',
        title: name,
        message: text + text + filler,
        actions: [],
        frame,
        state,
      };
      assert.strictEqual(messageBytes(m), Buffer.byteLength(JSON.stringify(m), 'utf8'), name);
    }
    // A lone surrogate is escaped by JSON: six ASCII bytes.
    const lone: HostMessage = { type: 'formBusy', form: '\ud800' + filler };
    assert.strictEqual(messageBytes(lone), Buffer.byteLength(JSON.stringify(lone), 'utf8'));
  });

  it('posts a message of exactly the bound as it is, and one byte more not', () => {
    const m: HostMessage = { type: 'formBusy', form: 'fn:get-count' };
    const bytes = messageBytes(m);
    assert.strictEqual(fitMessage(m, bytes), m);
    assert.notStrictEqual(fitMessage(m, bytes - 1), m);
  });

  it('a page over the bound becomes an error state with a Back button only when there is a place to go back to', () => {
    const model: ViewModel = { kind: 'tx', title: 'Transaction', icon: 'arrow-swap', badges: [], sections: [] };
    const withBack = fitMessage({ type: 'render', model, frame, state }, 10);
    assert.deepStrictEqual(withBack.type === 'error' && withBack.actions, [
      { label: 'Back', icon: 'arrow-left', intent: { type: 'back' } },
    ]);
    const first = fitMessage({ type: 'render', model, frame: { ...frame, canBack: false }, state }, 10);
    assert.deepStrictEqual(first.type === 'error' && first.actions, []);
  });

  it("cuts an error's title and text, a loading title and a busy form's id; a busy sign is posted as it is", () => {
    const error: HostMessage = {
      type: 'error',
      title: 'T'.repeat(300),
      message: 'M'.repeat(20_000),
      actions: [],
      frame,
      state,
    };
    const cut = fitMessage(error, 100);
    assert.strictEqual(cut.type, 'error');
    assert.ok(cut.type === 'error');
    assert.strictEqual(cut.title, `${'T'.repeat(199)}…`);
    assert.strictEqual(cut.message, `${'M'.repeat(9_999)}…`);
    assert.strictEqual(cut.frame, frame);

    const loading = fitMessage({ type: 'loading', title: 'L'.repeat(300), frame, state }, 10);
    assert.deepStrictEqual(loading, { type: 'loading', title: `${'L'.repeat(199)}…`, frame, state });

    const formBusy = fitMessage({ type: 'formBusy', form: 'f'.repeat(300) }, 10);
    assert.deepStrictEqual(formBusy, { type: 'formBusy', form: `${'f'.repeat(199)}…` });

    const busy: HostMessage = { type: 'busy' };
    assert.strictEqual(fitMessage(busy, 1), busy);
  });

  it('a trace report over the bound becomes a failed trace that says how large it was', () => {
    const report: HostMessage = {
      type: 'trace',
      trace: { state: 'done', events: ['e'.repeat(2 * MAX_MESSAGE_BYTES)] },
    };
    assert.deepStrictEqual(fitMessage(report), {
      type: 'trace',
      trace: {
        state: 'failed',
        message: 'The trace is too large to show: 2.0 MB, and a panel shows at most 1.0 MB.',
      },
    });
  });
});
