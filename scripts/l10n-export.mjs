// Writes l10n/bundle.l10n.json, the English bundle: every message of a `vscode.l10n.t(...)` call
// and of the project's own `l10n.t(...)` (src/chain/l10n.ts, used where `vscode` may not be
// imported) in src/. The extraction is @vscode/l10n-dev's; it knows `l10n.t` only when `l10n` is
// imported from '@vscode/l10n', so the import of src/chain/l10n.ts is read as that package's,
// whose `t` it mirrors. `--check` prints nothing and exits 1 when the committed bundle differs.
import { getL10nJson } from '@vscode/l10n-dev';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const OWN_IMPORT = /^import \* as l10n from '(?:\.\.?\/)+(?:chain\/)?l10n';$/m;

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

export async function englishBundle() {
  const bundle = {};
  for (const file of sources(path.join(root, 'src')).sort()) {
    const where = path.relative(root, file);
    const text = fs.readFileSync(file, 'utf8');
    // `t` called by another name would not be found. (src/webview has a `t` of its own, whose words
    // src/ui/panels/webviewStrings.ts translates.)
    if (
      !where.startsWith('src/webview/') &&
      /^import \{[^}]*\bt\b[^}]*\} from '(?:\.\.?\/)+(?:chain\/)?l10n';$/m.test(text)
    )
      throw new Error(
        `${where}: import src/chain/l10n.ts as \`import * as l10n from '…/l10n'\` so its messages are exported.`,
      );
    const contents = text.replace(OWN_IMPORT, "import * as l10n from '@vscode/l10n';");
    try {
      // One file at a time, so a message that cannot be read is named with its file.
      Object.assign(bundle, await getL10nJson([{ extension: '.ts', contents }]));
    } catch (e) {
      throw new Error(`${where}: ${e.message}`);
    }
  }
  return Object.fromEntries(
    Object.keys(bundle)
      .sort()
      .map((k) => [k, bundle[k]]),
  );
}

const target = path.join(root, 'l10n', 'bundle.l10n.json');
const text = `${JSON.stringify(await englishBundle(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  process.exit(fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text ? 0 : 1);
} else if (process.argv.includes('--stdout')) {
  process.stdout.write(text);
} else {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  console.log(`${path.relative(root, target)}: ${Object.keys(JSON.parse(text)).length} messages`);
}
