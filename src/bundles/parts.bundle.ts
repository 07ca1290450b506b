/**
 * A part that loads on first use, in the package (esbuild.js puts this file in ./parts.ts's
 * place): the first part asked for compiles the half the desktop and the web builds share
 * (./half.ts), and every part after shares it. Where the half's text comes from is the build's
 * `stacks-lookup:lazy-half`: the web build embeds the packed string; the desktop build reads it out
 * of the web build's file on first use (./halfFile.ts); inside the half, it is the half's own
 * entry, so a part that loads another (the panels loading the decoder) finds it in place.
 */
import lazyHalf from 'stacks-lookup:lazy-half';
import host from 'stacks-lookup:host';
import type { Parts } from './half';
import type { PartName } from './parts';

export type { PartName } from './parts';

let parts: Parts | undefined;

/** The part `name`, the half compiled on the first call; `part` names it in an error. */
export function loadPart(name: PartName, part: string): unknown {
  const all = (parts ??= typeof lazyHalf === 'object' ? lazyHalf : compileHalf(part));
  const load = all[name];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  if (!load) throw new (require('./half') as typeof import('./half')).MissingPartError(part, 'not in this build');
  const loaded = load();
  if (!host.started.includes(name)) host.started.push(name);
  return loaded;
}

/** The parts loaded so far, in order, wherever they were asked for (outside the half or in it). */
export function startedParts(): PartName[] {
  return [...host.started] as PartName[];
}

function compileHalf(part: string): Parts {
  // Required, not imported: fflate builds its tables as it loads, which activation must not pay for.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const half = require('./half') as typeof import('./half');
  try {
    const packed = typeof lazyHalf === 'string' ? lazyHalf : typeof lazyHalf === 'function' ? lazyHalf() : '';
    // The half's imports: `vscode` and Node's modules from the host's `require`, this build's `host`.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const load = (id: string): unknown => (id === 'stacks-lookup:host' ? host : require(id));
    return half.compile(half.unpack(packed), load);
  } catch (e) {
    throw new half.MissingPartError(part, e);
  }
}
