import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  explainFailure,
  failureHeadline,
  failureLinks,
  linkText,
  type FailureNames,
} from '../../src/chain/failureReason';

const ROOT = path.resolve(__dirname, '../../../test/fixtures/clarity');
/** A deployed contract (test/fixtures/clarity/real/SOURCES.md): stake-tokens ends in `(try! (stx-transfer? …))`. */
const timelock = fs.readFileSync(path.join(ROOT, 'real/timelock-stake.clar'), 'utf8');
/** stacks-core's Clarity 4 examples as public functions (test/fixtures/SOURCES.md). */
const allowances = fs.readFileSync(path.join(ROOT, 'native/clarity4-allowances.clar'), 'utf8');
/** The sBTC token (test/fixtures/clarity/real/SOURCES.md): protocol-lock ends in `(try! (ft-burn? …))` and `(ft-mint? …)`. */
const sbtcToken = fs.readFileSync(path.join(ROOT, 'real/sbtc-token.clar'), 'utf8');
/** Arkadiko's USDA (test/fixtures/clarity/real/SOURCES.md): transfer matches `ft-transfer?` and hands its error back. */
const usdaToken = fs.readFileSync(path.join(ROOT, 'real/usda-token.clar'), 'utf8');

function ok(f: FailureNames): Extract<FailureNames, { ok: true }> {
  assert.ok(f.ok, f.ok ? '' : f.reason);
  return f;
}
const lineOf = (source: string, line: number) => source.split('\n')[line]!.trim();
const headline = (source: string, fn: string, result: string) => failureHeadline(explainFailure(source, fn, result));
/** Where each place to open points, in words. */
const links = (source: string, fn: string, result: string) =>
  failureLinks(explainFailure(source, fn, result)).map(linkText);

describe('Failure reasons: errors of Clarity’s native functions', () => {
  it('a stx-transfer? that fails for a low balance is named, not the unrelated constant of the same value', () => {
    // err-owner-only is (err u1) too, but no function of the contract returns it.
    const f = ok(explainFailure(timelock, 'stake-tokens', '(err u1)'));
    assert.deepStrictEqual(f.names, []);
    assert.strictEqual(
      failureHeadline(f),
      'Failed with (err u1): stx-transfer? at line 72: the sender’s balance is too low (u1)',
    );
    const [site] = f.natives;
    assert.strictEqual(site!.how, 'try!');
    assert.strictEqual(
      timelock.split('\n')[site!.line]!.slice(site!.character),
      '(stx-transfer? amount tx-sender (as-contract tx-sender)))',
    );
    assert.doesNotMatch(failureHeadline(f), /err-owner-only/);
  });

  it('a constant of the same value the function returns is listed beside the native', () => {
    assert.strictEqual(
      headline(timelock, 'stake-tokens', '(err u2)'),
      'Failed with (err u2): stx-transfer? at line 72: the sender and the recipient are the same principal (u2); or the contract’s err-insufficient-amount',
    );
    assert.strictEqual(
      headline(timelock, 'claim-stake', '(err u4)'),
      'Failed with (err u4): stx-transfer? at line 112: the sender is not the current tx-sender (u4); or the contract’s err-stake-still-locked',
    );
  });

  it('follows the error out of as-contract and a let’s last expression', () => {
    const f = ok(explainFailure(timelock, 'claim-stake', '(err u1)'));
    assert.deepStrictEqual(f.names, []);
    assert.deepStrictEqual(
      f.natives.map((s) => [s.name, s.how, lineOf(timelock, s.line)]),
      [['stx-transfer?', 'try!', '(try! (as-contract (stx-transfer? total-return tx-sender tx-sender)))']],
    );
  });

  it('a code the native does not return, or a native whose error the function does not return, is not named', () => {
    // stx-transfer? has no u5; err-invalid-period is the only thing of that value.
    assert.strictEqual(headline(timelock, 'stake-tokens', '(err u5)'), 'Failed with err-invalid-period (err u5)');
    // An (unwrap! (stx-transfer? …) (err u9)) returns u9, never the transfer's own code.
    const src = `(define-public (f (to principal))
  (begin (unwrap! (stx-transfer? u1 tx-sender to) (err u9)) (ok true)))`;
    assert.strictEqual(ok(explainFailure(src, 'f', '(err u1)')).natives.length, 0);
    assert.strictEqual(ok(explainFailure(src, 'f', '(err u9)')).natives.length, 0);
    // Nor under an as-contract the unwrap! holds (the boot contract cost-voting's withdraw-votes), or
    // an unwrap! inside the function's (ok …) (pox-4's verify-signer-key-sig): the unwrap!'s error is returned.
    const unwrapped: Array<[string, string]> = [
      [
        'withdraw-votes',
        `(define-public (withdraw-votes (amount uint) (sender principal))
  (begin
    (unwrap! (as-contract (stx-transfer? amount tx-sender sender)) (err 7))
    (ok true)))`,
      ],
      [
        'verify-signer-key-sig',
        `(define-read-only (verify-signer-key-sig (hash (buff 32)) (signer-sig (buff 65)) (signer-key (buff 33)))
  (ok (asserts! (is-eq (unwrap! (secp256k1-recover? hash signer-sig) (err 36)) signer-key) (err 35))))`,
      ],
    ];
    for (const [fn, source] of unwrapped)
      assert.deepStrictEqual(ok(explainFailure(source, fn, '(err u1)')).natives, [], fn);
  });

  it('sBTC’s protocol-lock: the ft-burn? its try! returns and the ft-mint? it returns are both named, each with how', () => {
    const f = ok(explainFailure(sbtcToken, 'protocol-lock', '(err u1)'));
    assert.strictEqual(
      failureHeadline(f),
      'Failed with (err u1): ft-burn? at line 17: the sender’s balance is too low or the amount is not positive (u1); or ft-mint? at line 18: the amount is not positive (u1)',
    );
    assert.deepStrictEqual(failureLinks(f).map(linkText), [
      'try! in protocol-lock, line 17',
      'returns in protocol-lock, line 18',
    ]);
    // A token's natives move no STX: no STX balance is read for them.
    assert.deepStrictEqual(
      f.natives.map((s) => s.stx),
      [undefined, undefined],
    );
  });

  it('a native in a branch the function returns (if, match, a let’s last, a begin of one) is named; a match’s input is not', () => {
    // The forms of stacks-core's reference (IF, MATCH with an optional and with a response, BEGIN),
    // and the test-mint of Clarinet's simple-nft example (a let of three expressions).
    const src = `(define-public (pay (to principal) (amount uint) (burn-it bool))
  (if burn-it
    (stx-burn? amount tx-sender)
    (stx-transfer? amount tx-sender to)))
(define-public (pay-to (to (optional principal)) (amount uint))
  (match to
    recipient (stx-transfer? amount tx-sender recipient)
    (stx-burn? amount tx-sender)))
(define-private (pay-or-burn (to (response principal uint)) (amount uint))
  (match to
    recipient (stx-transfer? amount tx-sender recipient)
    err-value (stx-burn? amount tx-sender)))
(define-public (burn (amount uint))
  (begin (stx-burn? amount tx-sender)))
(define-public (send (to principal) (amount uint))
  (match (stx-transfer? amount tx-sender to)
    sent (ok sent)
    code (err u99)))
(define-public (send-as-is (to principal) (amount uint))
  (match (stx-transfer? amount tx-sender to)
    sent (ok sent)
    code (err code)))
(define-public (test-mint (recipient principal))
  (let ((newId (+ (var-get lastId) u1)))
    (asserts! (is-eq DEPLOYED_AT u2) ERR_NOT_AUTHORIZED)
    (var-set lastId newId)
    (nft-mint? nft newId recipient)))`;
    assert.deepStrictEqual(
      ['pay', 'pay-to', 'pay-or-burn', 'burn', 'send', 'send-as-is', 'test-mint'].map((fn) =>
        links(src, fn, '(err u1)'),
      ),
      [
        ['returns in pay, line 3', 'returns in pay, line 4'],
        ['returns in pay-to, line 7', 'returns in pay-to, line 8'],
        ['returns in pay-or-burn, line 11', 'returns in pay-or-burn, line 12'],
        ['returns in burn, line 14'],
        // The transfer's error goes to the match's err branch, which returns (err u99).
        [],
        // Its err branch hands the transfer's error back as it came.
        ['returns in send-as-is, line 20'],
        ['returns in test-mint, line 27'],
      ],
    );
  });

  it('a SIP-010 transfer that matches ft-transfer? and hands its error back names it (Arkadiko’s USDA)', () => {
    const f = ok(explainFailure(usdaToken, 'transfer', '(err u1)'));
    assert.deepStrictEqual(failureLinks(f).map(linkText), ['returns in transfer, line 52']);
    assert.match(failureHeadline(f), /^Failed with \(err u1\): ft-transfer\? at line 52: /);
  });

  it('the native is the first place to open, then the constants', () => {
    const f = ok(explainFailure(timelock, 'stake-tokens', '(err u2)'));
    const links = failureLinks(f);
    assert.deepStrictEqual(
      links.map((l) => [l.name, linkText(l)]),
      [
        ['stx-transfer?', 'try! in stake-tokens, line 72'],
        ['err-insufficient-amount', 'asserts! in stake-tokens, line 68'],
      ],
    );
  });

  it('each documented code of the other natives reads in words', () => {
    const call = (native: string, args: string) => `(define-public (f) (${native} ${args}))`;
    const cases: Array<[string, string, string, string]> = [
      ['ft-transfer?', 'tok u1 tx-sender tx-sender', 'u3', 'the amount is not positive'],
      ['nft-transfer?', 'nft u1 tx-sender tx-sender', 'u3', 'the asset does not exist'],
      ['nft-mint?', 'nft u1 tx-sender', 'u1', 'the asset already exists'],
      ['ft-burn?', 'tok u1 tx-sender', 'u1', 'the sender’s balance is too low or the amount is not positive'],
      ['stx-burn?', 'u1 tx-sender', 'u4', 'the sender is not the current tx-sender'],
      ['secp256k1-recover?', '0x00 0x00', 'u2', 'the signature is invalid'],
      ['contract-hash?', 'tx-sender', 'u1', 'the principal is not a contract'],
      ['to-ascii?', 'u"x"', 'u1', 'the string has characters that are not ASCII'],
      ['get-bitcoin-tx-output?', '0x00 u0', 'u2', 'the output index (vout) is out of range'],
      ['nft-transfer?', 'nft u1 tx-sender tx-sender', 'u1', 'the sender does not own the asset'],
      ['nft-burn?', 'nft u1 tx-sender', 'u1', 'the sender does not own the asset'],
      ['secp256k1-recover?', '0x00 0x00', 'u1', 'the signature does not match the message hash'],
      ['principal-of?', '0x00', 'u1', 'the public key is invalid'],
      ['secp256k1-decompress?', '0x00', 'u1', 'the compressed public key is invalid'],
      ['contract-hash?', 'tx-sender', 'u2', 'the contract does not exist'],
      ['get-bitcoin-tx-output?', '0x00 u0', 'u1', 'the bytes are not a Bitcoin transaction'],
      ['get-bitcoin-tx-output?', '0x00 u0', 'u3', 'the output’s script is over 1,024 bytes'],
    ];
    for (const [native, args, code, words] of cases)
      assert.strictEqual(
        headline(call(native, args), 'f', `(err ${code})`),
        `Failed with (err ${code}): ${native} at line 1: ${words} (${code})`,
      );
    // nft-burn? has no u2.
    assert.strictEqual(ok(explainFailure(call('nft-burn?', 'nft u1 tx-sender'), 'f', '(err u2)')).natives.length, 0);
  });
});

describe('Failure reasons: Clarity 4 allowances (as-contract?, restrict-assets?)', () => {
  it('(err u0) of an as-contract? names allowance #0 and quotes it, not the unrelated ERR-CLOSED', () => {
    const f = ok(explainFailure(allowances, 'pay-out', '(err u0)'));
    assert.deepStrictEqual(f.names, []);
    assert.strictEqual(
      failureHeadline(f),
      'Failed with (err u0): as-contract? at line 15: allowance #0 (with-stx u100) was exceeded (u0)',
    );
    assert.strictEqual(lineOf(allowances, f.natives[0]!.line), '(as-contract? ((with-stx u100))');
    assert.deepStrictEqual(failureLinks(f).map(linkText), ['returns in pay-out, line 15']);
  });

  it('a stx-transfer? inside as-contract? moves the contract’s STX: no sender’s balance is read for it', () => {
    const f = ok(explainFailure(allowances, 'pay-out', '(err u1)'));
    assert.deepStrictEqual(
      f.natives.map((s) => [s.name, s.how, lineOf(allowances, s.line), s.stx]),
      [['stx-transfer?', 'try!', '(try! (stx-transfer? amount tx-sender recipient))', undefined]],
    );
  });

  it('(err uN) names the N-th allowance, beside a native inside the body that returns the same code', () => {
    assert.strictEqual(
      headline(allowances, 'pay-out-tokens', '(err u1)'),
      'Failed with (err u1): as-contract? at line 23: allowance #1 (with-ft current-contract "stackaroo" u50) was exceeded (u1); or ft-transfer? at line 24: the sender’s balance is too low (u1)',
    );
    // An index past the list is no allowance of it.
    assert.strictEqual(ok(explainFailure(allowances, 'pay-out-tokens', '(err u2)')).natives.length, 1);
  });

  it('(err u128) is an asset moved with no allowance', () => {
    assert.strictEqual(
      headline(allowances, 'pay-out-unallowed', '(err u128)'),
      'Failed with (err u128): as-contract? at line 32: an asset moved that no allowance covers (u128)',
    );
  });

  it('restrict-assets? reads its allowances after the asset owner', () => {
    assert.strictEqual(
      headline(allowances, 'send-restricted', '(err u0)'),
      'Failed with (err u0): restrict-assets? at line 39: allowance #0 (with-stx u50) was exceeded (u0)',
    );
  });

  it('restrict-assets?, documented as returning an int, has its allowance named for a signed (err 0) as for (err u0)', () => {
    // stacks-core's reference (RESTRICT_ASSETS) gives its type as (response A int); as-contract?'s is uint.
    assert.strictEqual(
      headline(allowances, 'send-restricted', '(err 0)'),
      'Failed with (err 0): restrict-assets? at line 39: allowance #0 (with-stx u50) was exceeded (0)',
    );
  });

  it('a signed code is not the code of as-contract? or of a native that returns a uint', () => {
    assert.deepStrictEqual(ok(explainFailure(allowances, 'pay-out', '(err 0)')).natives, []);
    assert.deepStrictEqual(ok(explainFailure(timelock, 'stake-tokens', '(err 1)')).natives, []);
    assert.doesNotMatch(headline(timelock, 'stake-tokens', '(err 1)'), /stx-transfer\?/);
  });

  it('a four-digit code is no allowance’s, though u1280 begins with u128 and u1000 ends in 0', () => {
    assert.deepStrictEqual(ok(explainFailure(allowances, 'pay-out-unallowed', '(err u1280)')).natives, []);
    assert.deepStrictEqual(ok(explainFailure(allowances, 'send-restricted', '(err u1000)')).natives, []);
  });

  it('an allowance written over many lines is quoted on one, and a long one is cut', () => {
    const long = `(with-ft current-contract "${'x'.repeat(200)}" u1)`;
    const src = `(define-public (f)\n  (as-contract? (\n    ${long}\n  ) (ok true)))`;
    const said = headline(src, 'f', '(err u0)');
    assert.ok(said.length < 200, said);
    assert.match(said, /allowance #0 \(with-ft current-contract "x+…/);
    const spread = `(define-public (f)\n  (as-contract? (\n    (with-ft current-contract\n      "stackaroo"\n      u50)\n  ) (ok true)))`;
    assert.match(
      headline(spread, 'f', '(err u0)'),
      /allowance #0 \(with-ft current-contract "stackaroo" u50\) was exceeded/,
    );
  });
});

describe('Failure reasons: native sites, bounded', function () {
  this.timeout(30_000);
  const transfers = (n: number) =>
    `(define-public (f (to principal))\n(begin\n${Array.from({ length: n }, () => '(try! (stx-transfer? u1 tx-sender to))').join('\n')}\n(ok true)))`;

  it('a function of 20,000 failing transfers lists the first 100 and counts the rest', () => {
    const f = ok(explainFailure(transfers(20_000), 'f', '(err u1)'));
    assert.strictEqual(f.natives.length, 100);
    assert.strictEqual(failureLinks(f).length, 20);
    assert.match(
      failureHeadline(f),
      /^Failed with \(err u1\): stx-transfer\? at line 3: .*; or stx-transfer\? at line 5: .*; and 97 more$/,
    );
  });

  it('eight times the transfers take far less than 64 times the time', () => {
    // The best of five of each, taken in turns so that both see the same load: the machine may be
    // busy; a quadratic walk would take 64 times as long.
    const sources = [transfers(2_500), transfers(20_000)] as const;
    let [small, large] = [Infinity, Infinity];
    for (let i = 0; i < 5; i++) {
      let t0 = performance.now();
      explainFailure(sources[0], 'f', '(err u1)');
      small = Math.min(small, performance.now() - t0);
      t0 = performance.now();
      explainFailure(sources[1], 'f', '(err u1)');
      large = Math.min(large, performance.now() - t0);
    }
    assert.ok(large < small * 24 + 50, `20,000 took ${large.toFixed(1)} ms, 2,500 took ${small.toFixed(1)} ms`);
  });
});
