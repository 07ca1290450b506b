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
  webviewBytes: number | null;
  /** Bytes of the in-memory rebuild (a check that it matches dist/extension.js). */
  rebuiltBytes: number;
  byPackage: BundleInput[];
  topFiles: BundleInput[];
  vsix: { bytes: number; files: number } | { notMeasured: string };
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
  if (!fs.existsSync(dist)) throw new Error('dist/extension.js is missing: run `npm run build:prod` first');
  const extensionBytes = fs.statSync(dist).size;
  const webview = path.join(REPO, 'dist', 'webview.js');
  const webviewBytes = fs.existsSync(webview) ? fs.statSync(webview).size : null;

  // The options of esbuild.js's extension build with --production, plus the metafile.
  const esbuild = await import('esbuild');
  const built = await esbuild.build({
    absWorkingDir: REPO,
    entryPoints: ['src/extension.ts'],
    bundle: true,
    minify: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    legalComments: 'none',
    write: false,
    outfile: 'dist/extension.js',
    metafile: true,
    logLevel: 'silent',
  });
  const out = Object.values(built.metafile.outputs)[0]!;
  const rebuiltBytes = built.outputFiles.find((f) => f.path.endsWith('extension.js'))?.contents.byteLength ?? out.bytes;
  const inputs = Object.entries(out.inputs).map(([name, i]) => ({ name, bytes: i.bytesInOutput }));
  const pkgs = new Map<string, number>();
  for (const i of inputs) pkgs.set(owner(i.name), (pkgs.get(owner(i.name)) ?? 0) + i.bytes);
  const byPackage = [...pkgs].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
  const topFiles = inputs.sort((a, b) => b.bytes - a.bytes).slice(0, 12);

  return { extensionBytes, webviewBytes, rebuiltBytes, byPackage, topFiles, vsix: opts.vsix ? await packageVsix() : { notMeasured: 'skipped (--no-vsix)' } };
}

/** `vsce package` into a temporary file; a failure is reported, not thrown. */
async function packageVsix(): Promise<BundleResult['vsix']> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-bench-'));
  const file = path.join(dir, 'bench.vsix');
  try {
    const vsce = path.join(REPO, 'node_modules', '@vscode', 'vsce', 'vsce');
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [vsce, 'package', '--no-dependencies', '-o', file], { cwd: REPO, timeout: 120_000, maxBuffer: 10 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (err) reject(new Error(`${err.message.split('\n')[0]}\n${(stderr || stdout).trim().split('\n').slice(-5).join('\n')}`));
        else resolve(stdout);
      });
    });
    const files = /\((\d+) files?/.exec(out);
    return { bytes: fs.statSync(file).size, files: files ? Number(files[1]) : NaN };
  } catch (e) {
    return { notMeasured: `vsce package failed: ${(e as Error).message.trim()}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
