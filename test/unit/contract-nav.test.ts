import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parse as parseToml } from 'smol-toml';
import {
  accessText,
  calleeArgumentAt,
  calleeCompletionAt,
  callSnippet,
  contractRefOf,
  definitionOf,
  definitionsOf,
  isCallable,
  MAX_NAV_SOURCE_CHARS,
  navTargetAt,
  signatureLine,
  type Definition,
  type InterfaceFunction,
} from '../../src/chain/contractNav';
import { addRequirement, applyEdit } from '../../src/chain/clarinetRequirements';

const fixture = (p: string) => fs.readFileSync(path.resolve(__dirname, '../../../test/fixtures', p), 'utf8');
const SBTC_DEPOSIT = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-deposit';
const DEPLOYER = 'SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR';

/** The offset of the `n`-th occurrence of `needle` in `text`, plus `plus`. */
function at(text: string, needle: string, plus = 0, n = 0): number {
  let i = -1;
  for (let k = 0; k <= n; k++) i = text.indexOf(needle, i + 1);
  assert.ok(i >= 0, `${needle} is in the text`);
  return i + plus;
}

describe('Contract navigation: what a Clarity source names at a place', () => {
  const caller = [
    ';; calls sBTC',
    '(define-public (deposit (amount uint))',
    `  (contract-call? '${SBTC_DEPOSIT} complete-deposit-wrapper 0x00 u0 amount tx-sender 0x00 u1 0x00))`,
    "(define-read-only (pox) (contract-call? 'SP000000000000000000002Q6VF78.pox-4 get-pox-info))",
    '(define-public (local) (contract-call? .arkadiko-dao get-dao-owner))',
  ].join('\n');

  it('a callee function: the contract it belongs to and its name', () => {
    const t = navTargetAt(caller, at(caller, 'complete-deposit-wrapper', 3));
    assert.deepStrictEqual(t && t.kind === 'function' && { id: t.ref.id, fn: t.fn, net: t.ref.network }, {
      id: SBTC_DEPOSIT,
      fn: 'complete-deposit-wrapper',
      net: 'mainnet',
    });
    assert.strictEqual(t?.start, at(caller, 'complete-deposit-wrapper'));
  });

  it('a principal literal, with or without the quote, and a boot contract', () => {
    const t = navTargetAt(caller, at(caller, SBTC_DEPOSIT, 5));
    assert.strictEqual(t?.kind, 'contract');
    assert.strictEqual(t.ref.id, SBTC_DEPOSIT);
    assert.strictEqual(t.start, at(caller, SBTC_DEPOSIT), 'the range leaves the quote out');
    const boot = navTargetAt(caller, at(caller, 'pox-4', 1));
    assert.strictEqual(boot?.ref.id, 'SP000000000000000000002Q6VF78.pox-4');
    const fn = navTargetAt(caller, at(caller, 'get-pox-info', 2));
    assert.strictEqual(fn?.kind === 'function' && fn.fn, 'get-pox-info');
  });

  it('.name resolves against the deployer of the file, or names a project contract without one', () => {
    const o = at(caller, '.arkadiko-dao', 3);
    assert.strictEqual(navTargetAt(caller, o, { deployer: DEPLOYER })?.ref.id, `${DEPLOYER}.arkadiko-dao`);
    const bare = navTargetAt(caller, o);
    assert.deepStrictEqual(bare?.ref, { name: 'arkadiko-dao', relative: true });
  });

  it('trait references of use-trait and impl-trait (a real Arkadiko source)', () => {
    const src = fixture('clarity/real/arkadiko-dao.clar');
    const t = navTargetAt(src, at(src, 'sip-010-trait-ft-standard', 2));
    assert.strictEqual(t?.kind, 'contract');
    assert.strictEqual(t.ref.id, 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard');
    assert.strictEqual(t.ref.trait, 'sip-010-trait');
    const local = navTargetAt(src, at(src, '.arkadiko-dao-token-trait-v1', 4), { deployer: DEPLOYER });
    assert.strictEqual(local?.ref.trait, 'dao-token-trait');
    assert.strictEqual(local.ref.id, `${DEPLOYER}.arkadiko-dao-token-trait-v1`);
    const impl = navTargetAt('(impl-trait .x-trait.my-trait)', 14);
    assert.deepStrictEqual(impl?.ref, { name: 'x-trait', trait: 'my-trait', relative: true });
  });

  it('names nothing in a comment, a string, a keyword or a standard address', () => {
    const src = `;; see '${SBTC_DEPOSIT}\n(define-constant A "${SBTC_DEPOSIT}")\n(define-constant B 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE)`;
    assert.strictEqual(navTargetAt(src, at(src, SBTC_DEPOSIT, 4)), undefined, 'a comment');
    assert.strictEqual(navTargetAt(src, at(src, SBTC_DEPOSIT, 4, 1)), undefined, 'a string');
    assert.strictEqual(navTargetAt(src, at(src, 'define-constant', 2)), undefined);
    assert.strictEqual(navTargetAt(src, at(src, 'SP3FBR', 3)), undefined, 'an address is not a contract');
    assert.strictEqual(contractRefOf("'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE"), undefined);
  });

  it('completion applies right after the callee and while its function name is typed', () => {
    const typing = `(define-public (go) (contract-call? '${SBTC_DEPOSIT} `;
    const c = calleeCompletionAt(typing, typing.length);
    assert.deepStrictEqual(c && { id: c.ref.id, s: c.start, e: c.end }, {
      id: SBTC_DEPOSIT,
      s: typing.length,
      e: typing.length,
    });
    const partial = typing + 'get-bu';
    const p = calleeCompletionAt(partial, partial.length);
    assert.deepStrictEqual(p && [p.start, p.end], [typing.length, partial.length]);
    assert.strictEqual(calleeCompletionAt(typing, typing.length - 3), undefined, 'inside the principal');
    // The call is still open, so the code after it reads as its children: only what precedes counts.
    const later = typing + '\n(define-read-only (b) (ok u1))\n';
    assert.deepStrictEqual(calleeCompletionAt(later, typing.length)?.start, typing.length, 'code follows');
    const laterPartial = partial + '\n(define-read-only (b) (ok u1))\n';
    assert.deepStrictEqual(calleeCompletionAt(laterPartial, partial.length)?.start, typing.length);
    assert.strictEqual(calleeCompletionAt(partial + ' u1', partial.length + 3), undefined, 'at an argument');
  });

  it('the argument a place is in, nested expressions included', () => {
    const src = `(contract-call? '${SBTC_DEPOSIT} complete-deposit-wrapper 0x00 (+ u1 u2) `;
    assert.strictEqual(calleeArgumentAt(src, at(src, '0x00', 2))?.active, 0);
    assert.strictEqual(calleeArgumentAt(src, at(src, 'u2', 1))?.active, 1, 'inside a nested list');
    assert.strictEqual(calleeArgumentAt(src, src.length)?.active, 2, 'after the last');
    assert.strictEqual(calleeArgumentAt(src, at(src, 'complete', 2)), undefined, 'on the name');
  });

  it('finds each define line and the ;; lines above it in the real sBTC deposit contract', () => {
    const src = fixture('clarity/real/sbtc-deposit.clar');
    const d = definitionOf(src, 'complete-deposit-wrapper');
    assert.strictEqual(d?.line, src.split('\n').indexOf('(define-public (complete-deposit-wrapper (txid (buff 32))'));
    assert.strictEqual(d.character, 0);
    assert.deepStrictEqual(d.doc, [
      'Accept a new deposit request',
      'Note that this function can only be called by the current',
      'bootstrap signer set address - it cannot be called by users directly.',
      'This function handles the validation & minting of sBTC, it then calls',
      'into the sbtc-registry contract to update the state of the protocol',
    ]);
    assert.deepStrictEqual(definitionOf(src, 'get-burn-header')?.doc, [
      'Return the bitcoin header hash of the bitcoin block at the given height.',
    ]);
    // A blank line ends the comment: `;; private functions` is not the helper's doc.
    assert.deepStrictEqual(definitionOf(src, 'complete-individual-deposits-helper')?.doc, ['private functions']);
    assert.strictEqual(definitionOf(src, 'ERR_TXID_LEN'), undefined, 'a constant is not a function');
    assert.strictEqual(definitionOf(src, 'ERR_TXID_LEN', ['define-constant'])?.line, 13);
    assert.strictEqual(definitionOf(src, 'no-such-function'), undefined);
  });

  it('finds define-trait in a real trait contract', () => {
    const src = fixture('clarinet/real-arkadiko/contracts/arkadiko-dao-token-trait-v1.clar');
    const d = definitionOf(src, 'dao-token-trait', ['define-trait']);
    assert.ok(d, 'the trait is defined');
    assert.match(src.split('\n')[d.line]!, /^\(define-trait dao-token-trait/);
  });

  it('reads a large or broken source without throwing', () => {
    assert.deepStrictEqual(
      definitionsOf('(define-public (a').map((d) => d.name),
      ['a'],
      'a definition being typed is still found',
    );
    assert.deepStrictEqual(definitionsOf('x'.repeat(3 * 1024 * 1024)), [], 'over the cap');
    const deep = '('.repeat(20_000) + 'contract-call? .a b';
    assert.doesNotThrow(() => calleeArgumentAt(deep, deep.length));
    assert.doesNotThrow(() => navTargetAt(deep, deep.length - 1));
  });

  it('a signature, a snippet with one placeholder per argument, and which functions may be called', () => {
    const f: InterfaceFunction = {
      name: 'transfer',
      access: 'public',
      args: [
        { name: 'amount', type: 'uint128' },
        { name: 'to', type: 'principal' },
        { name: 'memo', type: { optional: { buffer: { length: 34 } } } },
      ],
      outputs: { type: { response: { ok: 'bool', error: 'uint128' } } },
    };
    assert.strictEqual(
      signatureLine(f),
      '(define-public (transfer (amount uint) (to principal) (memo (optional (buff 34)))) (response bool uint))',
    );
    assert.strictEqual(callSnippet(f), 'transfer ${1:amount} ${2:to} ${3:memo}');
    assert.strictEqual(callSnippet({ ...f, name: 'a$}', args: [] }), 'a\\$\\}');
    assert.deepStrictEqual(
      ['public', 'read_only', 'private'].map((access) => isCallable({ access })),
      [true, true, false],
    );
  });
});

describe('contract navigation: edges of a place', () => {
  const CALL = `(contract-call? '${SBTC_DEPOSIT} complete-deposit-wrapper 0x00 u1)`;

  it('a contract reference: its name, network and whether it is relative to the deployer', () => {
    assert.deepStrictEqual(contractRefOf(`'${SBTC_DEPOSIT}`), {
      id: SBTC_DEPOSIT,
      name: 'sbtc-deposit',
      network: 'mainnet',
      relative: false,
    });
    assert.deepStrictEqual(contractRefOf('.arkadiko-dao', { deployer: DEPLOYER }), {
      id: `${DEPLOYER}.arkadiko-dao`,
      name: 'arkadiko-dao',
      network: 'mainnet',
      relative: true,
    });
  });

  it('only a whole atom names a contract', () => {
    assert.strictEqual(contractRefOf(`${SBTC_DEPOSIT}!`), undefined, 'text after the id');
    assert.strictEqual(contractRefOf(`''${SBTC_DEPOSIT}`), undefined, 'text before the id');
    assert.strictEqual(contractRefOf('.arkadiko-dao!'), undefined, 'text after a .name');
    assert.strictEqual(contractRefOf('.arkadiko-dao.trait.extra'), undefined);
  });

  it('a contract target spans the atom without its quote, from its first to its last character', () => {
    const start = CALL.indexOf("'");
    for (const place of [start, start + 10, start + 1 + SBTC_DEPOSIT.length]) {
      const t = navTargetAt(CALL, place);
      assert.deepStrictEqual(t && { kind: t.kind, start: t.start, end: t.end }, {
        kind: 'contract',
        start: start + 1,
        end: start + 1 + SBTC_DEPOSIT.length,
      });
    }
    const rel = '(contract-call? .arkadiko-dao get-dao-owner)';
    const t = navTargetAt(rel, at(rel, '.arkadiko-dao', 1));
    assert.deepStrictEqual(t && [t.start, t.end], [16, 16 + '.arkadiko-dao'.length]);
  });

  it('a blank between atoms names nothing', () => {
    const src = `(f  '${SBTC_DEPOSIT})`;
    assert.strictEqual(navTargetAt(src, 3), undefined);
  });

  it('a function target spans the name; a callee "function" that is not a name is none', () => {
    const t = navTargetAt(CALL, at(CALL, 'complete-deposit-wrapper', 1));
    assert.deepStrictEqual(t && [t.kind, t.start, t.end], [
      'function',
      at(CALL, 'complete-deposit-wrapper'),
      at(CALL, 'complete-deposit-wrapper') + 'complete-deposit-wrapper'.length,
    ]);
    const hex = `(contract-call? '${SBTC_DEPOSIT} 0x00 u1)`;
    assert.strictEqual(navTargetAt(hex, at(hex, '0x00', 2)), undefined);
  });

  it('a comment inside a call is skipped', () => {
    const src = '(contract-call? ;; the DAO\n  .arkadiko-dao ;; its owner\n  get-dao-owner)';
    const t = navTargetAt(src, at(src, 'get-dao-owner', 2));
    assert.deepStrictEqual(t?.kind === 'function' && [t.fn, t.ref.name], ['get-dao-owner', 'arkadiko-dao']);
  });

  it('only a contract-call? is a call: not a tuple keyed contract-call?, nor another function given a contract', () => {
    const src = '{contract-call?: .arkadiko-dao, get-dao-owner: u1}';
    assert.strictEqual(navTargetAt(src, at(src, 'get-dao-owner', 2)), undefined);
    const eq = '(asserts! (is-eq .arkadiko-dao contract-caller) (err u401))';
    assert.strictEqual(navTargetAt(eq, at(eq, 'contract-caller', 2)), undefined, 'nor another call with a contract');
  });

  it('completion applies after the callee, not at its end and not after the closed call', () => {
    const typing = `(contract-call? '${SBTC_DEPOSIT}`;
    assert.strictEqual(calleeCompletionAt(typing, typing.length), undefined, 'at the end of the callee');
    const closed = `(contract-call? '${SBTC_DEPOSIT} )`;
    assert.strictEqual(calleeCompletionAt(closed, closed.length), undefined, 'after the closing paren');
    assert.ok(calleeCompletionAt(closed, closed.length - 1), 'before the closing paren');
    // At the start of a name already written, the completion inserts there.
    const named = `${typing} get-bu)`;
    const c = calleeCompletionAt(named, at(named, 'get-bu'));
    assert.deepStrictEqual(c && [c.start, c.end], [at(named, 'get-bu'), at(named, 'get-bu')]);
    // Right before an argument list, no name is written yet.
    const beforeList = `${typing} (x))`;
    assert.deepStrictEqual(calleeCompletionAt(beforeList, at(beforeList, '(x)'))?.start, at(beforeList, '(x)'));
  });

  it('the argument a place is in: none at the end of the name, the argument whose end it is', () => {
    assert.strictEqual(calleeArgumentAt(CALL, at(CALL, ' 0x00')), undefined, 'at the end of the name');
    assert.strictEqual(calleeArgumentAt(CALL, at(CALL, ' 0x00') + 1)?.active, 0, 'at the start of the first');
    assert.strictEqual(calleeArgumentAt(CALL, at(CALL, ' u1'))?.active, 0, 'at the end of the first');
    assert.strictEqual(calleeArgumentAt(CALL, at(CALL, 'u1)', 2))?.active, 1, 'at the end of the second');
  });

  it('every top-level define of a real contract, and nothing else', () => {
    const src = fixture('clarity/real/token-wxusd-tokensoft.clar');
    const defs = definitionsOf(src);
    assert.ok(defs.length > 20);
    for (const d of defs) assert.match(d.keyword, /^define-/, d.name);
    assert.ok(!defs.some((d) => d.name.includes('trait')), 'impl-trait is not a definition');
    assert.deepStrictEqual(defs[0] && [defs[0].keyword, defs[0].name, defs[0].line], [
      'define-fungible-token',
      'wxusd',
      3,
    ]);
  });

  it('a source that starts with a blank line counts its lines and columns from there', () => {
    assert.deepStrictEqual(definitionsOf('\n  (define-public (a) (ok u1))'), [
      { keyword: 'define-public', name: 'a', line: 1, character: 2, doc: [] },
    ]);
  });

  it('a source up to the cap is read, a longer one is not', () => {
    const def = '(define-public (a) (ok u1))';
    const pad = (n: number) => def + ' '.repeat(n - def.length);
    assert.deepStrictEqual(
      definitionsOf(pad(MAX_NAV_SOURCE_CHARS)).map((d) => d.name),
      ['a'],
    );
    assert.deepStrictEqual(definitionsOf(pad(MAX_NAV_SOURCE_CHARS + 1)), []);
  });

  it('a blank right after a principal names nothing; the contract-call? keyword is no function', () => {
    const blank = `(contract-call? '${SBTC_DEPOSIT}  complete-deposit-wrapper)`;
    assert.strictEqual(navTargetAt(blank, at(blank, '  complete') + 1), undefined);
    const open = `(contract-call? '${SBTC_DEPOSIT})`;
    assert.strictEqual(navTargetAt(open, 3), undefined, 'the keyword of a call without a function');
  });

  it('no completion of the callee functions at an argument, nor inside a list of the arguments', () => {
    assert.strictEqual(calleeCompletionAt(CALL, at(CALL, '0x00')), undefined, 'at the start of an argument');
    const nested = `(contract-call? '${SBTC_DEPOSIT} complete-deposit-wrapper (some `;
    assert.strictEqual(calleeCompletionAt(nested, nested.length), undefined);
  });

  it('the argument a place is in: comments are no arguments; none before a function is named', () => {
    const commented = `(define-public (go)\n  (contract-call? '${SBTC_DEPOSIT} complete-deposit-wrapper\n    0x00 ;; txid\n    u1))`;
    assert.strictEqual(calleeArgumentAt(commented, at(commented, 'u1', 1))?.active, 1);
    assert.strictEqual(calleeArgumentAt(commented, at(commented, 'txid'))?.active, 1, 'in the comment');
    const unnamed = `(contract-call? '${SBTC_DEPOSIT} `;
    assert.strictEqual(calleeArgumentAt(unnamed, unnamed.length), undefined, 'no function yet');
    // Typed before other code, which reads as the call's children: a list is no function name.
    const before = `${unnamed}\n(define-read-only (b) (ok u1))\n`;
    assert.strictEqual(calleeArgumentAt(before, before.length), undefined, 'code follows');
  });

  it('the argument a place is in, for a call in a function body and not after it', () => {
    const body = `(define-public (go) (contract-call? '${SBTC_DEPOSIT} complete-deposit-wrapper 0x00 u1))`;
    const a = calleeArgumentAt(body, at(body, 'u1', 1));
    assert.deepStrictEqual(a && [a.ref.id, a.fn, a.active], [SBTC_DEPOSIT, 'complete-deposit-wrapper', 1]);
    for (const after of [`${CALL}\n(print u2)`, `;; deposit\n${CALL}\n(print u2)`])
      assert.strictEqual(calleeArgumentAt(after, at(after, 'u2', 1)), undefined, after);
  });

  it('each definition: its line, its column and the ;; lines just above it, and nothing else', () => {
    // Four sources, more than definitionsOf keeps: read in turn, none is answered from an earlier run's read.
    const cases: Array<[string, Definition[]]> = [
      [
        [
          ';; The counter',
          '(define-data-var counter uint u0)',
          '',
          ';; unrelated note',
          '',
          ';; Adds one to the counter.',
          ';; Returns the new value.',
          '(define-public (increment)',
          '  (begin',
          '    (var-set counter (+ (var-get counter) u1))',
          '    (ok (var-get counter))))',
          '  (define-read-only (get-counter) (ok (var-get counter)))',
        ].join('\n'),
        [
          { keyword: 'define-data-var', name: 'counter', line: 1, character: 0, doc: ['The counter'] },
          {
            keyword: 'define-public',
            name: 'increment',
            line: 7,
            character: 0,
            doc: ['Adds one to the counter.', 'Returns the new value.'],
          },
          { keyword: 'define-read-only', name: 'get-counter', line: 11, character: 2, doc: [] },
        ],
      ],
      [
        [
          '(use-trait ft-trait .sip-010-trait-ft-standard.sip-010-trait)',
          '(impl-trait .sip-010-trait-ft-standard.sip-010-trait)',
          '(define-trait vault-trait ((deposit (uint) (response bool uint))))',
          '(begin (print "deployed"))',
          '(define-map balances principal uint)',
        ].join('\n'),
        [
          { keyword: 'define-trait', name: 'vault-trait', line: 2, character: 0, doc: [] },
          { keyword: 'define-map', name: 'balances', line: 4, character: 0, doc: [] },
        ],
      ],
      [
        '(define-constant OWNER tx-sender)\r\n;; Only the owner.\r\n (define-private (is-owner) (is-eq tx-sender OWNER))',
        [
          { keyword: 'define-constant', name: 'OWNER', line: 0, character: 0, doc: [] },
          { keyword: 'define-private', name: 'is-owner', line: 2, character: 1, doc: ['Only the owner.'] },
        ],
      ],
      [
        '(define-non-fungible-token nft uint)\n\n\t(define-public (mint (id uint)) (nft-mint? nft id tx-sender))',
        [
          { keyword: 'define-non-fungible-token', name: 'nft', line: 0, character: 0, doc: [] },
          { keyword: 'define-public', name: 'mint', line: 2, character: 1, doc: [] },
        ],
      ],
    ];
    for (const [src, defs] of cases) assert.deepStrictEqual(definitionsOf(src), defs, src);
  });

  it('access as Clarity writes it', () => {
    assert.deepStrictEqual(['read_only', 'public', 'private'].map(accessText), ['read-only', 'public', 'private']);
  });
});

describe('Clarinet.toml requirements: added as Clarinet writes them', () => {
  const ID = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard';
  const requirementsOf = (toml: string) =>
    ((parseToml(toml).project as { requirements?: Array<{ contract_id: string }> }).requirements ?? []).map(
      (r) => r.contract_id,
    );
  const add = (toml: string) => {
    const r = addRequirement(toml, ID);
    assert.ok(r.ok, r.ok ? '' : r.reason);
    return applyEdit(toml, r.edit);
  };

  it('after the last [[project.requirements]] of a real project (ALEX)', () => {
    const toml = fixture('clarinet/real-alex/Clarinet.toml');
    const before = requirementsOf(toml);
    const after = add(toml);
    assert.deepStrictEqual(requirementsOf(after), [...before, ID]);
    assert.match(
      after,
      /contract_id = "SP27BB1Y2DGSXZHS7G9YHKTSH6KQ6BD3QG0AN3CR9\.vibes-token"\n\[\[project\.requirements\]\]\ncontract_id = "SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE\.sip-010-trait-ft-standard"\n\n\[repl\]/,
    );
  });

  it('in place of the empty inline list of a new project, as a table', () => {
    const toml = fixture('workspace/Clarinet.toml');
    const after = add(toml);
    assert.deepStrictEqual(requirementsOf(after), [ID]);
    assert.doesNotMatch(after, /requirements = \[\]/);
    assert.match(after, /\[\[project\.requirements\]\]\ncontract_id = "SP3FBR/);
    assert.deepStrictEqual(
      Object.keys(parseToml(after).contracts as object),
      Object.keys(parseToml(toml).contracts as object),
    );
  });

  it('appended to a non-empty inline list; a [project] without requirements gets the table', () => {
    const inline =
      '[project]\nname = "x"\nrequirements = [{ contract_id = "SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.arkadiko-token" }]\n\n[contracts.a]\npath = "contracts/a.clar"\n';
    assert.deepStrictEqual(requirementsOf(add(inline)), [
      'SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.arkadiko-token',
      ID,
    ]);
    const none = '[project]\r\nname = "x"\r\n\r\n[contracts.a]\r\npath = "contracts/a.clar"\r\n';
    const out = add(none);
    assert.deepStrictEqual(requirementsOf(out), [ID]);
    assert.ok(!/[^\r]\n/.test(out), 'the manifest keeps its CRLF line endings');
    assert.deepStrictEqual(requirementsOf(add('[project]\nname = "x"')), [ID], 'no newline at the end');
  });

  it('the text it writes, line for line, in each layout', () => {
    const OTHER = 'SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.arkadiko-token';
    const table = (eol = '\n') => `[[project.requirements]]${eol}contract_id = "${ID}"${eol}`;
    const cases: Array<[string, string, string]> = [
      ['no [project], no newline at the end', '[repl]\nx = 1', `[repl]\nx = 1\n${table()}`],
      [
        'a [project] with a comment, blank lines kept after it',
        '[project] # the project\nname = "x"\n\n\n[contracts.a]\npath = "a.clar"\n',
        `[project] # the project\nname = "x"\n${table()}\n\n[contracts.a]\npath = "a.clar"\n`,
      ],
      [
        'a spaced [ project ] followed at once by a table: a blank line between',
        '[ project ]\nname = "x"\n[contracts.a]\npath = "a.clar"\n',
        `[ project ]\nname = "x"\n${table()}\n[contracts.a]\npath = "a.clar"\n`,
      ],
      [
        'after the last requirement, in CRLF',
        `[project]\r\nname = "x"\r\n\r\n[[project.requirements]]\r\ncontract_id = "${OTHER}"\r\n\r\n[contracts.a]\r\npath = "a.clar"\r\n`,
        `[project]\r\nname = "x"\r\n\r\n[[project.requirements]]\r\ncontract_id = "${OTHER}"\r\n${table('\r\n')}\r\n[contracts.a]\r\npath = "a.clar"\r\n`,
      ],
      [
        'after the last requirement, at the end without a newline',
        `[project]\nname = "x"\n[[project.requirements]]\ncontract_id = "${OTHER}"`,
        `[project]\nname = "x"\n[[project.requirements]]\ncontract_id = "${OTHER}"\n${table()}`,
      ],
      [
        'an inline list ending in a comma, with a comment after it',
        `[project]\nname = "x"\nrequirements = [{ contract_id = "${OTHER}" },] # deps\n`,
        `[project]\nname = "x"\nrequirements = [{ contract_id = "${OTHER}" }, { contract_id = "${ID}" }] # deps\n`,
      ],
      [
        'an empty inline list on the last line',
        '[project]\nname = "x"\nrequirements = []\n',
        `[project]\nname = "x"\n${table()}`,
      ],
    ];
    for (const [what, before, after] of cases) assert.strictEqual(add(before), after, what);
  });

  it('refuses what it cannot write safely', () => {
    const multi =
      '[project]\nname = "x"\nrequirements = [\n  { contract_id = "SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.arkadiko-token" },\n]\n';
    const r = addRequirement(multi, ID);
    assert.ok(!r.ok && /several lines/.test(r.reason));
    assert.ok(!addRequirement('[project]\n', 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.x"]').ok, 'not a contract id');
  });
});
