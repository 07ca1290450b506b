import * as assert from 'assert';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new () => { render(s: string): string };
import { createStacksClient, StacksClient, SwitchedOffRoutes } from '../../src/api';
import { addressHover, HoverSource, txHover } from '../../src/ui/editor/hoverText';
import type { Target } from '../../src/chain/target';
import type { PanelParams, Section, Value, ViewModel } from '../../src/protocol';
import { loadPanel, ModelContext } from '../../src/ui/panels/models';
import { NOT_AVAILABLE } from '../../src/ui/panels/models/values';
import { ADDRESS, BLOCK, CONTRACT, TX } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';

/**
 * What the user sees with every deprecated route switched off: each panel shows what it shows
 * today, and "not available on this API" in place of exactly the values v3 does not give.
 */

const ctx: ModelContext = MODEL_CONTEXT;

const textOf = (values: Value[]): string => values.map((v) => v.text).join(' ');

/** Every field and table cell of a model, as `section › label: text`. */
function seen(m: ViewModel): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (sections: Section[], where: string): void => {
    for (const s of sections) {
      if (s.type === 'fields') for (const r of s.rows) out.set(`${where}${s.title} › ${r.label}`, textOf(r.values));
      if (s.type === 'table') {
        const title = (s.title ?? '').replace(/\(mode [^)]*\)/, '(mode)');
        out.set(`${where}${title} (title)`, s.title ?? '');
        s.rows.forEach((row, i) =>
          row.cells.forEach((cell, j) =>
            out.set(`${where}${title} › row ${i} › ${s.columns[j]?.label ?? j}`, textOf(cell)),
          ),
        );
        s.rows.forEach((row, i) => row.detail && visit(row.detail, `${where}${title} › row ${i} › `));
      }
    }
  };
  visit(m.sections, '');
  return out;
}

/** The hover texts of every "not available" value of a model. */
function notAvailableHints(m: ViewModel): Set<string | undefined> {
  const hints = new Set<string | undefined>();
  const visit = (sections: Section[]): void => {
    for (const s of sections) {
      const values =
        s.type === 'fields'
          ? s.rows.flatMap((r) => r.values)
          : s.type === 'table'
            ? s.rows.flatMap((r) => r.cells.flat())
            : [];
      for (const v of values) if (v.text === NOT_AVAILABLE) hints.add(v.hint);
      if (s.type === 'table') for (const row of s.rows) if (row.detail) visit(row.detail);
    }
  };
  visit(m.sections);
  return hints;
}

describe('Sunset: panels and hovers say "not available on this API" where v3 lacks a value', function () {
  let today: MockApi;
  let sunset: MockApi;
  let old: StacksClient;
  let gone: StacksClient;
  before(async () => {
    today = await startMockApi();
    sunset = await startMockApi({ sunset: true });
  });
  after(async () => {
    await today.close();
    await sunset.close();
  });
  beforeEach(() => {
    old = createStacksClient({ baseUrl: today.url, switchedOff: new SwitchedOffRoutes() });
    gone = createStacksClient({ baseUrl: sunset.url, switchedOff: new SwitchedOffRoutes() });
  });

  const load = (client: StacksClient, target: Target, params: PanelParams = {}) =>
    loadPanel(target, params, { client, ctx, signal: new AbortController().signal }).then((l) => l.model);

  /** The places where the sunset panel differs from today's: each must say "not available". */
  async function lost(target: Target, params: PanelParams = {}): Promise<string[]> {
    const a = seen(await load(old, target, params));
    const sunsetModel = await load(gone, target, params);
    const b = seen(sunsetModel);
    for (const hint of notAvailableHints(sunsetModel))
      assert.strictEqual(
        hint,
        'The API has switched off the route that gave this; its replacement does not report it.',
        'each value v3 lacks says why on hover',
      );
    const changed: string[] = [];
    for (const [k, v] of b) {
      if (a.get(k) === v) continue;
      assert.ok(v.includes(NOT_AVAILABLE), `${k}: "${a.get(k)}" became "${v}"`);
      changed.push(k);
    }
    for (const k of a.keys()) assert.ok(b.has(k), `${k} is missing`);
    return changed.sort();
  }

  const MINED_TX_LOSS = ['Block › Anchor mode', 'Block › Parent burn block time', 'Post-conditions (mode) (title)'];

  /** A contract call's signature, and the name and type of each argument. */
  async function callLoss(id: string): Promise<string[]> {
    const call = (await old.getTransaction(id)).contract_call;
    if (!call) return [];
    return [
      'Contract call › Signature',
      ...(call.function_args ?? []).flatMap((_, i) => [`Arguments › row ${i} › Name`, `Arguments › row ${i} › Type`]),
    ];
  }
  for (const [name, id] of [
    ['token transfer', TX.tokenTransfer],
    ['sponsored contract call', TX.contractCall],
    ['deploy', TX.smartContract],
    ['coinbase', TX.coinbase],
    ['tenure change', TX.tenureChange],
    ['failed contract call', TX.failed],
    ['deploy aborted by a post-condition', TX.abortByPostCondition],
    ['deploy skipped as problematic', TX.problematicSkipped],
    ['contract call with 300 events', TX.manyEvents],
  ] as const) {
    it(`transaction panel: ${name}`, async () => {
      assert.deepStrictEqual(await lost({ kind: 'tx', id }), [...MINED_TX_LOSS, ...(await callLoss(id))].sort());
    });
  }

  it('transaction panel: pending and dropped', async () => {
    assert.deepStrictEqual(
      await lost({ kind: 'tx', id: TX.pending }),
      [...(await callLoss(TX.pending)), 'Mempool › Anchor mode', 'Post-conditions (mode) (title)'].sort(),
    );
    // a dropped transaction shows its (empty) block section as today
    assert.deepStrictEqual(
      await lost({ kind: 'tx', id: TX.dropped }),
      [...(await callLoss(TX.dropped)), 'Block › Anchor mode', 'Post-conditions (mode) (title)'].sort(),
    );
  });

  it('address panel: the totals and the per-asset event counts', async () => {
    const changed = await lost({ kind: 'address', id: ADDRESS.mainnet });
    const totals = ['Miner rewards received', 'Token offering', 'Total fees sent', 'Total received', 'Total sent'];
    assert.deepStrictEqual(
      changed.filter((k) => !k.includes(' › row ')),
      totals.map((t) => `Balance › ${t}`),
    );
    assert.ok(changed.filter((k) => k.includes(' › row ')).every((k) => k.endsWith('Events (STX / FT / NFT)')));
  });

  it('address panel: the events of one transaction are balance changes, without index, kind, sender and recipient', async () => {
    const m = await load(
      gone,
      { kind: 'address', id: ADDRESS.mainnet },
      { expand: TX.mainnetContractCall, expandOffset: 0 },
    );
    const s = [...seen(m)].filter(([k]) => k.includes('Events for this address'));
    assert.ok(s.length > 0, 'the events table is shown');
    for (const col of ['#', 'Event', 'From', 'To'])
      assert.ok(
        s.filter(([k]) => k.endsWith(` › ${col}`)).every(([, v]) => v === NOT_AVAILABLE),
        col,
      );
    assert.ok(s.filter(([k]) => k.endsWith(' › Amount')).every(([, v]) => v !== NOT_AVAILABLE && v !== '—'));
  });

  it('contract panel: the balance totals', async () => {
    assert.deepStrictEqual(await lost({ kind: 'contract', id: CONTRACT.deployed }), [
      'Contract balance › Total received',
      'Contract balance › Total sent',
    ]);
  });

  it('block panel: nothing is lost', async () => {
    for (const id of [String(BLOCK.height), String(BLOCK.big.height)])
      assert.deepStrictEqual(await lost({ kind: 'block', id }), []);
  });

  it('hovers: an address says its totals are not available; a transaction reads as today', async () => {
    const md = new MarkdownIt();
    const source: HoverSource = {
      network: 'custom',
      networkLabel: 'Custom',
      baseUrl: ctx.baseUrl,
      now: ctx.now,
    };
    const b = await gone.getStxBalance(ADDRESS.mainnet);
    const text = md.render(addressHover(ADDRESS.mainnet, { ok: true, value: b }, source).markdown);
    assert.match(text, /not available on this API/);
    assert.match(text, /Balance: 1 STX/);
    for (const id of [TX.tokenTransfer, TX.contractCall, TX.failed, TX.pending])
      assert.strictEqual(
        txHover(await gone.getTransaction(id), source).markdown,
        txHover(await old.getTransaction(id), source).markdown,
        id,
      );
  });
});
