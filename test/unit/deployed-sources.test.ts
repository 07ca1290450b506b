import * as assert from 'assert';
import { CursorMemo } from '../../src/api/replacements';
import { MAX_CURSOR_CHARS } from '../../src/api/replacements/addressTransactions';
import { DeployedSources, MAX_SOURCES, SOURCES_MAX_BYTES } from '../../src/ui/drift/deployedSources';

const MB = 1024 * 1024;

describe('Deployed sources kept for drift: bounded by count and by size', () => {
  it('keeps at most 8 MB of sources: the least recently used go first, and are asked again', async () => {
    const memo = new DeployedSources();
    let loads = 0;
    const load = (i: number) => () => {
      loads++;
      return Promise.resolve(String(i % 10).repeat(1.5 * MB));
    };
    for (let i = 0; i < 10; i++) await memo.get(`k${i}`, load(i));
    assert.ok(memo.kept.chars <= SOURCES_MAX_BYTES, `${memo.kept.chars} characters kept`);
    assert.strictEqual(memo.kept.sources, 5, 'five sources of 1.5 MB fit in 8 MB');
    assert.strictEqual(memo.known('k0'), undefined, 'the oldest went');
    assert.strictEqual((await memo.get('k9', load(9))).length, 1.5 * MB);
    assert.strictEqual(loads, 10, 'the newest is still kept');
    await memo.get('k0', load(0));
    assert.strictEqual(loads, 11, 'the oldest is asked again');
  });

  it('keeps at most 200 sources, however small', async () => {
    const memo = new DeployedSources();
    for (let i = 0; i < MAX_SOURCES + 50; i++) await memo.get(`k${i}`, () => Promise.resolve('(ok)'));
    assert.strictEqual(memo.kept.sources, MAX_SOURCES);
  });

  it('refuses a source larger than any Stacks transaction, and keeps only the short failure', async () => {
    const memo = new DeployedSources();
    await assert.rejects(
      memo.get('big', () => Promise.resolve('x'.repeat(10 * MB))),
      {
        kind: 'invalid-response',
        message: /deployed source of 10\.0 MB; no Stacks transaction is larger than 2 MB/,
      },
    );
    const known = memo.known('big');
    assert.ok(known && !known.ok, 'the failure is remembered, so a view does not ask again at once');
    assert.ok(memo.kept.chars < 2048, `${memo.kept.chars} characters kept`);
    memo.forgetFailures();
    assert.strictEqual(memo.known('big'), undefined, 'a refresh asks again');
  });

  it('asks once for a source many want at the same time', async () => {
    const memo = new DeployedSources();
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<string>((r) => setTimeout(() => r('(define-read-only (f) u1)'), 5));
    };
    const texts = await Promise.all([memo.get('k', load), memo.get('k', load), memo.get('k', load)]);
    assert.deepStrictEqual(new Set(texts).size, 1);
    assert.strictEqual(loads, 1);
  });
});

describe('Cursor memo of v3 lists: bounded by size', () => {
  it('does not remember a cursor longer than any real one, so 2,000 cursors hold at most 2 MB', () => {
    const memo = new CursorMemo();
    memo.set('SP1', 20, 'c'.repeat(1 * MB));
    memo.set('SP1', 40, 'c'.repeat(MAX_CURSOR_CHARS + 1));
    assert.strictEqual(memo.get('SP1', 20)?.length, undefined);
    assert.strictEqual(memo.get('SP1', 40)?.length, undefined);
    assert.strictEqual(memo.nearest('SP1', 60).offset, 0, 'a page turn walks from the start');
    memo.set('SP1', 20, '1700000000:0xabc');
    memo.set('SP1', 40, 'c'.repeat(MAX_CURSOR_CHARS));
    assert.deepStrictEqual(memo.nearest('SP1', 30), { offset: 20, cursor: '1700000000:0xabc' });
    assert.strictEqual(memo.nearest('SP1', 60).cursor?.length, MAX_CURSOR_CHARS);
  });
});
