import * as assert from 'assert';
import {
  type ClarityValue,
  bufferCV,
  listCV,
  someCV,
  stringAsciiCV,
  stringUtf8CV,
  tupleCV,
  uintCV,
  cvToHex,
} from '@stacks/transactions';
import { StacksClient, Transaction } from '../../src/api';
import * as S from '../../src/api/schemas';
import { CLARITY_LIMITS, decodeClarity, utf8Text } from '../../src/chain/clarity';
import { clarityDecoder } from '../../src/chain/lazyClarity';
import { formatTokenAmount } from '../../src/chain/format';
import type { ClarityNode, Section, TableRow, Value, ViewModel } from '../../src/protocol';
import { loadPanel, ModelContext } from '../../src/ui/panels/models';
import { loadTokens, tokensOfTransaction } from '../../src/ui/panels/models/tokens';
import { txModel } from '../../src/ui/panels/models/tx';
import { ADDRESS, TOKEN, TX } from '../fixtures/ids';
import { loadFixture, MockApi } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';
import { withMockClient } from '../fakes/mockClient';

const ctx: ModelContext = MODEL_CONTEXT;

function fixtureTx(name: string): Transaction {
  const parsed = S.parseWith(S.Transaction, loadFixture(name));
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}

function table(m: ViewModel, prefix: string): Extract<Section, { type: 'table' }> {
  const t = m.sections.find(
    (s): s is Extract<Section, { type: 'table' }> => s.type === 'table' && (s.title ?? '').startsWith(prefix),
  );
  assert.ok(t, `no table "${prefix}…"`);
  return t;
}
function field(m: ViewModel, label: string): Value[] {
  const f = m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : [])).find((r) => r.label === label);
  assert.ok(f, `no field ${label}`);
  return f.values;
}
function lastCell(r: TableRow): Value {
  return r.cells[r.cells.length - 1]![0]!;
}
/** Every leaf as `key=text`, depth first. */
function leaves(n: ClarityNode): string[] {
  return n.children ? n.children.flatMap(leaves) : [`${n.key ?? ''}=${n.text ?? ''}`];
}

describe('Decoded Clarity values (@stacks/transactions, the lazily loaded decoder)', () => {
  it('decodes the tuple result of a real stack-stx into its fields', () => {
    const tx = fixtureTx('tx-contract_call-stack_stx.json');
    const tree = decodeClarity(tx.tx_result!.hex)!;
    assert.strictEqual(tree.type, 'ok');
    assert.strictEqual(tree.children?.[0]?.type, 'tuple');
    assert.deepStrictEqual(leaves(tree), [
      'lock-amount=u3892859330416',
      'stacker=SM313VGCT3TK1M82K2AS2KHNX813BY5FKCXJSKZ4E',
      'unlock-burn-height=u752150',
    ]);
  });

  it('reads a buffer that holds UTF-8 text as text, and keeps other buffers as hex', () => {
    // The print event of the real MiamiCoin transfer: (some 0x313135343537).
    const print = fixtureTx('tx-contract_call-ft_transfer.json').events!.find((e) => e.contract_log)!;
    const tree = decodeClarity(print.contract_log!.value.hex)!;
    assert.strictEqual(tree.type, 'some');
    assert.strictEqual(tree.children?.[0]?.text, '115457');
    assert.match(tree.children?.[0]?.hint ?? '', /0x313135343537/);
    // The API's own test value of a print (tx.test.ts "/tx/events address filter"): 0x736f6d652076616c.
    assert.strictEqual(decodeClarity('0x0200000008736f6d652076616c')?.text, 'some val');
    // The pox address hashbytes of the stack-stx argument are not text.
    const arg = fixtureTx('tx-contract_call-stack_stx.json').contract_call!.function_args![1]!;
    const hashbytes = decodeClarity(arg.hex!)!.children!.find((c) => c.key === 'hashbytes')!;
    assert.strictEqual(hashbytes.text, '0xc23dc19a1ea61a205312b229c6bd4046bf15f367');
    assert.strictEqual(hashbytes.hint, undefined);
    assert.strictEqual(utf8Text('ff'), undefined, 'invalid UTF-8');
    assert.strictEqual(utf8Text('0001'), undefined, 'control characters');
  });

  it('decodes a nested tuple of the API docs example (a BNS print) as a tree of its fields', () => {
    const events = loadFixtureDoc();
    const tree = decodeClarity(events)!;
    assert.deepStrictEqual(leaves(tree), [
      'attachment-index=u643',
      'hash=0xb472a266d0bd89c13706a4132ccfb16f7c3b9fcb',
      'name=bilaltest5',
      'namespace=btc',
      'op=name-transfer',
      'tx-sender=STKVDRCTN8C81T22QHR9PG9GPD3V3WPQYBYFHPT4',
    ]);
  });

  it('gives nothing for hex that is not a Clarity value (the repr stays)', () => {
    for (const bad of ['', '0x', '0x07', 'zz', '0xzz', '0x0c00000001', '0x0d000000ff41'])
      assert.strictEqual(decodeClarity(bad), undefined, bad);
  });

  it('caps a long list and a deep value, and says what it cut', () => {
    const long = decodeClarity(cvToHex(listCV(Array.from({ length: 120 }, (_, i) => uintCV(i)))))!;
    assert.strictEqual(long.children?.length, CLARITY_LIMITS.items);
    assert.match(long.cut ?? '', /70 more items not shown \(120 in all\)/);
    let deep: ClarityValue = someCV(uintCV(1));
    for (let i = 0; i < 20; i++) deep = someCV(deep);
    const tree = decodeClarity(cvToHex(deep))!;
    let depth = 0;
    let n: ClarityNode | undefined = tree;
    while (n?.children?.length) {
      n = n.children[0];
      depth++;
    }
    assert.ok(depth <= CLARITY_LIMITS.depth, `depth ${depth}`);
    assert.match(n?.cut ?? '', /deeper than 8 levels not shown/);
    const big = decodeClarity(cvToHex(stringAsciiCV('x'.repeat(5000))))!;
    assert.ok(Array.from(big.text!).length <= CLARITY_LIMITS.text);
    assert.match(big.cut ?? '', /more characters not shown/);
    // A wide and deep value stays under the node budget.
    const wide = listCV(Array.from({ length: 50 }, () => listCV(Array.from({ length: 50 }, () => uintCV(1)))));
    const count = (x: ClarityNode): number => 1 + (x.children ?? []).reduce((a, c) => a + count(c), 0);
    assert.ok(count(decodeClarity(cvToHex(wide))!) <= CLARITY_LIMITS.nodes + 1);
  });

  it('keeps chain strings as they are: the webview shows them as text', () => {
    const hostile = '<img src=x onerror=alert(1)> [x](https://evil.example) \u202eevil\u202c';
    const tree = decodeClarity(cvToHex(tupleCV({ a: stringUtf8CV(hostile), b: bufferCV(Buffer.from(hostile)) })))!;
    assert.deepStrictEqual(leaves(tree), [`a=${hostile}`, `b=${hostile}`]);
  });

  it('is loaded lazily from clarity.js beside the loader', () => {
    assert.strictEqual(clarityDecoder(), decodeClarity);
  });
});

/** The BNS print of the API's v7.14.1 docs example (get-transaction-events.example.json, events[1]). */
function loadFixtureDoc(): string {
  return '0x0c000000010a6174746163686d656e740c00000003106174746163686d656e742d696e646578010000000000000000000000000000028304686173680200000014b472a266d0bd89c13706a4132ccfb16f7c3b9fcb086d657461646174610c00000004046e616d65020000000a62696c616c7465737435096e616d6573706163650200000003627463026f700d0000000d6e616d652d7472616e736665720974782d73656e646572051a27b6e19aaa1880e842bc709b4130b347b1f2d7f2';
}

describe('The transaction panel with decoded values and token amounts', () => {
  const decode = decodeClarity;
  const mia = S.parseWith(S.FtMetadata, loadFixture('ft-metadata--miamicoin.json'));
  assert.ok(mia.ok);
  const withMeta = new Map([[TOKEN.mia, { meta: mia.value }]]);

  it('shows a tuple result as its fields', () => {
    const m = txModel(fixtureTx('tx-contract_call-stack_stx.json'), 0, { ...ctx, decode });
    const [v] = field(m, 'Result');
    assert.strictEqual(v?.t, 'clarity');
    assert.match(v.text, /^\(ok \(tuple \(lock-amount/);
    assert.deepStrictEqual(leaves(v.tree!).slice(0, 1), ['lock-amount=u3892859330416']);
    const args = table(m, 'Arguments').rows.map((r) => r.cells[2]![0]!);
    assert.strictEqual(args[1]?.t, 'clarity', 'the tuple argument');
    assert.strictEqual(args[0]?.t, 'code', 'a uint stays its repr');
  });

  it('shows a print of a text buffer as text', () => {
    const m = txModel(fixtureTx('tx-contract_call-ft_transfer.json'), 0, { ...ctx, decode });
    const print = table(m, 'Events').rows.find((r) => r.cells[1]![0]!.text === 'Contract log')!;
    const v = print.cells[2]![2]!;
    assert.strictEqual(v.t, 'clarity');
    assert.strictEqual(v.tree?.children?.[0]?.text, '115457');
  });

  it('shows an FT amount with decimals and symbol where metadata answered', () => {
    const m = txModel(fixtureTx('tx-contract_call-ft_transfer.json'), 0, {
      ...ctx,
      network: 'mainnet',
      decode,
      tokens: withMeta,
    });
    const ft = table(m, 'Events').rows.find((r) => r.cells[1]![0]!.text === 'Fungible token')!;
    assert.deepStrictEqual(
      { text: lastCell(ft).text, full: lastCell(ft).full },
      { text: '0.1 MIA', full: `100000 ${TOKEN.mia}::miamicoin` },
    );
    const pc = table(m, 'Post-conditions').rows[0]!;
    assert.strictEqual(lastCell(pc).text, '0.1 MIA');
  });

  it('shows the raw amount with the asset identifier, and says why, without metadata', () => {
    const tx = fixtureTx('tx-contract_call-ft_transfer.json');
    const m = txModel(tx, 0, {
      ...ctx,
      decode,
      tokens: new Map([[TOKEN.mia, { raw: 'token metadata is not asked for on Devnet' }]]),
    });
    const ft = table(m, 'Events').rows.find((r) => r.cells[1]![0]!.text === 'Fungible token')!;
    assert.strictEqual(lastCell(ft).text, '100,000');
    assert.strictEqual(lastCell(ft).full, `100000 ${TOKEN.mia}::miamicoin`);
    assert.match(lastCell(ft).hint ?? '', /raw amount: token metadata is not asked for on Devnet/);
    assert.ok(
      ft.cells[2]!.some((v) => v.text === `${TOKEN.mia}::miamicoin`),
      'the asset identifier is shown',
    );
  });

  it('formats token amounts exactly, and refuses absurd decimals', () => {
    assert.strictEqual(formatTokenAmount('100000', 6), '0.1');
    assert.strictEqual(formatTokenAmount('123456789012345678901234567890', 8), '1,234,567,890,123,456,789,012.3456789');
    assert.strictEqual(formatTokenAmount('5', 0), '5');
    assert.strictEqual(formatTokenAmount('-1500', 3), '-1.5');
    assert.strictEqual(formatTokenAmount('1', 1_000_000), undefined);
    assert.strictEqual(formatTokenAmount('1', -1), undefined);
    assert.strictEqual(formatTokenAmount('0x10', 2), undefined);
  });
});

describe('Token metadata rules (issue 14): at most one request per token, none on devnet or custom', () => {
  let mock: MockApi;
  let client: StacksClient;
  withMockClient((m, k) => ((mock = m), (client = k)));
  const asked = () => mock.requestsTo('/metadata/v1/ft/').length;

  it('parses the metadata and asks once a session for a token', async () => {
    const a = await client.getFtMetadata(TOKEN.mia);
    const b = await client.getFtMetadata(TOKEN.mia);
    assert.strictEqual(a?.decimals, 6);
    assert.strictEqual(a?.symbol, 'MIA');
    assert.strictEqual(b, a);
    assert.strictEqual(asked(), 1);
  });

  it('keeps only the name, symbol and decimals of an answer, however much else it carries', async () => {
    const meta = loadFixture('ft-metadata--miamicoin.json') as Record<string, unknown>;
    mock.override(`/metadata/v1/ft/${TOKEN.mia}`, {
      ...meta,
      metadata: { sip: 16, name: 'miamicoin', properties: { blob: 'x'.repeat(8 * 1024 * 1024) } },
      description: 'y'.repeat(100_000),
    });
    const kept = await client.getFtMetadata(TOKEN.mia);
    // Keys first: a failure must not print 8 MB.
    assert.deepStrictEqual(Object.keys(kept ?? {}).sort(), ['decimals', 'name', 'symbol']);
    assert.deepStrictEqual(kept, { name: 'miamicoin', symbol: 'MIA', decimals: 6 });
  });

  it('leaves out a name or symbol longer than any token has, and keeps the decimals', async () => {
    const meta = loadFixture('ft-metadata--miamicoin.json') as Record<string, unknown>;
    mock.override(`/metadata/v1/ft/${TOKEN.mia}`, { ...meta, name: 'n'.repeat(1_000_000), symbol: 's'.repeat(257) });
    const kept = await client.getFtMetadata(TOKEN.mia);
    assert.strictEqual(kept?.name?.length, undefined);
    assert.strictEqual(kept?.symbol?.length, undefined);
    assert.strictEqual(kept?.decimals, 6);
  });

  it('keeps a name or symbol of exactly 256 characters, the longest it keeps', async () => {
    const meta = loadFixture('ft-metadata--miamicoin.json') as Record<string, unknown>;
    mock.override(`/metadata/v1/ft/${TOKEN.mia}`, { ...meta, name: 'n'.repeat(256), symbol: 's'.repeat(256) });
    const kept = await client.getFtMetadata(TOKEN.mia);
    assert.strictEqual(kept?.name, 'n'.repeat(256));
    assert.strictEqual(kept?.symbol, 's'.repeat(256));
  });

  it('takes 404 and 422 as "no metadata" and never asks again this session', async () => {
    assert.strictEqual(await client.getFtMetadata(TOKEN.unknown), null);
    assert.strictEqual(await client.getFtMetadata(TOKEN.fetching), null);
    assert.strictEqual(await client.getFtMetadata(TOKEN.unknown), null);
    assert.strictEqual(await client.getFtMetadata(TOKEN.fetching), null);
    assert.strictEqual(asked(), 2);
  });

  it('checks its argument before sending anything', async () => {
    await assert.rejects(client.getFtMetadata('not a contract'), { kind: 'invalid-input' });
    await assert.rejects(client.getFtMetadata(ADDRESS.mainnet), { kind: 'invalid-input' });
    assert.strictEqual(asked(), 0);
  });

  it('asks nothing on devnet or custom networks, and says so', async () => {
    const tokens = tokensOfTransaction(fixtureTx('tx-contract_call-ft_transfer.json'));
    assert.deepStrictEqual(tokens, [TOKEN.mia]);
    for (const network of ['devnet', 'custom'] as const) {
      const info = await loadTokens(tokens, client, { ...ctx, network }, {});
      assert.match(JSON.stringify(info.get(TOKEN.mia)), /not asked for on/);
    }
    assert.strictEqual(asked(), 0);
  });

  it('a mainnet transaction panel asks once per token, also when opened again', async () => {
    const signal = new AbortController().signal;
    const open = () =>
      loadPanel(
        { kind: 'tx', id: TX.ftTransfer, network: 'mainnet' },
        {},
        {
          client,
          ctx: { ...ctx, network: 'mainnet', networkLabel: 'Mainnet' },
          signal,
        },
      );
    const first = await open();
    await open();
    const ft = table(first.model, 'Events').rows.find((r) => r.cells[1]![0]!.text === 'Fungible token')!;
    assert.strictEqual(lastCell(ft).text, '0.1 MIA');
    assert.strictEqual(asked(), 1, 'one request for the event and the post-condition of the same token');
  });

  it('a token the API does not know shows raw, and is not asked for again', async () => {
    const tx = fixtureTx('tx-contract_call-ft_transfer.json');
    const main = { ...ctx, network: 'mainnet' as const };
    const first = await loadTokens([TOKEN.unknown], client, main, {});
    await loadTokens([TOKEN.unknown], client, main, {});
    assert.match(JSON.stringify(first.get(TOKEN.unknown)), /does not know this token/);
    assert.strictEqual(asked(), 1);
    assert.ok(tx);
  });
});
