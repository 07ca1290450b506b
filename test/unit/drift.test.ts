import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import {
  compareWithDeployed,
  envSimnetSpans,
  isEnvSimnetAnnotation,
  normalizeSource,
  onChainReadOnlyFunctions,
  removeEnvSimnet,
} from '../../src/chain/drift';
import { readOnlyFunctions } from '../../src/chain/claritySyntax';

/** Rust's `indoc!`: the leading newline dropped and the common indentation removed. */
function indoc(s: string): string {
  const lines = s.replace(/^\n/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length);
  const cut = Math.min(...indents);
  return lines.map((l) => l.slice(cut)).join('\n');
}

// The cases of stx-labs/clarinet, components/clarity-repl/src/utils.rs (`mod tests`, at commit
// 4220f34773a20960ce955a6b76590c97751e8a60), the code Clarinet runs on every contract-publish
// source of a devnet, testnet or mainnet plan before it broadcasts
// (components/clarinet-deployments/src/types.rs).
describe('drift: #[env(simnet)] stripping, from Clarinet’s own tests (clarity-repl/src/utils.rs)', () => {
  const withEnvSimnet = indoc(`
    (define-public (mint (amount uint) (recipient principal))
        (begin
            (asserts! (is-eq tx-sender CONTRACT-OWNER) ERR-OWNER-ONLY)
            (minty-fresh amount recipient)
        )
    )
    ;; mint post comment

    ;; #[env(simnet)]
    (define-public (minty-fresh (amount uint) (recipient principal)) ;; eol
        (begin
            (ft-mint? drachma amount recipient)
        )
    )
  `);
  const withoutEnvSimnet = indoc(`
    (define-public (mint (amount uint) (recipient principal))
        (begin
            (asserts! (is-eq tx-sender CONTRACT-OWNER) ERR-OWNER-ONLY)
            (minty-fresh amount recipient)
        )
    )
    ;; mint post comment







  `);

  it('can_remove_env_simnet: a marked top-level function is removed, its lines left empty', () => {
    assert.strictEqual(removeEnvSimnet(withEnvSimnet), withoutEnvSimnet);
    // Nothing is removed if nothing is marked.
    assert.strictEqual(removeEnvSimnet(withoutEnvSimnet), undefined);
  });

  it('can_remove_nested_env_simnet: a marked expression inside a function', () => {
    const source = indoc(`
      (define-public (mint (amount uint) (recipient principal))
          (begin
              (asserts! (is-eq tx-sender CONTRACT-OWNER) ERR-OWNER-ONLY)
              ;; #[env(simnet)]
              (minty-fresh amount recipient)
              (ok true)
          )
      )
    `);
    assert.strictEqual(
      removeEnvSimnet(source),
      indoc(`
      (define-public (mint (amount uint) (recipient principal))
          (begin
              (asserts! (is-eq tx-sender CONTRACT-OWNER) ERR-OWNER-ONLY)


              (ok true)
          )
      )
    `),
    );
  });

  it("lines as Rust's lines() reads them: a CR before a line's end goes, a bare CR at the very end stays", () => {
    const source = '(ok true)\r\r\n;; #[env(simnet)]\n(define-constant X u1)\n(ok false)';
    assert.strictEqual(removeEnvSimnet(source), '(ok true)\n\n\n(ok false)\n');
    assert.strictEqual(removeEnvSimnet(`${source}\r`), '(ok true)\n\n\n(ok false)\r\n');
    assert.strictEqual(removeEnvSimnet(`${source}\r\n`), '(ok true)\n\n\n(ok false)\n');
    assert.strictEqual(removeEnvSimnet(`${source}\r\r\n`), '(ok true)\n\n\n(ok false)\n');
  });

  const eolSource = indoc(`
    (define-public (mint (amount uint) (recipient principal))
        (begin
            (asserts! (is-eq tx-sender CONTRACT-OWNER) ERR-OWNER-ONLY) ;; #[env(simnet)]
            (ok true)
        )
    )
  `);

  it('ignores_eol_env_simnet_annotation / get_spans_eol_annotation_ignored', () => {
    assert.strictEqual(removeEnvSimnet(eolSource), undefined);
    assert.deepStrictEqual(envSimnetSpans(eolSource), []);
  });

  it('get_spans_top_level: lines 3 to 8', () => {
    const source = indoc(`
      (define-public (mint (amount uint)) (ok true))

      ;; #[env(simnet)]
      (define-public (minty-fresh (amount uint) (recipient principal))
          (begin
              (ft-mint? drachma amount recipient)
          )
      )
    `);
    assert.deepStrictEqual(envSimnetSpans(source), [{ startLine: 3, endLine: 8 }]);
  });

  it('get_spans_nested: lines 4 to 5', () => {
    const source = indoc(`
      (define-public (mint (amount uint) (recipient principal))
          (begin
              (asserts! (is-eq tx-sender CONTRACT-OWNER) ERR-OWNER-ONLY)
              ;; #[env(simnet)]
              (minty-fresh amount recipient)
              (ok true)
          )
      )
    `);
    assert.deepStrictEqual(envSimnetSpans(source), [{ startLine: 4, endLine: 5 }]);
  });

  it('get_spans_no_annotations', () => {
    assert.deepStrictEqual(envSimnetSpans('(define-read-only (get-owner) (ok tx-sender))'), []);
  });

  it('get_spans_multiple: lines 1–2 and 6–7', () => {
    const source = indoc(`
      ;; #[env(simnet)]
      (define-constant FIRST u1)

      (define-constant KEEP u2)

      ;; #[env(simnet)]
      (define-constant SECOND u3)
    `);
    assert.deepStrictEqual(envSimnetSpans(source), [
      { startLine: 1, endLine: 2 },
      { startLine: 6, endLine: 7 },
    ]);
  });

  for (const [name, annotation] of [
    ['ignores_malformed_env_annotation_missing_hash', ';; [env(simnet)]'],
    ['ignores_malformed_env_annotation_hash_inside_brackets', ';; [#env(simnet)]'],
    [
      'ignores_malformed_env_annotation_trailing_garbage_inside_brackets',
      ';; #[env(simnet) this is not a real annotation]',
    ],
  ] as const) {
    it(`${name}: ${annotation}`, () => {
      const source = indoc(`
        ${annotation}
        (define-public (set-admin (new-admin principal))
            (begin
                (ok (var-set contract-owner new-admin))
            )
        )
      `);
      assert.deepStrictEqual(envSimnetSpans(source), []);
    });
  }
});

// ENV_SIMNET_CONTRACT_SOURCE of stx-labs/clarinet, components/clarinet-cli/tests/cli.rs, which
// `test_devnet_deployment_strips_env_simnet` and the testnet/mainnet tests after it publish: the
// plan keeps `double` and loses `test-double`.
describe('drift: the contract of Clarinet’s deployment tests (clarinet-cli/tests/cli.rs)', () => {
  const source = indoc(`
    (define-public (double (n uint))
      (ok (* n u2))
    )

    ;; #[env(simnet)]
    (define-private (test-double)
      (ok (asserts! (is-eq (ok u8) (double u4)) (err "fail")))
    )
  `);

  it('test_devnet_deployment_strips_env_simnet: "double" stays, "test-double" goes', () => {
    const stripped = removeEnvSimnet(source)!;
    assert.ok(stripped.includes('double'));
    assert.ok(!stripped.includes('test-double'));
    assert.strictEqual(stripped, '(define-public (double (n uint))\n  (ok (* n u2))\n)\n\n\n\n\n\n');
    assert.strictEqual(compareWithDeployed(source, stripped), 'same');
  });
});

describe('drift: how annotations are read (clarity-repl/src/analysis/annotation.rs, the lexer)', () => {
  it('reads #[env(simnet)] with blanks where AnnotationKind::from_str trims them', () => {
    for (const ok of ['#[env(simnet)]', '  #[env(simnet)]  ', '#[ env ( simnet ) ]', '#[env( simnet)]'])
      assert.ok(isEnvSimnetAnnotation(ok), ok);
    for (const no of [
      '#[env(Simnet)]',
      '#[env(onchain)]',
      '#[env]',
      '#[env(simnet)',
      '#[allow(unused_const)]',
      'env(simnet)',
      '[env(simnet)]',
      '[#env(simnet)]',
    ])
      assert.ok(!isEnvSimnetAnnotation(no), no);
  });

  it('the name must be env, the value simnet, closed by ) and then ]', () => {
    for (const no of ['#[cfg(simnet)]', '#[env(simnet!]', '#[env(simnet;]', '#[env(simnet))', '#[env(simnet)] x'])
      assert.ok(!isEnvSimnetAnnotation(no), no);
  });

  it('an annotation inside a tuple covers the next entry', () => {
    const source = '(define-constant T {\n  a: u1,\n  ;; #[env(simnet)]\n  b: u2\n})\n';
    assert.deepStrictEqual(envSimnetSpans(source), [{ startLine: 3, endLine: 4 }]);
  });

  it('";;;" leaves ";" in the comment text, so it is no annotation; ";;#[env(simnet)]" is one', () => {
    assert.deepStrictEqual(envSimnetSpans(';;; #[env(simnet)]\n(define-constant A u1)\n'), []);
    assert.deepStrictEqual(envSimnetSpans(';;#[env(simnet)]\n(define-constant A u1)\n'), [
      { startLine: 1, endLine: 2 },
    ]);
  });

  it('comments between the annotation and the expression are covered too', () => {
    const source = ';; #[env(simnet)]\n;; a helper for tests\n\n(define-constant A u1)\n(define-constant B u2)\n';
    assert.deepStrictEqual(envSimnetSpans(source), [{ startLine: 1, endLine: 4 }]);
    assert.strictEqual(removeEnvSimnet(source), '\n\n\n\n(define-constant B u2)\n');
  });

  it('an annotation inside a string is text, not a comment', () => {
    assert.deepStrictEqual(envSimnetSpans('(define-constant A ";; #[env(simnet)]")\n(define-constant B u1)\n'), []);
  });

  it('an annotation after the opening of a list on its line is an end-of-line one (the list keyword is code)', () => {
    assert.deepStrictEqual(envSimnetSpans('(begin ;; #[env(simnet)]\n  (foo)\n  (bar))\n'), []);
  });

  it('a source that does not parse is left alone (Clarinet fails instead of stripping)', () => {
    for (const bad of [
      ';; #[env(simnet)]\n(define-constant A u1',
      ';; #[env(simnet)]\n(define-constant A "open)\n',
      '; #[env(simnet)]\n(define-constant A u1)\n',
      ';; #[env(simnet)] ✓\n(define-constant A u1)\n',
    ]) {
      assert.strictEqual(envSimnetSpans(bad), undefined, bad);
      assert.strictEqual(removeEnvSimnet(bad), undefined, bad);
    }
  });
});

describe('drift: comparing a local file with the deployed source', () => {
  const deployed = '(define-data-var n uint u0)\n\n(define-read-only (get-n) (var-get n))\n';

  it('line endings, trailing blanks and blank lines at the end do not count', () => {
    assert.strictEqual(compareWithDeployed(deployed.replace(/\n/g, '\r\n'), deployed), 'same');
    assert.strictEqual(compareWithDeployed(deployed.replace(/\n/g, '  \t\n') + '\n\n', deployed), 'same');
    assert.strictEqual(compareWithDeployed(deployed.trimEnd(), deployed), 'same');
    assert.strictEqual(normalizeSource('a \r\nb\t\rc\n\n'), 'a\nb\nc');
  });

  it('a run of 100,000 blanks inside a line, local or deployed, is compared at once', () => {
    // Trailing blanks were cut with a regex that tried every blank of a run not ending its line:
    // a minute for this, hours for a megabyte, in the file or in a stranger's deployed source.
    const blanks = ' \t'.repeat(50_000);
    const local = `(define-constant a${blanks}u1)${blanks}\n`;
    assert.strictEqual(normalizeSource(local), `(define-constant a${blanks}u1)`);
    assert.strictEqual(compareWithDeployed(local, `(define-constant a${blanks}u1)\n`), 'same');
    assert.strictEqual(compareWithDeployed(deployed, local), 'differs');
  });

  it('indentation, a changed token or an added line do', () => {
    assert.strictEqual(
      compareWithDeployed(deployed.replace('(define-read-only', '  (define-read-only'), deployed),
      'differs',
    );
    assert.strictEqual(compareWithDeployed(deployed.replace('u0', 'u1'), deployed), 'differs');
    assert.strictEqual(compareWithDeployed(`;; note\n${deployed}`, deployed), 'differs');
  });

  it('a local #[env(simnet)] block matches a deploy by Clarinet ≥ 3.17 (lines emptied) and by an older one (kept)', () => {
    const local = `${deployed};; #[env(simnet)]\n(define-public (reset) (ok (var-set n u0)))\n`;
    assert.strictEqual(compareWithDeployed(local, removeEnvSimnet(local)!), 'same');
    assert.strictEqual(compareWithDeployed(local, local), 'same');
    // In the middle of the file the emptied lines stay, as Clarinet leaves them.
    const middle = `;; #[env(simnet)]\n(define-constant T u1)\n${deployed}`;
    assert.strictEqual(compareWithDeployed(middle, `\n\n${deployed}`), 'same');
    assert.strictEqual(compareWithDeployed(middle, deployed), 'differs');
  });

  it('trailing form feeds and vertical tabs do not count either', () => {
    assert.strictEqual(normalizeSource('(a)\f\n(b)\v\v\n'), '(a)\n(b)');
    assert.strictEqual(compareWithDeployed('(a)\f\n(b)\v', '(a)\n(b)\n'), 'same');
  });

  it('a CRLF file, or one without a final newline, with a #[env(simnet)] block matches its deploy', () => {
    const local = ';; #[env(simnet)]\n(define-constant T u1)\n(define-read-only (get-n) u1)';
    const deployed = '\n\n(define-read-only (get-n) u1)\n';
    assert.strictEqual(compareWithDeployed(local, deployed), 'same');
    assert.strictEqual(compareWithDeployed(local.replace(/\n/g, '\r\n'), deployed), 'same');
    assert.strictEqual(removeEnvSimnet(local.replace(/\n/g, '\r\n')), removeEnvSimnet(local));
    assert.strictEqual(compareWithDeployed(local, '\n\n'), 'differs', 'the last line is kept');
    // Lines ending "\r\r\n" (a CRLF file converted again): stripped as Rust's lines() reads them.
    const twice = `${local}\n`.replace(/\n/g, '\r\r\n');
    assert.strictEqual(removeEnvSimnet(twice), deployed);
    assert.strictEqual(compareWithDeployed(twice, deployed), 'same');
  });

  it('the fixture contracts: ccd003 with a simnet helper is the same as its deploy, ccd004 edited differs', () => {
    const dir = path.resolve(__dirname, '../../../test/fixtures');
    const read = (p: string) => fs.readFileSync(path.join(dir, p), 'utf8');
    assert.strictEqual(
      compareWithDeployed(
        read('workspace/contracts/ccd003-user-registry.clar'),
        read('deployed/ccd003-user-registry.clar'),
      ),
      'same',
    );
    assert.strictEqual(
      compareWithDeployed(
        read('workspace/contracts/ccd004-city-registry.clar'),
        read('deployed/ccd004-city-registry.clar'),
      ),
      'differs',
    );
  });
});

describe('define-read-only positions', () => {
  // Without #[env(simnet)] code, the functions a deploy has are all the source's read-only functions.
  const readers = [readOnlyFunctions, onChainReadOnlyFunctions];
  /** What both readers give for `source`, each asserted to be `expected` (`[name, line, character]`). */
  const bothGive = (source: string, expected: [string, number, number][]) => {
    for (const read of readers)
      assert.deepStrictEqual(
        read(source),
        expected.map(([name, line, character]) => ({ name, line, character })),
        `${read.name}: ${source}`,
      );
  };

  it('finds each top-level define-read-only where its "(" opens, with its name', () => {
    const source = [
      ';; (define-read-only (in-a-comment) u1)',
      '(define-constant S "(define-read-only (in-a-string) u1)")',
      '(define-read-only (get-a) u1)',
      '  (define-read-only',
      '    ;; a comment before the signature',
      '    (get-b (x uint)) x)',
      '(define-public (p) (ok (define-read-only (nested) u1)))',
      '(define-private (q) u1)',
      '(define-read-only (get-c!?) u2)',
    ].join('\n');
    bothGive(source, [
      ['get-a', 2, 0],
      ['get-b', 3, 2],
      ['get-c!?', 8, 0],
    ]);
  });

  it('a source being typed (a list left open) still gives the functions before it', () => {
    bothGive('(define-read-only (get-a) u1)\n(define-read-only (get-b) (+ u1', [
      ['get-a', 0, 0],
      ['get-b', 1, 0],
    ]);
  });

  it('a name that is not a Clarity name, no name, no signature, a misspelt keyword, and CRLF files', () => {
    for (const none of [
      '(define-read-only ("x") u1)\n(define-read-only)\n',
      '(define-read-only () u1)\n',
      '(define-read_only (get-a) u1)\n(define-read-onlyy (get-b) u1)\n',
      // Braces typed for parentheses: a tuple, not a definition.
      '{define-read-only (get-a) u1}\n(define-read-only {get-b} u1)\n',
    ])
      bothGive(none, []);
    bothGive('(define-read-only (a) u1)\r\n(define-read-only (b) u1)\r\n', [
      ['a', 0, 0],
      ['b', 1, 0],
    ]);
  });

  it('the fixture contracts; a read-only function in #[env(simnet)] code is not on chain', () => {
    const dir = path.resolve(__dirname, '../../../test/fixtures/workspace/contracts');
    const text = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    const names = (fs: { name: string }[]) => fs.map((f) => f.name);
    assert.deepStrictEqual(names(readOnlyFunctions(text('ccd003-user-registry.clar'))), [
      'get-user-id',
      'get-user',
      'get-users-nonce',
    ]);
    assert.deepStrictEqual(names(onChainReadOnlyFunctions(text('ccd003-user-registry.clar'))), [
      'get-user-id',
      'get-user',
    ]);
    assert.deepStrictEqual(names(onChainReadOnlyFunctions(text('treasury.clar'))), ['get-owner', 'get-balance']);
  });

  it('a CRLF checkout gives the same on-chain functions, at the same places', () => {
    const dir = path.resolve(__dirname, '../../../test/fixtures/workspace/contracts');
    const lf = fs.readFileSync(path.join(dir, 'ccd003-user-registry.clar'), 'utf8').replace(/\r\n/g, '\n');
    const expected = onChainReadOnlyFunctions(lf);
    assert.deepStrictEqual(
      expected.map((f) => f.name),
      ['get-user-id', 'get-user'],
    );
    assert.deepStrictEqual(onChainReadOnlyFunctions(lf.replace(/\n/g, '\r\n')), expected);
    const indented = ';; #[env(simnet)]\n  (define-read-only (a) u1)\n  (define-read-only (b) u1)\n';
    assert.deepStrictEqual(onChainReadOnlyFunctions(indented.replace(/\n/g, '\r\n')), [
      { name: 'b', line: 2, character: 2 },
    ]);
  });

  it('a source being typed keeps its #[env(simnet)] code off chain: the lens does not come back while a list is open', () => {
    const dir = path.resolve(__dirname, '../../../test/fixtures/workspace/contracts');
    const whole = fs.readFileSync(path.join(dir, 'ccd003-user-registry.clar'), 'utf8');
    const typing = `${whole}\n(define-read-only (get-user-count) (+ u1`;
    assert.deepStrictEqual(
      onChainReadOnlyFunctions(typing).map((f) => f.name),
      ['get-user-id', 'get-user', 'get-user-count'],
    );
    for (const eol of ['\n', '\r\n']) {
      const small = [';; #[env(simnet)]', '(define-read-only (a) u1)', '(define-read-only (b) (+ u1'].join(eol);
      assert.deepStrictEqual(onChainReadOnlyFunctions(small), [{ name: 'b', line: 2, character: 0 }], eol);
    }
  });

  it('a function is on chain from the line after a #[env(simnet)] block, not on its lines', () => {
    const names = (src: string) => onChainReadOnlyFunctions(src).map((f) => f.name);
    assert.deepStrictEqual(names(';; #[env(simnet)]\n(define-read-only (a) u1)\n(define-read-only (b) u1)\n'), ['b']);
    // Clarinet empties the whole line the block ends on, and the function on it with it.
    assert.deepStrictEqual(
      names(';; #[env(simnet)]\n(define-constant A u1) (define-read-only (b) u1)\n(define-read-only (c) u1)\n'),
      ['c'],
    );
    // A block that starts on the function's own line (inside its list) takes it too.
    assert.deepStrictEqual(names('(;; #[env(simnet)]\n define-read-only (a) u1)\n(define-read-only (b) u1)\n'), ['b']);
  });
});
