import * as assert from 'assert';
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';

// F5 in desktop VS Code: .vscode/launch.json names tasks in .vscode/tasks.json, and the background
// tasks' begin/end patterns must match what esbuild.js and the mock API really print, or F5 waits
// forever. Desktop VS Code cannot run here, so this checks each link of that chain.

const REPO = path.join(__dirname, '..', '..', '..');

interface Matcher {
  pattern: { regexp: string; file?: number; line?: number; column?: number; message?: number }[] | { regexp: string };
  background: { beginsPattern: string; endsPattern: string };
}
interface Task {
  label: string;
  type?: string;
  script?: string;
  isBackground?: boolean;
  dependsOn?: string[];
  problemMatcher?: Matcher | string | [];
}
interface LaunchConfig {
  name: string;
  type: string;
  args: string[];
  preLaunchTask?: string;
}

/** .vscode files are JSON with comments, read the way VS Code reads them. */
function readJsonc<T>(rel: string): T {
  const parsed = ts.parseConfigFileTextToJson(rel, fs.readFileSync(path.join(REPO, rel), 'utf8'));
  assert.strictEqual(parsed.error, undefined, `${rel} is not valid JSON with comments`);
  return parsed.config as T;
}

/** Runs a command until `done(output)` holds (or 60 s), then stops it; returns stdout+stderr lines. */
function runUntil(cmd: string, args: string[], cwd: string, done: (out: string) => boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no end within 60 s; printed:\n${out}`));
    }, 60000);
    const take = (chunk: Buffer): void => {
      out += chunk.toString();
      if (done(out)) {
        clearTimeout(timer);
        child.kill();
        resolve(out.split('\n'));
      }
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    child.on('error', reject);
  });
}

describe('F5: launch configurations and their tasks', function () {
  this.timeout(90000);
  const { tasks } = readJsonc<{ tasks: Task[] }>('.vscode/tasks.json');
  const { configurations } = readJsonc<{ configurations: LaunchConfig[] }>('.vscode/launch.json');
  const byLabel = new Map(tasks.map((t) => [t.label, t]));
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    scripts: Record<string, string>;
  };

  it('has Run Extension and Extension Tests, each naming a task that exists', () => {
    const names = configurations.map((c) => c.name);
    assert.ok(names.includes('Run Extension') && names.includes('Extension Tests'), names.join(', '));
    for (const c of configurations) {
      assert.strictEqual(c.type, 'extensionHost');
      assert.ok(c.preLaunchTask && byLabel.has(c.preLaunchTask), `${c.name}: no task "${c.preLaunchTask}"`);
    }
  });

  it('names only tasks and npm scripts that exist', () => {
    for (const t of tasks) {
      for (const d of t.dependsOn ?? []) assert.ok(byLabel.has(d), `${t.label} depends on a missing task "${d}"`);
      if (t.type === 'npm') assert.ok(t.script && pkg.scripts[t.script], `${t.label}: no npm script "${t.script}"`);
    }
  });

  it('Run Extension opens the fixture workspace that npm start opens, pointed at the mock task', () => {
    const run = configurations.find((c) => c.name === 'Run Extension')!;
    const ws = run.args.find((a) => a.endsWith('.code-workspace'))!.replace('${workspaceFolder}', REPO);
    const { folders, settings } = readJsonc<{ folders: { path: string }[]; settings: Record<string, string> }>(
      path.relative(REPO, ws),
    );
    const [folder] = folders;
    assert.ok(folder, 'the workspace names a folder');
    assert.strictEqual(path.resolve(path.dirname(ws), folder.path), path.join(REPO, 'test', 'fixtures', 'workspace'));
    assert.strictEqual(settings['stacksLookup.network'], 'custom');
    assert.strictEqual(settings['stacksLookup.customApiUrl'], 'http://127.0.0.1:3999');
    assert.match(
      pkg.scripts['mock-api'] ?? '(no mock-api script)',
      /cli\.js$/,
      'the mock task runs the mock CLI, which listens on 3999',
    );
    const pre = byLabel.get(run.preLaunchTask!)!;
    assert.deepStrictEqual([...(pre.dependsOn ?? [])].sort(), ['mock API', 'watch']);
  });

  it("the watch task's matcher reads esbuild.js's own output: begin, error with its place, end", async () => {
    const watch = byLabel.get('watch')!;
    const m = watch.problemMatcher as Matcher;
    assert.ok(watch.isBackground && Array.isArray(m.pattern) && m.pattern.length === 2);
    // esbuild.js in watch mode on a project holding one broken entry, in a scratch folder.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-watch-'));
    try {
      fs.mkdirSync(path.join(dir, 'src'));
      fs.writeFileSync(path.join(dir, 'src', 'extension.ts'), 'export const a = ;\n');
      const lines = await runUntil(process.execPath, [path.join(REPO, 'esbuild.js'), '--watch'], dir, (out) =>
        new RegExp(m.background.endsPattern, 'm').test(out),
      );
      const begin = lines.findIndex((l) => new RegExp(m.background.beginsPattern).test(l));
      const end = lines.findIndex((l) => new RegExp(m.background.endsPattern).test(l));
      assert.ok(begin >= 0 && end > begin, lines.join('\n'));
      const [first, second] = m.pattern;
      assert.ok(first && second, 'two patterns: the error line, then its place');
      // An error line the first pattern reads, followed by the place the second one reads.
      const at = lines.findIndex(
        (l, i) => new RegExp(first.regexp).test(l) && new RegExp(second.regexp).test(lines[i + 1] ?? ''),
      );
      assert.ok(at > begin && at < end, `no error with its place for the matcher in:\n${lines.join('\n')}`);
      assert.strictEqual(new RegExp(first.regexp).exec(lines[at] ?? '')![first.message!], 'Unexpected ";"');
      const place = new RegExp(second.regexp).exec(lines[at + 1] ?? '')!;
      assert.deepStrictEqual(
        [place[second.file!], place[second.line!], place[second.column!]],
        [path.join('src', 'extension.ts'), '1', '17'],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the mock API task's begin and end patterns match what npm and the mock print", async () => {
    const mock = byLabel.get('mock API')!;
    const m = mock.problemMatcher as Matcher;
    assert.ok(mock.isBackground);
    // npm echoes "> <name>@<version> <script>" before running a script.
    assert.match(`> ${pkg.name}@${pkg.version} mock-api`, new RegExp(m.background.beginsPattern));
    const cli = path.join(REPO, 'out', 'test', 'mock-api', 'cli.js');
    const ends = new RegExp(m.background.endsPattern, 'm');
    const listening = await runUntil(process.execPath, [cli, '--port', '0'], REPO, (out) => ends.test(out));
    assert.ok(listening.some((l) => /^Stacks chain data API mock listening on http:\/\/127\.0\.0\.1:\d+/.test(l)));
    // A failed start ends the wait too, so F5 reports it instead of waiting forever.
    const failed = await runUntil(process.execPath, [cli, '--port', '99999'], REPO, (out) => ends.test(out));
    assert.ok(
      failed.some((l) => l.startsWith('mock-api: ')),
      failed.join('\n'),
    );
    assert.ok(!new RegExp((m.pattern as { regexp: string }).regexp).test('mock-api: invalid --port 99999'));
  });
});
