import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { deserializePayload, PayloadType, Pc, postConditionToHex } from '@stacks/transactions';
import { readSimulationCall } from '../../src/chain/simulationTx';
import type { FormResult, HostMessage, ViewModel } from '../../src/protocol';
import { BLOCK, CONTRACT, deployedStatus, mockHash, TX } from '../fixtures/ids';
import { addFixtureContract, fixtureContracts } from '../mock-api/contracts';
import { NO_ESTIMATE, nftFloodAnswer } from '../mock-api/simulation';
import { panelSuite, replaceInWindow, setSettings, testApi, waitFor } from './editorHelpers';

const TOKEN = CONTRACT.sbtcToken;
const SENDER = 'SP212Y5JKN59YP3GYG07K3S8W5SSGE4KH6B5STXER';
const RECIPIENT = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const SIM_ROUTE = '/simulation/devtools/v2/simulations:instant';
const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '../../../test/fixtures/simulation', name), 'utf8');

describe('Simulate a public function', () => {
  const suite = panelSuite();
  let restoreSettings: (() => Promise<void>) | undefined;
  let asked: Array<{ message: string; detail: string }> = [];
  let answer: string | undefined = 'Send';
  let restoreWindow: (() => void) | undefined;

  beforeEach(async () => {
    asked = [];
    answer = 'Send';
    restoreSettings = await setSettings({ 'simulation.serviceUrl': `${suite.used.mock.url}/simulation` });
    restoreWindow = replaceInWindow({
      showWarningMessage: (message: string, options: unknown) => {
        const o = options as { modal?: boolean; detail?: string } | undefined;
        if (o?.modal) {
          asked.push({ message, detail: o.detail ?? '' });
          return Promise.resolve(answer);
        }
        return Promise.resolve(undefined);
      },
    });
  });
  afterEach(async () => {
    restoreWindow?.();
    await restoreSettings?.();
  });

  const model = (): ViewModel => {
    assert.ok(suite.panels.current, 'the panel shows a model');
    return suite.panels.current.model;
  };
  const posts = () => suite.used.mock.requests.filter((r) => r.method === 'POST' && r.path === SIM_ROUTE);
  const simulateTransfer = async (amount = 'u100'): Promise<FormResult> => {
    await vscode.commands.executeCommand('stacksLookup.lookup', TOKEN);
    assert.ok(
      model().sections.some((s) => s.type === 'workbench' && s.forms.some((f) => f.id === 'public:transfer')),
      'the panel offers a Simulate form for transfer',
    );
    await suite.panels.handle({
      type: 'simulate',
      fn: 'transfer',
      args: [amount, SENDER, RECIPIENT, 'none'],
      sender: SENDER,
      at: '',
    });
    const r = suite.panels.results.get('public:transfer');
    assert.ok(r, 'an answer under the transfer form');
    return r;
  };

  it('a transfer of u100: (ok true), the FT movement, the cost shares and the fee estimates, after one question', async () => {
    const r = await simulateTransfer();
    assert.strictEqual(r.state, 'ok', r.message);
    assert.strictEqual(r.text, '(ok true)');
    const s = r.simulation!;
    assert.strictEqual(s.verdict, 'Would succeed.');
    assert.deepStrictEqual(s.movements, [
      { what: `FT transfer ${TOKEN}::sbtc-token`, from: SENDER, to: RECIPIENT, amount: '100' },
    ]);
    assert.deepStrictEqual(
      s.cost.rows.map((x) => `${x.dimension} ${x.percent}`),
      [
        'runtime 0.00083 %',
        'read count 0.053 %',
        'read length 0.012 %',
        'write count 0.020 %',
        'write length 0.0014 %',
      ],
    );
    assert.strictEqual(s.cost.source, 'Epoch33, as the node reports it (/v2/pox)');
    assert.deepStrictEqual(
      s.fee.rows.map((x) => `${x.label} ${x.stx}`),
      ['Low 0.000017 STX', 'Medium 0.000125 STX', 'High 0.00014 STX'],
    );
    assert.match(s.fee.source, /node's estimate/);

    // Asked once, naming the service and what it receives.
    assert.strictEqual(asked.length, 1);
    assert.match(asked[0]!.message, new RegExp(`${suite.used.mock.url}/simulation`));
    assert.match(asked[0]!.detail, new RegExp(`sender ${SENDER}.*contract ${TOKEN}.*function transfer.*4 arguments`));

    // Exactly one POST, whose transaction is that call from that sender, unsigned, with no key.
    assert.strictEqual(posts().length, 1);
    const sent = JSON.parse(posts()[0]!.body ?? '') as { transaction: string };
    const call = readSimulationCall(sent.transaction, 'mainnet');
    assert.ok(call, 'the service got a contract call');
    assert.strictEqual(call.sender, SENDER);
    assert.strictEqual(call.contractId, TOKEN);
    assert.strictEqual(call.fn, 'transfer');
    assert.strictEqual(call.args.length, 4);
    assert.strictEqual(call.args[0], '01000000000000000000000000000000' + '64');
    assert.strictEqual(call.signed, false);
    assert.strictEqual(posts()[0]!.headers['x-api-key'], undefined);
    // The fee estimate got the payload only.
    const fee = suite.used.mock.requests.find((x) => x.path === '/v2/fees/transaction');
    const payload = (JSON.parse(fee?.body ?? '{}') as { transaction_payload: string }).transaction_payload;
    assert.strictEqual(deserializePayload(payload).payloadType, PayloadType.ContractCall);

    // A second simulation in the window asks nothing more.
    await simulateTransfer();
    assert.strictEqual(asked.length, 1);
    assert.strictEqual(posts().length, 2);
  });

  it("a node that reports no block limit: the shares against stacks-core's, saying so", async () => {
    suite.used.mock.override('/v2/pox', { error: 'Not Found' }, 404);
    const s = (await simulateTransfer()).simulation!;
    assert.strictEqual(
      s.cost.source,
      'epochs 2.1 to 3.4 (stacks-core BLOCK_LIMIT_MAINNET_21); the node reported no limit',
    );
    assert.strictEqual(s.cost.rows[1]?.percent, '0.053 %');
  });

  it('at a named block: the service gets its height and hash, and the answer says where it ran', async () => {
    await vscode.commands.executeCommand('stacksLookup.lookup', TOKEN);
    await suite.panels.handle({
      type: 'simulate',
      fn: 'transfer',
      args: ['u100', SENDER, RECIPIENT, 'none'],
      sender: SENDER,
      at: String(BLOCK.height),
    });
    const r = suite.panels.results.get('public:transfer');
    assert.strictEqual(r?.state, 'ok', r?.message);
    assert.match(r.at ?? '', new RegExp(`block ${BLOCK.height.toLocaleString('en-US')}`));
    const sent = JSON.parse(posts()[0]!.body ?? '') as { block_height?: number; block_hash?: string };
    assert.strictEqual(sent.block_height, BLOCK.height);
    assert.strictEqual(sent.block_hash, BLOCK.hash.replace(/^0x/, ''));
  });

  it('the Deny and Originator snippets match the movement', async () => {
    const s = (await simulateTransfer()).simulation!;
    const line = `Pc.principal('${SENDER}').willSendEq(100n).ft('${TOKEN}', 'sbtc-token')`;
    assert.strictEqual(
      s.pc.deny,
      `// postConditionMode: PostConditionMode.Deny\nconst postConditions = [\n  ${line},\n];`,
    );
    assert.strictEqual(
      s.pc.originator,
      `// postConditionMode: PostConditionMode.Originator\nconst postConditions = [\n  ${line},\n];`,
    );
    // The copy buttons are honoured for these snippets.
    await suite.panels.handle({ type: 'copy', text: s.pc.deny });
    assert.strictEqual(await vscode.env.clipboard.readText(), s.pc.deny);
  });

  it('a receipt with post_condition_aborted names the condition', async () => {
    suite.used.mock.override(SIM_ROUTE, JSON.parse(fixture('instant--post-condition-aborted.json')));
    const s = (await simulateTransfer()).simulation!;
    assert.strictEqual(s.tone, 'failed');
    assert.match(s.postConditions, /^Post-conditions aborted it: /);
    assert.match(s.postConditions, new RegExp(`${TOKEN}::sbtc-token`));
    assert.match(s.postConditions, new RegExp(SENDER));
  });

  it('pasting the Deny snippet simulates with it and nothing aborts; a too-small amount aborts, naming the condition', async () => {
    const first = (await simulateTransfer()).simulation!;
    const again = async (code: string, mode: 'deny' | 'allow' | 'originator' = 'deny') => {
      await suite.panels.handle({
        type: 'simulate',
        fn: 'transfer',
        args: ['u100', SENDER, RECIPIENT, 'none'],
        sender: SENDER,
        at: '',
        postConditions: { mode, code },
      });
      const r = suite.panels.results.get('public:transfer');
      assert.ok(r, 'an answer under the transfer form');
      return r;
    };
    const sentCall = () => {
      const body = JSON.parse(posts().at(-1)!.body ?? '') as { transaction: string };
      return readSimulationCall(body.transaction, 'mainnet')!;
    };

    const held = await again(first.pc.deny);
    assert.strictEqual(held.state, 'ok', held.message);
    assert.strictEqual(held.text, '(ok true)');
    assert.strictEqual(held.simulation?.verdict, 'Would succeed.');
    assert.strictEqual(
      held.simulation?.postConditions,
      'Post-conditions did not abort it: the 1 post-condition in Deny mode held.',
    );
    assert.deepStrictEqual(held.simulation?.pasted, { mode: 'deny', code: first.pc.deny });
    // The service got the call with the condition inside it, in Deny mode.
    assert.strictEqual(posts().length, 2);
    assert.strictEqual(sentCall().mode, 'deny');
    assert.deepStrictEqual(
      sentCall().postConditions.map((p) => postConditionToHex(p)),
      [postConditionToHex(Pc.principal(SENDER).willSendEq(100n).ft(TOKEN, 'sbtc-token'))],
    );

    const tooSmall = await again(first.pc.deny.replace('willSendEq(100n)', 'willSendEq(10n)'));
    assert.strictEqual(tooSmall.text, '(ok true)', 'the call itself returned (ok true)');
    const s = tooSmall.simulation!;
    assert.strictEqual(s.tone, 'failed');
    const named = `The post-condition “the sender ${SENDER} sends exactly 10 base units of ${TOKEN}::sbtc-token” did not hold: it sent 100 base units.`;
    assert.strictEqual(s.verdict, `Would fail: ${named}`);
    assert.strictEqual(s.postConditions, `Post-conditions aborted it (1 post-condition in Deny mode): ${named}`);
    assert.match(s.vmError ?? '', /10 SentEq 100/);

    // A line the parser does not read is named, and nothing more is sent.
    const bad = await again(`Pc.principal('${SENDER}').willSendEq(10n).stx()`);
    assert.strictEqual(bad.state, 'invalid');
    assert.match(bad.message ?? '', /^Post-conditions: Line 1 \(Pc\.principal.*\) is not a post-condition: expected /);
    assert.match(bad.message ?? '', /Nothing was sent\.$/);
    assert.strictEqual(posts().length, 3);
  });

  it('declining the question sends nothing; with no service set, Simulate says how to turn it on', async () => {
    answer = undefined;
    const r = await simulateTransfer();
    assert.strictEqual(r.state, 'invalid');
    assert.match(r.message ?? '', /Not simulated: nothing was sent/);
    assert.strictEqual(posts().length, 0);
    await setSettings({ 'simulation.serviceUrl': '' });
    const off = await simulateTransfer();
    assert.match(off.message ?? '', /Simulate is off: set stacksLookup\.simulation\.serviceUrl/);
    assert.strictEqual(posts().length, 0);
  });

  it('a busy service is tried once more, then said; the node without an estimate gives the labelled fallback', async () => {
    suite.used.mock.override(SIM_ROUTE, 'simulation_busy: a simulation is running', 409);
    const busy = await simulateTransfer();
    assert.strictEqual(busy.state, 'error');
    assert.match(busy.message ?? '', /busy .*simulation_busy: a simulation is running.*try again in a moment/);
    assert.strictEqual(posts().length, 2);

    suite.used.mock.override(SIM_ROUTE, JSON.parse(fixture('instant--ft-transfer.json')));
    suite.used.mock.override('/v2/fees/transaction', NO_ESTIMATE, 400);
    const fee = (await simulateTransfer()).simulation!.fee;
    assert.match(fee.source, /^fallback: the node has no estimate for this call \(.*NoEstimateAvailable.*\)/);
    assert.match(fee.source, /estimated from the simulated cost × the fee rate pending STX transfers pay/);
    // The receipt's cost is 11 units of the node's fee metric; pending transfers (6 units) pay
    // 3,000, 6,000 and 401,199 µSTX at low, medium and high priority (mempool-fees.json).
    assert.match(fee.source, /this call costs 11 units .* 500, 1,000 and 66866\.5 µSTX a unit$/);
    assert.deepStrictEqual(
      fee.rows.map((x) => `${x.label} ${x.stx}`),
      ['Low (fallback) 0.0055 STX', 'Medium (fallback) 0.011 STX', 'High (fallback) 0.735531 STX'],
    );
  });

  it('an answer of 20,000 NFT transfers: each table lists 100 rows and counts the rest, every message to the panel under 1 MB', async () => {
    suite.used.mock.override(SIM_ROUTE, nftFloodAnswer(SENDER));
    const posted: HostMessage[] = [];
    const watching = (await testApi()).probe.onDidPost((m) => posted.push(m));
    const shown = () =>
      posted.flatMap((m) => (m.type === 'result' && m.result.form === 'public:transfer' ? [m.result] : []));
    let r: FormResult;
    try {
      r = await simulateTransfer();
      // Posted at once, or, when the webview is not ready yet (a loaded machine), sent when it is.
      await waitFor(() => shown().length > 0, 'the answer posted to the panel', 15_000);
    } finally {
      watching.dispose();
    }
    assert.strictEqual(r.state, 'ok', r.message);
    assert.strictEqual(shown().length, 1, 'the answer is posted under the form, once');
    const s = shown()[0]!.simulation!;
    assert.strictEqual(s.movements.length, 101);
    assert.deepStrictEqual(s.movements[0], {
      what: 'NFT transfer SP2X0TZ59D5SZ8ACQ6YMCHHNR2ZN51Z32E2CJ173.guild::guild',
      from: SENDER,
      to: `SP${'0'.repeat(38)}`,
      amount: `0x01${'0'.repeat(32)}`,
    });
    assert.strictEqual(s.movements[100]!.what, '… and 19,900 more movements');
    // The sender and 20,000 recipients.
    assert.strictEqual(s.net.length, 101);
    assert.strictEqual(s.net[100]!.principal, '… and 19,901 more changes');
    for (const code of [s.pc.deny, s.pc.originator]) {
      assert.strictEqual(code.match(/^ {2}Pc\./gm)?.length, 100);
      assert.match(code, /\/\/ … and 19,900 more conditions, not written here: this list is incomplete/);
    }
    for (const m of posted) {
      const bytes = Buffer.byteLength(JSON.stringify(m));
      assert.ok(bytes <= 1024 * 1024, `a "${m.type}" message of ${bytes} bytes`);
    }
  });

  it('re-simulating the failed sBTC deposit from its panel shows the same error name', async () => {
    addFixtureContract(CONTRACT.sbtcDeposit, { iface: SBTC_DEPOSIT_INTERFACE });
    const deploy = { id: CONTRACT.sbtcDeposit, tx: mockHash('tx:deploy:sbtc-deposit'), height: 163245 };
    suite.used.mock.override('/extended/v2/smart-contracts/status', deployedStatus(deploy));
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.failedSbtc);
    const intent = model()
      .sections.flatMap((s) => (s.type === 'actions' ? s.actions : []))
      .find((a) => a.intent.type === 'resimulate' && a.intent.when === 'now')?.intent;
    assert.ok(intent, 'the failed transaction offers Re-simulate now');
    await suite.panels.handle(intent);
    assert.strictEqual(model().kind, 'contract');
    delete fixtureContracts()[CONTRACT.sbtcDeposit];
    const r = suite.panels.results.get('public:complete-deposit-wrapper');
    assert.ok(r, 'the answer is under the function’s form');
    assert.strictEqual(r.text, '(err u302)');
    assert.strictEqual(r.simulation?.verdict, 'Would fail with ERR_LOWER_THAN_DUST (err u302)');
    const sent = JSON.parse(posts()[0]!.body ?? '') as { transaction: string };
    assert.strictEqual(
      readSimulationCall(sent.transaction, 'mainnet')?.sender,
      'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4',
    );
  });
});

/** sbtc-deposit's public functions as the node describes them, from test/fixtures/clarity/real/sbtc-deposit.clar. */
const buff32 = { buffer: { length: 32 } };
const deposit = [
  { name: 'txid', type: buff32 },
  { name: 'vout-index', type: 'uint128' },
  { name: 'amount', type: 'uint128' },
  { name: 'recipient', type: 'principal' },
  { name: 'burn-hash', type: buff32 },
  { name: 'burn-height', type: 'uint128' },
  { name: 'sweep-txid', type: buff32 },
];
const SBTC_DEPOSIT_INTERFACE = {
  functions: [
    {
      name: 'complete-deposit-wrapper',
      access: 'public',
      args: deposit,
      outputs: { type: { response: { ok: 'bool', error: 'uint128' } } },
    },
  ],
  variables: [{ name: 'dust-limit', type: 'uint128', access: 'constant' }],
  maps: [],
  fungible_tokens: [],
  non_fungible_tokens: [],
  epoch: 'Epoch30',
  clarity_version: 'Clarity3',
};
