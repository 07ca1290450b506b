import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const REPO = path.resolve(__dirname, '..', '..', '..');

describe('codicons: the panels carry only the icons src/ names', () => {
  it('every codicon src/ names has a rule in the subset stylesheet', () => {
    const r = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'codicons.mjs'), '--check'], {
      encoding: 'utf8',
    });
    assert.strictEqual(r.status, 0, r.stderr);
  });

  it('the icons the webview draws itself are in the subset, and far from all 650 are', () => {
    const css = fs.readFileSync(path.join(REPO, 'src', 'webview', 'codicons.css'), 'utf8');
    const names = new Set([...css.matchAll(/\.codicon-([a-z0-9-]+):before/g)].map((m) => m[1]));
    for (const n of ['loading', 'warning', 'info', 'error', 'pass', 'arrow-left', 'arrow-right', 'refresh'])
      assert.ok(names.has(n), `codicon-${n}`);
    assert.ok(names.size < 200, `${names.size} icons`);
    assert.match(css, /url\("\.\/codicon\.ttf"\)/, 'the font face points at the subset font beside it');
    const font = fs.statSync(path.join(REPO, 'src', 'webview', 'codicon.ttf')).size;
    assert.ok(font > 2000 && font < 40000, `the subset font is ${font} bytes`);
  });

  it('the walkthrough shows WebP pictures that exist, and no PNG is left unconverted', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
    const images: string[] = pkg.contributes.walkthroughs.flatMap((w: { steps: { media: { image?: string } }[] }) =>
      w.steps.map((s) => s.media.image).filter((i): i is string => !!i),
    );
    assert.ok(images.length >= 6, `${images.length} pictures`);
    for (const i of images) {
      assert.match(i, /^media\/walkthrough\/[a-z-]+\.webp$/);
      const bytes = fs.readFileSync(path.join(REPO, i));
      assert.strictEqual(bytes.subarray(8, 12).toString('latin1'), 'WEBP', `${i} is a WebP file`);
    }
    const left = fs.readdirSync(path.join(REPO, 'media', 'walkthrough')).filter((n) => n.endsWith('.png'));
    assert.deepStrictEqual(left, [], 'run `node scripts/pictures.mjs` after refreshing the pictures');
  });
});
