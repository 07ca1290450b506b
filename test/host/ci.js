#!/usr/bin/env node
// `npm test`: every check in order, a summary table, and one final line `N passed, N failed`
// (unit + in-host + web + e2e test counts). Exit code 1 if any step failed. Does not run `npm ci`.
//   STEP_TIMEOUT_MS   per-step limit (default 14 min)
//   CI_SKIP=lint,e2e  skip steps by name
'use strict';
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const { killTree } = require('./codeServer.js');

const REPO = path.resolve(__dirname, '..', '..');
const STEP_TIMEOUT_MS = Number(process.env.STEP_TIMEOUT_MS) || 14 * 60 * 1000;
const skip = new Set(
  (process.env.CI_SKIP || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The VSIX the package step writes and the e2e specs install (removed at exit). */
const VSIX_DIR = fs.mkdtempSync(path.join(require('os').tmpdir(), 'stacks-lookup-ci-'));
const VSIX = path.join(VSIX_DIR, 'stacks-lookup.vsix');
process.env.STACKS_LOOKUP_VSIX = VSIX;
process.on('exit', () => fs.rmSync(VSIX_DIR, { recursive: true, force: true }));

/** Counts from the last `N passed, N failed` line, or from mocha's `N passing` / `N failing`. */
function parseCounts(out) {
  const plain = [...out.matchAll(/^\s*(\d+) passed, (\d+) failed\s*$/gm)].pop();
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]) };
  const passing = [...out.matchAll(/^\s*(\d+) passing\b/gm)].pop();
  const failing = [...out.matchAll(/^\s*(\d+) failing\b/gm)].pop();
  if (passing || failing) return { passed: passing ? Number(passing[1]) : 0, failed: failing ? Number(failing[1]) : 0 };
  return null;
}

/** Runs one step; `buffered`: its output is kept and printed by the caller, not streamed. */
function runStep(cmd, args, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
    let out = '';
    const keep = (chunk, stream) => {
      if (!buffered) stream.write(chunk);
      out += chunk.toString();
      if (out.length > 400000) out = out.slice(-200000);
    };
    child.stdout.on('data', (c) => keep(c, process.stdout));
    child.stderr.on('data', (c) => keep(c, process.stderr));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.stderr.write(
        `\n[ci] ${cmd} ${args.join(' ')}: no result within ${STEP_TIMEOUT_MS / 1000} s, stopping it\n`,
      );
      killTree(child.pid, 5000);
    }, STEP_TIMEOUT_MS);
    running.add(child);
    child.on('error', (e) => {
      out += `\n${e.message}`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code: timedOut ? 124 : (code ?? 1), out, timedOut });
    });
  });
}

/** A step's command: `node` (run with this Node) or `npm` arguments. */
function runOf(step, opts) {
  return step.node ? runStep(process.execPath, step.node, opts) : runStep(npm, step.npm, opts);
}

const running = new Set();
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await Promise.all([...running].map((c) => killTree(c.pid, 5000)));
    process.exit(130);
  });
}

async function main() {
  const t0 = Date.now();
  const benchExists = ['bench/run.ts', 'bench/run.js'].some((f) => fs.existsSync(path.join(REPO, f)));
  const steps = [
    { name: 'typecheck', npm: ['run', 'typecheck'] },
    // Lint and typecheck are one process each: on 2 cores they run side by side.
    { name: 'lint', npm: ['run', 'lint'], beside: 'typecheck' },
    { name: 'unit', npm: ['run', 'test:unit'], tests: true },
    // Downloads and installs (code-server, Node 24, Chromium): started with typecheck, beside the
    // steps above, which need none of it; its row lands here, when the steps after need it.
    { name: 'setup', node: ['test/host/setup.js'], beside: 'typecheck' },
    // The VSIX once, for the e2e specs of the web and e2e steps (STACKS_LOOKUP_VSIX). Packaging
    // runs the production build into dist/, so it comes before the development build, which the
    // in-host passes run while the specs beside them install the package.
    {
      name: 'package',
      node: ['node_modules/@vscode/vsce/vsce', 'package', '--no-dependencies', '-o', VSIX],
      needs: 'setup',
    },
    // The development build once for the three host passes (`npm run test:<pass>` builds it each
    // time; the unit step compiled the tests already).
    { name: 'build', npm: ['run', 'build'], needs: 'package' },
    { name: 'host', node: ['test/host/run.js', 'host'], tests: true, needs: 'build' },
    // The web extension in the web worker extension host (vscode.dev, github.dev), after the host pass.
    { name: 'web', node: ['test/host/run.js', 'web'], tests: true, needs: 'build' },
    // The in-host and web passes keep the two cores about half busy (their tests wait on the
    // mock's timeouts and on the workbench), and so does a spec driving the workbench: the e2e
    // specs, then the restricted-mode pass, run beside them (about 350 s each way), each with its
    // own code-server, browser, mock and results folder, none writing dist/ or out/.
    { name: 'e2e', node: ['test/host/run.js', 'e2e'], tests: true, needs: 'build', beside: 'host' },
    { name: 'untrusted', node: ['test/host/run.js', 'untrusted'], tests: true, needs: 'build', beside: 'host' },
    // Last and alone: it measures time.
    ...(benchExists ? [{ name: 'bench', npm: ['run', 'bench', '--', '--quick'], needs: 'setup' }] : []),
  ];
  const rows = [];
  const status = {};
  const started = new Map();
  /**
   * Starts the steps that run beside `name`, one after the other, their output kept and printed
   * when the loop reaches each: a step whose `needs` failed by then is skipped there.
   */
  const startBeside = (name) => {
    let chain = Promise.resolve();
    for (const s of steps.filter((x) => x.beside === name && !skip.has(x.name))) {
      process.stdout.write(`[ci] ${s.name}: started beside ${name}, its output printed when it ends\n`);
      const run = chain.then(async () => {
        if (s.needs && status[s.needs] !== 'ok') return { skipped: true };
        const at = Date.now();
        const r = await runOf(s, { buffered: true });
        return { ...r, ms: Date.now() - at };
      });
      chain = run.then(() => undefined);
      started.set(s.name, run);
    }
  };
  for (const s of steps) {
    const ts = Date.now();
    let row;
    if (skip.has(s.name)) row = { name: s.name, result: 'skipped', note: 'CI_SKIP' };
    else if (started.has(s.name)) {
      const r = await started.get(s.name);
      if (r.skipped) row = { name: s.name, result: 'skipped', note: `${s.needs} failed` };
      else {
        process.stdout.write(`\n[ci] ===== ${s.name} (ran beside ${s.beside}) =====\n${r.out}`);
        const counts = s.tests ? parseCounts(r.out) : null;
        row = {
          name: s.name,
          result: r.code === 0 ? 'ok' : 'FAIL',
          counts,
          note: r.timedOut ? 'timeout' : r.code !== 0 ? `exit ${r.code}` : `beside ${s.beside}`,
          ms: r.ms,
        };
        if (s.tests && r.code !== 0 && (!counts || counts.failed === 0))
          row.counts = { passed: counts ? counts.passed : 0, failed: 1 };
      }
    } else if (s.needs && status[s.needs] !== 'ok')
      row = { name: s.name, result: 'skipped', note: `${s.needs} failed` };
    else {
      startBeside(s.name);
      process.stdout.write(`\n[ci] ===== ${s.name} =====\n`);
      const r = await runOf(s);
      const counts = s.tests ? parseCounts(r.out) : null;
      row = {
        name: s.name,
        result: r.code === 0 ? 'ok' : 'FAIL',
        counts,
        note: r.timedOut ? 'timeout' : r.code !== 0 ? `exit ${r.code}` : '',
      };
      // a failed test step that printed no counts still counts as one failure
      if (s.tests && r.code !== 0 && (!counts || counts.failed === 0))
        row.counts = { passed: counts ? counts.passed : 0, failed: 1 };
    }
    row.ms ??= Date.now() - ts;
    status[s.name] = row.result;
    rows.push(row);
  }
  const fmt = (n) => (typeof n === 'number' ? String(n) : '-');
  const lines = [
    ['step', 'result', 'passed', 'failed', 'time', 'note'],
    ...rows.map((r) => [
      r.name,
      r.result,
      fmt(r.counts && r.counts.passed),
      fmt(r.counts && r.counts.failed),
      r.result === 'skipped' ? '-' : `${(r.ms / 1000).toFixed(1)} s`,
      r.note || '',
    ]),
  ];
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  console.log('\n[ci] summary');
  for (const l of lines)
    console.log(
      '  ' +
        l
          .map((c, i) => c.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
    );
  console.log(`  total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  let passed = 0;
  let failed = 0;
  for (const r of rows) {
    if (r.counts) {
      passed += r.counts.passed;
      failed += r.counts.failed;
    }
  }
  const anyFailed = rows.some((r) => r.result === 'FAIL' || (r.result === 'skipped' && r.note !== 'CI_SKIP'));
  console.log(`${passed} passed, ${failed} failed`);
  return anyFailed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
