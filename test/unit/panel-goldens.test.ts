// Every panel the extension can show for the mock chain's real responses, whole: title, badges,
// each field's label and values, each table's columns, rows and paging, notices, actions and links.
// The expected models are files under test/fixtures/panels/ (read them: they are the panels, as
// text), so a changed label, a lost row, a wrong link or a paging edge shows as a diff.
//
// After a deliberate change to what a panel shows: `UPDATE_PANEL_GOLDENS=1 npm run test:unit`, then
// read the diff of test/fixtures/panels/ before committing it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { StacksClient } from '../../src/api';
import type { Target } from '../../src/chain/target';
import type { PanelParams } from '../../src/protocol';
import { loadPanel } from '../../src/ui/panels/models';
import { ADDRESS, BLOCK, BURN, CONTRACT, TX } from '../fixtures/ids';
import type { MockApi } from '../mock-api/server';
import { withMockClient } from '../fakes/mockClient';
import { MODEL_CONTEXT } from './modelContext';

const DIR = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures', 'panels');
const UPDATE = process.env.UPDATE_PANEL_GOLDENS === '1';

interface Case {
  name: string;
  target: Target;
  params?: PanelParams;
}

const CASES: Case[] = [
  ...Object.entries(TX).map(([name, id]) => ({ name: `tx-${name}`, target: { kind: 'tx', id } as Target })),
  { name: 'tx-manyEvents-page-3', target: { kind: 'tx', id: TX.manyEvents }, params: { eventOffset: 100 } },
  ...(['mainnet', 'testnet', 'sponsor', 'busy', 'pendingSender', 'bootTestnet'] as const).map((k) => ({
    name: `address-${k}`,
    target: { kind: 'address', id: ADDRESS[k] } as Target,
  })),
  { name: 'address-busy-page-2', target: { kind: 'address', id: ADDRESS.busy }, params: { txOffset: 20 } },
  // A transaction row expanded to its events for the address (the API's real answers), the balance
  // at a past block (no holdings or pending then) and with unanchored data.
  {
    name: 'address-mainnet-expanded',
    target: { kind: 'address', id: ADDRESS.mainnet },
    params: { expand: TX.mainnetContractCall },
  },
  {
    name: 'address-testnet-expanded',
    target: { kind: 'address', id: ADDRESS.testnet },
    params: { expand: TX.tokenTransfer },
  },
  {
    name: 'address-mainnet-at-block',
    target: { kind: 'address', id: ADDRESS.mainnet },
    params: { untilBlock: '3000' },
  },
  {
    name: 'address-mainnet-unanchored',
    target: { kind: 'address', id: ADDRESS.mainnet },
    params: { unanchored: true },
  },
  ...(['deployed', 'memoPayments', 'typeProbe', 'sbtcDeposit'] as const).map((k) => ({
    name: `contract-${k}`,
    target: { kind: 'contract', id: CONTRACT[k] } as Target,
  })),
  { name: 'block-latest', target: { kind: 'block', id: 'latest' } },
  { name: 'block-big', target: { kind: 'block', id: String(BLOCK.big.height) } },
  { name: 'block-big-page-2', target: { kind: 'block', id: BLOCK.big.hash }, params: { txOffset: 20 } },
  { name: 'block-nakamoto', target: { kind: 'block', id: String(BLOCK.nakamoto.height) } },
  // The v1 tab: microblocks and the transaction ids of the v1 block route.
  { name: 'block-latest-v1', target: { kind: 'block', id: 'latest' }, params: { tab: 'v1' } },
  { name: 'burnBlock-latest', target: { kind: 'burnBlock', id: 'latest' } },
  { name: 'burnBlock-700000', target: { kind: 'burnBlock', id: String(BURN.height700000) } },
  { name: 'burnBlock-700000-by-hash', target: { kind: 'burnBlock', id: BURN.hash700000 } },
  // A function chosen in the workbench is kept with the panel's place.
  {
    name: 'contract-typeProbe-fn',
    target: { kind: 'contract', id: CONTRACT.typeProbe },
    params: { fn: 'get-score' },
  },
  { name: 'contracts', target: { kind: 'contracts', id: [CONTRACT.deployed, CONTRACT.memoPayments].join(',') } },
  // A deploy still pending; and the list's badge when some, all or none are found.
  { name: 'contract-statusPending', target: { kind: 'contract', id: CONTRACT.statusPending } },
  {
    name: 'contracts-found-pending-missing',
    target: {
      kind: 'contracts',
      id: [CONTRACT.statusSuccess, CONTRACT.statusPending, CONTRACT.memoPayments].join(','),
    },
  },
  {
    name: 'contracts-all-found',
    target: { kind: 'contracts', id: [CONTRACT.statusSuccess, CONTRACT.statusSuccess2].join(',') },
  },
  { name: 'contracts-none-found', target: { kind: 'contracts', id: CONTRACT.memoPayments } },
  { name: 'mempool', target: { kind: 'mempool', id: 'mempool' } },
  { name: 'status', target: { kind: 'status', id: 'status' } },
];

describe('panels, whole, for the mock chain (test/fixtures/panels/)', function () {
  this.timeout(20_000);
  let api: MockApi;
  let client: StacksClient;
  withMockClient((m, k) => ((api = m), (client = k)));

  for (const c of CASES) {
    it(c.name, async () => {
      const loaded = await loadPanel(c.target, c.params ?? {}, {
        client,
        ctx: { ...MODEL_CONTEXT, baseUrl: api.url },
        signal: new AbortController().signal,
      });
      // The mock's port changes from run to run; nothing else in a model does.
      const text =
        JSON.stringify({ params: loaded.params, model: loaded.model }, null, 1).split(api.url).join('http://mock') +
        '\n';
      const file = path.join(DIR, `${c.name}.json`);
      if (UPDATE) fs.writeFileSync(file, text);
      assert.ok(
        fs.existsSync(file),
        `no ${path.relative(process.cwd(), file)}: run with UPDATE_PANEL_GOLDENS=1 and read it`,
      );
      assert.deepStrictEqual(JSON.parse(text), JSON.parse(fs.readFileSync(file, 'utf8')));
    });
  }
});
