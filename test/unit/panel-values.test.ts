// The small values every panel is built of (src/ui/panels/models/values.ts), at their edges: what
// shows as a dash, what becomes a link, what a hover says.
import * as assert from 'assert';
import { Cl, cvToHex } from '@stacks/transactions';
import { decodeClarity } from '../../src/chain/clarity';
import type { ClarityNode } from '../../src/protocol';
import {
  bitcoinTx,
  block,
  blockHash,
  burnBlock,
  burnBlockHash,
  clarity,
  code,
  DASH,
  executionCosts,
  field,
  fields,
  id,
  missingNotice,
  notAvailable,
  num,
  principal,
  stx,
  text,
  time,
  tokenAmount,
  tokenContract,
  tx,
  units,
  unlessUnavailable,
  yesNo,
  type ModelContext,
} from '../../src/ui/panels/models/values';
import { MODEL_CONTEXT } from './modelContext';

const ctx = MODEL_CONTEXT;
const ADDR = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const CONTRACT = `${ADDR}.sip-010-token`;
const HASH = `0x${'ab'.repeat(32)}`;
const dash = { t: 'text', text: DASH };

describe('panel values: text, code, numbers and amounts', () => {
  it('nothing, null and the empty string show as a dash; 0 and false are values', () => {
    for (const v of [undefined, null, '']) {
      assert.deepStrictEqual(text(v), dash);
      assert.deepStrictEqual(code(v), dash);
      assert.deepStrictEqual(stx(v), dash);
      assert.deepStrictEqual(principal(v, ctx), dash);
      assert.deepStrictEqual(id(v, ctx), dash);
    }
    assert.deepStrictEqual(units(undefined), dash);
    assert.deepStrictEqual(units(''), dash);
    assert.deepStrictEqual(text(0), { t: 'text', text: '0' });
    assert.deepStrictEqual(text(false, { hint: 'h' }), { t: 'text', text: 'false', hint: 'h' });
    assert.deepStrictEqual(code('(ok u1)'), { t: 'code', text: '(ok u1)' });
    assert.deepStrictEqual(stx(0), { t: 'amount', text: '0 STX', full: '0 µSTX' });
    assert.deepStrictEqual(yesNo(undefined), dash);
    assert.deepStrictEqual([yesNo(true).text, yesNo(false).text], ['Yes', 'No']);
  });

  it('a whole number with separators; a hint only when there is one', () => {
    assert.deepStrictEqual(num(1234567), { t: 'number', text: '1,234,567' });
    assert.deepStrictEqual(num(5, 'why'), { t: 'number', text: '5', hint: 'why' });
    assert.deepStrictEqual(num(5, ''), { t: 'number', text: '5' });
    assert.deepStrictEqual(stx('1234567890'), { t: 'amount', text: '1,234.56789 STX', full: '1,234,567,890 µSTX' });
  });

  it('a raw token amount: digits grouped by three, anything else as the chain wrote it', () => {
    assert.deepStrictEqual(units('1234567'), { t: 'amount', text: '1,234,567', full: '1234567' });
    assert.deepStrictEqual(units('123'), { t: 'amount', text: '123', full: '123' });
    assert.deepStrictEqual(units('-1234'), { t: 'amount', text: '-1234', full: '-1234' });
    assert.deepStrictEqual(units('1234x'), { t: 'amount', text: '1234x', full: '1234x' });
  });

  it('a value the API does not give: "not available on this API", with why on hover', () => {
    const na = notAvailable();
    assert.deepStrictEqual(na, {
      t: 'text',
      text: 'not available on this API',
      hint: 'The API has switched off the route that gave this; its replacement does not report it.',
    });
    const v = text('x');
    assert.deepStrictEqual(unlessUnavailable({ unavailable: ['fee'] }, 'fee', v), na);
    assert.strictEqual(unlessUnavailable({ unavailable: ['nonce'] }, 'fee', v), v);
    assert.strictEqual(unlessUnavailable({}, 'fee', v), v);
    assert.deepStrictEqual(missingNotice('Transactions', { missing: 'not available on this API' }), {
      type: 'notice',
      tone: 'muted',
      icon: 'info',
      text: 'Transactions: not available on this API',
    });
  });
});

describe('panel values: token amounts', () => {
  const asset = `${CONTRACT}::token`;
  const withTokens = (
    entries: Array<[string, ModelContext['tokens'] extends ReadonlyMap<string, infer V> | undefined ? V : never]>,
  ) => ({ ...ctx, tokens: new Map(entries) }) as ModelContext;

  it('the contract of an asset identifier, when it is one', () => {
    assert.strictEqual(tokenContract(asset), CONTRACT);
    assert.strictEqual(tokenContract(CONTRACT), CONTRACT);
    for (const bad of [undefined, null, '', '::token', `${ADDR}::token`, 'not a contract::x'])
      assert.strictEqual(tokenContract(bad), undefined, String(bad));
  });

  it('with decimals and symbol; the exact amount and asset on hover', () => {
    const c = withTokens([[CONTRACT, { meta: { decimals: 6, symbol: ' TKN ' } as never }]]);
    assert.deepStrictEqual(tokenAmount('1234500', asset, c), {
      t: 'amount',
      text: '1.2345 TKN',
      full: `1234500 ${asset}`,
    });
    const noSymbol = withTokens([[CONTRACT, { meta: { decimals: 2, symbol: '  ' } as never }]]);
    assert.deepStrictEqual(tokenAmount('150', asset, noSymbol), { t: 'amount', text: '1.5', full: `150 ${asset}` });
    const longSymbol = withTokens([[CONTRACT, { meta: { decimals: 0, symbol: 'S'.repeat(40) } as never }]]);
    assert.strictEqual(tokenAmount('7', asset, longSymbol).text, `7 ${'S'.repeat(15)}…`);
  });

  it('raw, saying why: no decimals, a reason the metadata failed, or no metadata at all', () => {
    const noDecimals = withTokens([[CONTRACT, { meta: { symbol: 'TKN' } as never }]]);
    assert.deepStrictEqual(tokenAmount('1234', asset, noDecimals), {
      t: 'amount',
      text: '1,234',
      full: `1234 ${asset}`,
      hint: 'raw amount: the token metadata gives no decimals',
    });
    const failed = withTokens([[CONTRACT, { raw: 'the metadata request failed' }]]);
    assert.deepStrictEqual(tokenAmount('5', asset, failed), {
      t: 'amount',
      text: '5',
      full: `5 ${asset}`,
      hint: 'raw amount: the metadata request failed',
    });
    assert.deepStrictEqual(tokenAmount('5', asset, ctx), {
      t: 'amount',
      text: '5',
      full: `5 ${asset}`,
      hint: 'raw amount: no token metadata',
    });
    // Without an asset identifier the hover holds the amount alone.
    assert.deepStrictEqual(tokenAmount('5', undefined, ctx), {
      t: 'amount',
      text: '5',
      full: '5',
      hint: 'raw amount: no token metadata',
    });
    assert.deepStrictEqual(tokenAmount(undefined, asset, ctx), dash);
    assert.deepStrictEqual(tokenAmount('', asset, ctx), dash);
  });
});

describe('panel values: Clarity values', () => {
  const decodeCtx = { ...ctx, decode: decodeClarity };

  it('a compound value as a tree; a plain one as the repr the API sent; nothing as a dash', () => {
    const hex = cvToHex(Cl.some(Cl.uint(1)));
    const tree = decodeClarity(hex)!;
    assert.deepStrictEqual(clarity({ hex, repr: '(some u1)' }, decodeCtx), { t: 'clarity', text: '(some u1)', tree });
    const plain = cvToHex(Cl.uint(7));
    assert.deepStrictEqual(clarity({ hex: plain, repr: 'u7' }, decodeCtx), { t: 'code', text: 'u7' });
    assert.deepStrictEqual(clarity({ hex, repr: '(some u1)' }, ctx), { t: 'code', text: '(some u1)' });
    assert.deepStrictEqual(clarity({ hex: '0xzz', repr: 'bad' }, decodeCtx), { t: 'code', text: 'bad' });
    assert.deepStrictEqual(clarity(undefined, decodeCtx), dash);
    assert.deepStrictEqual(clarity(null, decodeCtx), dash);
  });

  it('a buffer of UTF-8 text as that text, with the bytes and any cut on hover', () => {
    const node = (extra: Partial<ClarityNode>): ModelContext => ({
      ...ctx,
      decode: () => ({ type: 'buffer', text: '0x6869', ...extra }) as ClarityNode,
    });
    const cv = { hex: '0x', repr: '0x6869' };
    assert.deepStrictEqual(clarity(cv, node({ text: 'hi', hint: '2 bytes' })), {
      t: 'text',
      text: 'hi',
      hint: '2 bytes',
    });
    assert.deepStrictEqual(clarity(cv, node({ text: 'hi', hint: '2 bytes', cut: 'cut at 1,000' })), {
      t: 'text',
      text: 'hi',
      hint: '2 bytes; cut at 1,000',
    });
    // A buffer without a text reading stays its repr.
    assert.deepStrictEqual(clarity(cv, node({ text: undefined as never, hint: '2 bytes' })), {
      t: 'code',
      text: '0x6869',
    });
    assert.deepStrictEqual(clarity(cv, node({ type: 'string' as never, hint: 'h' })), { t: 'code', text: '0x6869' });
  });
});

describe('panel values: identifiers and links', () => {
  it('an address, a contract: shortened for the eye, whole on hover, opening their panels', () => {
    assert.deepStrictEqual(principal(ADDR, ctx), {
      t: 'id',
      text: 'SP2J6Z…RV9EJ7',
      full: ADDR,
      target: { kind: 'address', id: ADDR, network: 'custom' },
      explorer: true,
    });
    assert.deepStrictEqual(principal(CONTRACT, ctx), {
      t: 'id',
      text: 'SP2J…9EJ7.sip-010-token',
      full: CONTRACT,
      target: { kind: 'contract', id: CONTRACT, network: 'custom' },
      explorer: true,
    });
    assert.deepStrictEqual(id('short', ctx, 'address'), {
      t: 'id',
      text: 'short',
      full: 'short',
      target: { kind: 'address', id: 'short', network: 'custom' },
      explorer: true,
    });
    // A malformed id starting with its dot keeps its name whole, as any contract's name.
    assert.strictEqual(principal(`.${'n'.repeat(30)}`, ctx).text, `.${'n'.repeat(30)}`);
    // Without a kind: no link, shortened keeping eight characters each side.
    assert.deepStrictEqual(id('x'.repeat(40), ctx), {
      t: 'id',
      text: `${'x'.repeat(8)}…${'x'.repeat(8)}`,
      full: 'x'.repeat(40),
    });
  });

  it('a transaction id opens its panel only when it is one', () => {
    assert.deepStrictEqual(tx(HASH, ctx), {
      t: 'id',
      text: `0xabababab…abababab`,
      full: HASH,
      target: { kind: 'tx', id: HASH, network: 'custom' },
      explorer: true,
    });
    for (const bad of [HASH.slice(0, -1), `${HASH}a`, HASH.slice(2), `x${HASH}`])
      assert.deepStrictEqual(Object.keys(tx(bad, ctx)), ['t', 'text', 'full'], bad);
    assert.deepStrictEqual(tx(undefined, ctx), dash);
  });

  it('a block by height or hash; the explorer only for a height or a 0x hash', () => {
    assert.deepStrictEqual(block(1234, ctx), {
      t: 'id',
      text: '#1,234',
      full: '1234',
      target: { kind: 'block', id: '1234', network: 'custom' },
      explorer: true,
    });
    assert.deepStrictEqual(block(0, ctx).text, '#0');
    assert.deepStrictEqual(block(undefined, ctx), dash);
    assert.deepStrictEqual(block(null, ctx), dash);
    assert.deepStrictEqual(blockHash(HASH, ctx), {
      t: 'id',
      text: `0xabababab…abababab`,
      full: HASH,
      target: { kind: 'block', id: HASH, network: 'custom' },
      explorer: true,
    });
    assert.deepStrictEqual(Object.keys(blockHash(HASH.slice(0, -2), ctx)), ['t', 'text', 'full']);
    assert.deepStrictEqual(Object.keys(blockHash(`${HASH}ab`, ctx)), ['t', 'text', 'full']);
    assert.deepStrictEqual(Object.keys(blockHash(`z${HASH}`, ctx)), ['t', 'text', 'full']);
    assert.deepStrictEqual(blockHash('', ctx), dash);
    assert.deepStrictEqual(blockHash(null, ctx), dash);
    assert.strictEqual(id('12', ctx, 'block').explorer, true);
    assert.strictEqual(id('latest', ctx, 'block').explorer, false);
    assert.strictEqual(id('12a', ctx, 'block').explorer, false);
    assert.strictEqual(id('a0x', ctx, 'block').explorer, false);
    assert.strictEqual(id('a12', ctx, 'block').explorer, false);
  });

  it('a burn block by height or hash opens its panel and the Bitcoin explorer, when it is one', () => {
    assert.deepStrictEqual(burnBlock(870000, ctx), {
      t: 'id',
      text: '#870,000',
      full: '870000',
      target: { kind: 'burnBlock', id: '870000', network: 'custom' },
      bitcoin: { kind: 'block', id: '870000' },
    });
    assert.deepStrictEqual(burnBlock(0, ctx).target, { kind: 'burnBlock', id: '0', network: 'custom' });
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, undefined, null])
      assert.strictEqual(burnBlock(bad, ctx).t, 'number', String(bad));
    assert.deepStrictEqual(burnBlockHash(HASH, ctx), {
      t: 'id',
      text: `0xabababab…abababab`,
      full: HASH,
      target: { kind: 'burnBlock', id: HASH, network: 'custom' },
      explorer: false,
      bitcoin: { kind: 'block', id: HASH },
    });
    assert.deepStrictEqual(Object.keys(burnBlockHash(HASH.slice(2), ctx)), ['t', 'text', 'full']);
    assert.deepStrictEqual(Object.keys(burnBlockHash(`${HASH}0`, ctx)), ['t', 'text', 'full']);
    assert.deepStrictEqual(burnBlockHash(undefined, ctx), dash);
  });

  it('a Bitcoin transaction: no panel, the Bitcoin explorer when it is a hash', () => {
    assert.deepStrictEqual(bitcoinTx(HASH, ctx), {
      t: 'id',
      text: `0xabababab…abababab`,
      full: HASH,
      bitcoin: { kind: 'tx', id: HASH },
    });
    assert.deepStrictEqual(Object.keys(bitcoinTx(`${HASH}0`, ctx)), ['t', 'text', 'full']);
    assert.deepStrictEqual(Object.keys(bitcoinTx(`z${HASH}`, ctx)), ['t', 'text', 'full']);
    assert.deepStrictEqual(bitcoinTx(undefined, ctx), dash);
  });
});

describe('panel values: times, rows and sections', () => {
  const now = Date.parse('2024-01-01T00:00:00Z');

  it('a time with its age on hover, from seconds or from an ISO string', () => {
    const t = { ...ctx, now };
    const secs = now / 1000 - 3 * 86_400;
    assert.deepStrictEqual(time(t, secs), { t: 'time', text: '2023-12-29 00:00:00 UTC', hint: '3 days ago' });
    assert.deepStrictEqual(time(t, undefined, '2023-12-29T00:00:00.000Z'), {
      t: 'time',
      text: '2023-12-29 00:00:00 UTC',
      hint: '3 days ago',
    });
    assert.deepStrictEqual(time(t), { t: 'time', text: DASH });
    assert.deepStrictEqual(time(t, undefined, 'not a date'), { t: 'time', text: DASH });
    assert.deepStrictEqual(time(t, 0), { t: 'time', text: DASH });
    // Past the last date JavaScript can write: no time, so no age either.
    assert.deepStrictEqual(time(t, 1e13), { t: 'time', text: DASH });
  });

  it('a fields section keeps rows with a value, or every row when asked; a title only when given', () => {
    const a = field('A', text('1'));
    const b = field('B', text(undefined));
    const c = field('C', text(undefined), text('2'));
    assert.deepStrictEqual(fields('T', [a, b, c, undefined, null, false, '']), {
      type: 'fields',
      title: 'T',
      rows: [a, c],
    });
    assert.deepStrictEqual(fields(undefined, [a, b], true), { type: 'fields', rows: [a, b] });
    assert.deepStrictEqual(fields('', [a]), { type: 'fields', rows: [a] });
  });

  it('execution costs: a section only when the API gave them', () => {
    assert.strictEqual(executionCosts({}), undefined);
    const s = executionCosts({ execution_cost_read_count: 3 }) as { title: string; rows: Array<{ label: string }> };
    assert.deepStrictEqual([s.title, s.rows.map((r) => r.label)], ['Execution costs', ['Read count']]);
    const all = executionCosts({
      execution_cost_runtime: 1000,
      execution_cost_read_count: 1,
      execution_cost_read_length: 2,
      execution_cost_write_count: 3,
      execution_cost_write_length: 4,
    }) as { rows: Array<{ label: string; values: Array<{ text: string }> }> };
    assert.deepStrictEqual(
      all.rows.map((r) => [r.label, r.values[0]!.text]),
      [
        ['Runtime', '1,000'],
        ['Read count', '1'],
        ['Read length', '2'],
        ['Write count', '3'],
        ['Write length', '4'],
      ],
    );
    assert.ok(executionCosts({ execution_cost_runtime: 0 }), 'a runtime of 0 is a cost the API gave');
  });
});
