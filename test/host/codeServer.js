// Starts and stops a private code-server (real VS Code workbench + Node extension host) on loopback.
// Everything it writes lives under one per-run folder: user data, extensions, XDG dirs, its log.
'use strict';
const fs = require('fs');
const net = require('net');
const path = require('path');
const http = require('http');
const { spawn, spawnSync } = require('child_process');
const setup = require('./setup.js');

/** Settings that keep the workbench quiet and offline (merged under the caller's settings). */
const QUIET_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.enableExperiments': false,
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  // The extension's first-run welcome (the view, and the walkthrough beside the editor).
  'stacksLookup.showWelcome': false,
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'window.restoreWindows': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** PIDs of every descendant of `pid` (from /proc), deepest last. */
function descendants(pid) {
  const children = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(d));
    } catch {
      /* process went away */
    }
  }
  const out = [];
  const walk = (p) => {
    for (const c of children.get(p) || []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    // a zombie still answers kill(0); treat it as gone
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Sends `signal` to pid and all its descendants (by PID). Returns the PIDs signalled. */
function signalTree(pid, signal) {
  const pids = [pid, ...descendants(pid)];
  for (const p of pids) {
    try {
      process.kill(p, signal);
    } catch {
      /* already gone */
    }
  }
  return pids;
}

/** SIGTERM the tree, wait up to `graceMs`, then SIGKILL what is left. */
async function killTree(pid, graceMs = 8000) {
  if (!pid || !alive(pid)) return;
  const pids = signalTree(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && pids.some(alive)) await sleep(100);
  for (const p of pids.filter(alive)) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

/** Synchronous last resort for process.on('exit'). */
function killTreeSync(pid) {
  if (!pid) return;
  try {
    signalTree(pid, 'SIGKILL');
  } catch {
    /* ignore */
  }
}

function httpOk(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

function envFor(dirs) {
  return setup.node24Env({
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_DATA_HOME: dirs.xdgData,
    XDG_CACHE_HOME: dirs.xdgCache,
    XDG_STATE_HOME: dirs.xdgState,
    TMPDIR: dirs.tmp,
    EXTENSIONS_GALLERY: '{}', // no open-vsx lookups
  });
}

function layout(runDir) {
  const d = (...p) => path.join(runDir, ...p);
  const dirs = {
    runDir,
    userDataDir: d('user-data'),
    extensionsDir: d('extensions'),
    xdgConfig: d('xdg', 'config'),
    xdgData: d('xdg', 'data'),
    xdgCache: d('xdg', 'cache'),
    xdgState: d('xdg', 'state'),
    tmp: d('tmp'),
    config: d('code-server.yaml'),
    log: d('code-server.log'),
  };
  for (const k of ['userDataDir', 'extensionsDir', 'xdgConfig', 'xdgData', 'xdgCache', 'xdgState', 'tmp'])
    fs.mkdirSync(dirs[k], { recursive: true });
  fs.mkdirSync(path.join(dirs.userDataDir, 'User'), { recursive: true });
  if (!fs.existsSync(dirs.config)) fs.writeFileSync(dirs.config, 'auth: none\ncert: false\n');
  return dirs;
}

function settingsFile(dirs) {
  return path.join(dirs.userDataDir, 'User', 'settings.json');
}

/** Merges `settings` into User/settings.json (the workbench watches the file and reloads it). */
function writeSettings(dirs, settings, { replace = false } = {}) {
  const file = settingsFile(dirs);
  const merged = { ...QUIET_SETTINGS, ...(replace ? {} : readJson(file)), ...settings };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  fs.writeFileSync(file, JSON.stringify(merged, null, 2) + '\n');
  return merged;
}

/** `code-server --install-extension vsix` into the run's extensions dir (before or while it runs). */
function installExtension(dirs, vsix, paths = setup.paths) {
  const r = spawnSync(
    paths.node24,
    [
      paths.codeServerEntry,
      '--config',
      dirs.config,
      '--user-data-dir',
      dirs.userDataDir,
      '--extensions-dir',
      dirs.extensionsDir,
      '--install-extension',
      path.resolve(vsix),
      '--force',
    ],
    { env: envFor(dirs), encoding: 'utf8', timeout: 120000 },
  );
  const out = `${r.stdout || ''}${r.stderr || ''}`.trim();
  if (r.status !== 0 || !/successfully installed/i.test(out)) {
    throw new Error(
      `code-server --install-extension ${vsix} failed (exit ${r.status}${r.error ? ', ' + r.error.message : ''}):\n${out}`,
    );
  }
  return out;
}

/**
 * Starts code-server on 127.0.0.1:<free port>.
 * opts: { runDir (required), folder?, settings?, vsix?, port?, paths?, healthTimeoutMs? (60 s), log?,
 *         workspaceTrust? (false: trust off, every folder trusted; true: trust on, and a folder
 *         opened without being trusted stays in restricted mode), locale? (the display language:
 *         `--locale`; a language other than English needs its language pack among the VSIXs) }
 * vsix may be one path or a list.
 * Returns { url, port, pid, dirs, logFile, settings(obj), stop() }.
 */
async function startCodeServer(opts) {
  const paths = opts.paths || setup.paths;
  const log = opts.log || (() => {});
  const dirs = layout(opts.runDir);
  // With workspace trust on, no start-up prompt: a folder nobody trusted opens in restricted mode,
  // as it does for a user who closes the prompt.
  const trust = opts.workspaceTrust
    ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' }
    : {};
  writeSettings(dirs, { ...trust, ...(opts.settings || {}) });
  for (const vsix of [opts.vsix || []].flat()) {
    const t = Date.now();
    installExtension(dirs, vsix, paths);
    log(`installed ${path.basename(vsix)} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  }
  const healthTimeoutMs = opts.healthTimeoutMs || Number(process.env.CODE_SERVER_HEALTH_TIMEOUT_MS) || 60000;

  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = opts.port && attempt === 1 ? opts.port : await freePort();
    const args = [
      paths.codeServerEntry,
      '--config',
      dirs.config,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      ...(opts.workspaceTrust ? [] : ['--disable-workspace-trust']),
      ...(opts.locale ? ['--locale', opts.locale] : []),
      '--user-data-dir',
      dirs.userDataDir,
      '--extensions-dir',
      dirs.extensionsDir,
      '--vscode-option',
      'enable-smoke-test-driver',
      ...(opts.folder ? [opts.folder] : []),
    ];
    const logFd = fs.openSync(dirs.log, 'a');
    const child = spawn(paths.node24, args, { env: envFor(dirs), stdio: ['ignore', logFd, logFd], detached: true });
    fs.closeSync(logFd);
    let exited = null;
    child.on('exit', (code, sig) => (exited = { code, sig }));
    child.unref();
    const onExit = () => killTreeSync(child.pid); // if the launcher dies without stop()
    process.on('exit', onExit);

    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + healthTimeoutMs;
    let healthy = false;
    while (Date.now() < deadline && !exited) {
      if (await httpOk(`${url}/healthz`)) {
        healthy = true;
        break;
      }
      await sleep(250);
    }
    const stop = async () => {
      process.removeListener('exit', onExit);
      await killTree(child.pid);
    };
    if (healthy) {
      return {
        url,
        port,
        pid: child.pid,
        dirs,
        logFile: dirs.log,
        settingsFile: settingsFile(dirs),
        /** Merge settings into User/settings.json ({replace: true}: quiet settings + s only). */
        settings: (s, o) => writeSettings(dirs, s, o),
        installExtension: (vsix) => installExtension(dirs, vsix, paths),
        stop,
      };
    }
    await stop();
    const tail = fs.readFileSync(dirs.log, 'utf8').split('\n').slice(-30).join('\n');
    if (exited && /EADDRINUSE/.test(tail) && attempt < 3 && !opts.port) {
      lastError = tail;
      continue; // lost the race for the port; try another one
    }
    throw new Error(
      exited
        ? `code-server exited (code ${exited.code}, signal ${exited.sig}) before answering /healthz; log: ${dirs.log}\n${tail}`
        : `code-server did not answer /healthz within ${healthTimeoutMs / 1000} s; log: ${dirs.log}\n${tail}`,
    );
  }
  throw new Error(`code-server could not bind a port: ${lastError}`);
}

module.exports = {
  startCodeServer,
  installExtension,
  writeSettings,
  freePort,
  killTree,
  killTreeSync,
  descendants,
  QUIET_SETTINGS,
  layout,
};
