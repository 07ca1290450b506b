import * as assert from 'assert';
import { parseManifest, scanManifest } from '../../src/chain/clarinetManifest';
import { MAX_CONTRACTS } from '../../src/chain/clarinetText';

const DEPLOYER = 'SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9';

function manifest(text: string) {
  const r = parseManifest(text);
  if (!r.ok) return assert.fail(`expected a manifest, got ${JSON.stringify(r.problem)}`);
  return r.value;
}

describe('Clarinet.toml: the edges of the manifest reader', () => {
  it('a manifest without [project], or with a blank name, is the "Clarinet project" and says what is missing', () => {
    const none = manifest('[contracts.a]\npath = "contracts/a.clar"\n');
    assert.strictEqual(none.name, 'Clarinet project');
    assert.deepStrictEqual(
      none.problems.map((p) => p.message),
      ['There is no [project] table.'],
    );
    assert.deepStrictEqual(
      none.contracts.map((c) => c.name),
      ['a'],
    );
    const blank = manifest('[project]\nname = "   "\n');
    assert.strictEqual(blank.name, 'Clarinet project');
    assert.deepStrictEqual(blank.problems, []);
  });

  it('a TOML error is told without the parser\u2019s "Invalid TOML document" prefix, at its line', () => {
    const r = parseManifest('[project]\nname = "x"\n[contracts.a\npath = "a.clar"\n');
    assert.ok(!r.ok);
    assert.strictEqual(r.problem.line, 3);
    assert.doesNotMatch(r.problem.message, /Invalid TOML document/);
    assert.ok(r.problem.message.length > 0);
  });

  it('a requirement whose id is not a contract id is a problem at its line; the good ones are kept', () => {
    const m = manifest(
      `[project]\nname = "x"\n\n[[project.requirements]]\ncontract_id = "${DEPLOYER}.sip-010-trait"\n\n` +
        `[[project.requirements]]\ncontract_id = "not-a-contract"\n\n[[project.requirements]]\nnothing = 1\n`,
    );
    assert.deepStrictEqual(
      m.requirements.map((r) => r.contractId),
      [`${DEPLOYER}.sip-010-trait`],
    );
    assert.strictEqual(m.problems.length, 1);
    assert.strictEqual(m.problems[0]!.line, 8);
    assert.match(m.problems[0]!.message, /^A requirement: ./);
  });

  it("a bad requirement is placed at its quoted value, not at a table named like it, nor at the file's start", () => {
    const at = (text: string) => manifest(text).problems.map((p) => p.line);
    // A contract id without its address, named like a contract of the project above it.
    assert.deepStrictEqual(
      at(
        `[project]\nname = "x"\n\n[contracts.counter]\npath = "c.clar"\n\n[[project.requirements]]\ncontract_id = "counter"\n`,
      ),
      [8],
    );
    assert.deepStrictEqual(at(`[project]\nname = "x"\nrequirements = [{ contract_id = 'counter' }]\n`), [3]);
    // The first quoted appearance is the one told, even on the first line.
    assert.deepStrictEqual(
      at(`'counter' = 1\n[project]\nname = "x"\nrequirements = [{ contract_id = "counter" }]\n`),
      [1],
    );
  });

  it('past 20 bad requirements, the problems are still told, without a line', () => {
    let text = '[project]\nname = "x"\nrequirements = [\n';
    for (let i = 0; i < 22; i++) text += `  { contract_id = "bad-${i}" },\n`;
    const m = manifest(`${text}]\n`);
    assert.strictEqual(m.problems.length, 22);
    assert.deepStrictEqual(
      m.problems.map((p) => p.line),
      [...Array.from({ length: 20 }, (_, i) => 4 + i), undefined, undefined],
    );
  });

  it('numbers written bare are read as written: clarity_version = 2, epoch = 2.1', () => {
    const m = manifest(
      '[project]\nname = "x"\n[contracts.a]\npath = "contracts/a.clar"\nclarity_version = 2\nepoch = 2.1\n',
    );
    assert.deepStrictEqual(
      m.contracts.map((c) => [c.clarityVersion, c.epoch]),
      [['2', '2.1']],
    );
  });

  it('dotted keys under [contracts], which the line scan does not follow, still give what the parser read', () => {
    const m = manifest(
      '[project]\nname = "x"\n[contracts]\na.path = "contracts/a.clar"\na.clarity_version = 2\na.epoch = "2.4"\n',
    );
    assert.deepStrictEqual(
      m.contracts.map((c) => [c.name, c.path, c.clarityVersion, c.epoch]),
      [['a', 'contracts/a.clar', '2', '2.4']],
    );
  });

  it('a manifest saved with Windows line ends reads epochs and versions as written, as with Unix ones', () => {
    const text =
      '[project]\nname = "x"\n\n[contracts.a]\npath = "contracts/a.clar"\nclarity_version = 2\nepoch = 3.0\n';
    const unix = manifest(text).contracts;
    assert.deepStrictEqual(
      unix.map((c) => [c.clarityVersion, c.epoch]),
      [['2', '3.0']],
    );
    assert.deepStrictEqual(manifest(text.replace(/\n/g, '\r\n')).contracts, unix);
  });

  it('a contract name that is not a Clarity name is a problem that says so, at its line', () => {
    const m = manifest('[project]\nname = "x"\n[contracts."a b"]\npath = "contracts/a.clar"\n');
    assert.deepStrictEqual(m.contracts, []);
    assert.strictEqual(m.problems.length, 1);
    assert.strictEqual(m.problems[0]!.line, 3);
    assert.match(m.problems[0]!.message, /is not a Clarity contract name/);
    assert.doesNotMatch(m.problems[0]!.message, /a b/);
  });

  it('a path of blanks is no path', () => {
    const m = manifest('[project]\nname = "x"\n[contracts.a]\npath = "   "\n');
    assert.deepStrictEqual(m.contracts, []);
    assert.deepStrictEqual(
      m.problems.map((p) => [p.line, p.message]),
      [[3, '[contracts.a] has no "path".']],
    );
  });

  it(`at most ${MAX_CONTRACTS} requirements are read`, () => {
    const ids = Array.from({ length: MAX_CONTRACTS + 1 }, (_, i) => `${DEPLOYER}.trait-${i}`);
    const m = manifest(
      `[project]\nname = "x"\nrequirements = [\n${ids.map((id) => `  { contract_id = "${id}" },\n`).join('')}]\n`,
    );
    assert.strictEqual(m.requirements.length, MAX_CONTRACTS);
    assert.strictEqual(m.requirements[MAX_CONTRACTS - 1]!.contractId, ids[MAX_CONTRACTS - 1]);
  });

  it('an epoch written the ways TOML allows is read as written; a commented-out one is not read', () => {
    const epochOf = (lines: string) =>
      manifest(`[project]\nname = "x"\n[contracts.a]\npath = "contracts/a.clar"\n${lines}\n`).contracts[0]!.epoch;
    assert.strictEqual(epochOf('epoch=3.0'), '3.0');
    assert.strictEqual(epochOf("'epoch' = 3.0"), '3.0');
    assert.strictEqual(epochOf("epoch = '2.4'"), '2.4');
    assert.strictEqual(epochOf('epoch = 2.1 # was "2.0"'), '2.1');
    assert.strictEqual(epochOf("epoch = 2.1 # was '2.0'"), '2.1');
    assert.strictEqual(epochOf('# epoch = 9\nepoch = 3.0'), '3.0');
    assert.strictEqual(epochOf('# epoch = 9'), undefined);
    // Lines that are not tables do not end the contract's table.
    assert.strictEqual(epochOf('# deployed by [ci]\nepoch = 3.0'), '3.0');
    assert.strictEqual(epochOf('matrix = [[1], [2]]\nepoch = 3.0'), '3.0');
  });

  it('a key of another table written like a contract does not stand for the contract', () => {
    const m = manifest(
      'a = { epoch = 2.1 }\n[project]\nname = "x"\n[contracts.a]\npath = "contracts/a.clar"\nepoch = 3.0\n',
    );
    assert.deepStrictEqual(
      m.contracts.map((c) => [c.name, c.epoch]),
      [['a', '3.0']],
    );
  });

  describe('scanManifest: where each contract table is', () => {
    it('a table header inside a multi-line string is text, not a table', () => {
      const text = [
        '[project]',
        'description = """',
        '[contracts.fake]',
        'clarity_version = 9',
        '"""',
        "notes = '''one line''' ",
        '[contracts.real]',
        'path = "contracts/real.clar"',
        'epoch = "3.0"',
      ].join('\n');
      const found = scanManifest(text);
      assert.deepStrictEqual([...found.keys()], ['real']);
      assert.deepStrictEqual(found.get('real'), { line: 7, epoch: '3.0' });
    });

    it('a multi-line string that opens and closes on one line opens nothing', () => {
      const text = [
        '[project]',
        'a = """ closed """',
        "b = ''' closed too '''",
        '[contracts.next]',
        'clarity_version = "2"',
      ].join('\n');
      assert.deepStrictEqual(scanManifest(text).get('next'), { line: 4, clarity_version: '2' });
    });

    it('an array of tables ends the contract before it; quoted names are unquoted', () => {
      const text = [
        '[contracts."pool-v1"]',
        'epoch = 2.1',
        '[[project.requirements]]',
        'epoch = "not the contract\'s"',
        "[contracts.'b']",
        "clarity_version = '3'",
      ].join('\n');
      const found = scanManifest(text);
      assert.deepStrictEqual(found.get('pool-v1'), { line: 1, epoch: '2.1' });
      assert.deepStrictEqual(found.get('b'), { line: 5, clarity_version: '3' });
    });

    it('an inline table under [contracts] gives its line and values', () => {
      const text =
        '[contracts]\nx = { path = "contracts/x.clar", clarity_version = 2, epoch = "2.4" }\n"q-1" = { epoch = 3.0 }\n';
      assert.deepStrictEqual(scanManifest(text).get('x'), { line: 2, clarity_version: '2', epoch: '2.4' });
      assert.deepStrictEqual(scanManifest(text).get('q-1'), { line: 3, epoch: '3.0' });
    });

    it('only [contracts.<name>] tables and inline tables directly under [contracts] are contracts', () => {
      const text = [
        'top = { epoch = 1.0 }',
        '[project]',
        'name = "x"',
        'b = { epoch = 2.1 }',
        '[project.c]',
        'epoch = 2.2',
        '[other.d]',
        'epoch = 2.3',
        '[contracts.e.f]',
        'epoch = 2.4',
        '[contracts]',
        'epoch = 2.5',
        'g = "not a table"',
        'h = { epoch = 3.0 }',
        "[contracts.'pool-v2']",
        'epoch = 3.1',
        'meta = { epoch = 3.2 }',
        '[[project.requirements]]',
        'contract_id = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.t"',
        'i = { epoch = 3.3 }',
        '[contracts.j]',
        'epoch = 3.4',
        '  [[project.requirements]]',
        'epoch = 3.5',
        '[contracts.k]',
        'description = """',
        'first line',
        '[contracts.fake]',
        'epoch = 9',
        '"""',
        'epoch = 3.6',
      ].join('\n');
      assert.deepStrictEqual(
        [...scanManifest(text)],
        [
          ['h', { line: 14, epoch: '3.0' }],
          ['pool-v2', { line: 15, epoch: '3.1' }],
          ['j', { line: 21, epoch: '3.4' }],
          ['k', { line: 25, epoch: '3.6' }],
        ],
      );
    });
  });
});
