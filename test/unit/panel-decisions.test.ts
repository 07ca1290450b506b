// What the host does for each kind of message from the detail panel's webview, one example per
// rule: the fuzz test (panel-messages.fuzz.test.ts) proves what never happens; this proves that the
// right thing does, with the reason logged when a message is ignored.
import * as assert from 'assert';
import { Commands } from '../../src/constants';
import type { Value, ViewModel } from '../../src/protocol';
import { bitcoinRefs, copyableTexts, decide, isUnderExplorer, PanelSituation } from '../../src/ui/panels/messages';
import type { Entry } from '../../src/ui/panels/places';
import { ADDRESS, CONTRACT, TX } from '../fixtures/ids';

const EXPLORER = 'https://explorer.example/stacks';
const BITCOIN = 'https://mempool.example/testnet4';
const BTC_TX = 'ab'.repeat(32);
const BTC_BLOCK = 'cd'.repeat(32);
const BTC_DEEP = 'ef'.repeat(32);

const id = (text: string, extra: Partial<Value> = {}): Value => ({ t: 'id', text, ...extra });

/**
 * A model with an identifier in each place a panel puts one: subject, badge, field, table cell,
 * expanded row. A new object per use: the host keeps what it found per model object.
 */
const shownModel = (): ViewModel => ({
  kind: 'tx',
  title: 'Transaction',
  icon: 'arrow-swap',
  subject: id('0x6e2a…a998', { full: TX.contractCall, bitcoin: { kind: 'tx', id: BTC_TX } }),
  badges: [id(ADDRESS.sponsor), { t: 'text', text: 'not an id' }],
  sections: [
    {
      type: 'fields',
      rows: [{ label: 'Sender', values: [id(ADDRESS.testnet, { bitcoin: { kind: 'block', id: BTC_BLOCK } })] }],
    },
    {
      type: 'table',
      columns: [{ label: 'Recipient' }],
      empty: 'none',
      rows: [
        {
          cells: [[id(ADDRESS.testnetRecipient)]],
          detail: [
            {
              type: 'fields',
              rows: [{ label: 'Deep', values: [id(ADDRESS.mainnet, { bitcoin: { kind: 'tx', id: BTC_DEEP } })] }],
            },
          ],
        },
      ],
    },
  ],
});

const contractShown: ViewModel = {
  kind: 'contract',
  title: 'Contract',
  icon: 'file-code',
  badges: [],
  sections: [
    {
      type: 'workbench',
      title: 'Read-only functions',
      sender: ADDRESS.testnet,
      empty: '',
      forms: [
        {
          id: 'fn:get-pair',
          kind: 'fn',
          name: 'get-pair',
          returns: 'uint',
          args: [
            { name: 'a', type: 'uint', input: 'uint', hint: '' },
            { name: 'b', type: 'uint', input: 'uint', hint: '' },
          ],
        },
        { id: 'var:counter', kind: 'var', name: 'counter', returns: 'uint', args: [] },
        {
          id: 'map:balances',
          kind: 'map',
          name: 'balances',
          returns: 'uint',
          args: [{ name: 'key', type: 'principal', input: 'principal', hint: '' }],
        },
      ],
    },
  ],
};

const here: Entry = { target: { kind: 'tx', id: TX.contractCall, network: 'testnet' }, params: { eventOffset: 20 } };
const addressHere: Entry = { target: { kind: 'address', id: ADDRESS.testnet, network: 'testnet' }, params: {} };
const contractHere: Entry = { target: { kind: 'contract', id: CONTRACT.called, network: 'testnet' }, params: {} };
const previous: Entry = { target: { kind: 'address', id: ADDRESS.mainnet, network: 'mainnet' }, params: {} };
const next: Entry = { target: { kind: 'block', id: '5', network: 'mainnet' }, params: {} };

function situation(over: Partial<PanelSituation> = {}): PanelSituation {
  return {
    here,
    previous: undefined,
    next: undefined,
    shown: shownModel(),
    selected: 'mainnet',
    explorerBase: () => EXPLORER,
    bitcoinExplorerBase: () => BITCOIN,
    apiUrl: (n) => (n === 'mainnet' ? 'https://api.hiro.so' : 'https://api.testnet.hiro.so'),
    ...over,
  };
}

function ignoredBecause(d: ReturnType<typeof decide>, why: RegExp): void {
  assert.strictEqual(d.do, 'ignore');
  assert.match((d as { why?: string }).why ?? '', why);
}

describe('Detail panel: what the host does for each message', () => {
  it('replays the state when the webview loads and only notes a paint', () => {
    assert.deepStrictEqual(decide({ type: 'ready' }, situation()), { do: 'replay' });
    assert.deepStrictEqual(decide({ type: 'painted' }, situation()), { do: 'painted' });
    ignoredBecause(decide({ type: 'nonsense' }, situation()), /not part of the protocol/);
  });

  it('opens a link in a new place, on the network the link, the place or the selection names', () => {
    const open = (target: object, s = situation()) => decide({ type: 'open', target }, s);
    assert.deepStrictEqual(open({ kind: 'address', id: ADDRESS.mainnet, network: 'mainnet' }), {
      do: 'navigate',
      entry: { target: { kind: 'address', id: ADDRESS.mainnet, network: 'mainnet' }, params: {} },
      how: { push: true },
    });
    const fromPlace = open({ kind: 'address', id: ADDRESS.testnet });
    assert.strictEqual(fromPlace.do === 'navigate' && fromPlace.entry.target.network, 'testnet');
    const fromSelection = open({ kind: 'address', id: ADDRESS.mainnet }, situation({ here: undefined }));
    assert.strictEqual(fromSelection.do === 'navigate' && fromSelection.entry.target.network, 'mainnet');
    ignoredBecause(open({ kind: 'address', id: 'not-an-address' }), /invalid target/);
  });

  it('pages in the same place, and warns about a block the balance cannot be read at', () => {
    const page = (params: object, s = situation({ here: addressHere })) => decide({ type: 'page', params }, s);
    assert.deepStrictEqual(page({ txOffset: 20 }), {
      do: 'navigate',
      entry: { target: addressHere.target, params: { txOffset: 20 } },
      how: { reuse: true },
    });
    const atBlock = page({ untilBlock: '120' });
    assert.strictEqual(atBlock.do === 'navigate' && atBlock.entry.params.untilBlock, '120');
    assert.deepStrictEqual(page({ untilBlock: 'latest' }), {
      do: 'warn',
      message: 'Give a block height or hash to see the balance at that block.',
    });
    const bad = page({ untilBlock: 'twelve' });
    assert.strictEqual(bad.do, 'warn');
    assert.ok(
      bad.do === 'warn' && bad.message.length > 10 && !/balance at that block/.test(bad.message),
      'the reason of the check',
    );
    assert.deepStrictEqual(page({ txOffset: 20 }, situation({ here: undefined })), { do: 'ignore' });
  });

  it('copies an id from every place the panel shows one, its full value, and a result shown under a form', () => {
    const copy = (text: string, s = situation()) => decide({ type: 'copy', text }, s);
    for (const text of [TX.contractCall, ADDRESS.sponsor, ADDRESS.testnet, ADDRESS.testnetRecipient, ADDRESS.mainnet])
      assert.deepStrictEqual(copy(text), { do: 'copy', text }, text);
    ignoredBecause(copy('0x6e2a…a998'), /does not show/);
    ignoredBecause(copy('not an id'), /does not show/);
    assert.deepStrictEqual(copy('(ok u1)', situation({ resultTexts: new Set(['(ok u1)']) })), {
      do: 'copy',
      text: '(ok u1)',
    });
    assert.deepStrictEqual(
      copyableTexts(shownModel()),
      new Set([TX.contractCall, ADDRESS.sponsor, ADDRESS.testnet, ADDRESS.testnetRecipient, ADDRESS.mainnet]),
    );
  });

  it('opens the explorer page of a target on the network of the place', () => {
    const d = decide({ type: 'openExternal', target: { kind: 'address', id: ADDRESS.testnet } }, situation());
    assert.strictEqual(d.do, 'openExternal');
    assert.ok(d.do === 'openExternal' && d.url.startsWith(`${EXPLORER}/address/${ADDRESS.testnet}`), JSON.stringify(d));
    assert.ok(d.do === 'openExternal' && /chain=testnet/.test(d.url), JSON.stringify(d));
    ignoredBecause(decide({ type: 'openExternal', target: { kind: 'tx', id: 'nope' } }, situation()), /invalid target/);
    ignoredBecause(
      decide(
        { type: 'openExternal', target: { kind: 'address', id: ADDRESS.testnet } },
        situation({ explorerBase: () => 'http://evil.example' }),
      ),
      /explorer link/,
    );
  });

  it('opens a Bitcoin id the panel shows, wherever it shows it, under the Bitcoin explorer', () => {
    assert.deepStrictEqual(
      bitcoinRefs(shownModel()),
      new Set([`tx|${BTC_TX}`, `block|${BTC_BLOCK}`, `tx|${BTC_DEEP}`]),
    );
    assert.deepStrictEqual(decide({ type: 'openBitcoin', ref: { kind: 'block', id: BTC_BLOCK } }, situation()), {
      do: 'openExternal',
      url: `${BITCOIN}/block/${BTC_BLOCK}`,
    });
    ignoredBecause(decide({ type: 'openBitcoin', ref: { kind: 'tx', id: BTC_BLOCK } }, situation()), /does not show/);
    ignoredBecause(
      decide({ type: 'openBitcoin', ref: { kind: 'tx', id: BTC_TX } }, situation({ shown: undefined })),
      /does not show/,
    );
    ignoredBecause(
      decide(
        { type: 'openBitcoin', ref: { kind: 'tx', id: BTC_TX } },
        situation({ bitcoinExplorerBase: () => 'ftp://x' }),
      ),
      /Bitcoin explorer link/,
    );
  });

  it('keeps an explorer link on the explorer origin, without credentials, under its base path', () => {
    assert.strictEqual(isUnderExplorer(`${EXPLORER}/txid/0x01`, EXPLORER), true);
    assert.strictEqual(isUnderExplorer(`${EXPLORER}`, `${EXPLORER}/`), true);
    assert.strictEqual(isUnderExplorer('https://explorer.example/stacks-evil/txid/0x01', EXPLORER), false);
    assert.strictEqual(isUnderExplorer('https://explorer.example/other', EXPLORER), false);
    assert.strictEqual(isUnderExplorer('https://elsewhere.example/stacks/txid/0x01', EXPLORER), false);
    assert.strictEqual(isUnderExplorer('https://user@explorer.example/stacks/txid/0x01', EXPLORER), false);
    assert.strictEqual(isUnderExplorer('https://:secret@explorer.example/stacks/txid/0x01', EXPLORER), false);
    assert.strictEqual(isUnderExplorer(`${EXPLORER}/txid/0x01`, 'not a url'), false);
  });

  it('opens a contract source on the network of the link or the place, and nothing else', () => {
    assert.deepStrictEqual(
      decide({ type: 'openSource', target: { kind: 'contract', id: CONTRACT.called } }, situation()),
      {
        do: 'openSource',
        target: { kind: 'contract', id: CONTRACT.called, network: 'testnet' },
      },
    );
    assert.deepStrictEqual(
      decide({ type: 'openSource', target: { kind: 'contract', id: CONTRACT.called } }, situation({ here: undefined })),
      { do: 'openSource', target: { kind: 'contract', id: CONTRACT.called } },
    );
    ignoredBecause(
      decide({ type: 'openSource', target: { kind: 'address', id: ADDRESS.testnet } }, situation()),
      /invalid contract/,
    );
  });

  it('runs only the command the button names', () => {
    assert.deepStrictEqual(decide({ type: 'runCommand', command: 'selectNetwork' }, situation()), {
      do: 'runCommand',
      command: Commands.selectNetwork,
    });
    assert.deepStrictEqual(decide({ type: 'runCommand', command: 'setApiKey' }, situation()), {
      do: 'runCommand',
      command: Commands.setApiKey,
    });
  });

  it('retries and refreshes the place shown, goes back and forward through history', () => {
    assert.deepStrictEqual(decide({ type: 'retry' }, situation()), {
      do: 'navigate',
      entry: here,
      how: { reuse: true },
    });
    assert.deepStrictEqual(decide({ type: 'refresh' }, situation()), { do: 'navigate', entry: here, how: {} });
    assert.deepStrictEqual(decide({ type: 'back' }, situation({ previous })), {
      do: 'navigate',
      entry: previous,
      how: { move: 'back' },
    });
    assert.deepStrictEqual(decide({ type: 'forward' }, situation({ next })), {
      do: 'navigate',
      entry: next,
      how: { move: 'forward' },
    });
    for (const type of ['retry', 'refresh'])
      assert.deepStrictEqual(decide({ type }, situation({ here: undefined })), { do: 'ignore' }, type);
    assert.deepStrictEqual(decide({ type: 'back' }, situation()), { do: 'ignore' });
    assert.deepStrictEqual(decide({ type: 'forward' }, situation()), { do: 'ignore' });
  });

  it('watches only a transaction the panel shows', () => {
    assert.deepStrictEqual(decide({ type: 'watch' }, situation()), { do: 'watch', target: here.target });
    ignoredBecause(decide({ type: 'watch' }, situation({ shown: undefined })), /no transaction/);
  });

  it('calls a function and reads state only through a form of the contract shown, with its arguments', () => {
    const s = situation({ here: contractHere, shown: contractShown });
    const call = (fn: string, args: string[]) => decide({ type: 'call', fn, args, sender: ADDRESS.testnet, at: '' }, s);
    assert.deepStrictEqual(call('get-pair', ['u1', 'u2']), {
      do: 'call',
      target: contractHere.target,
      fn: 'get-pair',
      args: ['u1', 'u2'],
      sender: ADDRESS.testnet,
      at: '',
    });
    ignoredBecause(call('get-pair', ['u1']), /another number of arguments/);
    ignoredBecause(call('transfer', []), /offers no form/);

    const read = (what: string, name: string, key?: string) =>
      decide({ type: 'read', what, name, ...(key === undefined ? {} : { key }), at: '12' }, s);
    assert.deepStrictEqual(read('var', 'counter'), {
      do: 'read',
      target: contractHere.target,
      what: 'var',
      name: 'counter',
      key: undefined,
      at: '12',
    });
    assert.deepStrictEqual(read('map', 'balances', `'${ADDRESS.testnet}`), {
      do: 'read',
      target: contractHere.target,
      what: 'map',
      name: 'balances',
      key: `'${ADDRESS.testnet}`,
      at: '12',
    });
    ignoredBecause(read('map', 'balances'), /without a key/);
    ignoredBecause(read('var', 'counter', 'u1'), /key for a variable/);
    ignoredBecause(read('var', 'missing'), /offers no form/);
  });

  it('simulates only a public function the contract panel offers a form for, with its arguments', () => {
    const withPublic: ViewModel = {
      ...contractShown,
      sections: [
        {
          type: 'workbench',
          title: 'Simulate public functions (1)',
          sender: ADDRESS.testnet,
          empty: '',
          forms: [
            {
              id: 'public:transfer',
              kind: 'public',
              name: 'transfer',
              returns: '(response bool uint)',
              args: [{ name: 'amount', type: 'uint', input: 'uint', hint: '' }],
            },
          ],
        },
      ],
    };
    const sim = (fn: string, args: string[], shown = withPublic) =>
      decide({ type: 'simulate', fn, args, sender: ADDRESS.testnet, at: '' }, situation({ here: contractHere, shown }));
    assert.deepStrictEqual(sim('transfer', ['u100']), {
      do: 'simulate',
      target: contractHere.target,
      fn: 'transfer',
      args: ['u100'],
      sender: ADDRESS.testnet,
      at: '',
    });
    ignoredBecause(sim('transfer', []), /another number of arguments/);
    // A read-only form is not a public one: `fn:get-pair` does not let the webview simulate get-pair.
    ignoredBecause(sim('get-pair', ['u1', 'u2'], contractShown), /offers no form/);
  });

  it('re-simulates only the failed transaction shown, when its panel offers it', () => {
    const intent = { type: 'resimulate' as const, when: 'before' as const };
    const offering: ViewModel = {
      ...shownModel(),
      sections: [{ type: 'actions', actions: [{ label: 'Re-simulate at the block before', intent }] }],
    };
    assert.deepStrictEqual(decide(intent, situation({ shown: offering })), {
      do: 'resimulate',
      target: here.target,
      when: 'before',
    });
    ignoredBecause(decide(intent, situation()), /does not offer/);
    ignoredBecause(decide(intent, situation({ here: contractHere, shown: offering })), /does not offer/);
    ignoredBecause(
      decide({ type: 'resimulate', when: 'yesterday' }, situation({ shown: offering })),
      /not part of the protocol/,
    );
  });
});
