import * as assert from 'assert';
import { parse as parseToml } from 'smol-toml';
import { addRequirement, applyEdit } from '../../src/chain/clarinetRequirements';

const ID = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard';
const OTHER = 'SP2C2YFP12AJZB4MABJBAJ55XECVS7E4PMMZ89YZR.arkadiko-token';
const TABLE = `[[project.requirements]]\ncontract_id = "${ID}"\n`;

function add(toml: string): string {
  const r = addRequirement(toml, ID);
  if (!r.ok) return assert.fail(`expected an edit, got: ${r.reason}`);
  return applyEdit(toml, r.edit);
}

function refused(toml: string): string {
  const r = addRequirement(toml, ID);
  if (r.ok) return assert.fail(`expected a refusal, got ${JSON.stringify(applyEdit(toml, r.edit))}`);
  return r.reason;
}

const requirementsOf = (toml: string) =>
  ((parseToml(toml).project as { requirements?: Array<{ contract_id: string }> }).requirements ?? []).map(
    (r) => r.contract_id,
  );

describe('adding a requirement to Clarinet.toml: the text written in each layout', () => {
  const cases: Array<[string, string, string]> = [
    ['an empty manifest gets the table alone', '', TABLE],
    [
      'no [project] table: the table goes at the end, not into the table after the first lines',
      '[repl]\nx = 1\n[contracts.a]\npath = "a.clar"\n',
      `[repl]\nx = 1\n[contracts.a]\npath = "a.clar"\n${TABLE}`,
    ],
    [
      'an array of tables named project is not the [project] table',
      '[[project]]\nname = "x"\n[contracts.a]\npath = "a.clar"\n',
      `[[project]]\nname = "x"\n[contracts.a]\npath = "a.clar"\n${TABLE}`,
    ],
    [
      'a requirement on the first line: the new one after it',
      `[[project.requirements]]\ncontract_id = "${OTHER}"\n\n[project]\nname = "x"\n`,
      `[[project.requirements]]\ncontract_id = "${OTHER}"\n${TABLE}\n[project]\nname = "x"\n`,
    ],
    [
      'a manifest starting with a blank line: its [project] table is still found',
      '\n[project]\nname = "x"\n\n[contracts.a]\npath = "a.clar"\n',
      `\n[project]\nname = "x"\n${TABLE}\n[contracts.a]\npath = "a.clar"\n`,
    ],
    [
      'an empty inline list with blanks inside it',
      '[project]\nname = "x"\nrequirements = [ ]\n',
      `[project]\nname = "x"\n${TABLE}`,
    ],
    [
      'an empty inline list, indented and without blanks around "="',
      '[project]\nname = "x"\n  requirements=[]\n',
      `[project]\nname = "x"\n${TABLE}`,
    ],
    [
      'an empty inline list with keys after it: they stay in [project]',
      '[project]\nname = "x"\nrequirements = []\ntelemetry = false\n\n[contracts.a]\npath = "a.clar"\n',
      `[project]\nname = "x"\ntelemetry = false\n${TABLE}\n[contracts.a]\npath = "a.clar"\n`,
    ],
    [
      'an empty inline list, a blank line, then a table: one blank line between',
      '[project]\nname = "x"\nrequirements = []\n\n[contracts.a]\npath = "a.clar"\n',
      `[project]\nname = "x"\n${TABLE}\n[contracts.a]\npath = "a.clar"\n`,
    ],
    [
      'a table right after [project]: a blank line between the new table and it',
      '[project]\nname = "x"\n[contracts.a]\npath = "a.clar"\n',
      `[project]\nname = "x"\n${TABLE}\n[contracts.a]\npath = "a.clar"\n`,
    ],
    [
      'a line of blanks before the next table already parts them: no blank line more',
      '[project]\nname = "x"\nrequirements = []\n \t \n[contracts.a]\npath = "a.clar"\n',
      `[project]\nname = "x"\n${TABLE} \t \n[contracts.a]\npath = "a.clar"\n`,
    ],
    [
      'a line of blanks with a Windows line end, likewise',
      '[project]\r\nname = "x"\r\n  \r\n[contracts.a]\r\npath = "a.clar"\r\n',
      `[project]\r\nname = "x"\r\n${TABLE.replace(/\n/g, '\r\n')}  \r\n[contracts.a]\r\npath = "a.clar"\r\n`,
    ],
    [
      'a key that ends in "requirements" is not the list',
      '[project]\nname = "x"\nextra_requirements = []\n',
      `[project]\nname = "x"\nextra_requirements = []\n${TABLE}`,
    ],
    [
      'a list of another key over several lines is not the requirements',
      '[project]\nname = "x"\nextra_requirements = [\n  "a",\n]\n',
      `[project]\nname = "x"\nextra_requirements = [\n  "a",\n]\n${TABLE}`,
    ],
    [
      'a requirements list in another table is not the project\u2019s',
      '[project]\nname = "x"\n\n[repl]\nrequirements = ["x"]\n',
      `[project]\nname = "x"\n${TABLE}\n[repl]\nrequirements = ["x"]\n`,
    ],
    [
      'an empty inline list with a comment holding brackets after it',
      '[project]\nname = "x"\nrequirements = [] # see [docs]\n',
      `[project]\nname = "x"\n${TABLE}`,
    ],
    [
      'a non-empty inline list with a comment holding brackets after it',
      `[project]\nname = "x"\nrequirements = [{ contract_id = "${OTHER}" }] # see [docs]\n`,
      `[project]\nname = "x"\nrequirements = [{ contract_id = "${OTHER}" }, { contract_id = "${ID}" }] # see [docs]\n`,
    ],
  ];
  for (const [what, before, after] of cases)
    it(what, () => {
      const out = add(before);
      assert.strictEqual(out, after);
      assert.ok(!/^\[project\]/m.test(out) || requirementsOf(out).includes(ID), 'the manifest lists the requirement');
    });

  it('an empty inline list on the last line, without a newline at the end, is replaced by the table', () => {
    const out = add('[project]\nname = "x"\nrequirements = []');
    assert.deepStrictEqual(requirementsOf(out), [ID]);
    assert.doesNotMatch(out, /requirements = \[\]/);
  });

  it('a requirements list over several lines, even indented or without a blank before "=", is left to the user', () => {
    for (const toml of [
      '[project]\nname = "x"\nrequirements = [\n]\n',
      '[project]\nname = "x"\n  requirements = [\n]\n',
      '[project]\nname = "x"\nrequirements= [\n]\n',
    ])
      assert.match(refused(toml), /over several lines/, JSON.stringify(toml));
  });
});
