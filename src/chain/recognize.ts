import {
  ADDRESS_SOURCE,
  AddressInfo,
  CONTRACT_NAME_SOURCE,
  ChainNetwork,
  Checked,
  checkAddress,
  checkContractName,
} from './identifiers';

/**
 * Lines longer than this (minified data, generated files) are not scanned, by the hover or by
 * Look Up: identifiers sit in lines people write.
 */
export const MAX_SCAN_LINE = 20_000;

export type IdentifierKind = 'tx' | 'address' | 'contract';

/** An identifier found in text: where it is, what it is and its canonical form. */
export interface FoundIdentifier {
  start: number;
  end: number;
  kind: IdentifierKind;
  /** tx id in lower case, address, or `<address>.<name>` contract id. */
  id: string;
  /** From the address version, for addresses and contract ids. */
  network?: ChainNetwork;
  /** For `'SP….name.trait` references: the trait name. */
  trait?: string;
}

export interface RecognizeOptions {
  /** Deployer of the current Clarinet project: `.name` references resolve against it. */
  deployer?: string;
  /** Clarity source: relative `.name` references are recognised. */
  clarity?: boolean;
}

const WORD = '[A-Za-z0-9_-]';
const TX_RE = /(?<![A-Za-z0-9_])0x[0-9a-fA-F]{64}(?![0-9a-zA-Z_])/g;
const BARE_TX_RE = /(?<=\/(?:txid|tx)\/)[0-9a-fA-F]{64}(?![0-9a-zA-Z_])/g;
const PRINCIPAL_RE = new RegExp(
  `(?<!${WORD})'?(${ADDRESS_SOURCE})(?:\\.(${CONTRACT_NAME_SOURCE})(?:\\.(${CONTRACT_NAME_SOURCE}))?)?(?!${WORD})`,
  'g',
);
// A relative `.name` stands after a space or an opening bracket, never after a word, a path or a host
// (`explorer.stacks.co`, `https://x.io/.well-known`), so URLs in comments and strings are left alone.
const RELATIVE_RE = new RegExp(
  `(?<![A-Za-z0-9_.'/:@\\\\-])'?\\.(${CONTRACT_NAME_SOURCE})(?:\\.(${CONTRACT_NAME_SOURCE}))?(?![A-Za-z0-9_.-])`,
  'g',
);

/** Every transaction id, principal and contract id in `text`, in order. */
export function findIdentifiers(text: string, options: RecognizeOptions = {}): FoundIdentifier[] {
  const found: FoundIdentifier[] = [];
  // Each address is checked once per scan (a checksum is two sha256), however often it appears.
  const checked = new Map<string, Checked<AddressInfo>>();
  const address = (s: string): Checked<AddressInfo> => {
    let c = checked.get(s);
    if (!c) checked.set(s, (c = checkAddress(s)));
    return c;
  };
  for (const m of text.matchAll(TX_RE)) {
    found.push({ start: m.index, end: m.index + m[0].length, kind: 'tx', id: m[0].toLowerCase() });
  }
  for (const m of text.matchAll(BARE_TX_RE)) {
    found.push({ start: m.index, end: m.index + m[0].length, kind: 'tx', id: `0x${m[0].toLowerCase()}` });
  }
  for (const m of text.matchAll(PRINCIPAL_RE)) {
    const start = m.index + (m[0].startsWith("'") ? 1 : 0);
    const end = m.index + m[0].length;
    const addr = address(m[1]!);
    if (!addr.ok) continue;
    if (m[2]) {
      if (!checkContractName(m[2]).ok) continue;
      const f: FoundIdentifier = {
        start,
        end,
        kind: 'contract',
        id: `${addr.value.address}.${m[2]}`,
        network: addr.value.network,
      };
      if (m[3]) f.trait = m[3];
      found.push(f);
    } else {
      found.push({ start, end, kind: 'address', id: addr.value.address, network: addr.value.network });
    }
  }
  if (options.clarity && options.deployer) {
    const deployer = address(options.deployer.trim());
    if (deployer.ok) {
      for (const m of text.matchAll(RELATIVE_RE)) {
        const start = m.index + (m[0].startsWith("'") ? 1 : 0);
        if (!checkContractName(m[1]!).ok) continue;
        const f: FoundIdentifier = {
          start,
          end: m.index + m[0].length,
          kind: 'contract',
          id: `${deployer.value.address}.${m[1]}`,
          network: deployer.value.network,
        };
        if (m[2]) f.trait = m[2];
        found.push(f);
      }
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The identifier whose range contains `offset` (its end included, so a cursor right after it counts). */
export function identifierAt(
  text: string,
  offset: number,
  options: RecognizeOptions = {},
): FoundIdentifier | undefined {
  // Only the line around the offset is scanned: identifiers never span lines.
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const nl = text.indexOf('\n', offset);
  const lineEnd = nl < 0 ? text.length : nl;
  if (lineEnd - lineStart > MAX_SCAN_LINE) return undefined;
  const line = text.slice(lineStart, lineEnd);
  const hit = findIdentifiers(line, options).find((f) => f.start <= offset - lineStart && offset - lineStart <= f.end);
  return hit ? { ...hit, start: hit.start + lineStart, end: hit.end + lineStart } : undefined;
}
