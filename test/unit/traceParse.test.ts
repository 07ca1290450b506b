import * as assert from 'assert';
import {
  clip,
  failingExpressionOf,
  flattenCalls,
  MAX_TEXT,
  MAX_TRACE_CALLS,
  MAX_TRACE_LINES,
  parseCallTrace,
} from '../../src/chain/trace';

/**
 * The parser of the Clarinet SDK's call trace and of its "Error occured in" report, edge by edge:
 * what the Trace section would show for each shape of input. The samples follow what
 * `getLastContractCallTrace()` of @stacks/clarinet-sdk prints (see trace.test.ts / traceReplay.test.ts).
 */

const D = 'SP2KAH4M5RDEWR0K7ACGTVZJW2T62106GDZ8S6P7B';

/** The SDK's console report for the failing fee computation of the fixture. */
const REPORT = [
  'Error occured in trace-fees:17:26',
  '================================',
  'Expression:',
  '( - reserve ( / amount u2 ) )',
  'Error: ArithmeticUnderflow',
  ' Stack Trace: ',
  `${D}.trace-vault:deposit`,
];

describe('trace parse: calls and their names', () => {
  it('a call of a function of the same contract is a function call, with no callee', () => {
    const t = parseCallTrace(
      [
        `├── ( contract-call? ${D}.trace-ledger settle amount )  trace-vault:10:5`,
        '│   │ ↳ args: u40',
        '│   ├── ( fee-for amount )  trace-ledger:5:20',
        '│   │   │ ↳ args: u40',
        '│   │   └── u0',
        '│   └── (ok u1)',
        '└── (ok u2)',
      ].join('\n'),
    );
    const fee = t.calls[0]!.children[0]!;
    assert.strictEqual(fee.kind, 'function');
    assert.strictEqual(fee.callee, undefined);
    assert.strictEqual(fee.fn, 'fee-for');
    assert.strictEqual(fee.expression, '( fee-for amount )');
    assert.strictEqual(fee.returned, 'u0');
    assert.strictEqual(t.clipped, false, 'nothing was left out');
  });

  it('a call without arguments: its name alone, and no arguments shown', () => {
    const t = parseCallTrace(
      [
        '├── ( get-count )  trace-vault:3:9',
        '│   └── u7',
        `├── ( contract-call? ${D}.trace-ledger get-total )  trace-vault:4:9`,
        '│   └── u9',
        '└── (ok u16)',
      ].join('\n'),
    );
    assert.deepStrictEqual(
      t.calls.map((c) => [c.kind, c.callee, c.fn, c.args, c.returned]),
      [
        ['function', undefined, 'get-count', '', 'u7'],
        ['contract-call', `${D}.trace-ledger`, 'get-total', '', 'u9'],
      ],
    );
  });

  it('reads the names whether or not the parentheses are padded, and across irregular spacing', () => {
    const t = parseCallTrace(
      [
        '├── (get-count)  trace-vault:3:9',
        '├── (fee-for amount)  trace-vault:4:9',
        `├── ( contract-call?  ${D}.trace-ledger   settle  amount )  trace-vault:10:5`,
        `├── (contract-call? ${D}.trace-ledger get-total)  trace-vault:11:5`,
      ].join('\n'),
    );
    assert.deepStrictEqual(
      t.calls.map((c) => [c.callee, c.fn]),
      [
        [undefined, 'get-count'],
        [undefined, 'fee-for'],
        [`${D}.trace-ledger`, 'settle'],
        [`${D}.trace-ledger`, 'get-total'],
      ],
    );
  });

  it('a truncated contract-call shows empty names rather than invented ones', () => {
    const t = parseCallTrace('├── ( contract-call? )  trace-vault:10:5');
    assert.strictEqual(t.calls[0]!.kind, 'contract-call');
    assert.strictEqual(t.calls[0]!.callee, '');
    assert.strictEqual(t.calls[0]!.fn, '');
  });
});

describe('trace parse: arguments, callees and events', () => {
  /** A dynamic contract-call (a trait) that transfers, with events at three depths. */
  const DYNAMIC = [
    '│ ✸ print event: "start"',
    `├── ( contract-call? token transfer amount tx-sender recipient none )  trace-vault:12:5`,
    `│   │ ↳ args: u100, ${D}, SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE, none`,
    `│   │ ↳ callee: ${D}.token`,
    '│   │ ✸ ft_transfer_event: u100 token::tok',
    '│   ├── ( log-transfer amount )  token:30:7',
    '│   │   │ ↳ args: u100',
    '│   │   │ ✸ print event: (tuple (amount u100))',
    '│   │   └── true',
    '│   └── (ok true)',
    '│ ✸ print event: "done"',
    '└── (ok true)',
  ].join('\n');

  it('the callee line names the contract of a dynamic call; each event goes to the call that emitted it', () => {
    const t = parseCallTrace(DYNAMIC);
    const transfer = t.calls[0]!;
    assert.strictEqual(transfer.callee, `${D}.token`);
    assert.strictEqual(transfer.fn, 'transfer');
    assert.strictEqual(transfer.args, `u100, ${D}, SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE, none`);
    assert.deepStrictEqual(transfer.events, ['ft_transfer_event: u100 token::tok']);
    const log = transfer.children[0]!;
    assert.strictEqual(log.args, 'u100');
    assert.deepStrictEqual(log.events, ['print event: (tuple (amount u100))']);
    assert.deepStrictEqual(t.events, ['print event: "start"', 'print event: "done"']);
    assert.strictEqual(t.result, '(ok true)');
    assert.deepStrictEqual(
      flattenCalls(t.calls).map(({ call, depth }) => [depth, call.fn, call.returned]),
      [
        [0, 'transfer', '(ok true)'],
        [1, 'log-transfer', 'true'],
      ],
    );
  });

  it('an args or callee line before any call is ignored, not shown as an event', () => {
    const t = parseCallTrace(['│ ↳ args: u1', `│ ↳ callee: ${D}.token`, '└── (ok u1)'].join('\n'));
    assert.deepStrictEqual(t.events, []);
    assert.deepStrictEqual(t.calls, []);
    assert.strictEqual(t.result, '(ok u1)');
  });

  it('shows arguments, callees, values and the error without the padding around them', () => {
    const t = parseCallTrace(
      [
        `├── ( contract-call? token transfer amount )  trace-vault:12:5`,
        '│   │ ↳ args:   u100  ',
        `│   │ ↳ callee:  ${D}.token  `,
        '│   └──   (ok true)  ',
        '├── ( fee-for amount )  trace-vault:13:5',
        'Error:   Runtime error while interpreting trace-vault  ',
      ].join('\n'),
    );
    assert.strictEqual(t.calls[0]!.args, 'u100');
    assert.strictEqual(t.calls[0]!.callee, `${D}.token`);
    assert.strictEqual(t.calls[0]!.returned, '(ok true)');
    assert.strictEqual(t.error, 'Runtime error while interpreting trace-vault');
  });
});

describe('trace parse: bounds', () => {
  it('clips a text longer than the limit to the limit, ending in an ellipsis, and keeps one at the limit whole', () => {
    const exact = 'a'.repeat(MAX_TEXT);
    assert.strictEqual(clip(exact), exact);
    const over = clip(`${exact}b`);
    assert.strictEqual(over.length, MAX_TEXT);
    assert.ok(over.endsWith('a…'));
    assert.strictEqual(clip('abcdef', 4), 'abc…');
    assert.strictEqual(clip('abcd', 4), 'abcd');
    const t = parseCallTrace(`├── ( f u1 )  c:1:1\n│   │ ↳ args: ${exact}`);
    assert.strictEqual(t.calls[0]!.args, exact, 'an argument list of exactly the limit is shown whole');
  });

  it(`reads ${MAX_TRACE_LINES} lines whole, and says when more were left out`, () => {
    const event = (i: number) => `│ ✸ print event: u${i}`;
    const full = parseCallTrace(Array.from({ length: MAX_TRACE_LINES }, (_, i) => event(i)).join('\n'));
    assert.strictEqual(full.events.length, MAX_TRACE_LINES);
    assert.strictEqual(full.clipped, false);
    const more = parseCallTrace(Array.from({ length: MAX_TRACE_LINES + 1 }, (_, i) => event(i)).join('\n'));
    assert.strictEqual(more.events.length, MAX_TRACE_LINES);
    assert.strictEqual(more.events.at(-1), `print event: u${MAX_TRACE_LINES - 1}`);
    assert.strictEqual(more.clipped, true);
  });

  it('past the call cap, the calls left out lend neither their arguments nor their values to the ones kept', () => {
    // a loop of calls that each return, then the top-level call fails
    const lines: string[] = [];
    for (let i = 0; i < MAX_TRACE_CALLS + 20; i++) {
      lines.push(`├── ( step u${i} )  trace-vault:${i + 1}:5`, `│   │ ↳ args: u${i}`, `│   └── (ok u${i})`);
    }
    lines.push(`Error: Runtime error while interpreting ${D}.trace-vault`);
    const t = parseCallTrace(lines.join('\n'));
    assert.strictEqual(t.calls.length, MAX_TRACE_CALLS);
    assert.ok(t.clipped);
    const lastKept = t.calls.at(-1)!;
    assert.strictEqual(lastKept.args, `u${MAX_TRACE_CALLS - 1}`);
    assert.strictEqual(lastKept.returned, `(ok u${MAX_TRACE_CALLS - 1})`);
    assert.strictEqual(t.result, undefined, 'the failed call returned nothing');
    assert.match(t.error ?? '', /Runtime error/);
  });
});

describe('trace parse: malformed and hostile input', () => {
  it('an error message quoting trace marks is the error, not an event or a result', () => {
    const message = 'Runtime error while interpreting trace-vault: (err "│ ✸ x └── (ok u1)")';
    const t = parseCallTrace(['├── ( f u1 )  trace-vault:2:3', `Error: ${message}`].join('\n'));
    assert.strictEqual(t.error, message);
    assert.deepStrictEqual(t.events, []);
    assert.strictEqual(t.result, undefined);
  });

  it('lines that are not trace lines are ignored, without throwing', () => {
    const t = parseCallTrace(
      [
        'warning: Error: not the failure',
        '   ',
        '\t',
        '├── ( f u1 )  no-location',
        '│   ├── ( f u1 )  c:x:1',
        '├──',
        '│',
        '└──',
        '│   │   │   │   │   └── (ok u1)',
      ].join('\r\n'),
    );
    assert.strictEqual(t.error, undefined);
    assert.deepStrictEqual(t.calls, []);
    assert.strictEqual(t.result, undefined);
    assert.deepStrictEqual(t.events, []);
    assert.strictEqual(t.clipped, false);
  });

  it('a line printed deeper than any running call is not attached to a call that has finished', () => {
    const t = parseCallTrace(
      [
        '├── ( outer u1 )  trace-vault:2:3',
        '│   ├── ( inner u1 )  trace-vault:5:3',
        '│   │   └── u1',
        // stray: nothing runs at depth 1 any more
        '│   │   │ ✸ print event: stray',
        '│   └── u2',
        '├── ( left-open u1 )  trace-vault:8:3',
        '│   ├── ( child u1 )  trace-vault:9:3',
        // neither returned (their return lines are missing): a new top-level call starts
        '├── ( next u1 )  trace-vault:12:3',
        '│   │   │ ✸ print event: stray too',
        '│   │   └── (ok u9)',
        '└── (ok u2)',
      ].join('\n'),
    );
    const [outer, leftOpen, next] = t.calls;
    assert.deepStrictEqual(outer!.children[0]!.events, []);
    assert.strictEqual(outer!.returned, 'u2');
    const child = leftOpen!.children[0]!;
    assert.deepStrictEqual(child.events, []);
    assert.strictEqual(child.returned, undefined);
    assert.strictEqual(leftOpen!.returned, undefined);
    assert.deepStrictEqual(next!.children, []);
    assert.strictEqual(t.result, '(ok u2)');
  });
});

describe('trace parse: the failing expression', () => {
  const expected = {
    contract: 'trace-fees',
    line: 17,
    column: 26,
    expression: '( - reserve ( / amount u2 ) )',
    error: 'ArithmeticUnderflow',
  };

  it('reads a line and column of several digits', () => {
    assert.deepStrictEqual(failingExpressionOf(REPORT.join('\n')), expected);
  });

  it('reads the report in colour as the terminal shows it', () => {
    const coloured = [
      `\u001b[31mError occured in \u001b[1mtrace-fees:17:26\u001b[0m`,
      '\u001b[31m================================\u001b[0m',
      '\u001b[1mExpression:\u001b[0m',
      '\u001b[33m( - reserve ( / amount u2 ) )\u001b[0m',
      'Error: \u001b[31mArithmeticUnderflow\u001b[0m',
    ].join('\n');
    assert.deepStrictEqual(failingExpressionOf(coloured), expected);
  });

  it('reads the report with Windows line endings and trailing spaces', () => {
    const crlf = REPORT.map((l) => `${l} `).join('\r\n');
    assert.deepStrictEqual(failingExpressionOf(crlf), expected);
  });
});
