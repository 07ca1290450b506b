#!/usr/bin/env node
// The @vscode/test-electron route, for machines that can download desktop VS Code (cached in
// .vscode-test/). Same in-host suite (out/test/suite/index.js) and environment as `run.js host`.
//   npm run test:electron            (VSCODE_TEST_VERSION=stable|insiders|1.96.0 to pick a version)
// Needs a display on Linux (use xvfb-run if headless).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { runTests } = require('@vscode/test-electron');
const { QUIET_SETTINGS } = require('./codeServer.js');

const REPO = path.resolve(__dirname, '..', '..');

async function main() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stacks-lookup-electron-'));
  const ws = path.join(runDir, 'workspace');
  fs.cpSync(path.join(REPO, 'test', 'fixtures', 'workspace'), ws, { recursive: true });
  const outDir = path.join(REPO, 'test-results', 'electron');
  fs.mkdirSync(outDir, { recursive: true });
  const resultFile = path.join(outDir, 'results.json');
  fs.rmSync(resultFile, { force: true });

  const mock = await require(path.join(REPO, 'out', 'test', 'mock-api', 'server.js')).startMockApi();
  const userDataDir = path.join(runDir, 'user-data');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify(
      { ...QUIET_SETTINGS, 'stacksLookup.network': 'custom', 'stacksLookup.customApiUrl': mock.url },
      null,
      2,
    ),
  );
  let code = 1;
  try {
    code = await runTests({
      version: process.env.VSCODE_TEST_VERSION || undefined,
      extensionDevelopmentPath: REPO,
      extensionTestsPath: path.join(REPO, 'out', 'test', 'suite', 'index.js'),
      launchArgs: [
        ws,
        '--disable-extensions',
        `--user-data-dir=${userDataDir}`,
        `--extensions-dir=${path.join(runDir, 'extensions')}`,
      ],
      extensionTestsEnv: {
        HOST_TEST_RESULT: resultFile,
        STACKS_LOOKUP_TEST_MOCK_URL: mock.url,
        STACKS_LOOKUP_TEST: '1',
      },
    });
  } catch (e) {
    console.error(`[electron] ${e && e.message ? e.message : e}`);
    code = 1;
  } finally {
    await mock.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
  try {
    const s = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
    for (const r of s.results)
      console.log(
        `${r.ok ? 'PASS' : 'FAIL'} ${r.title}${r.ok ? '' : '\n    ' + String(r.err).split('\n').join('\n    ')}`,
      );
    console.log(`${s.passed} passed, ${s.failed} failed`);
  } catch {
    console.log('0 passed, 1 failed');
  }
  process.exit(code ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
