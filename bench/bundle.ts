/**
 * Measure 1: the size of the production bundle and of the VSIX, and what fills the bundle
 * (esbuild's metafile of the same build, made once more in memory).
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPO } from './util';

export interface BundleInput {
  name: string;
  bytes: number;
}

export interface BundleResult {
  extensionBytes: number;
  /** The other bundles esbuild.js writes (webview, lazily loaded parts). */
  otherBundles: BundleInput[];
  byPackage: BundleInput[];
  topFiles: BundleInput[];
  vsix: { bytes: number; files: number; largest: VsixEntry[] } | { notMeasured: string };
}

export interface VsixEntry {
  name: string;
  /** Bytes inside the VSIX (compressed), and before compression. */
  bytes: number;
  rawBytes: number;
}

/** The entries of a zip file, from its central directory. */
export function zipEntries(zip: Buffer): VsixEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out: VsixEntry[] = [];
  for (let n = 0; n < count && zip.readUInt32LE(at) === 0x02014b50; n++) {
    const nameLength = zip.readUInt16LE(at + 28);
    out.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      bytes: zip.readUInt32LE(at + 20),
      rawBytes: zip.readUInt32LE(at + 24),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

/** node_modules/zod/v4/core/x.js -> "zod"; src/ui/x.ts -> "src/ui". */
function owner(input: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (m) return m[1]!;
  const parts = input.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]!;
}

export async function measureBundle(opts: { vsix: boolean }): Promise<BundleResult> {
  const dist = path.join(REPO, 'dist', 'extension.js');

  // The shipped build itself (esbuild.js --production), with esbuild's metafile switched on.
  const metaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-metafile-'));
  let meta: Metafile | undefined;
  const otherBundles: BundleInput[] = [];
  try {
    await run(process.execPath, ['-r', path.join(__dirname, 'esbuild-metafile.js'), 'esbuild.js', '--production'], {
      STACKS_LOOKUP_METAFILE_DIR: metaDir,
    });
    for (const f of fs.readdirSync(metaDir)) {
      const m = JSON.parse(fs.readFileSync(path.join(metaDir, f), 'utf8')) as Metafile;
      for (const [name, o] of Object.entries(m.outputs)) {
        if (name === 'dist/extension.js') meta = m;
        else if (!name.endsWith('.map')) otherBundles.push({ name, bytes: o.bytes });
      }
    }
  } finally {
    fs.rmSync(metaDir, { recursive: true, force: true });
  }
  if (!meta) throw new Error('esbuild.js built no dist/extension.js');
  const out = meta.outputs['dist/extension.js']!;
  const extensionBytes = fs.statSync(dist).size;
  const inputs = Object.entries(out.inputs).map(([name, i]) => ({ name, bytes: i.bytesInOutput }));
  const pkgs = new Map<string, number>();
  for (const i of inputs) pkgs.set(owner(i.name), (pkgs.get(owner(i.name)) ?? 0) + i.bytes);
  const byPackage = [...pkgs].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
  const topFiles = inputs.sort((a, b) => b.bytes - a.bytes).slice(0, 12);

  return {
    extensionBytes,
    otherBundles,
    byPackage,
    topFiles,
    vsix: opts.vsix ? await packageVsix() : { notMeasured: 'skipped (--no-vsix)' },
  };
}

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(
      cmd,
      args,
      { cwd: REPO, env: { ...process.env, ...env }, timeout: 120_000, maxBuffer: 10 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err)
          reject(
            new Error(`${err.message.split('\n')[0]}\n${(stderr || stdout).trim().split('\n').slice(-5).join('\n')}`),
          );
        else resolve();
      },
    );
  });
}

/** `vsce package` into a temporary file; a failure is reported, not thrown. */
async function packageVsix(): Promise<BundleResult['vsix']> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-bench-'));
  const file = path.join(dir, 'bench.vsix');
  try {
    const vsce = path.join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce');
    await run(process.execPath, [vsce, 'package', '--no-dependencies', '-o', file]);
    const entries = zipEntries(fs.readFileSync(file)).filter((e) => !e.name.endsWith('/'));
    return {
      bytes: fs.statSync(file).size,
      files: entries.length,
      largest: entries.sort((a, b) => b.bytes - a.bytes).slice(0, 8),
    };
  } catch (e) {
    return { notMeasured: `vsce package failed: ${(e as Error).message.trim()}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
