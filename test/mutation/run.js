#!/usr/bin/env node
// `npm run test:mutation [-- <stryker options>]`: builds the unit tests afresh, runs StrykerJS with
// the options given (`--mutate src/api/http.ts` measures one file) and prints each folder's score.
//
// The build comes first and into the project's own `out/`: Stryker's incremental mode recognises a
// test by its compiled file under `out/test/unit/`, so those files must be in the project when it
// reads it, and must be today's (a test file left from a deleted test would run in the sandbox).
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const REPO = path.resolve(__dirname, '..', '..');
const bin = (name) => path.join(REPO, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: REPO, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.error) throw r.error;
  return r.status ?? 1;
};

fs.rmSync(path.join(REPO, 'out'), { recursive: true, force: true });
let status = run(bin('tsc'), ['-p', 'test/tsconfig.json']);
if (status !== 0) process.exit(status);
status = run(bin('stryker'), ['run', ...process.argv.slice(2)]);
if (status !== 0) process.exit(status);
process.exit(run(process.execPath, [path.join(__dirname, 'scores.js')]));
