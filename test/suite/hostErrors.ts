// Errors the extension host swallows. VS Code catches what a provider or an event listener throws
// and only writes it to the extension host log, so the in-host run also fails on:
//   - an unhandled promise rejection or uncaught exception in this process that is not clearly
//     another extension's (the listeners are installed by index.ts before the tests load);
//   - an `[error]` entry of the extension host log that mentions this extension (its id, its
//     setting prefix or a file of its bundle);
//   - an `[error]` line of the extension's own log ("Stacks Lookup"), which it writes only for
//     failures that are not an API error (a bug).
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { TestApi } from '../../src/testApi';

const EXTENSION_ID = 'stacks-lookup.stacks-lookup';

interface Seen {
  what: 'unhandledRejection' | 'uncaughtException';
  text: string;
}

const seen: Seen[] = [];
let installed = false;

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.stack ?? `${reason.name}: ${reason.message}`;
  try {
    return typeof reason === 'string' ? reason : JSON.stringify(reason);
  } catch {
    return String(reason);
  }
}

export function installHostErrorListeners(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => seen.push({ what: 'unhandledRejection', text: describe(reason) }));
  process.on('uncaughtExceptionMonitor', (error) => seen.push({ what: 'uncaughtException', text: describe(error) }));
}

/** Marks that tie a text to this extension: its id, its settings and commands, its files. */
function marks(): string[] {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  const out = ['stacks-lookup', 'stacksLookup', 'Stacks Lookup'];
  if (ext) out.push(path.join(ext.extensionPath, 'dist'), path.join(ext.extensionPath, 'out'));
  return out;
}

const mentionsUs = (text: string, m: string[]) => m.some((k) => text.includes(k));

/** Another extension's own code is on the stack and ours is not. */
function otherExtension(text: string, m: string[]): boolean {
  return !mentionsUs(text, m) && /[\\/]extensions[\\/][^\\/\s]+[\\/]/.test(text);
}

/** Every file under `dir`, at any depth (none when it cannot be read). */
export function filesUnder(dir: string): string[] {
  let entries: fs.Dirent[] = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * Resolves once the extension's log file on disk holds a line written now, so what it logged
 * before is there too (each log is written in order); fails after `timeoutMs`.
 */
export async function logFlushed(api: TestApi, timeoutMs = 10_000): Promise<void> {
  const mark = `log written up to here (${Date.now()}-${Math.random().toString(36).slice(2)})`;
  api.log.info(mark);
  const end = Date.now() + timeoutMs;
  const written = () =>
    filesUnder(api.logUri.fsPath).some((f) => {
      try {
        return fs.readFileSync(f, 'utf8').includes(mark);
      } catch {
        return false;
      }
    });
  while (!written()) {
    if (Date.now() > end) throw new Error(`the extension's log in ${api.logUri.fsPath} did not get "${mark}"`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Log entries: a timestamped first line and the continuation lines (a stack) under it. */
function entries(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d/.test(line) || out.length === 0) out.push(line);
    else out[out.length - 1] += `\n${line}`;
  }
  return out;
}

/**
 * What the run must fail on; `logDir` is the extension's log folder (TestApi.logUri), whose
 * parent holds the extension host log.
 */
export function hostErrors(logDir: string | undefined): string[] {
  const m = marks();
  const problems = seen.filter((s) => !otherExtension(s.text, m)).map((s) => `${s.what}: ${s.text}`);
  if (!logDir) return problems;
  const hostDir = path.dirname(logDir);
  const files = [
    ...filesUnder(logDir),
    ...filesUnder(hostDir).filter((f) => path.dirname(f) === hostDir && /exthost/i.test(path.basename(f))),
  ];
  for (const file of files) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const ours = file.startsWith(logDir + path.sep);
    for (const entry of entries(text)) {
      if (!/^\S+ \S+ \[error\]/.test(entry)) continue;
      if (ours || mentionsUs(entry, m)) problems.push(`${path.basename(file)}: ${entry.slice(0, 2000)}`);
    }
  }
  return problems;
}
