/**
 * The desktop build's `stacks-lookup:lazy-half` (esbuild.js): the packed half read out of the web
 * build's file beside it, on the first part asked for, so the package holds the half once.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { packedIn } from './half';

export default function readHalf(): string {
  return packedIn(readFileSync(join(__dirname, 'web', 'extension.js'), 'latin1'));
}
