/**
 * A part that loads on first use, by its name in ./partsEntry.ts. In the package, esbuild.js puts
 * ./parts.bundle.ts in this file's place (the part comes out of the half the desktop and the web
 * builds share, ./half.ts); compiled by tsc for the unit tests, a part is its own module, required
 * here on first use.
 */
import { MissingPartError } from './half';
import type * as entry from './partsEntry';

export type PartName = keyof typeof entry;

const started = new Set<PartName>();

/** The part `name`, its modules loaded on the first call; `part` names it in an error. */
export function loadPart(name: PartName, part: string): unknown {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const parts = require('./partsEntry') as typeof entry;
    const loaded = parts[name]();
    started.add(name);
    return loaded;
  } catch (e) {
    throw new MissingPartError(part, e);
  }
}

/** The parts loaded so far, in order. */
export function startedParts(): PartName[] {
  return [...started];
}
