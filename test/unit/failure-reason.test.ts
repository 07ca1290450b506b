import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  explainFailure,
  failureHeadline,
  MAX_FAILURE_SOURCE_CHARS,
  failureLinks,
  linkText,
  sameLink,
  sameSite,
  allSites,
  valueOfText,
  type ErrorSite,
  type FailureNames,
} from '../../src/chain/failureReason';
import { clarityText } from '../../src/chain/clarity';
import { cvToHex, responseErrorCV, stringUtf8CV } from '@stacks/transactions';
import { nearlyMaxFailureSource } from '../fixtures/hostile';

const ROOT = path.resolve(__dirname, '../../../test/fixtures');
const real = (name: string) => fs.readFileSync(path.join(ROOT, 'clarity/real', name), 'utf8');
const deployed = (name: string) => fs.readFileSync(path.join(ROOT, 'deployed', name), 'utf8');
const apiTx = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, 'api', name), 'utf8')) as { tx_result: { hex: string; repr: string } };

/** `(err uN)` as the node serializes it: what a transaction's `tx_result.hex` holds. */
const errUintHex = (n: number) => '0x0801' + n.toString(16).padStart(32, '0');

function ok(f: FailureNames): Extract<FailureNames, { ok: true }> {
  assert.ok(f.ok, f.ok ? '' : f.reason);
  return f;
}

/** The names of the constants a failure's value is found under, in the order given. */
const namesOf = (source: string, fn: string, result: string) =>
  ok(explainFailure(source, fn, result)).names.map((n) => n.name);

/** 1-based line and the text there, as a reader opening the file sees it. */
function lineOf(source: string, line: number): string {
  return source.split('\n')[line]!.trim();
}

describe('Failure reasons: which constant and line returned a failed call’s (err …)', () => {
  it('names the sBTC deposit’s constant and points at the asserts! of the called function', () => {
    const src = real('sbtc-deposit.clar');
    // The result as the transaction carries it: decoded from the hex with @stacks/transactions.
    const result = clarityText(errUintHex(302))!;
    assert.strictEqual(result, '(err u302)');
    const f = ok(explainFailure(src, 'complete-deposit-wrapper', result));
    assert.deepStrictEqual(
      f.names.map((n) => n.name),
      ['ERR_LOWER_THAN_DUST'],
    );
    const [site] = f.names[0]!.sites;
    assert.strictEqual(site!.how, 'asserts!');
    assert.strictEqual(site!.fn, 'complete-deposit-wrapper');
    assert.strictEqual(lineOf(src, site!.line), '(asserts! (>= amount dust-limit) ERR_LOWER_THAN_DUST)');
    assert.strictEqual(src.split('\n')[site!.line]!.slice(site!.character, site!.character + 9), '(asserts!');
    assert.strictEqual(failureHeadline(f), 'Failed with ERR_LOWER_THAN_DUST (err u302)');
  });

  it('lists every asserts! that returns the same constant, in source order', () => {
    const src = real('sbtc-deposit.clar');
    const f = ok(explainFailure(src, 'complete-deposit-wrapper', '(err u300)'));
    assert.strictEqual(f.names.length, 1);
    assert.deepStrictEqual(
      f.names[0]!.sites.map((s) => lineOf(src, s.line)),
      [
        '(asserts! (is-eq (len txid) txid-length) ERR_TXID_LEN)',
        '(asserts! (is-eq (len sweep-txid) txid-length) ERR_TXID_LEN)',
      ],
    );
  });

  it('follows try! into a private function of the same contract (ALEX wrapped token)', () => {
    const src = real('token-wxusd-tokensoft.clar');
    const f = ok(explainFailure(src, 'set-name', '(err u1000)'));
    assert.deepStrictEqual(
      f.names.map((n) => n.name),
      ['ERR-NOT-AUTHORIZED'],
    );
    const [site] = f.names[0]!.sites;
    assert.strictEqual(site!.fn, 'check-is-owner');
    const setName = src.split('\n').findIndex((l) => l.startsWith('(define-public (set-name'));
    assert.deepStrictEqual(site!.via, { fn: 'set-name', line: setName + 2 });
    assert.strictEqual(lineOf(src, setName + 2), '(try! (check-is-owner))');
    assert.strictEqual(
      lineOf(src, site!.line),
      '(ok (asserts! (is-eq tx-sender (var-get contract-owner)) ERR-NOT-AUTHORIZED))',
    );
  });

  it('names a constant of the error code used as (err NAME) (Arkadiko DAO)', () => {
    const src = real('arkadiko-dao.clar');
    const f = ok(explainFailure(src, 'set-dao-owner', '(err u100401)'));
    assert.deepStrictEqual(
      f.names.map((n) => n.name),
      ['ERR-NOT-AUTHORIZED'],
    );
    assert.strictEqual(f.names[0]!.sites[0]!.how, 'asserts!');
    assert.strictEqual(
      lineOf(src, f.names[0]!.sites[0]!.line),
      '(asserts! (is-eq tx-sender (var-get dao-owner)) (err ERR-NOT-AUTHORIZED))',
    );
    // The definition is where the name links when no site is known.
    assert.strictEqual(lineOf(src, f.names[0]!.line), '(define-constant ERR-NOT-AUTHORIZED u100401)');
  });

  it('says the contract returns an inline (err uN) without a name, and where', () => {
    const src = real('arkadiko-mock-stacker-v1-1.clar');
    const inlineErr = src.match(/\(err u(\d+)\)/);
    // The mock stacker names all its codes; an inline one is written here to test the reader, not a guess at the file.
    const source = `${src}\n(define-public (probe) (begin (asserts! false (err u4242)) (ok true)))\n`;
    assert.ok(!inlineErr || inlineErr[1] !== '4242');
    const f = ok(explainFailure(source, 'probe', '(err u4242)'));
    assert.deepStrictEqual(f.names, []);
    assert.strictEqual(f.inline.length, 1);
    assert.strictEqual(
      lineOf(source, f.inline[0]!.line),
      '(define-public (probe) (begin (asserts! false (err u4242)) (ok true)))',
    );
    assert.strictEqual(failureHeadline(f), 'Failed with (err u4242): the contract returns (err u4242) without a name');
    const links = failureLinks(f);
    assert.strictEqual(links.length, 1);
    assert.strictEqual(linkText(links[0]!), `asserts! in probe, line ${f.inline[0]!.line + 1}`);
    // An (err …) that is the function's value, not an asserts!'s: "returned".
    const direct = ok(explainFailure('(define-public (g)\n  (if true (err u77) (ok true)))', 'g', '(err u77)'));
    assert.deepStrictEqual(failureLinks(direct).map(linkText), ['returned in g, line 2']);
  });

  it('follows a call through try! into another public function (CityCoins user registry)', () => {
    const src = deployed('ccd003-user-registry.clar');
    const f = ok(explainFailure(src, 'get-or-create-user-id', '(err u3000)'));
    assert.deepStrictEqual(
      f.names.map((n) => n.name),
      ['ERR_UNAUTHORIZED'],
    );
    const site = f.names[0]!.sites[0]!;
    assert.strictEqual(site.fn, 'is-dao-or-extension');
    assert.strictEqual(site.line, 25);
    assert.strictEqual(lineOf(src, site.line), '(ok (asserts! (or (is-eq tx-sender .base-dao)');
    assert.strictEqual(site.character, 6);
  });

  it('says so when the value is computed and written nowhere (sBTC deposit index errors)', () => {
    const src = real('sbtc-deposit.clar');
    const f = ok(explainFailure(src, 'complete-deposits-wrapper', '(err u313)'));
    assert.deepStrictEqual([f.names, f.inline], [[], []]);
    assert.match(failureHeadline(f), /^Failed with \(err u313\): no constant or expression .* may be computed/);
  });

  it('lists several candidates of the same value, and only those the function returns', () => {
    const src = [
      '(define-constant ERR-A (err u7))',
      '(define-constant ERR-B (err u7))',
      '(define-constant ERR-C (err u7))',
      '(define-public (f (x uint)) (begin (asserts! (> x u1) ERR-A) (unwrap! (some x) ERR-B) (ok x)))',
    ].join('\n');
    const f = ok(explainFailure(src, 'f', '(err u7)'));
    assert.deepStrictEqual(
      f.names.map((n) => [n.name, n.sites.map((s) => s.how)]),
      [
        ['ERR-A', ['asserts!']],
        ['ERR-B', ['unwrap!']],
      ],
    );
    assert.strictEqual(failureHeadline(f), 'Failed with ERR-A or ERR-B (err u7)');
    const three = ok(explainFailure(src.replace('(ok x)', '(if (is-eq x u3) ERR-C (ok x))'), 'f', '(err u7)'));
    assert.strictEqual(failureHeadline(three), 'Failed with ERR-A, ERR-B or ERR-C (err u7)');
  });

  it('offers the constants of that value when the called function reaches none of them', () => {
    const src = '(define-constant ERR-X (err u9))\n(define-public (f) (contract-call? .other g))';
    const f = ok(explainFailure(src, 'f', '(err u9)'));
    assert.deepStrictEqual(
      f.names.map((n) => [n.name, n.sites.length, n.line]),
      [['ERR-X', 0, 0]],
    );
  });

  it('matches tuples and strings whatever the key order or the form they are written in', () => {
    const src = [
      '(define-constant ERR-T (err { msg: "no", code: u01 }))',
      '(define-public (f) (begin (unwrap-err! (ok u1) ERR-T) (ok true)))',
    ].join('\n');
    assert.strictEqual(valueOfText('(err (tuple (code u1) (msg "no")))'), '(err (tuple (code u1) (msg "no")))');
    const f = ok(explainFailure(src, 'f', '(err (tuple (code u1) (msg "no")))'));
    assert.deepStrictEqual(
      f.names.map((n) => [n.name, n.sites[0]!.how]),
      [['ERR-T', 'unwrap-err!']],
    );
  });

  it('matches lists, signed integers and leading zeros as the node writes them', () => {
    const canonical: Array<[string, string | undefined]> = [
      ['(err u000)', '(err u0)'],
      ['(err u007)', '(err u7)'],
      ['(err -007)', '(err -7)'],
      ['(err 0)', '(err 0)'],
      ['(err -0)', '(err 0)'],
      ['(err -00)', '(err 0)'],
      ['(err 100)', '(err 100)'],
      ['(err (list u1 u02))', '(err (list u1 u2))'],
      ['(err (list))', '(err (list))'],
      ['(err (list u1 (tuple (b u2) (a u01))))', '(err (list u1 (tuple (a u1) (b u2))))'],
      ['(err (list u1 unknown-name))', undefined],
      ['(err 0xAB)', '(err 0xab)'],
      ["(err 'SP000000000000000000002Q6VF78.pox)", '(err SP000000000000000000002Q6VF78.pox)'],
    ];
    assert.deepStrictEqual(
      canonical.map(([text]) => [text, valueOfText(text)]),
      canonical,
    );
    const src = [
      '(define-constant ERR-LIST (err (list u1 u02)))',
      '(define-constant ERR-NEG (err -007))',
      '(define-public (f (x int)) (begin (asserts! (> x 0) ERR-NEG) (asserts! (> x 1) ERR-LIST) (ok true)))',
    ].join('\n');
    assert.deepStrictEqual(namesOf(src, 'f', '(err (list u1 u2))'), ['ERR-LIST']);
    assert.deepStrictEqual(namesOf(src, 'f', '(err -7)'), ['ERR-NEG']);
  });

  it('reads the failed fixture transaction the mock serves: its hex decodes to the repr', () => {
    const tx = apiTx('tx-failed.json');
    assert.strictEqual(clarityText(tx.tx_result.hex), tx.tx_result.repr);
  });

  describe('bad input: the raw result and one sentence, never a name', () => {
    const src = deployed('ccd003-user-registry.clar');
    const cases: Array<[string, () => FailureNames, RegExp]> = [
      [
        'a source that does not parse',
        () => explainFailure('(define-public (f) (ok u1)', 'f', '(err u1)'),
        /could not be read/,
      ],
      [
        'a constant defined twice',
        () =>
          explainFailure(
            '(define-constant E (err u1))\n(define-constant E (err u2))\n(define-public (f) E)',
            'f',
            '(err u1)',
          ),
        /defines the constant E twice/,
      ],
      [
        'a result that is not a response',
        () => explainFailure(src, 'callback', '(ok true)'),
        /not an \(err …\) response/,
      ],
      [
        'a result that is not a value',
        () => explainFailure(src, 'callback', '(err'),
        /could not be read as a Clarity value/,
      ],
      [
        'a function the source lacks',
        () => explainFailure(src, 'no-such-fn', '(err u3000)'),
        /has no function no-such-fn/,
      ],
      ['a huge source', () => explainFailure(' '.repeat(MAX_FAILURE_SOURCE_CHARS + 1), 'f', '(err u1)'), /over 2 MB/],
    ];
    for (const [what, run, reason] of cases)
      it(what, () => {
        const f = run();
        assert.ok(!f.ok);
        assert.match(f.reason, reason);
        assert.match(failureHeadline(f), /^Failed with .+\. No name was found: /);
        assert.doesNotMatch(failureHeadline(f), /would have/);
      });
  });

  describe('adversarial shapes: linear time, bounded', function () {
    this.timeout(20_000);
    const time = (run: () => void) => {
      const t0 = performance.now();
      run();
      return performance.now() - t0;
    };

    it('deep nesting: 20,000 levels inside the called function read without a stack overflow', () => {
      const depth = 20_000;
      const src = `(define-constant E (err u1))\n(define-public (f) ${'(begin '.repeat(depth)}E${')'.repeat(depth)})`;
      const f = ok(explainFailure(src, 'f', '(err u1)'));
      assert.strictEqual(f.names[0]!.sites.length, 1);
    });

    it('a constant nested deeper than is read is not matched, and costs nothing', () => {
      const depth = 50_000;
      const src = `(define-constant E ${'(some '.repeat(depth)}u1${')'.repeat(depth)})\n(define-public (f) E)`;
      const f = ok(explainFailure(src, 'f', '(err u1)'));
      assert.deepStrictEqual(f.names, []);
    });

    it('many constants and many functions: eight times the size takes far less than 64 times the time', () => {
      const build = (n: number) => {
        const parts: string[] = [];
        for (let i = 0; i < n; i++) parts.push(`(define-constant ERR-${i} (err u${i}))`);
        for (let i = 0; i < n; i++)
          parts.push(
            `(define-private (p${i}) (begin (asserts! true ERR-${i}) ${i + 1 < n ? `(p${i + 1})` : '(ok u1)'}))`,
          );
        parts.push('(define-public (f) (p0))');
        return parts.join('\n');
      };
      const small = build(1_000);
      const large = build(8_000);
      // The best of five of each: the machine may be busy; a quadratic walk would take 64 times as long.
      const best = (s: string, r: string) => {
        let ms = Infinity;
        for (let i = 0; i < 5; i++)
          ms = Math.min(
            ms,
            time(() => explainFailure(s, 'f', r)),
          );
        return ms;
      };
      const a = best(small, '(err u999)');
      const b = best(large, '(err u7999)');
      const f = ok(explainFailure(large, 'f', '(err u7999)'));
      assert.strictEqual(f.names[0]!.sites[0]!.fn, 'p7999');
      assert.ok(b < a * 32 + 50, `8,000 took ${b.toFixed(1)} ms, 1,000 took ${a.toFixed(1)} ms`);
    });

    it('a source of nearly 2 MB is read whole: the site is found in its first copy and in its last (its time: npm run bench)', () => {
      const { source, copies } = nearlyMaxFailureSource(MAX_FAILURE_SOURCE_CHARS);
      assert.ok(
        source.length > MAX_FAILURE_SOURCE_CHARS * 0.95 && source.length <= MAX_FAILURE_SOURCE_CHARS,
        `${source.length}`,
      );
      const copyLines = source.split('\n').length / copies;
      for (const copy of [0, copies - 1]) {
        const f = ok(explainFailure(source, `complete-deposit-wrapper-${copy}`, '(err u302)'));
        assert.deepStrictEqual(
          f.names.map((n) => [n.name, n.sites.map((s) => [s.fn, s.line])]),
          [[`ERR_LOWER_THAN_DUST-${copy}`, [[`complete-deposit-wrapper-${copy}`, copy * copyLines + 46]]]],
        );
      }
    });
  });

  it('finds the same site in another copy of the source (a workspace file with a line more)', () => {
    const src = deployed('ccd003-user-registry.clar');
    const onChain = ok(explainFailure(src, 'get-or-create-user-id', '(err u3000)'));
    const local = `;; a comment the deployed copy does not have\n${src}`;
    const there = ok(explainFailure(local, 'get-or-create-user-id', '(err u3000)'));
    const site = sameSite(onChain, onChain.names[0]!.sites[0]!, there);
    assert.strictEqual(site?.line, onChain.names[0]!.sites[0]!.line + 1);
  });

  it('finds the same site by function, form and name when the other copy returns the error in more places', () => {
    const constants = '(define-constant ERR-A (err u1))\n(define-constant ERR-B (err u1))\n';
    const onChain = ok(
      explainFailure(
        `${constants}(define-public (f (x uint))\n  (begin\n    (asserts! (> x u1) ERR-A)\n    (unwrap! (some x) ERR-B)\n    (ok x)))`,
        'f',
        '(err u1)',
      ),
    );
    const local = ok(
      explainFailure(
        `${constants}(define-public (f (x uint))\n  (begin\n    (asserts! (> x u0) ERR-B)\n    (asserts! (> x u1) ERR-A)\n    (unwrap! (some x) ERR-B)\n    (ok x)))`,
        'f',
        '(err u1)',
      ),
    );
    const where = (site: ErrorSite | undefined) => site && [site.how, site.name, site.line, site.character];
    const [asserts, unwrap] = [onChain.names[0]!.sites[0]!, onChain.names[1]!.sites[0]!];
    assert.deepStrictEqual(where(asserts), ['asserts!', 'ERR-A', 4, 4]);
    assert.deepStrictEqual(where(unwrap), ['unwrap!', 'ERR-B', 5, 4]);
    assert.deepStrictEqual(where(sameSite(onChain, asserts, local)), ['asserts!', 'ERR-A', 5, 4]);
    assert.deepStrictEqual(where(sameSite(onChain, unwrap, local)), ['unwrap!', 'ERR-B', 6, 4]);
  });

  it('links each name to where it is returned, in words a reader can follow', () => {
    const src = real('token-wxusd-tokensoft.clar');
    const f = ok(explainFailure(src, 'set-name', '(err u1000)'));
    const [link] = failureLinks(f);
    assert.strictEqual(link!.name, 'ERR-NOT-AUTHORIZED');
    assert.match(linkText(link!), /^asserts! in check-is-owner, line \d+ \(called from set-name, line \d+\)$/);
    // The same link in a copy with two more lines above.
    const there = ok(explainFailure(`;; a\n;; b\n${src}`, 'set-name', '(err u1000)'));
    assert.strictEqual(sameLink(f, link!, there)?.line, link!.line + 2);
    // A link of another reading of the same source (a command reads it again) finds it too.
    assert.strictEqual(sameLink(explainFailure(src, 'set-name', '(err u1000)'), link!, there)?.line, link!.line + 2);
  });

  it('a name returned nowhere links to its definition', () => {
    const src = '(define-constant ERR-X (err u9))\n(define-public (f) (contract-call? .other g))';
    const f = ok(explainFailure(src, 'f', '(err u9)'));
    assert.deepStrictEqual(failureLinks(f), [{ name: 'ERR-X', line: 0, character: 0 }]);
    assert.strictEqual(linkText(failureLinks(f)[0]!), 'defined on line 1');
    // The definition in another copy of the source: found by the name, wherever it moved.
    const moved = ok(explainFailure(`;; a line more\n${src}`, 'f', '(err u9)'));
    assert.deepStrictEqual(sameLink(f, failureLinks(f)[0]!, moved), { name: 'ERR-X', line: 1, character: 0 });
    const renamed = ok(explainFailure(src.replace(/ERR-X/g, 'ERR-Y'), 'f', '(err u9)'));
    assert.strictEqual(sameLink(f, failureLinks(f)[0]!, renamed), undefined);
  });
});

describe('Failure reasons: limits and forms, each exactly', () => {
  const nested = (open: string, close: string, levels: number, inner = 'u1') =>
    `(err ${open.repeat(levels)}${inner}${close.repeat(levels)})`;

  it('a result of 200 characters is shown whole; a longer one is cut to 199 and an ellipsis', () => {
    const of = (chars: number) => `(ok "${'x'.repeat(chars - 7)}")`;
    assert.strictEqual(of(200).length, 200);
    const whole = explainFailure('', 'f', of(200));
    assert.strictEqual(whole.result, of(200));
    const cut = explainFailure('', 'f', of(201));
    assert.strictEqual(cut.result, `${of(201).slice(0, 199)}…`);
  });

  it('a result of 10,000 characters is looked for; a longer one is not, and says why', () => {
    const of = (chars: number) => `(err "${'x'.repeat(chars - 8)}")`;
    const src = `(define-constant ERR-LONG ${of(10_000)})\n(define-public (f) ERR-LONG)`;
    assert.strictEqual(of(10_000).length, 10_000);
    assert.deepStrictEqual(namesOf(src, 'f', of(10_000)), ['ERR-LONG']);
    const over = explainFailure(src, 'f', of(10_001));
    assert.ok(!over.ok);
    assert.strictEqual(over.reason, 'The result is too long to look for in the source.');
    assert.strictEqual(over.result.length, 200);
  });

  it('a source of exactly 2 MiB is read', () => {
    const src = '(define-constant E (err u1))\n(define-public (f) E)\n';
    const padded = src + ' '.repeat(MAX_FAILURE_SOURCE_CHARS - src.length);
    assert.strictEqual(padded.length, MAX_FAILURE_SOURCE_CHARS);
    assert.deepStrictEqual(namesOf(padded, 'f', '(err u1)'), ['E']);
  });

  it('top-level calls that name the same map twice are not constants (a contract that fills its maps)', () => {
    const src = [
      '(define-map allowed principal bool)',
      '(map-set allowed tx-sender true)',
      "(map-set allowed 'SP000000000000000000002Q6VF78 true)",
      '(define-constant ERR-DENIED (err u403))',
      '(define-public (f) (begin (asserts! (default-to false (map-get? allowed tx-sender)) ERR-DENIED) (ok true)))',
    ].join('\n');
    assert.deepStrictEqual(namesOf(src, 'f', '(err u403)'), ['ERR-DENIED']);
  });

  it('a constant written with a comment between its name and its value is read', () => {
    const src = [
      '(define-constant ERR-NOT-OWNER',
      '  ;; the caller is not the contract owner',
      '  (err u401))',
      '(define-public (f) (begin (asserts! (is-eq tx-sender contract-caller) ERR-NOT-OWNER) (ok true)))',
    ].join('\n');
    assert.deepStrictEqual(
      ok(explainFailure(src, 'f', '(err u401)')).names.map((n) => [n.name, n.sites[0]?.how]),
      [['ERR-NOT-OWNER', 'asserts!']],
    );
  });

  it('an error returned from inside a tuple the function builds is found', () => {
    const src = [
      '(define-constant ERR-NONE (err u404))',
      '(define-public (f (x (optional uint)))',
      '  (ok { amount: (unwrap! x ERR-NONE), fee: u1 }))',
    ].join('\n');
    const f = ok(explainFailure(src, 'f', '(err u404)'));
    assert.deepStrictEqual(
      f.names.map((n) => n.sites.map((s) => [s.how, s.line, s.character])),
      [[['unwrap!', 2, 16]]],
    );
  });

  it('a constant returned as the function’s value reads as "returns"', () => {
    const src = '(define-constant ERR-X (err u9))\n(define-public (f (x uint))\n  (if (is-eq x u3) ERR-X (ok x)))';
    const f = ok(explainFailure(src, 'f', '(err u9)'));
    assert.deepStrictEqual(failureLinks(f).map(linkText), ['returns in f, line 3']);
  });

  it('lines are counted right in a source that starts with a blank line', () => {
    const src = '\n(define-constant ERR-X (err u9))\n(define-public (f)\n  (begin (asserts! false ERR-X) (ok true)))';
    const f = ok(explainFailure(src, 'f', '(err u9)'));
    assert.deepStrictEqual(
      [f.names[0]!.line, f.names[0]!.character, f.names[0]!.sites[0]!.line, f.names[0]!.sites[0]!.character],
      [1, 0, 3, 9],
    );
  });

  it('the sites are listed in source order, though a returned name nested inside is met first', () => {
    const src = [
      '(define-constant ERR-A (err u1))',
      '(define-constant ERR-B (err u1))',
      '(define-public (f (x (optional uint)))',
      '  (begin (unwrap! (if (is-some x) x',
      'ERR-A) ERR-B) (ok true)))',
    ].join('\n');
    const f = ok(explainFailure(src, 'f', '(err u1)'));
    assert.deepStrictEqual(
      f.names.map((n) => [n.name, n.sites.map((s) => [s.how, s.line, s.character])]),
      [
        ['ERR-B', [['unwrap!', 3, 9]]],
        ['ERR-A', [['returns', 4, 0]]],
      ],
    );
    // On one line: by column.
    const one = ok(explainFailure(src.replace('x\nERR-A', 'x ERR-A'), 'f', '(err u1)'));
    assert.deepStrictEqual(
      one.names.map((n) => n.name),
      ['ERR-B', 'ERR-A'],
    );
  });

  it('the sites of the called function come before those of the functions it calls, each in source order', () => {
    const src = [
      '(define-constant ERR-A (err u1))',
      '(define-constant ERR-B (err u1))',
      '(define-private (check (x (optional uint))) (ok (unwrap! (if (is-some x) x ERR-B) ERR-B)))',
      '(define-public (f (x uint))',
      '  (begin (try! (check (some x))) (asserts! (> x u3) ERR-A) (asserts! (> x u4) ERR-A) (ok true)))',
    ].join('\n');
    const f = ok(explainFailure(src, 'f', '(err u1)'));
    const lines = src.split('\n');
    assert.deepStrictEqual(
      allSites(f).map((s) => [s.fn, s.how, lines[s.line]!.slice(s.character).split(' ')[0]]),
      [
        ['f', 'asserts!', '(asserts!'],
        ['f', 'asserts!', '(asserts!'],
        ['check', 'unwrap!', '(unwrap!'],
        ['check', 'returns', 'ERR-B)'],
      ],
    );
    assert.deepStrictEqual(
      allSites(f).map((s) => [s.line, s.character]),
      [
        [4, 33],
        [4, 59],
        [2, 48],
        [2, 75],
      ],
    );
  });

  it('finds the same site in another copy by its rank among the sites of its own function', () => {
    const src = (extra: string) =>
      [
        '(define-constant ERR-A (err u1))',
        '(define-private (check (x uint)) (begin (asserts! (> x u1) ERR-A) (ok true)))',
        '(define-public (f (x uint))',
        `  (begin ${extra}(try! (check x)) (ok true)))`,
      ].join('\n');
    const onChain = ok(explainFailure(src('(asserts! (> x u0) ERR-A) '), 'f', '(err u1)'));
    const local = ok(explainFailure(src(''), 'f', '(err u1)'));
    const inCheck = allSites(onChain).find((s) => s.fn === 'check')!;
    assert.deepStrictEqual(sameSite(onChain, inCheck, local), allSites(local)[0]);
    assert.strictEqual(allSites(local)[0]!.fn, 'check');
  });

  it('finds the same site among several of the same form by line and column, not by one of them', () => {
    const body = (pad: string) =>
      [
        '(define-constant ERR-A (err u1))',
        `${pad}(define-public (f (a bool) (b bool) (c bool))`,
        '  (begin',
        '    (asserts! a ERR-A) (asserts! b ERR-A)',
        '    (asserts! c ERR-A)',
        '    (ok true)))',
      ].join('\n');
    const onChain = ok(explainFailure(body(''), 'f', '(err u1)'));
    const local = ok(explainFailure(body(';; a line more\n'), 'f', '(err u1)'));
    const where = (s: ErrorSite | undefined) => s && [s.line, s.character];
    assert.deepStrictEqual(allSites(onChain).map(where), [
      [3, 4],
      [3, 23],
      [4, 4],
    ]);
    assert.deepStrictEqual(
      allSites(onChain).map((s) => where(sameSite(onChain, s, local))),
      [
        [4, 4],
        [4, 23],
        [5, 4],
      ],
    );
  });

  it('the link of a named site in another copy keeps its name; an inline one has none', () => {
    const src = (pad: string) =>
      `${pad}(define-constant ERR-A (err u1))\n(define-public (f (a bool))\n  (begin (asserts! a ERR-A) (asserts! a (err u1)) (ok true)))`;
    const f = ok(explainFailure(src(''), 'f', '(err u1)'));
    const there = ok(explainFailure(src('\n'), 'f', '(err u1)'));
    const [named, inline] = failureLinks(f);
    assert.deepStrictEqual(sameLink(f, named!, there), {
      name: 'ERR-A',
      line: 3,
      character: 9,
      site: there.names[0]!.sites[0],
    });
    assert.deepStrictEqual(sameLink(f, inline!, there), { line: 3, character: 28, site: there.inline[0] });
  });

  it('at most the asked number of links, the first ones', () => {
    const checks = Array.from({ length: 25 }, (_, i) => `(asserts! (> x u${i}) ERR-A)`).join('\n    ');
    const src = `(define-constant ERR-A (err u1))\n(define-public (f (x uint))\n  (begin\n    ${checks}\n    (ok true)))`;
    const f = ok(explainFailure(src, 'f', '(err u1)'));
    assert.strictEqual(f.names[0]!.sites.length, 25);
    assert.deepStrictEqual(
      failureLinks(f).map((l) => l.line),
      Array.from({ length: 20 }, (_, i) => i + 3),
    );
    assert.deepStrictEqual(
      failureLinks(f, 2).map((l) => l.line),
      [3, 4],
    );
  });

  it('reads the literals of every type as the node writes them', () => {
    const P = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
    const canonical: Array<[string, string | undefined]> = [
      ['(err u100)', '(err u100)'],
      ['(err u1001)', '(err u1001)'],
      ['(err false)', '(err false)'],
      ['(err true)', '(err true)'],
      ['(err none)', '(err none)'],
      ['(err (some u1))', '(err (some u1))'],
      ['(err (ok u1))', '(err (ok u1))'],
      ['(err u"Not allowed")', '(err u"Not allowed")'],
      ['(err "Not allowed")', '(err "Not allowed")'],
      [`(err '${P})`, `(err ${P})`],
      ['(err {b: u1, a: u2, c: u3})', '(err (tuple (a u2) (b u1) (c u3)))'],
      ['(err (tuple (c u3) (b u1) (a u2)))', '(err (tuple (a u2) (b u1) (c u3)))'],
      // Not literals: a computation, a call without arguments, an err of two values, an odd tuple.
      ['(err (to-uint 5))', undefined],
      ['(err (get-code))', undefined],
      ['(err u1 u2)', undefined],
      ['(err {a: u1, b})', undefined],
      // Two values are not one result.
      ['(err u1) (err u2)', undefined],
    ];
    assert.deepStrictEqual(
      canonical.map(([text]) => [text, valueOfText(text)]),
      canonical,
    );
  });

  it('reads the results of real failed transactions, decoded from their hex', () => {
    const none = apiTx('tx-problematic_skipped.json');
    assert.strictEqual(clarityText(none.tx_result.hex), '(err none)');
    assert.strictEqual(valueOfText(clarityText(none.tx_result.hex)!), '(err none)');
    const src =
      '(define-constant ERR-MSG (err u"Not allowed"))\n(define-public (f) (begin (asserts! false ERR-MSG) (ok true)))';
    const hex = cvToHex(responseErrorCV(stringUtf8CV('Not allowed')));
    assert.deepStrictEqual(namesOf(src, 'f', clarityText(hex)!), ['ERR-MSG']);
  });

  it('a constant named with digits at its end is read as that constant, not as a number', () => {
    const src = [
      '(define-constant err-code-7 u401)',
      '(define-constant code-u9 u402)',
      '(define-constant addr0xab u403)',
      '(define-public (f (x uint))',
      '  (begin (asserts! (> x u1) (err err-code-7)) (asserts! (> x u2) (err code-u9)) (asserts! (> x u3) (err addr0xab)) (ok true)))',
    ].join('\n');
    for (const [code, name] of [
      ['u401', 'err-code-7'],
      ['u402', 'code-u9'],
      ['u403', 'addr0xab'],
    ])
      assert.deepStrictEqual(namesOf(src, 'f', `(err ${code})`), [name], name);
  });

  describe('a value nested as deep as Clarity allows (32 levels) is read; one level more is not', () => {
    const forms: Array<[string, string, string]> = [
      ['some', '(some ', ')'],
      ['list', '(list ', ')'],
      ['tuple', '{a: ', '}'],
      ['(tuple …)', '(tuple (a ', '))'],
    ];
    for (const [what, open, close] of forms)
      it(what, () => {
        assert.notStrictEqual(valueOfText(nested(open, close, 31)), undefined);
        assert.strictEqual(valueOfText(nested(open, close, 32)), undefined);
      });
  });

  it('a value of 2,000 parts is read; one part more is not', () => {
    const list = (n: number) => `(err (list${' u1'.repeat(n)}))`;
    assert.notStrictEqual(valueOfText(list(1_998)), undefined);
    assert.strictEqual(valueOfText(list(1_999)), undefined);
  });

  it('a tuple key named like a returning function is no call to it', () => {
    const src =
      '(define-constant ERR-X (err u1))\n(define-public (f)\n  (begin\n    (print { unwrap!: ERR-X })\n    ERR-X))';
    assert.deepStrictEqual(
      ok(explainFailure(src, 'f', '(err u1)')).names[0]!.sites.map((x) => [x.line, x.character, x.how]),
      [
        [3, 22, 'returns'],
        [4, 4, 'returns'],
      ],
    );
  });
});
