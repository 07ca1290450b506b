#!/usr/bin/env node
// The end of `npm run test:mutation`: the mutation score of each folder the targets name, read from
// the JSON report Stryker writes (mutation-testing-report-schema), and the survivors with
// `--survivors`. A folder counts only when every one of its files is in the report with the source
// that is on disk now; otherwise it says how many are missing or changed since. Exit code 1 when a
// folder is below its target or not measured whole, so the numbers cannot drift unseen.
//   node test/mutation/scores.js [report.json] [--survivors]
'use strict';
const fs = require('fs');
const path = require('path');

const REPO = path.resolve(__dirname, '..', '..');
const GROUPS = [
  { name: 'src/chain/', target: 85, match: (f) => f.startsWith('src/chain/') },
  { name: 'src/api/', target: 85, match: (f) => f.startsWith('src/api/') },
  { name: 'src/ui/panels/models/', target: 75, match: (f) => f.startsWith('src/ui/panels/models/') },
  { name: 'src/ui/panels/messages.ts', target: 75, match: (f) => f === 'src/ui/panels/messages.ts' },
];
// Killed and Timeout are detected; Survived and NoCoverage are not; the rest (CompileError,
// RuntimeError, Ignored, Pending) are not counted, as in Stryker's own score.
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** The files `stryker.config.json` mutates: TypeScript under src/, no web twin but the hash shim's. */
function sourceFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(path.join(REPO, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts') && (!e.name.endsWith('.web.ts') || rel === 'src/api/shims/nobleHashes.web.ts'))
        out.push(rel);
    }
  };
  walk(dir);
  return out;
}

/**
 * A file of imports, re-exports, interfaces and type aliases only: Stryker finds nothing to change
 * in it and leaves it out of the report, so its absence is not a gap.
 */
function nothingToMutate(rel) {
  const ts = require('typescript');
  const file = ts.createSourceFile(rel, fs.readFileSync(path.join(REPO, rel), 'utf8'), ts.ScriptTarget.Latest);
  return file.statements.every(
    (st) =>
      ts.isImportDeclaration(st) ||
      ts.isExportDeclaration(st) ||
      ts.isInterfaceDeclaration(st) ||
      ts.isTypeAliasDeclaration(st),
  );
}

const args = process.argv.slice(2);
const listSurvivors = args.includes('--survivors');
const reportPath = path.resolve(REPO, args.find((a) => !a.startsWith('--')) || 'reports/mutation/mutation.json');
if (!fs.existsSync(reportPath)) {
  console.error(`No mutation report at ${path.relative(REPO, reportPath)}: run \`npm run test:mutation\` first.`);
  process.exit(2);
}
const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));

const onDisk = [...sourceFiles('src/chain'), ...sourceFiles('src/api'), ...sourceFiles('src/ui/panels/models')];
onDisk.push('src/ui/panels/messages.ts');
const rows = GROUPS.map((g) => ({
  ...g,
  detected: 0,
  undetected: 0,
  invalid: 0,
  survivors: [],
  files: onDisk.filter((f) => g.match(f) && !nothingToMutate(f)),
  measured: 0,
  changed: 0,
}));
for (const [file, { mutants, source }] of Object.entries(report.files)) {
  const rel = (path.isAbsolute(file) ? path.relative(REPO, file) : file).split(path.sep).join('/');
  const row = rows.find((r) => r.match(rel));
  if (!row) continue;
  if (row.files.includes(rel)) {
    row.measured++;
    if (fs.readFileSync(path.join(REPO, rel), 'utf8') !== source) row.changed++;
  }
  for (const m of mutants) {
    if (DETECTED.has(m.status)) row.detected++;
    else if (UNDETECTED.has(m.status)) {
      row.undetected++;
      row.survivors.push(`${rel}:${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName}`);
    } else row.invalid++;
  }
}

const pad = (s, n) => String(s).padEnd(n);
const num = (s, n) => String(s).padStart(n);
console.log('\nMutation score per folder (detected = killed + timed out; not counted: compile errors, ignored)');
console.log(`${pad('folder', 28)}${num('score', 8)}${num('target', 8)}${num('detected', 10)}${num('survived', 10)}`);
let below = 0;
for (const r of rows) {
  const total = r.detected + r.undetected;
  const score = total === 0 ? NaN : (100 * r.detected) / total;
  const whole = r.measured === r.files.length && r.changed === 0;
  const ok = whole && score >= r.target;
  if (!ok) below++;
  const verdict =
    r.measured < r.files.length
      ? `NOT MEASURED WHOLE: ${r.measured} of ${r.files.length} files`
      : r.changed
        ? `STALE: ${r.changed} of its files changed since`
        : ok
          ? 'ok'
          : 'BELOW TARGET';
  console.log(
    `${pad(r.name, 28)}${num(Number.isNaN(score) ? '-' : score.toFixed(2), 8)}${num(`${r.target}`, 8)}` +
      `${num(r.detected, 10)}${num(r.undetected, 10)}  ${verdict}`,
  );
}
if (listSurvivors) {
  for (const r of rows) for (const s of r.survivors) console.log(s);
}
const tested = report.files ? Object.keys(report.files).length : 0;
console.log(`${tested} files in ${path.relative(REPO, reportPath)}; HTML report: reports/mutation/mutation.html`);
process.exit(below ? 1 : 0);
