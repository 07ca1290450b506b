// Issue 45 items 3 and 4: staking after epoch 4.0 (the active PoX contract of /v2/pox, the v3
// staking routes, warnings on calls into an inactive PoX contract) and execution costs as shares
// of the tenure budget, on the node's and the API's real shapes (test/fixtures/chain2026/).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { createStacksClient } from '../../src/api';
import * as S from '../../src/api/schemas';
import { hasPoxStakingCall, inactivePoxCalls, inactivePoxMessage } from '../../src/chain/pox';
import { BLOCK_LIMITS } from '../../src/chain/simulation';
import {
  tenureBudgetOf,
  tenureShares,
  tenureWarning,
  type CostDimension,
  type PoxEpochsLike,
} from '../../src/chain/tenureBudget';
import type { Section, ViewModel } from '../../src/protocol';
import { addressHover, type HoverSource } from '../../src/ui/editor/hoverText';
import { loadPanel } from '../../src/ui/panels/models';
import { costView } from '../../src/ui/workbench/simulationView';
import { TX } from '../fixtures/ids';
import { ERROR_BODIES } from '../mock-api/fixtures';
import { loadFixture, MockApi, startMockApi } from '../mock-api/server';
import { loadChain2026, STAKER } from '../mock-api/staking';
import { MODEL_CONTEXT } from './modelContext';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/chain2026');
const POX40 = loadChain2026('pox-info--epoch40.json');
const STACKER_SOURCE = fs.readFileSync(path.join(FIXTURES, 'pox4-stacker.clar'), 'utf8');
/** The mainnet boot address, which deploys the PoX contracts, and an address that is not it. */
const BOOT = 'SP000000000000000000002Q6VF78';
const NOT_BOOT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';

const titleOf = (s: Section): string =>
  s.type === 'table' || s.type === 'fields' ? (s.title ?? '') : s.type === 'notice' ? s.text : s.type;
const find = (m: ViewModel, prefix: string): Section | undefined =>
  m.sections.find((s) => titleOf(s).startsWith(prefix));
const texts = (s: Section | undefined): string[] => {
  if (!s) return [];
  if (s.type === 'fields') return s.rows.map((r) => `${r.label}: ${r.values.map((v) => v.text).join(' ')}`);
  if (s.type === 'table') return s.rows.map((r) => r.cells.map((c) => c.map((v) => v.text).join(' ')).join(' | '));
  return [titleOf(s)];
};

describe('Staking after epoch 4.0 and the tenure budget (issue 45)', () => {
  describe('shapes', () => {
    it("reads the node's /v2/pox: stacks-core's documented example and an epoch 4.0 answer", () => {
      const example = S.parseWith(S.PoxInfo, docExample());
      assert.ok(example.ok, !example.ok ? example.problem : '');
      assert.strictEqual(example.value.contract_id, 'SP000000000000000000002Q6VF78.pox');
      const epoch40 = S.parseWith(S.PoxInfo, POX40);
      assert.ok(epoch40.ok);
      assert.strictEqual(epoch40.value.contract_id, 'SP000000000000000000002Q6VF78.pox-5');
      assert.strictEqual(epoch40.value.current_cycle?.id, 131);
      // A contract id that is not one fails the schema instead of reaching a warning.
      assert.ok(!S.parseWith(S.PoxInfo, { ...POX40, contract_id: 'pox-5' }).ok);
    });

    it("reads the API's staking summary and bond positions (v3)", () => {
      const summary = S.parseWith(S.PrincipalStaking, loadChain2026('principal-staking.json'));
      assert.ok(summary.ok);
      assert.strictEqual(summary.value.bonds.rewards.btc.claimable, '500');
      const bonds = S.parseWith(S.BondPositionsPage, loadChain2026('principal-staking-bonds.json'));
      assert.ok(bonds.ok);
      assert.strictEqual(bonds.value.results[0]!.status, 'enrolled');
      // Amounts are decimal strings: a number is not an amount.
      assert.ok(!S.parseWith(S.PrincipalStaking, { ...summary.value, stx: { ...summary.value.stx, locked: 5 } }).ok);
    });
  });

  describe('calls into a PoX contract that is no longer active', () => {
    it('flags the staking calls into pox-4 once pox-5 is active, naming pox-5 and its function', () => {
      const calls = inactivePoxCalls(STACKER_SOURCE, 'SP000000000000000000002Q6VF78.pox-5');
      assert.deepStrictEqual(
        calls.map((c) => [c.fn, c.instead, STACKER_SOURCE.slice(c.start, c.end).split(/\s+/)[0]]),
        [
          ['stack-stx', 'stake', "'SP000000000000000000002Q6VF78.pox-4"],
          ['stack-extend', 'stake-update', "'SP000000000000000000002Q6VF78.pox-4"],
        ],
        'the read-only get-stacker-info is not flagged',
      );
      assert.strictEqual(
        inactivePoxMessage(calls[0]!),
        'SP000000000000000000002Q6VF78.pox-4 is no longer the active PoX contract: `stack-stx` there no longer stakes. ' +
          'The active contract is SP000000000000000000002Q6VF78.pox-5; use its `stake`.',
      );
    });

    it('flags nothing while pox-4 is the active contract, and names the testnet contract on testnet', () => {
      assert.deepStrictEqual(inactivePoxCalls(STACKER_SOURCE, 'SP000000000000000000002Q6VF78.pox-4'), []);
      const testnet = STACKER_SOURCE.replace(/SP000000000000000000002Q6VF78/g, 'ST000000000000000000002AMW42H');
      const [first] = inactivePoxCalls(testnet, 'SP000000000000000000002Q6VF78.pox-5');
      assert.strictEqual(first?.active, 'ST000000000000000000002AMW42H.pox-5');
      // A contract of the same name deployed by anyone else is not the boot contract.
      const other = STACKER_SOURCE.replace(
        /SP000000000000000000002Q6VF78/g,
        'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
      );
      assert.deepStrictEqual(inactivePoxCalls(other, 'SP000000000000000000002Q6VF78.pox-5'), []);
    });

    it('while pox-4 is active, a call into pox-3 is sent to the same function of pox-4, when pox-4 has it', () => {
      const pox3 = STACKER_SOURCE.replace(/\.pox-4\b/g, '.pox-3');
      const calls = inactivePoxCalls(pox3, `${BOOT}.pox-4`);
      assert.deepStrictEqual(
        calls.map((c) => [c.called, c.fn, c.instead]),
        [
          [`${BOOT}.pox-3`, 'stack-stx', 'stack-stx'],
          [`${BOOT}.pox-3`, 'stack-extend', 'stack-extend'],
        ],
      );
      assert.strictEqual(
        inactivePoxMessage(calls[1]!),
        `${BOOT}.pox-3 is no longer the active PoX contract: \`stack-extend\` there no longer stakes. ` +
          `The active contract is ${BOOT}.pox-4; use its \`stack-extend\`.`,
      );
      // pox-4 has no reject-pox (stacks-core boot/pox-4.clar): no function of pox-4 to point at.
      const [reject] = inactivePoxCalls(`(contract-call? '${BOOT}.pox-3 reject-pox)`, `${BOOT}.pox-4`);
      assert.strictEqual(
        inactivePoxMessage(reject!),
        `${BOOT}.pox-3 is no longer the active PoX contract: \`reject-pox\` there no longer stakes. ` +
          `The active contract is ${BOOT}.pox-4.`,
      );
    });

    it('while pox-3 is active (epoch 2.4), a call into pox-2 names pox-3 and no function of it', () => {
      const [call, ...rest] = inactivePoxCalls(STACKER_SOURCE.replace(/\.pox-4\b/g, '.pox-2'), `${BOOT}.pox-3`);
      assert.strictEqual(rest.length, 1, 'stack-extend is flagged too');
      assert.strictEqual(
        inactivePoxMessage(call!),
        `${BOOT}.pox-2 is no longer the active PoX contract: \`stack-stx\` there no longer stakes. ` +
          `The active contract is ${BOOT}.pox-3.`,
      );
    });

    it('an active contract that is not a boot PoX contract flags nothing', () => {
      for (const active of [`${NOT_BOOT}.pox-5`, `${BOOT}.bns`]) {
        assert.deepStrictEqual(inactivePoxCalls(STACKER_SOURCE, active), [], active);
      }
    });

    it('flags at most the number of calls asked for, the first ones in the source', () => {
      const calls = inactivePoxCalls(STACKER_SOURCE, `${BOOT}.pox-5`, 1);
      assert.deepStrictEqual(
        calls.map((c) => c.fn),
        ['stack-stx'],
      );
    });

    it('comments inside a call do not hide it', () => {
      const source = `(define-public (lock (amount uint))
  (contract-call? ;; through pox-4
    '${BOOT}.pox-4
    ;; its stack-stx
    stack-stx amount))`;
      const calls = inactivePoxCalls(source, `${BOOT}.pox-5`);
      assert.deepStrictEqual(
        calls.map((c) => [c.fn, c.instead]),
        [['stack-stx', 'stake']],
      );
      assert.strictEqual(
        source.slice(calls[0]!.start, calls[0]!.end),
        `'${BOOT}.pox-4\n    ;; its stack-stx\n    stack-stx`,
      );
    });

    it('a call still being typed is flagged once its function is named inside its parentheses', () => {
      const complete = `(contract-call? '${BOOT}.pox-4 stack-stx amount)`;
      for (const typing of [
        '()',
        '(contract-call?',
        `(contract-call? '${BOOT}.pox-4`,
        `(contract-call? '${BOOT}.pox-4) stack-stx`,
      ]) {
        const calls = inactivePoxCalls(`${complete}\n${typing}`, `${BOOT}.pox-5`);
        assert.deepStrictEqual(
          calls.map((c) => [c.start, c.fn]),
          [[complete.indexOf("'"), 'stack-stx']],
          typing,
        );
      }
      const open = inactivePoxCalls(`(contract-call? '${BOOT}.pox-4 delegate-stx`, `${BOOT}.pox-5`);
      assert.deepStrictEqual(
        open.map((c) => [c.fn, c.instead]),
        [['delegate-stx', 'stake']],
      );
    });

    it('only a contract-call? calls: the same words under another head or in a tuple are no call', () => {
      for (const source of [
        `(contract-call '${BOOT}.pox-4 stack-stx amount)`,
        `(print {contract-call?: '${BOOT}.pox-4, stack-stx: amount})`,
      ]) {
        assert.deepStrictEqual(inactivePoxCalls(source, `${BOOT}.pox-5`), [], source);
      }
    });

    it('only a source with a staking call needs the active contract: naming a PoX contract is not enough', () => {
      assert.ok(hasPoxStakingCall(STACKER_SOURCE));
      // An id in a constant, and a read-only call: the editor asks the node nothing for these.
      const named = `(define-constant POX 'ST000000000000000000002AMW42H.pox-2)
(define-read-only (info) (contract-call? 'SP000000000000000000002Q6VF78.pox-4 get-pox-info))`;
      assert.strictEqual(hasPoxStakingCall(named), false);
      assert.strictEqual(
        hasPoxStakingCall(`${named}\n;; (contract-call? 'SP000000000000000000002Q6VF78.pox-4 stack-stx)`),
        false,
      );
    });
  });

  describe('the tenure budget', () => {
    it("is the block limit of the node's current epoch: stacks-core's BLOCK_LIMIT_MAINNET_40 in epoch 4.0", () => {
      const budget = tenureBudgetOf(POX40);
      assert.deepStrictEqual(budget.cost, BLOCK_LIMITS.epoch40.cost);
      assert.strictEqual(budget.label, 'Epoch40, as the node reports it (/v2/pox)');
    });

    it("is stacks-core's constant for the node's epoch when the node reports no limit for it", () => {
      // stacks-core's own example names Epoch30 as current but gives limits for `Epoch0` and `Epoch1` only.
      const example = S.parseWith(S.PoxInfo, docExample());
      assert.ok(example.ok);
      const budget = tenureBudgetOf(example.value);
      assert.strictEqual(
        budget.label,
        'epochs 2.1 to 3.4 (stacks-core BLOCK_LIMIT_MAINNET_21); the node reported no limit',
      );
      assert.strictEqual(budget.cost.read_count, 15_000, 'BLOCK_LIMIT_MAINNET_21');
      const epoch40 = tenureBudgetOf(pox40Reporting(undefined));
      assert.strictEqual(
        epoch40.label,
        'epoch 4.0 and later (stacks-core BLOCK_LIMIT_MAINNET_40); the node reported no limit',
      );
      assert.strictEqual(epoch40.cost.read_count, 30_000, 'BLOCK_LIMIT_MAINNET_40');
      assert.strictEqual(tenureBudgetOf(undefined).cost.read_count, 15_000, 'no /v2/pox at all');
    });

    it('is not a limit the node reports as zero or not a number in any dimension', () => {
      const reported: PoxEpochsLike = POX40;
      const limit = reported.epochs?.find((e) => e.epoch_id === 'Epoch40')?.block_limit;
      assert.ok(limit);
      for (const broken of [
        { ...limit, write_count: 0 },
        { ...limit, runtime: 'n/a' },
      ]) {
        const budget = tenureBudgetOf(pox40Reporting(broken));
        assert.match(budget.label, /BLOCK_LIMIT_MAINNET_40\); the node reported no limit$/, JSON.stringify(broken));
        assert.deepStrictEqual(budget.cost, BLOCK_LIMITS.epoch40.cost);
      }
    });

    it('a call at exactly 25 % of the budget fits a block: only above it is flagged', () => {
      const budget = tenureBudgetOf(POX40).cost;
      const at = (reads: number) =>
        tenureShares({ runtime: 0, read_count: reads, read_length: 0, write_count: 0, write_length: 0 }, budget);
      assert.strictEqual(tenureWarning(at(7_500)), undefined, '7,500 of 30,000 reads');
      assert.match(tenureWarning(at(7_501)) ?? '', /\(read_count 25\.0 %\)/);
    });

    it('the warning lists each dimension above 25 %, separated by commas', () => {
      const shares = tenureShares(
        { runtime: 1_500_000_000, read_count: 9000, read_length: 9914, write_count: 0, write_length: 0 },
        tenureBudgetOf(POX40).cost,
      );
      assert.match(
        tenureWarning(shares) ?? '',
        /^Above 25 % of the tenure budget \(runtime 30\.0 %, read_count 30\.0 %\):/,
      );
    });

    it('says a call above 25 % of the budget in any dimension may wait for a new tenure', () => {
      const budget = tenureBudgetOf(POX40).cost;
      const light = tenureShares(
        { runtime: 21843, read_count: 6, read_length: 9914, write_count: 0, write_length: 0 },
        budget,
      );
      assert.strictEqual(tenureWarning(light), undefined);
      const heavy = tenureShares(
        { runtime: 21843, read_count: 9000, read_length: 9914, write_count: 0, write_length: 0 },
        budget,
      );
      assert.deepStrictEqual(
        heavy.filter((s) => s.over).map((s) => s.dimension),
        ['read_count'],
      );
      assert.strictEqual(
        tenureWarning(heavy),
        'Above 25 % of the tenure budget (read_count 30.0 %): a miner lets one block use at most 25 % of what the tenure has left, so this call may wait for a new tenure.',
      );
    });

    it('the simulation result shows the shares of the tenure budget and the warning', () => {
      const v = costView(
        { runtime: 1_500_000_000, read_count: 10, read_length: 100, write_count: 1, write_length: 10 },
        tenureBudgetOf(POX40),
      );
      assert.deepStrictEqual(v.rows[0], {
        dimension: 'runtime',
        used: '1,500,000,000',
        limit: '5,000,000,000',
        percent: '30.0 %',
        over: true,
      });
      assert.match(v.warning ?? '', /may wait for a new tenure/);
      const light = { runtime: 1, read_count: 1, read_length: 1, write_count: 1, write_length: 1 };
      assert.strictEqual(costView(light, tenureBudgetOf(POX40)).warning, undefined);
    });
  });

  describe('panels and hovers on the mock API', () => {
    let mock: MockApi;
    before(async () => {
      mock = await startMockApi();
    });
    after(() => mock.close());
    beforeEach(() => mock.reset());

    const load = (kind: 'tx' | 'address', id: string) =>
      loadPanel(
        { kind, id },
        {},
        {
          client: createStacksClient({ baseUrl: mock.url }),
          ctx: { ...MODEL_CONTEXT, baseUrl: mock.url },
          signal: new AbortController().signal,
        },
      );

    it('the transaction panel: costs as shares of the tenure budget, a call above 25 % flagged', async () => {
      mock.override('/v2/pox', POX40);
      const heavy = { ...loadFixture('tx-contract_call-ft_transfer.json'), execution_cost_read_count: 9000 };
      mock.override(`/extended/v1/tx/${TX.ftTransfer}`, heavy);
      const { model } = await load('tx', TX.ftTransfer);
      const costs = find(model, 'Execution costs');
      assert.strictEqual(titleOf(costs!), 'Execution costs (tenure budget: Epoch40, as the node reports it (/v2/pox))');
      assert.deepStrictEqual(texts(costs), [
        'Runtime | 11,226 | 5,000,000,000 | 0.00022 %',
        'Read count | 9,000 | 30,000 | 30.0 %',
        'Read length | 5,526 | 200,000,000 | 0.0028 %',
        'Write count | 2 | 15,000 | 0.013 %',
        'Write length | 1 | 15,000,000 | <0.0001 %',
      ]);
      assert.ok(find(model, 'Above 25 % of the tenure budget (read_count 30.0 %)'), 'the warning is shown');
      assert.strictEqual(mock.requestsTo('/v2/pox').length, 1);
    });

    it('the transaction panel without /v2/pox: the costs alone, as before', async () => {
      mock.override('/v2/pox', ERROR_BODIES.unknownRoute('GET', '/v2/pox'), 404);
      const { model } = await load('tx', TX.ftTransfer);
      assert.deepStrictEqual(texts(find(model, 'Execution costs')), [
        'Runtime: 11,226',
        'Read count: 5',
        'Read length: 5,526',
        'Write count: 2',
        'Write length: 1',
      ]);
    });

    it("the address panel: the staker's pox-5 staking, bonds, cycle and active contract", async () => {
      mock.override('/v2/pox', POX40);
      const { model } = await load('address', STAKER);
      assert.deepStrictEqual(texts(find(model, 'Staking')), [
        'Reward cycle: 131',
        'Active PoX contract: SP00…VF78.pox-5',
        'Locked in STX staking: 50 STX',
        'STX staking rewards: 0 sBTC claimable · 0 sBTC accrued',
        'Bonds: 1',
        'Locked in bonds: 10 STX 0.00001 sBTC',
        'Bond rewards: 0.000005 sBTC claimable · 0.00002 sBTC accrued',
      ]);
      assert.deepStrictEqual(texts(find(model, 'Bond positions')), [
        '0 | enrolled | 10 STX | 0.00001 sBTC | 0.000005 sBTC claimable · 0.00002 sBTC accrued',
      ]);
    });

    it('the address panel of an API without the v3 staking route: as before, nothing said', async () => {
      const route = `/extended/v3/principals/${STAKER}/staking`;
      mock.override(route, ERROR_BODIES.unknownRoute('GET', route), 404);
      const { model } = await load('address', STAKER);
      assert.strictEqual(find(model, 'Staking'), undefined);
      assert.ok(find(model, 'Balance'));
      assert.strictEqual(mock.requestsTo('/v2/pox').length, 0, 'no PoX question without staking');
    });

    it('the address hover: staking and bonds under the balance', () => {
      const source: HoverSource = { network: 'testnet', networkLabel: 'Testnet', baseUrl: 'http://mock' };
      const balance = { ...(loadFixture('stx-balance--locked.json') as S.StxBalance) };
      const summary = loadChain2026('principal-staking.json') as S.PrincipalStaking;
      const md = addressHover(STAKER, { ok: true, value: balance }, source, undefined, {
        ok: true,
        value: summary,
      }).markdown;
      assert.match(md, /Staking: 50 STX locked · 0 sBTC rewards claimable/);
      assert.match(md, /Bonds: 1 · 10 STX and 0\.00001 sBTC locked · 0\.000005 sBTC rewards claimable/);
      const without = addressHover(STAKER, { ok: true, value: balance }, source, undefined, {
        ok: true,
        value: undefined,
      }).markdown;
      assert.doesNotMatch(without, /Staking|Bonds/);
    });
  });
});

/** POX40 with the block limit it reports for epoch 4.0 replaced (undefined: none reported). */
function pox40Reporting(block_limit: Record<CostDimension, number | string> | undefined): PoxEpochsLike {
  const info: PoxEpochsLike = POX40;
  return {
    ...info,
    epochs: info.epochs?.map((e) => (e.epoch_id === 'Epoch40' ? { epoch_id: e.epoch_id, block_limit } : e)),
  };
}

/** stacks-core's documented `/v2/pox` example (docs/rpc/components/examples/pox-info.example.json). */
function docExample(): unknown {
  return loadChain2026('pox-info--stacks-core-example.json');
}
