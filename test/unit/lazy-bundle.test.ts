import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { lazyBundle, MissingBundleError } from '../../src/bundles/lazyBundle';

describe('lazyBundle', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-bundle-'));
    fs.writeFileSync(path.join(dir, 'part.js'), 'exports.loads = (exports.loads || 0) + 1; exports.answer = 42;');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('loads a part once, however often it is asked for', () => {
    const load = lazyBundle<{ answer: number; loads: number }>(dir, 'part.js', 'test part');
    assert.strictEqual(load().answer, 42);
    assert.strictEqual(load(), load());
    assert.strictEqual(load().loads, 1);
  });

  it('names the missing part and what to do instead of a bare "Cannot find module"', () => {
    const load = lazyBundle(dir, 'panels.js', 'detail panels');
    assert.throws(load, (e: unknown) => {
      assert.ok(e instanceof MissingBundleError);
      assert.match(
        e.message,
        /^Stacks Lookup could not load its detail panels \(panels\.js\): reinstall or update the extension\./,
      );
      assert.strictEqual(e.message.split('\n').length, 1, 'one line, no stack');
      return true;
    });
  });

  it('says so again on the next call rather than handing out a broken part', () => {
    fs.writeFileSync(path.join(dir, 'broken.js'), 'throw new Error("bad build");');
    const load = lazyBundle(dir, 'broken.js', 'explorer view');
    assert.throws(load, /explorer view .*bad build/);
    assert.throws(load, /explorer view .*bad build/);
  });
});
