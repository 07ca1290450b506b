#!/usr/bin/env node
// Runs Stacks Lookup in a REAL VS Code (code-server 4.139.1 on Node 24 + headless Debian Chromium).
//   node test/host/run.js host    in-host mocha suite (out/test/suite) against the mock API
//   node test/host/run.js untrusted  the suite of out/test/untrusted with workspace trust on and the
//                                    workspace not trusted (restricted mode)
//   node test/host/run.js web     the web pass: test/web in the web worker extension host (the one of
//                                 vscode.dev and github.dev), the extension's `browser` entry, then
//                                 the web e2e smoke (webhost*.e2e.js) on the packaged VSIX [--no-e2e]
//                                 (--e2e-only [spec-name...]: the smoke alone)
//   node test/host/run.js e2e     UI specs (out/test/e2e/*.e2e.js) against a VSIX packaged into the run folder
//   node test/host/run.js start   for a person: extension from source + fixture workspace, until Ctrl+C
//        [--network mainnet|testnet] [--code-server] [--port N]
// See test/host/README.md.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const setup = require('./setup.js');
const { startCodeServer } = require('./codeServer.js');

const REPO = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(REPO, 'test', 'fixtures', 'workspace');
const RESULTS = path.join(REPO, 'test-results');
// The whole in-host suite takes about 5 minutes on 2 cores; the limit leaves room for a loaded machine.
const HOST_TIMEOUT_MS = Number(process.env.HOST_TEST_TIMEOUT_MS) || 12 * 60 * 1000;
const SPEC_TIMEOUT_MS = Number(process.env.E2E_SPEC_TIMEOUT_MS) || 3 * 60 * 1000;
const t0 = Date.now();

function log(msg) {
  console.log(`[host ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
}

// ---- cleanup: everything started registers here; runs once on success, failure or signal -------
const cleanups = [];
let cleaning = null;
function onCleanup(fn) {
  cleanups.push(fn);
}
function cleanup() {
  if (!cleaning) {
    cleaning = (async () => {
      while (cleanups.length) {
        const fn = cleanups.pop();
        try {
          await Promise.race([fn(), new Promise((r) => setTimeout(r, 15000))]);
        } catch (e) {
          console.error(`[host] cleanup: ${e && e.message}`);
        }
      }
    })();
  }
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(`\n[host] ${sig}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

function makeRunDir(kind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `stacks-lookup-${kind}-`));
  onCleanup(async () => {
    if (process.env.KEEP_RUN_DIR === '1') log(`run dir kept: ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** A private copy of the fixture workspace, so tests never dirty the repository. */
function copyWorkspace(runDir) {
  const ws = path.join(runDir, 'workspace');
  fs.cpSync(FIXTURE, ws, { recursive: true });
  return ws;
}

async function startMock() {
  const file = path.join(REPO, 'out', 'test', 'mock-api', 'server.js');
  if (!fs.existsSync(file))
    throw new Error(`${path.relative(REPO, file)} is missing: run \`npm run compile-tests\` first`);
  const mock = await require(file).startMockApi();
  onCleanup(() => mock.close());
  log(`mock API at ${mock.url}`);
  return mock;
}

async function startCs(opts) {
  const t = Date.now();
  const cs = await startCodeServer({ log, ...opts });
  onCleanup(async () => {
    await cs.stop(); // first, so the extension host flushes its logs
    if (opts.collectLogsTo) collectLogs(cs, opts.collectLogsTo);
  });
  log(
    `code-server ${setup.CODE_SERVER_VERSION} at ${cs.url} (pid ${cs.pid}, ready in ${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
  return cs;
}

async function startBrowser(runDir) {
  const browser = require('./browser.js');
  const b = await browser.launchBrowser({ tmpDir: runDir });
  onCleanup(() => b.close());
  return b;
}

const remote = (p) => `vscode-remote://remote${p}`; // code-server's remote authority is always "remote"

/** Copies the extension host logs and the extension's output channel log to destDir. */
function collectLogs(cs, destDir) {
  fs.rmSync(destDir, { recursive: true, force: true });
  fs.mkdirSync(destDir, { recursive: true });
  const logsRoot = path.join(cs.dirs.userDataDir, 'logs');
  let n = 0;
  const walk = (dir) => {
    let entries = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const rel = path.relative(logsRoot, p);
        if (/exthost|stacks-lookup|Stacks Lookup|remoteagent/i.test(rel)) {
          const dest = path.join(destDir, rel);
          fs.mkdirSync(path.dirname(dest), { recursive: true });
          fs.copyFileSync(p, dest);
          n++;
        }
      }
    }
  };
  walk(logsRoot);
  try {
    fs.copyFileSync(cs.logFile, path.join(destDir, 'code-server.log'));
    n++;
  } catch {
    /* no log */
  }
  log(`${n} log files in ${path.relative(REPO, destDir)}/`);
}

function timeout(ms, what) {
  let timer;
  const p = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  p.cancel = () => clearTimeout(timer);
  return p;
}

// ---- mode: host ------------------------------------------------------------------------------
/**
 * The in-host suite (out/test/suite) in a trusted workspace, or with `untrusted` the suite of
 * out/test/untrusted in a workspace that was never trusted (workspace trust on, restricted mode),
 * whose own settings try to move the extension to a second mock.
 */
async function hostMode(_argv, { untrusted = false } = {}) {
  const kind = untrusted ? 'untrusted' : 'host';
  const suite = path.join(REPO, 'out', 'test', untrusted ? 'untrusted' : 'suite', 'index.js');
  if (!fs.existsSync(suite))
    throw new Error(`${path.relative(REPO, suite)} is missing: run \`npm run compile-tests\` first`);
  if (!fs.existsSync(path.join(REPO, 'dist', 'extension.js')))
    throw new Error('dist/extension.js is missing: run `npm run build` first');
  setup.ensureAll();
  const runDir = makeRunDir(kind);
  const ws = copyWorkspace(runDir);
  const outDir = path.join(RESULTS, kind);
  fs.mkdirSync(outDir, { recursive: true });
  const resultFile = path.join(outDir, 'results.json');
  const firstTestFile = path.join(outDir, 'first-test-time');
  fs.rmSync(resultFile, { force: true });
  fs.rmSync(firstTestFile, { force: true });

  const mock = await startMock();
  // The cloned repository's own settings: another network, API and explorer, and every setting
  // that turns on requests nobody asked for. In restricted mode the extension must ignore them
  // all; the suite checks each, and that nothing reaches this second mock.
  const workspaceMock = untrusted ? await startMock() : null;
  if (workspaceMock) {
    fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
    fs.writeFileSync(
      path.join(ws, '.vscode', 'settings.json'),
      JSON.stringify(
        {
          'stacksLookup.network': 'devnet',
          'stacksLookup.customApiUrl': workspaceMock.url,
          'stacksLookup.devnetApiUrl': workspaceMock.url,
          'stacksLookup.explorerUrl': `${workspaceMock.url}/explorer`,
          'stacksLookup.bitcoinExplorerUrl': `${workspaceMock.url}/bitcoin`,
          'stacksLookup.customApiTokenMetadata': true,
          'stacksLookup.statusBar.chainTip': true,
          'stacksLookup.watch.maxMinutes': 1440,
          'stacksLookup.watchedAddresses.global': true,
          'stacksLookup.watchedAddresses.notify': true,
          'stacksLookup.explorer.autoRefreshSeconds': 10,
          'stacksLookup.simulation.serviceUrl': `${workspaceMock.url}/simulation`,
        },
        null,
        2,
      ),
    );
  }
  const cs = await startCs({
    runDir,
    settings: { 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url },
    collectLogsTo: path.join(RESULTS, `${kind}-logs`),
    workspaceTrust: untrusted,
  });
  const { page } = await startBrowser(runDir);

  const consoleLog = fs.createWriteStream(path.join(outDir, 'workbench-console.log'));
  onCleanup(() => new Promise((r) => consoleLog.end(r)));
  const util = require('util');
  const verbose = process.env.HOST_LOG_VERBOSE === '1';
  let exitCode;
  const exited = new Promise((resolve) => (exitCode = resolve));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const msg = util.format(...(args || []));
    consoleLog.write(`[${type}] ${msg}\n`);
    if (verbose) console.log(`  [host:${type}] ${msg}`);
  });
  await page.exposeFunction('codeAutomationExit', (code) => exitCode(code));
  page.on('pageerror', (e) => consoleLog.write(`[pageerror] ${e.message}\n`));

  const payload = [
    ['extensionDevelopmentPath', remote(REPO)],
    ['extensionTestsPath', remote(suite)],
    [
      'extensionEnvironment',
      JSON.stringify({
        HOST_TEST_RESULT: resultFile,
        STACKS_LOOKUP_TEST_MOCK_URL: mock.url,
        ...(workspaceMock ? { STACKS_LOOKUP_TEST_WORKSPACE_MOCK_URL: workspaceMock.url } : {}),
        STACKS_LOOKUP_TEST: '1',
        ...pick(process.env, ['HOST_TEST_GREP', 'HOST_TEST_MOCHA_TIMEOUT_MS']),
      }),
    ],
    ['skipWelcome', 'true'],
  ];
  const { workbenchUrl } = require('./browser.js');
  const tRun = Date.now();
  log(`running in-host tests (timeout ${HOST_TIMEOUT_MS / 1000} s)`);
  await page.goto(workbenchUrl(cs.url, ws, payload));
  // The workbench's window counts as focused only in the front page; focus-dependent features
  // (the status bar's chain tip poll) are tested as a user with the window in front sees them.
  await page.bringToFront();
  const limit = timeout(HOST_TIMEOUT_MS, 'the in-host tests');
  let code;
  let timedOut = false;
  try {
    code = await Promise.race([exited, limit]);
  } catch (e) {
    timedOut = true;
    console.error(
      `[host] ${e.message}; workbench console: ${path.relative(REPO, path.join(outDir, 'workbench-console.log'))}`,
    );
    await require('./browser.js')
      .screenshot(page, 'timeout', outDir)
      .catch(() => {});
  } finally {
    limit.cancel();
  }
  log(
    `extension host finished with exit code ${timedOut ? 'none (timeout)' : code} after ${((Date.now() - tRun) / 1000).toFixed(1)} s`,
  );

  let summary = null;
  try {
    summary = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
  } catch {
    /* none written */
  }
  let passed = 0;
  let failed = 0;
  if (summary) {
    for (const r of summary.results) {
      console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.title}${r.ok ? '' : '\n' + indent(r.err || '')}`);
    }
    passed += summary.passed;
    failed += summary.failed;
    const slowest = summary.results
      .filter((r) => typeof r.durationMs === 'number')
      .sort((a, b) => b.durationMs - a.durationMs)
      .slice(0, 20);
    if (slowest.length) {
      log(`the ${slowest.length} slowest tests (of ${summary.results.length}):`);
      for (const r of slowest) log(`  ${(r.durationMs / 1000).toFixed(1).padStart(5)} s  ${r.title}`);
    }
  } else {
    console.log(`FAIL in-host suite: no result file ${path.relative(REPO, resultFile)} was written`);
    failed++;
  }

  // Launcher check: the mock got no request before the first in-host test (i.e. during startup
  // and activation, which may happen before run() when an activation event fires early).
  let firstTest = NaN;
  try {
    firstTest = Number(fs.readFileSync(firstTestFile, 'utf8'));
  } catch {
    /* no test ran */
  }
  const early = Number.isFinite(firstTest) ? mock.requests.filter((r) => r.time < firstTest) : mock.requests.slice();
  log(`mock API: ${mock.requests.length} requests, ${early.length} before the first in-host test`);
  if (early.length === 0) {
    console.log('PASS launcher: mock API got no request before the first in-host test');
    passed++;
  } else {
    console.log(
      `FAIL launcher: mock API got no request before the first in-host test\n${indent(early.map((r) => `${r.method} ${r.url}`).join('\n'))}`,
    );
    failed++;
  }
  if (workspaceMock) {
    // Nothing at all may reach the API named by the untrusted workspace's settings.
    const wrong = workspaceMock.requests;
    if (wrong.length === 0) {
      console.log("PASS launcher: the untrusted workspace's API got no request");
      passed++;
    } else {
      console.log(
        `FAIL launcher: the untrusted workspace's API got ${wrong.length} requests\n${indent(wrong.map((r) => `${r.method} ${r.url}`).join('\n'))}`,
      );
      failed++;
    }
  }
  if (!timedOut && code !== 0 && failed === 0) {
    console.log(`FAIL extension host exit code ${code} with no failed test`);
    failed++;
  }
  if (timedOut) failed++;
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

// ---- mode: e2e -------------------------------------------------------------------------------
/** A theme color no view shows unless a sash is hovered: set to a new opaque value on every
 *  settings() call so the runner can see in the DOM when the workbench has applied the
 *  settings. Opaque, because the workbench writes a translucent colour as rgba() with
 *  the alpha rounded to 2 digits, which makes neighbouring values look the same. */
const SENTINEL_COLOR = 'sash.hoverBorder';
const SENTINEL_VAR = '--vscode-sash-hoverBorder';
const SETTINGS_TIMEOUT_MS = Number(process.env.E2E_SETTINGS_TIMEOUT_MS) || 20000;
const NETWORK_LABELS = { mainnet: 'Mainnet', testnet: 'Testnet', devnet: 'Devnet', custom: 'Custom' };

/** Packages the extension into the run folder, so concurrent runs never share a VSIX. */
/**
 * The VSIX this process packaged, in a folder of its own that outlives each group's run folder:
 * every e2e group of one run installs the same package.
 */
let packagedVsix;

function packageVsix() {
  if (packagedVsix && fs.existsSync(packagedVsix)) return packagedVsix;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-vsix-'));
  process.on('exit', () => {
    if (process.env.KEEP_RUN_DIR !== '1') fs.rmSync(dir, { recursive: true, force: true });
  });
  const vsix = path.join(dir, 'stacks-lookup.vsix');
  const t = Date.now();
  const r = spawnSync('npx', ['vsce', 'package', '--no-dependencies', '-o', vsix], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 5 * 60 * 1000,
  });
  if (r.status !== 0 || !fs.existsSync(vsix)) {
    throw new Error(
      `npx vsce package failed (exit ${r.status}${r.error ? ', ' + r.error.message : ''}):\n${`${r.stdout || ''}${r.stderr || ''}`.trim()}`,
    );
  }
  log(`packaged ${path.basename(vsix)} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  packagedVsix = vsix;
  return vsix;
}

/**
 * The language pack of test/fixtures/language-pack-<locale>, packaged into the run folder: VS Code
 * shows a display language other than English only when a language pack for it is installed.
 */
function packageLanguagePack(runDir, locale) {
  const dir = path.join(REPO, 'test', 'fixtures', `language-pack-${locale}`);
  if (!fs.existsSync(dir)) throw new Error(`no language pack for "${locale}" in ${path.relative(REPO, dir)}`);
  const vsix = path.join(runDir, `language-pack-${locale}.vsix`);
  const r = spawnSync('npx', ['vsce', 'package', '--allow-missing-repository', '--skip-license', '-o', vsix], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 2 * 60 * 1000,
  });
  if (r.status !== 0 || !fs.existsSync(vsix))
    throw new Error(`packaging ${path.relative(REPO, dir)} failed:\n${`${r.stdout || ''}${r.stderr || ''}`.trim()}`);
  return vsix;
}

/**
 * What VS Code writes to the user data folder when a language pack is installed from its UI
 * (\`languagepacks.json\`): the server reads it to build the workbench's messages for \`--locale\`.
 * An install from the command line does not write it, so the run does.
 */
function registerLanguagePack(cs, locale) {
  const dir = fs.readdirSync(cs.dirs.extensionsDir).find((d) => d.includes(`language-pack-${locale}`));
  if (!dir) throw new Error(`the ${locale} language pack is not in ${cs.dirs.extensionsDir}`);
  const pkg = JSON.parse(fs.readFileSync(path.join(cs.dirs.extensionsDir, dir, 'package.json'), 'utf8'));
  const entry = pkg.contributes.localizations.find((l) => l.languageId === locale);
  const translations = Object.fromEntries(
    entry.translations.map((t) => [t.id, path.join(cs.dirs.extensionsDir, dir, t.path)]),
  );
  const pack = {
    hash: `${pkg.publisher}.${pkg.name}-${pkg.version}`,
    extensions: [{ extensionIdentifier: { id: `${pkg.publisher}.${pkg.name}` }, version: pkg.version }],
    translations,
    label: entry.localizedLanguageName || entry.languageName,
  };
  fs.writeFileSync(path.join(cs.dirs.userDataDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }, null, 2));
}

/**
 * `web`: the specs of the web worker host (webhost*.e2e.js), run by the web mode; the others otherwise.
 * A spec that exports \`locale\` (e.g. 'es') runs on a code-server of its own in that display
 * language, after the others. A spec that exports \`profileSettings\` (user settings) runs alone
 * on a code-server and browser of its own: a fresh profile, as after an install, with those
 * settings from the start.
 */
/** The e2e specs passed and failed over every group of a run (see e2eMode). */
const e2eTotals = { passed: 0, failed: 0 };

async function e2eMode(argv, { web = false, locale, profileSettings } = {}) {
  const specDir = path.join(REPO, 'out', 'test', 'e2e');
  const only = argv.filter((a) => !a.startsWith('-'));
  const specs = (fs.existsSync(specDir) ? fs.readdirSync(specDir) : [])
    .filter((f) => f.endsWith('.e2e.js'))
    .filter((f) => f.startsWith('webhost') === web)
    // A name part picks every spec whose file name holds it; a whole file name (a group's list) only that spec.
    .filter((f) => only.length === 0 || only.some((o) => (o.endsWith('.e2e.js') ? f === o : f.includes(o))))
    .sort();
  if (specs.length === 0)
    throw new Error(`no e2e specs in ${path.relative(REPO, specDir)}/ (run \`npm run compile-tests\`)`);
  if (locale === undefined && profileSettings === undefined) {
    // Groups: '' (the shared profile), a locale, or 'profile:<spec>' for a spec with a profile of its own.
    const groupOf = (f) => {
      const mod = require(path.join(specDir, f));
      return mod.profileSettings ? `profile:${f}` : mod.locale || '';
    };
    const groups = new Map();
    for (const f of specs) groups.set(groupOf(f), [...(groups.get(groupOf(f)) || []), f]);
    if (groups.size > 1 || !groups.has('')) {
      let failedGroups = 0;
      for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
        // Each group on servers of its own; the previous group's stop first.
        await cleanup();
        cleaning = null;
        const own = key.startsWith('profile:') ? require(path.join(specDir, list[0])).profileSettings : undefined;
        failedGroups += await e2eMode(list, own ? { web, profileSettings: own } : { web, locale: key });
      }
      // The groups' counts together, last: the line a reader of the output (ci.js) counts.
      console.log(`${e2eTotals.passed} passed, ${e2eTotals.failed} failed`);
      return failedGroups === 0 ? 0 : 1;
    }
  }
  setup.ensureAll();
  const runDir = makeRunDir('e2e');
  let vsix;
  if (process.env.STACKS_LOOKUP_VSIX) {
    vsix = path.resolve(process.env.STACKS_LOOKUP_VSIX);
    if (!fs.existsSync(vsix)) throw new Error(`STACKS_LOOKUP_VSIX=${vsix} does not exist`);
  } else {
    vsix = packageVsix();
  }
  const ws = copyWorkspace(runDir);
  const outDir = path.join(RESULTS, web ? 'web-e2e' : 'e2e');
  fs.mkdirSync(outDir, { recursive: true });

  const mock = await startMock();
  const baseSettings = {
    'stacksLookup.network': 'custom',
    'stacksLookup.customApiUrl': mock.url,
    // The packaged extension has both entries; this user setting moves it to the web worker host.
    ...(web ? { 'remote.extensionKind': { [extensionId()]: ['web'] } } : {}),
    ...(profileSettings || {}),
  };
  const cs = await startCs({
    runDir,
    vsix: locale ? [vsix, packageLanguagePack(runDir, locale)] : vsix,
    ...(locale ? { locale } : {}),
    settings: baseSettings,
    collectLogsTo: path.join(RESULTS, `${web ? 'web-e2e-logs' : 'e2e-logs'}${locale ? `-${locale}` : ''}`),
  });
  if (locale) {
    registerLanguagePack(cs, locale);
    log(`display language: ${locale}`);
  }
  const browser = require('./browser.js');
  const b = await startBrowser(runDir);

  let sentinel = Math.floor(Math.random() * 0x1000);
  let page = b.page;
  const sentinelNow = () =>
    page
      .evaluate(
        (v) => getComputedStyle(document.querySelector('.monaco-workbench')).getPropertyValue(v).trim().toLowerCase(),
        SENTINEL_VAR,
      )
      .catch(() => '');
  /**
   * Merges `obj` into the settings of the run's workspace copy (.vscode/settings.json) and resolves
   * once the workbench applied them (the sentinel colour shows the new value) and, when
   * `stacksLookup.network` is among them, once the extension shows that network in the status bar.
   * Workspace settings, because code-server's browser workbench reads User/settings.json at load
   * only: a later change to that file is not seen. The file is written again when the workbench
   * has not picked it up after a few seconds. Bounded: throws after E2E_SETTINGS_TIMEOUT_MS (20 s).
   */
  const wsSettingsFile = path.join(ws, '.vscode', 'settings.json');
  const writeWsSettings = (values) => {
    let current = {};
    try {
      current = JSON.parse(fs.readFileSync(wsSettingsFile, 'utf8'));
    } catch {
      /* none yet */
    }
    fs.mkdirSync(path.dirname(wsSettingsFile), { recursive: true });
    fs.writeFileSync(wsSettingsFile, JSON.stringify({ ...current, ...values }, null, 2) + '\n');
  };
  const settings = async (obj) => {
    const deadline = Date.now() + SETTINGS_TIMEOUT_MS;
    let expected = '';
    for (let attempt = 1; ; attempt++) {
      sentinel = (sentinel + 1) % 0x1000;
      expected = `#00${(0xd000 + sentinel).toString(16)}`;
      const colors = { ...((obj && obj['workbench.colorCustomizations']) || {}), [SENTINEL_COLOR]: expected };
      writeWsSettings({ ...obj, 'workbench.colorCustomizations': colors });
      const retryAt = Math.min(deadline, Date.now() + 5000);
      let now = '';
      while (Date.now() < retryAt) {
        now = await sentinelNow();
        if (now === expected) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (now === expected) break;
      if (Date.now() >= deadline)
        throw new Error(
          `the workbench did not apply the new settings within ${SETTINGS_TIMEOUT_MS / 1000} s (${wsSettingsFile}; ${SENTINEL_VAR} is "${now}", expected "${expected}")`,
        );
      log(`  settings not applied after attempt ${attempt}; writing ${wsSettingsFile} again`);
    }
    const network = obj && obj['stacksLookup.network'];
    if (typeof network === 'string' && NETWORK_LABELS[network]) {
      const item = page
        .locator('#workbench\\.parts\\.statusbar .statusbar-item', {
          hasText: new RegExp(`Stacks: ${NETWORK_LABELS[network]}\\b`),
        })
        .first();
      await item.waitFor({ timeout: Math.max(1000, deadline - Date.now()) }).catch((e) => {
        throw new Error(
          `the extension did not show "Stacks: ${NETWORK_LABELS[network]}" in the status bar within ${SETTINGS_TIMEOUT_MS / 1000} s: ${e && e.message}`,
        );
      });
    }
    await new Promise((r) => setTimeout(r, 300)); // the extension host gets the change right after the workbench
  };

  let passed = 0;
  let failed = 0;
  for (const spec of specs) {
    const name = spec.replace(/\.e2e\.js$/, '');
    const ts = Date.now();
    try {
      // Fresh state per spec: base settings, no workspace settings, mock reset, a new page with the
      // workbench loaded.
      // The previous spec's window goes first, and the mock is reset after it: a request that
      // window still had in flight (a watch it turned on) is not counted against this spec.
      cs.settings(baseSettings, { replace: true });
      fs.rmSync(wsSettingsFile, { force: true });
      const old = page;
      page = await b.context.newPage();
      if (old) await old.close().catch(() => {});
      if (typeof mock.reset === 'function') mock.reset();
      fs.rmSync(path.join(outDir, `${name}.console.log`), { force: true });
      page.on('pageerror', (e) =>
        fs.appendFileSync(path.join(outDir, `${name}.console.log`), `[pageerror] ${e.message}\n`),
      );
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning')
          fs.appendFileSync(path.join(outDir, `${name}.console.log`), `[${m.type()}] ${m.text()}\n`);
      });
      await page.goto(browser.workbenchUrl(cs.url, ws), { waitUntil: 'domcontentloaded' });
      await browser.waitForWorkbench(page);
      // The reload restores the previous spec's editors and panels: every spec starts with none.
      // (A fresh profile restores nothing: its spec sees the window as a new user does.)
      if (!profileSettings) await browser.runCommand(page, 'View: Close All Editor Groups');
      // What a restored panel asked before it closed is the previous spec's: once the mock has
      // been quiet for half a second (at most 5 s), it is reset again and this spec's count starts.
      if (typeof mock.reset === 'function') {
        await mockQuiet(mock, 500, 5000);
        mock.reset();
      }
      const mod = require(path.join(specDir, spec));
      if (typeof mod.run !== 'function') throw new Error(`${spec} does not export run(ctx)`);
      const ctx = {
        page,
        mock,
        baseUrl: cs.url,
        workspace: ws,
        outDir,
        helpers: browser,
        settings,
        log: (m) => log(`  ${name}: ${m}`),
      };
      // A spec that waits on purpose (a minute's rate budget) says how long it may take: `timeoutMs`.
      const limit = timeout(Math.max(SPEC_TIMEOUT_MS, Number(mod.timeoutMs) || 0), `e2e spec ${name}`);
      try {
        await Promise.race([mod.run(ctx), limit]);
      } finally {
        limit.cancel();
      }
      passed++;
      console.log(`PASS ${name} (${((Date.now() - ts) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      const shot = await browser.screenshot(page, `${name}-failure`, outDir).catch(() => null);
      console.log(
        `FAIL ${name} (${((Date.now() - ts) / 1000).toFixed(1)} s)\n${indent(String((e && e.stack) || e))}${shot ? `\n  screenshot: ${path.relative(REPO, shot)}` : ''}`,
      );
    }
  }
  if (b.blocked.length)
    log(`browser requests blocked (non-loopback): ${[...new Set(b.blocked.map((u) => new URL(u).host))].join(', ')}`);
  console.log(`${passed} passed, ${failed} failed`);
  e2eTotals.passed += passed;
  e2eTotals.failed += failed;
  return failed === 0 ? 0 : 1;
}

/** Resolves once the mock has had no request for `ms` (or after `max` ms). */
async function mockQuiet(mock, ms, max) {
  const until = Date.now() + max;
  while (Date.now() < until) {
    const last = mock.requests.length ? mock.requests[mock.requests.length - 1].time : 0;
    if (Date.now() - last >= ms) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function extensionId() {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  return `${pkg.publisher}.${pkg.name}`;
}

// ---- mode: web -------------------------------------------------------------------------------
const WEB_TESTS_BUNDLE = path.join(REPO, 'out', 'web-tests', 'index.js');

/**
 * The extension as the web worker host of vscode.dev loads it: its package without the `main`
 * entry, so the workbench can only run it in the web worker (a development path with both entries
 * runs in the Node host, `remote.extensionKind` notwithstanding; the e2e web smoke checks that
 * setting on the packaged VSIX). The bundled tests sit inside it: VS Code runs extension tests in
 * the host of the extension whose folder holds them.
 */
function stageWebExtension(runDir) {
  const stage = path.join(runDir, 'web-extension');
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  delete pkg.main;
  fs.mkdirSync(stage, { recursive: true });
  fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(pkg, null, 2));
  for (const d of ['dist', 'media', 'l10n']) fs.cpSync(path.join(REPO, d), path.join(stage, d), { recursive: true });
  fs.cpSync(path.dirname(WEB_TESTS_BUNDLE), path.join(stage, 'web-tests'), { recursive: true });
  return stage;
}

/** test/web bundled into one file for the worker, which cannot load modules (esbuild, no Node module). */
async function bundleWebTests() {
  const t = Date.now();
  await require('esbuild').build({
    entryPoints: [path.join(REPO, 'test', 'web', 'index.ts')],
    outfile: WEB_TESTS_BUNDLE,
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'error',
  });
  log(`bundled test/web into ${path.relative(REPO, WEB_TESTS_BUNDLE)} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

/**
 * The web pass: the extension's `browser` entry in code-server's web worker extension host, moved
 * there by the user setting `remote.extensionKind`, loaded from source (extensionDevelopmentPath)
 * with test/web as extensionTestsPath. The tests reach the mocks and report through webControl.js.
 */
async function webMode(argv) {
  // --e2e-only [spec-name...]: only the web e2e smoke (webhost*.e2e.js) on the packaged VSIX.
  if (argv.includes('--e2e-only'))
    return e2eMode(
      argv.filter((a) => a !== '--e2e-only'),
      { web: true },
    );
  if (!fs.existsSync(path.join(REPO, 'dist', 'web', 'extension.js')))
    throw new Error('dist/web/extension.js is missing: run `npm run build` first');
  setup.ensureAll();
  await bundleWebTests();
  // --bench N: the activation measurement of `npm run bench` (an empty folder: no activation
  // event fires), its JSON to $STACKS_LOOKUP_BENCH_OUT.
  const benchRuns = argv.includes('--bench') ? Number(argv[argv.indexOf('--bench') + 1]) || 10 : 0;
  // --bench-hovers N: `npm run bench`'s hovers in the web host (bench/ux.ts's measure, N ids of each
  // kind in hovers.clar), driven here while the worker holds (test/web/index.ts); JSON as above.
  const benchHovers = argv.includes('--bench-hovers') ? Number(argv[argv.indexOf('--bench-hovers') + 1]) || 20 : 0;
  const runDir = makeRunDir('web');
  const stage = stageWebExtension(runDir);
  let ws = copyWorkspace(runDir);
  if (benchRuns || benchHovers) {
    ws = path.join(runDir, 'empty-workspace');
    fs.mkdirSync(ws);
  }
  const ux = benchHovers ? require(path.join(REPO, 'out', 'bench', 'ux.js')) : undefined;
  const hoverKinds = ux ? ux.writeHoverFile(ws, benchHovers) : [];
  const baselineWords = ux ? ux.writeBaselineFile(ws, benchHovers) : [];
  if (ux) ux.writeProviderHoverFile(ws, benchHovers);
  const { BASELINE_FILE, BASELINE_MARK } = ux ? require(path.join(REPO, 'out', 'bench', 'util.js')) : {};
  const outDir = path.join(RESULTS, 'web');
  fs.mkdirSync(outDir, { recursive: true });
  const mock = await startMock();
  const other = await startMock();
  const { startWebControl } = require('./webControl.js');
  const control = await startWebControl({ main: mock, other }, { log });
  onCleanup(() => control.close());
  const id = extensionId();
  const cs = await startCs({
    runDir,
    settings: {
      'remote.extensionKind': { [id]: ['web'] },
      'stacksLookup.network': 'custom',
      'stacksLookup.customApiUrl': mock.url,
      'stacksLookup.statusBar.chainTip': false,
      'stacksLookupTest.controlUrl': control.url,
      'stacksLookupTest.mockUrl': mock.url,
      'stacksLookupTest.otherMockUrl': other.url,
      ...(process.env.HOST_TEST_GREP ? { 'stacksLookupTest.grep': process.env.HOST_TEST_GREP } : {}),
      ...(benchRuns ? { 'stacksLookupTest.benchActivationRuns': benchRuns } : {}),
      ...(benchHovers
        ? {
            // The worker adds the benchmark's constant hover over this file: VS Code's own part of a hover.
            'stacksLookupTest.benchHovers': {
              baselineFile: BASELINE_FILE,
              baselineMark: BASELINE_MARK,
              providerFile: ux.PROVIDER_HOVER_FILE,
            },
            'editor.hover.delay': ux.HOVER_DELAY_MS,
            'editor.hover.sticky': false,
          }
        : {}),
    },
    collectLogsTo: path.join(RESULTS, 'web-logs'),
  });
  const { page } = await startBrowser(runDir);
  const consoleLog = fs.createWriteStream(path.join(outDir, 'workbench-console.log'));
  onCleanup(() => new Promise((r) => consoleLog.end(r)));
  page.on('console', (m) => consoleLog.write(`[${m.type()}] ${m.text()}\n`));
  page.on('pageerror', (e) => consoleLog.write(`[pageerror] ${e.message}\n`));
  await page.exposeFunction('codeAutomationLog', () => {});
  let hostExit;
  const exited = new Promise((_, reject) => (hostExit = reject));
  // The workbench reports the end of the tests; results have been posted by then, or never will be.
  await page.exposeFunction('codeAutomationExit', (code) =>
    setTimeout(() => hostExit(new Error(`the extension host exited (code ${code}) without posting results`)), 3000),
  );
  const payload = [
    // The workbench's own remote authority (host:port): the worker knows the extension's folder by
    // it, and runs the tests in its host only when their path lies inside that folder.
    ['extensionDevelopmentPath', `vscode-remote://${new URL(cs.url).host}${stage}`],
    ['extensionTestsPath', `vscode-remote://${new URL(cs.url).host}${path.join(stage, 'web-tests', 'index.js')}`],
    ['skipWelcome', 'true'],
  ];
  const tRun = Date.now();
  log(`running the web pass in the web worker extension host (timeout ${HOST_TIMEOUT_MS / 1000} s)`);
  await page.goto(require('./browser.js').workbenchUrl(cs.url, ws, payload));
  await page.bringToFront();
  // STACKS_LOOKUP_WEB_PROFILE=file.cpuprofile: a CPU profile of the web worker host for the pass.
  const profiler = process.env.STACKS_LOOKUP_WEB_PROFILE
    ? await profileWebWorker(page, process.env.STACKS_LOOKUP_WEB_PROFILE)
    : undefined;
  const limit = timeout(HOST_TIMEOUT_MS, 'the web pass');
  let summary = null;
  let hoverBench = null;
  try {
    if (benchHovers) {
      await Promise.race([control.benchReady, limit, exited]);
      try {
        const rtt = await ux.mockRoundTrips(mock.url);
        const hovers = await ux.measureHovers(page, 'hovers.clar', hoverKinds, log);
        const [baseline] = await ux.measureHovers(
          page,
          BASELINE_FILE,
          [{ kind: 'baseline', ids: baselineWords }],
          log,
          BASELINE_MARK,
        );
        hoverBench = {
          baseline,
          mockRoundTripMs: rtt.sort((a, b) => a - b)[rtt.length >> 1],
          hoverDelayMs: ux.HOVER_DELAY_MS,
          hovers,
        };
      } catch (e) {
        hoverBench = { error: String((e && e.message) || e).split('\n')[0] };
      } finally {
        control.finishBench();
      }
    }
    summary = await Promise.race([control.results, limit, exited]);
  } catch (e) {
    console.error(
      `[host] ${e.message}; workbench console: ${path.relative(REPO, path.join(outDir, 'workbench-console.log'))}`,
    );
    await require('./browser.js')
      .screenshot(page, 'timeout', outDir)
      .catch(() => {});
  } finally {
    limit.cancel();
  }
  if (profiler) await profiler();
  const webSeconds = (Date.now() - tRun) / 1000;
  log(`web pass finished after ${webSeconds.toFixed(1)} s`);
  let passed = 0;
  let failed = 0;
  if (benchHovers) {
    if (hoverBench && !hoverBench.error) hoverBench.hoverPart = summary && summary.hoverPart;
    if (process.env.STACKS_LOOKUP_BENCH_OUT && hoverBench)
      fs.writeFileSync(process.env.STACKS_LOOKUP_BENCH_OUT, JSON.stringify(hoverBench, null, 2));
    if (hoverBench && hoverBench.error) console.log(`FAIL web hovers: ${hoverBench.error}`);
    return hoverBench && !hoverBench.error ? 0 : 1;
  }
  if (benchRuns) {
    if (process.env.STACKS_LOOKUP_BENCH_OUT && summary && summary.bench)
      fs.writeFileSync(process.env.STACKS_LOOKUP_BENCH_OUT, JSON.stringify(summary.bench, null, 2));
    if (summary && summary.bench && summary.bench.error) console.log(`FAIL web activation: ${summary.bench.error}`);
    return summary && summary.bench && !summary.bench.error ? 0 : 1;
  }
  if (summary) {
    fs.writeFileSync(path.join(outDir, 'results.json'), JSON.stringify(summary, null, 2));
    for (const r of summary.results)
      console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.title}${r.ok ? '' : '\n' + indent(r.err || '')}`);
    passed += summary.passed;
    failed += summary.failed;
  } else {
    console.log('FAIL web pass: the tests in the web worker reported no results');
    failed++;
  }
  const firstTest = control.firstTest();
  const early = Number.isFinite(firstTest)
    ? [...mock.requests, ...other.requests].filter((r) => r.time < firstTest)
    : [...mock.requests, ...other.requests];
  if (early.length === 0) {
    console.log('PASS launcher: the mock APIs got no request before the first web test');
    passed++;
  } else {
    console.log(
      `FAIL launcher: the mock APIs got no request before the first web test\n${indent(early.map((r) => `${r.method} ${r.url}`).join('\n'))}`,
    );
    failed++;
  }
  if (!argv.includes('--no-e2e') && !process.env.HOST_TEST_GREP) {
    // The e2e smoke of the web host, with the packaged VSIX; this run's servers stop first.
    await cleanup();
    cleaning = null;
    const e2e = await e2eMode([], { web: true }).catch((e) => {
      console.log(`FAIL web e2e: ${(e && e.stack) || e}`);
      return 1;
    });
    if (e2e === 0) passed++;
    else failed++;
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

/**
 * Starts a CPU profile of the page's web worker extension host (through the DevTools protocol) and
 * returns what stops it and writes `file` (DevTools' Performance panel opens it); undefined when
 * the worker does not show up within 20 s.
 */
async function profileWebWorker(page, file) {
  const cdp = await page.context().newCDPSession(page);
  let nextId = 1;
  const pending = new Map();
  // The page's first dedicated worker is the extension host's (the editor's own workers come later).
  const found = new Promise((resolve) => {
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type === 'worker') resolve(e.sessionId);
    });
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message);
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m);
      pending.delete(m.id);
    }
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const sessionId = await Promise.race([found, new Promise((r) => setTimeout(() => r(undefined), 20000))]);
  if (!sessionId) {
    log('no CPU profile: the web worker host did not show up within 20 s');
    return undefined;
  }
  const send = (method, params = {}) =>
    new Promise((r) => {
      const id = nextId++;
      pending.set(id, r);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 50 });
  await send('Profiler.start');
  return async () => {
    const r = await send('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(r.result.profile));
    log(`CPU profile of the web worker host: ${file}`);
  };
}

// ---- mode: start -----------------------------------------------------------------------------
async function startMode(argv) {
  const opt = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const network = opt('--network');
  if (network && !['mainnet', 'testnet'].includes(network)) throw new Error('--network must be mainnet or testnet');
  const hasCode = !argv.includes('--code-server') && spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;
  if (hasCode) {
    log(`desktop VS Code found: code --extensionDevelopmentPath=${REPO} ${FIXTURE}`);
    if (!network) log("(the mock API is not used with desktop VS Code; pick the network in the extension's settings)");
    const r = spawnSync('code', [`--extensionDevelopmentPath=${REPO}`, FIXTURE], { stdio: 'inherit' });
    return r.status ?? 1;
  }
  setup.ensureAll();
  const runDir = makeRunDir('start');
  let settings;
  let mock = null;
  if (network) {
    settings = { 'stacksLookup.network': network };
  } else {
    mock = await startMock();
    settings = { 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url };
  }
  const port = opt('--port') ? Number(opt('--port')) : undefined;
  // A first run as a new user has it: the walkthrough beside the sample contract, the view shown.
  settings['workbench.welcomePage.walkthroughs.openOnInstall'] = true;
  settings['stacksLookup.showWelcome'] = true;
  const cs = await startCs({ runDir, settings, port });
  const sample = path.join(FIXTURE, 'contracts', 'memo-payments.clar');
  const url = require('./browser.js').workbenchUrl(cs.url, FIXTURE, [
    ['extensionDevelopmentPath', remote(REPO)],
    ['openFile', remote(sample)],
  ]);
  console.log('');
  console.log('  Stacks Lookup is running from source in code-server (VS Code 1.139) on 127.0.0.1.');
  console.log(`  API:       ${mock ? `mock at ${mock.url}` : `real ${network} API`}`);
  console.log(`  Workspace: ${FIXTURE}`);
  console.log(`  Open:      ${url}`);
  console.log('  After `npm run build`, reload the browser tab (or run "Developer: Reload Window").');
  console.log('  Ctrl+C stops everything.');
  console.log('');
  await new Promise(() => {}); // until a signal; cleanup() runs from the signal handler
  return 0;
}

function pick(obj, keys) {
  const out = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  return out;
}

function indent(s) {
  return String(s)
    .split('\n')
    .map((l) => '    ' + l)
    .join('\n');
}

async function main() {
  const [mode, ...rest] = process.argv.slice(2);
  const modes = {
    host: hostMode,
    web: webMode,
    untrusted: (a) => hostMode(a, { untrusted: true }),
    e2e: e2eMode,
    start: startMode,
  };
  if (!modes[mode]) {
    console.error(
      'usage: node test/host/run.js host | untrusted | e2e [spec-name...] | start [--network mainnet|testnet] [--code-server] [--port N]',
    );
    return 2;
  }
  return modes[mode](rest);
}

main()
  .then(
    (code) => code,
    (e) => {
      console.error(`[host] ${e instanceof setup.SetupError ? e.message : (e && e.stack) || e}`);
      console.log('0 passed, 1 failed');
      return 1;
    },
  )
  .then(async (code) => {
    await cleanup();
    log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    process.exit(code);
  });
