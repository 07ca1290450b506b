/** A deposit's recipient as Emily gives it, read as a Stacks principal. No vscode. */
import { c32address } from 'c32check';
import { readCv } from '../../chain/sbtcClarity';

/** Emily keeps a deposit's recipient as the hex of its serialized principal; an address as it is. */
export function depositRecipient(r: string): string {
  if (/^(0x)?0[56][0-9a-fA-F]+$/.test(r)) {
    const v = readCv(r, (version, hash) => c32address(version, hash));
    if (v?.type === 'principal') return v.value;
  }
  return r;
}
