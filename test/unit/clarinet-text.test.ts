import * as assert from 'assert';
import { contractsAt, readClarinetProject } from '../../src/chain/clarinet';
import { asRecord, checkProjectPath, firstLine, Lines } from '../../src/chain/clarinetText';
import { memoryReader } from './clarinetReaders';

describe('Clarinet text helpers', () => {
  describe('Lines: the line of an offset', () => {
    it('a line starts right after its newline, and the newline belongs to the line it ends', () => {
      const text = 'ab\ncd\n\nef';
      const lines = new Lines(text);
      const at = (offset: number) => lines.lineOf(offset);
      // a b \n c d \n \n e f
      // 0 1 2  3 4 5  6 7 8
      assert.deepStrictEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map(at), [1, 1, 1, 2, 2, 2, 3, 4, 4]);
      assert.strictEqual(at(text.length), 4, 'the end of the text is on the last line');
    });

    it('a text that starts with a newline has an empty first line', () => {
      const lines = new Lines('\nx = 1\n');
      assert.strictEqual(lines.lineOf(0), 1);
      assert.strictEqual(lines.lineOf(1), 2);
      assert.strictEqual(lines.lineOf(6), 2);
      assert.strictEqual(lines.lineOf(7), 3);
    });

    it('a text with no newline is one line', () => {
      assert.strictEqual(new Lines('[project]').lineOf(5), 1);
      assert.strictEqual(new Lines('').lineOf(0), 1);
    });
  });

  describe('checkProjectPath: a contract path stays inside the project', () => {
    const accepted = (raw: string) => {
      const r = checkProjectPath(raw);
      assert.ok(r.ok, `${JSON.stringify(raw)} was refused: ${r.ok ? '' : r.reason}`);
      return r.path;
    };
    const refused = (raw: string) => {
      const r = checkProjectPath(raw);
      assert.ok(!r.ok, `${JSON.stringify(raw)} was accepted as ${r.ok ? r.path : ''}`);
      return r.reason;
    };

    it('written the ways Clarinet.toml files write them, it comes back in one form', () => {
      assert.strictEqual(accepted('contracts/counter.clar'), 'contracts/counter.clar');
      assert.strictEqual(accepted('  contracts/counter.clar  '), 'contracts/counter.clar');
      assert.strictEqual(accepted('contracts\\sub\\counter.clar'), 'contracts/sub/counter.clar');
      assert.strictEqual(accepted('./contracts/counter.clar'), 'contracts/counter.clar');
      assert.strictEqual(accepted('contracts//./counter.clar'), 'contracts/counter.clar');
      assert.strictEqual(accepted('contracts/old/../counter.clar'), 'contracts/counter.clar');
    });

    it('a colon after the first folder is part of a name, not a drive or a scheme', () => {
      assert.strictEqual(accepted('contracts/v2:token.clar'), 'contracts/v2:token.clar');
      assert.strictEqual(accepted('contracts/a:b.clar'), 'contracts/a:b.clar');
    });

    it('absolute paths, drive letters and URIs are refused as absolute', () => {
      const absolute = 'the path is absolute; it must be relative to the project folder';
      for (const raw of [
        '/etc/passwd',
        '\\etc\\passwd',
        'C:\\Windows\\win.ini',
        'c:/x.clar',
        'file:contracts/a.clar',
        'https://example.org/a.clar',
        'vscode-remote+ssh:a.clar',
      ])
        assert.strictEqual(refused(raw), absolute, raw);
    });

    it('an empty path, a NUL, a climb out and a path that names no file each say so', () => {
      assert.strictEqual(refused('./'), 'the path is empty');
      assert.strictEqual(refused('   '), 'the path is empty');
      assert.strictEqual(refused('contracts/a\0.clar'), 'the path holds a NUL character');
      assert.strictEqual(refused('../a.clar'), 'the path leads out of the project folder');
      assert.strictEqual(refused('contracts/../../a.clar'), 'the path leads out of the project folder');
      assert.strictEqual(refused('contracts/..'), 'the path names no file');
      assert.strictEqual(refused('.'), 'the path names no file');
    });

    it('the manifest reader reports each refusal on the contract that wrote it', async () => {
      const r = await readClarinetProject(
        memoryReader({
          'Clarinet.toml':
            '[project]\nname = "x"\n[contracts.dot]\npath = "./"\n[contracts.nul]\npath = "contracts/a\\u0000.clar"\n' +
            '[contracts.up]\npath = "contracts/.."\n[contracts.url]\npath = "https://example.org/a.clar"\n[contracts.ok]\npath = "contracts\\\\ok.clar"\n',
        }),
      );
      if (!r.ok) return assert.fail(`expected a project, got ${JSON.stringify(r)}`);
      assert.deepStrictEqual(
        r.project.contracts.map((c) => [c.name, c.path]),
        [['ok', 'contracts/ok.clar']],
      );
      assert.deepStrictEqual(
        r.project.problems.map((p) => `${p.line}: ${p.message}`),
        [
          '3: [contracts.dot]: the path is empty.',
          '5: [contracts.nul]: the path holds a NUL character.',
          '7: [contracts.up]: the path names no file.',
          '9: [contracts.url]: the path is absolute; it must be relative to the project folder.',
        ],
      );
      assert.deepStrictEqual(
        contractsAt(r.project, '././contracts\\ok.clar').map((c) => c.name),
        ['ok'],
        'an editor path in another form finds the same contract',
      );
    });
  });

  it('asRecord: a table, never null, an array or a value', () => {
    const table = { a: 1 };
    assert.strictEqual(asRecord(table), table);
    for (const v of [null, undefined, [], [1], 'x', 1, true])
      assert.strictEqual(asRecord(v), undefined, JSON.stringify(v));
  });

  it('firstLine: the first line of an error, trimmed', () => {
    assert.strictEqual(firstLine('  Unexpected character  \nat line 3\n'), 'Unexpected character');
  });
});
