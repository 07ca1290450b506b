// The half the desktop and the web builds share (src/bundles/half.ts): found in the web build's
// text, unpacked, compiled with the host's `require`, and a damaged one said in one sentence.
import * as assert from 'assert';
import * as zlib from 'zlib';
import { compile, MissingPartError, PACKED_MARK, packedIn, unpack } from '../../src/bundles/half';

const pack = (text: string): string => PACKED_MARK + zlib.deflateRawSync(text, { level: 9 }).toString('base64');

describe('the shared half of the package', () => {
  const source = 'const v = require("vscode"); exports.loads = (exports.loads || 0) + 1; exports.part = () => v.name;';

  it('finds the packed half in the web build, past the mark its own code holds as a string', () => {
    const packed = pack(source);
    // The web build holds the mark as a constant (this module is in it) before and after the half.
    const web = `var MARK="${PACKED_MARK}";var half="${packed}";var again="${PACKED_MARK}";`;
    assert.strictEqual(packedIn(web), packed);
    assert.throws(() => packedIn(`var MARK="${PACKED_MARK}";`), /no packed half/);
    assert.throws(() => packedIn('module.exports = {}'), /no packed half/);
  });

  it('unpacks the text and compiles it once, with the require it is given', () => {
    const text = unpack(pack(source));
    assert.strictEqual(text, source);
    const asked: string[] = [];
    const parts = compile(text, (id) => {
      asked.push(id);
      return { name: 'the host api' };
    });
    assert.deepStrictEqual(asked, ['vscode']);
    assert.strictEqual((parts as unknown as { loads: number }).loads, 1);
    assert.strictEqual(parts['part']!(), 'the host api');
  });

  it('refuses a string without the mark or with damaged bytes', () => {
    assert.throws(() => unpack(pack(source).slice(PACKED_MARK.length)), /no mark/);
    assert.throws(() => unpack(PACKED_MARK + 'AAAA////'));
  });

  it('says which part could not load and what to do, in one line', () => {
    const e = new MissingPartError('detail panels', new Error('invalid block type\n    at inflate (fflate.js:1:1)'));
    assert.strictEqual(e.name, 'MissingPartError');
    assert.strictEqual(
      e.message,
      'Stacks Lookup could not load its detail panels: reinstall or update the extension. (invalid block type)',
    );
  });
});
