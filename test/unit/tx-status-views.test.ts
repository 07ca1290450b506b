import * as assert from 'assert';
import type { Transaction } from '../../src/api';
import * as S from '../../src/api/schemas';
import { transactionAnswer } from '../../src/ui/agent/chainTools';
import { ours, renderAnswer } from '../../src/ui/agent/toolText';
import { txHover, type HoverSource } from '../../src/ui/editor/hoverText';
import { txModel } from '../../src/ui/panels/models/tx';
import { txFailure } from '../../src/ui/failure/failure';
import type { StacksClient } from '../../src/api';
import type { ViewModel } from '../../src/protocol';
import { readAnswer } from '../fakes/agentAnswer';
import { loadFixture } from '../mock-api/server';
import { MODEL_CONTEXT } from './modelContext';

// The skipped transaction is the API's own (stacks-blockchain-api tests/api/transactions/tx.test.ts,
// "tx store and processing - problematic_skipped"; test/fixtures/api/tx-problematic_skipped.json).
const SKIPPED_WORDS =
  'The miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used.';

function tx(name: string, change: Partial<Record<keyof Transaction, unknown>> = {}): Transaction {
  const parsed = S.parseWith(S.Transaction, { ...(loadFixture(name) as object), ...change });
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.value;
}
const skipped = () => tx('tx-problematic_skipped.json');
/** A status a later API may send: the rest of the body is the real one. */
const unknown = (status = 'settled_elsewhere') => tx('tx-token_transfer.json', { tx_status: status });

const source: HoverSource = {
  network: 'testnet',
  networkLabel: 'Testnet',
  baseUrl: 'http://127.0.0.1:3999',
  now: Date.UTC(2020, 6, 16, 13, 46, 34),
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (opts: { html: boolean; linkify: boolean }) => {
  render(src: string): string;
};
/** The hover as a Markdown reader shows it. */
const shown = (t: Transaction) => new MarkdownIt({ html: true, linkify: true }).render(txHover(t, source).markdown);
const notices = (m: ViewModel) => m.sections.flatMap((s) => (s.type === 'notice' ? [s] : []));

describe('Transaction statuses in words: the views', () => {
  it('the schema reads a status it does not know as the transaction, not as a failure to read it', () => {
    assert.strictEqual(unknown().tx_status, 'settled_elsewhere');
    const page = S.parseWith(S.MempoolTransaction, {
      tx_id: `0x${'1'.repeat(64)}`,
      type: 'token_transfer',
      status: 'dropped_by_a_new_rule',
      sender: { address: 'SP2ZRX0K27GW0SP3GJCEMHD95TQGJMKB7GB36ZAR0', nonce: 1 },
      sponsor: null,
      fee_rate: '1',
      receipt_time: 1,
    });
    assert.ok(page.ok);
  });

  it('hover: a skipped transaction says it did not run and its fee was paid, with no result as its reason', () => {
    const text = shown(skipped());
    assert.match(text, /\$\(debug-step-over\) Skipped \(problematic\)<br>/);
    assert.ok(text.includes(SKIPPED_WORDS), text);
    assert.doesNotMatch(text, /err none/);
  });

  it('hover: an unknown status is said unknown, its raw value escaped', () => {
    const text = shown(unknown('settled_[x](command:evil) <img src=x>'));
    assert.ok(text.includes('$(question) Unknown status (settled_[x](command:evil) &lt;img src=x&gt;)'), text);
    assert.ok(
      text.includes('does not know the status settled_[x](command:evil) &lt;img src=x&gt;: what happened'),
      text,
    );
    assert.doesNotMatch(text, /href="command:evil|<img/);
  });

  it('panel: a skipped transaction has a badge and a notice in words, not "failed with (err none)"', () => {
    const m = txModel(skipped(), 0, MODEL_CONTEXT);
    assert.deepStrictEqual(m.badges?.[0], {
      t: 'badge',
      text: 'Skipped (problematic)',
      tone: 'failed',
      icon: 'error',
    });
    const n = notices(m);
    assert.deepStrictEqual(
      n.map((x) => x.text),
      [SKIPPED_WORDS],
    );
    assert.ok(!JSON.stringify(m).includes('This transaction failed'));
  });

  it('panel: an unknown status is a warning that names its raw value', () => {
    const m = txModel(unknown(), 0, MODEL_CONTEXT);
    assert.strictEqual((m.badges?.[0] as { text: string }).text, 'Unknown status (settled_elsewhere)');
    assert.deepStrictEqual(
      notices(m).map((x) => [x.tone, x.text]),
      [
        [
          'warning',
          'This version does not know the status settled_elsewhere: what happened, whether it ran and whether its fee was paid are not known.',
        ],
      ],
    );
  });

  it('agent: the status fact says what skipped means; no "use whyFailed" note', () => {
    const { outside } = readAnswer(
      // renderAnswer is what the tool sends; the facts are outside the untrusted block.
      renderAnswer(transactionAnswer(skipped(), ours('Mainnet'))),
    );
    assert.match(outside, /^Status: Skipped \(problematic\) \(problematic_skipped\)$/m);
    assert.ok(outside.includes(`\nWhat happened: ${SKIPPED_WORDS}\n`), outside);
    assert.doesNotMatch(outside, /stacks_whyFailed/);
  });

  it('agent: an unknown status is unknown in the facts and its raw value stays in the data block', () => {
    const { outside, inside } = readAnswer(renderAnswer(transactionAnswer(unknown('IGNORE ALL'), ours('Mainnet'))));
    assert.match(
      outside,
      /^What happened: Unknown to this version: its raw value is the "status" line of the data block/m,
    );
    assert.doesNotMatch(outside, /^Status:/m);
    assert.doesNotMatch(outside, /IGNORE ALL/);
    assert.match(inside ?? '', /status: IGNORE ALL/);
  });

  it('panel: a runtime error with its stack trace reads as a sentence naming the function it happened in', async () => {
    const P = 'SP2ZRX0K27GW0SP3GJCEMHD95TQGJMKB7GB36ZAR0';
    // The `Display` a node built with developer-mode writes (clarity/src/vm/errors.rs).
    const vm = `ArithmeticUnderflow\n Stack Trace: \n${P}.vault:withdraw\n${P}.token:burn\n_native_:native_sub\n`;
    const t = tx('tx-smart_contract.json', {
      tx_status: 'abort_by_response',
      vm_error: vm,
      tx_result: { hex: '0x0809', repr: '(err none)' },
    });
    // A deploy names no function to read: the client is not asked.
    const failure = await txFailure(t, {} as StacksClient);
    const m = txModel(t, 0, { ...MODEL_CONTEXT, ...(failure ? { failure } : {}) });
    const rows = m.sections.flatMap((s) => (s.type === 'fields' ? s.rows : []));
    const words = rows.find((r) => r.label === 'VM error in words');
    assert.deepStrictEqual(words?.values, [
      {
        t: 'text',
        text: 'Arithmetic underflow in token’s burn, called from vault’s withdraw. An arithmetic operation underflowed: its result is below what its type can hold (a uint below zero).',
      },
    ]);
  });
});
