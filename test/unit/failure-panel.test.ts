import * as assert from 'assert';
import { StacksApiError, type StacksClient } from '../../src/api';
import type { Target } from '../../src/chain/target';
import type { Section, ViewModel } from '../../src/protocol';
import { decide, type PanelSituation } from '../../src/ui/panels/messages';
import { loadPanel } from '../../src/ui/panels/models';
import { CONTRACT, DEPLOYED, TX } from '../fixtures/ids';
import { MockApi } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';
import { txHover } from '../../src/ui/editor/hoverText';
import { failureNotice, OPEN_LINE, txFailure } from '../../src/ui/failure/txFailure';
import { Commands } from '../../src/constants';
import { withMockClient } from '../fakes/mockClient';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (opts: { html: boolean; linkify: boolean }) => {
  render(src: string): string;
};
const md = new MarkdownIt({ html: true, linkify: true });

function why(m: ViewModel): Extract<Section, { type: 'fields' }> {
  const s = m.sections.find((x) => x.type === 'fields' && x.title === 'Why it failed');
  assert.ok(s && s.type === 'fields', 'the panel has a "Why it failed" section');
  return s;
}
const row = (s: Extract<Section, { type: 'fields' }>, label: string) =>
  s.rows
    .find((r) => r.label === label)
    ?.values.map((v) => v.text)
    .join(' ');
const actions = (m: ViewModel) => m.sections.flatMap((s) => (s.type === 'actions' ? s.actions : []));

describe('Failure reasons: the source route, the transaction panel and its links', () => {
  let api: MockApi;
  let client: StacksClient;
  withMockClient((m, k) => ((api = m), (client = k)));
  const sourceRequests = () => api.requests.filter((r) => r.path.startsWith('/v2/contracts/source/'));
  const load = (target: Target) =>
    loadPanel(
      target,
      {},
      { client, ctx: { ...MODEL_CONTEXT, baseUrl: api.url }, signal: new AbortController().signal },
    );

  it('reads a contract’s source once a session, without its proof; a contract the node does not know, once too', async () => {
    const [a, b] = await Promise.all([
      client.getContractSource(CONTRACT.sbtcDeposit),
      client.getContractSource(CONTRACT.sbtcDeposit),
    ]);
    assert.strictEqual(a.source, b.source);
    assert.match(a.source, /define-constant ERR_LOWER_THAN_DUST \(err u302\)/);
    await client.getContractSource(CONTRACT.sbtcDeposit);
    assert.strictEqual(client.knownContractSource(CONTRACT.sbtcDeposit), a.source);
    assert.deepStrictEqual(
      sourceRequests().map((r) => `${r.path}?${r.query.toString()}`),
      [`/v2/contracts/source/${CONTRACT.sbtcDeposit.replace('.', '/')}?proof=0`],
    );
    const missing = `${DEPLOYED.deployer}.nothing-here`;
    for (let i = 0; i < 2; i++)
      await assert.rejects(client.getContractSource(missing), (e: StacksApiError) => e.kind === 'not-found');
    assert.strictEqual(sourceRequests().length, 2);
  });

  it('names the error of a failed sBTC call and offers its line; the second look asks nothing more', async () => {
    const loaded = await load({ kind: 'tx', id: TX.failedSbtc });
    const s = why(loaded.model);
    assert.strictEqual(row(s, 'Error'), 'Failed with ERR_LOWER_THAN_DUST (err u302)');
    assert.strictEqual(row(s, 'ERR_LOWER_THAN_DUST'), 'asserts! in complete-deposit-wrapper, line 47');
    const [open] = actions(loaded.model).filter((a) => a.intent.type === 'openErrorLine');
    assert.strictEqual(open?.label, 'Open ERR_LOWER_THAN_DUST (line 47)');
    assert.deepStrictEqual(open?.intent, {
      type: 'openErrorLine',
      line: {
        network: MODEL_CONTEXT.network,
        contractId: CONTRACT.sbtcDeposit,
        fn: 'complete-deposit-wrapper',
        result: '(err u302)',
        link: 0,
      },
    });
    assert.doesNotMatch(JSON.stringify(loaded.model), /would have/);
    assert.strictEqual(sourceRequests().length, 1);
    await load({ kind: 'tx', id: TX.failedSbtc });
    assert.strictEqual(sourceRequests().length, 1, 'the source is read once a session');
  });

  it('follows the workspace contract’s try! into the function that returns the error', async () => {
    const s = why((await load({ kind: 'tx', id: TX.failedWorkspace })).model);
    assert.strictEqual(row(s, 'Error'), 'Failed with ERR_UNAUTHORIZED (err u3000)');
    assert.strictEqual(
      row(s, 'ERR_UNAUTHORIZED'),
      'asserts! in is-dao-or-extension, line 26 (called from get-or-create-user-id, line 37)',
    );
  });

  it('a contract whose source cannot be read: the raw result and one sentence, and the panel still shows', async () => {
    const loaded = await load({ kind: 'tx', id: TX.failed });
    const s = why(loaded.model);
    assert.match(
      row(s, 'Error') ?? '',
      /^Failed with \(err u1\)\. No name was found: the contract’s source could not be read \(.+\)\.$/,
    );
    assert.strictEqual(row(s, 'Result'), '(err u1)');
    assert.ok(loaded.model.sections.some((x) => x.type === 'fields' && x.title === 'Summary'));
  });

  it('a source that fails to answer (500) does not fail the panel', async () => {
    api.fault({ match: '/v2/contracts/source/', fault: { kind: 'status', status: 500 } });
    const s = why((await load({ kind: 'tx', id: TX.failedSbtc })).model);
    assert.match(row(s, 'Error') ?? '', /^Failed with \(err u302\)\. No name was found: /);
  });

  it('a successful transaction has no "Why it failed"', async () => {
    const m = (await load({ kind: 'tx', id: TX.tokenTransfer })).model;
    assert.ok(!m.sections.some((x) => x.type === 'fields' && x.title === 'Why it failed'));
    assert.strictEqual(sourceRequests().length, 0);
  });

  it('the webview may open only a line the panel offers', async () => {
    const model = (await load({ kind: 'tx', id: TX.failedSbtc })).model;
    const offered = actions(model).find((a) => a.intent.type === 'openErrorLine')!.intent;
    const s: PanelSituation = {
      here: { target: { kind: 'tx', id: TX.failedSbtc, network: 'custom' }, params: {} },
      previous: undefined,
      next: undefined,
      shown: model,
      selected: 'testnet',
      explorerBase: () => 'https://explorer.hiro.so',
      bitcoinExplorerBase: () => 'https://mempool.space',
      apiUrl: () => api.url,
    };
    assert.strictEqual(decide(offered, s).do, 'openErrorLine');
    const other = JSON.parse(JSON.stringify(offered)) as { line: { contractId: string } };
    other.line.contractId = `${DEPLOYED.deployer}.other`;
    assert.strictEqual(decide(other, s).do, 'ignore');
    assert.strictEqual(decide(offered, { ...s, shown: undefined }).do, 'ignore');
  });

  it('the hover names the error and links to its line with the one command it trusts for it', async () => {
    const tx = await client.getTransaction(TX.failedSbtc);
    const failure = await txFailure(tx, client, { budget: 'fail-fast' });
    const source = { network: 'mainnet' as const, networkLabel: 'Mainnet', baseUrl: api.url };
    const { markdown, commands } = txHover(tx, source, failure);
    const html = md.render(markdown);
    assert.match(html, /Failed with ERR_LOWER_THAN_DUST \(err u302\)/);
    const link = /href="command:stacksLookup\.openErrorLine\?([^"]+)"[^>]*>([^<]+)</.exec(html);
    assert.ok(link, html);
    assert.match(link[2]!, /ERR_LOWER_THAN_DUST, line 47$/);
    assert.deepStrictEqual(JSON.parse(decodeURIComponent(link[1]!)), [
      {
        network: 'mainnet',
        contractId: CONTRACT.sbtcDeposit,
        fn: 'complete-deposit-wrapper',
        result: '(err u302)',
        link: 0,
      },
    ]);
    assert.ok(commands.includes(Commands.openErrorLine));
  });

  it('a hostile constant name in the source stays text in the hover', async () => {
    const tx = await client.getTransaction(TX.failedSbtc);
    const failure = await txFailure(tx, client);
    const named = failure!.names!;
    assert.ok(named.ok);
    named.names[0]!.name = 'X](command:workbench.action.terminal.new)<img src=x>';
    const source = { network: 'mainnet' as const, networkLabel: 'Mainnet', baseUrl: api.url };
    const html = md.render(
      txHover(tx, source, { ...failure!, headline: `Failed with ${named.names[0]!.name}` }).markdown,
    );
    assert.doesNotMatch(html, /<img|href="command:(?!stacksLookup\.)/);
  });

  it('a notification of the failed call names the error and offers its line', async () => {
    const tx = await client.getTransaction(TX.failedSbtc);
    const n = failureNotice('Transaction 0x2bbf… was mined but failed.', await txFailure(tx, client), 'mainnet');
    assert.strictEqual(n.text, 'Transaction 0x2bbf… was mined but failed. Failed with ERR_LOWER_THAN_DUST (err u302).');
    assert.deepStrictEqual(n.buttons, ['Open', OPEN_LINE]);
    assert.deepStrictEqual(n.line, {
      network: 'mainnet',
      contractId: CONTRACT.sbtcDeposit,
      fn: 'complete-deposit-wrapper',
      result: '(err u302)',
      link: 0,
    });
    // Without a source there is no line to offer, only the sentence why.
    const none = failureNotice('Failed.', await txFailure(await client.getTransaction(TX.failed), client), 'mainnet');
    assert.deepStrictEqual(none.buttons, ['Open']);
    assert.match(none.text, /^Failed\. Failed with \(err u1\)\. No name was found: /);
  });
});
