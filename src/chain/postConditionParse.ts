/**
 * Reads a pasted set of post-conditions: the `@stacks/transactions` v7 `Pc` code the Simulate
 * section writes (simulation.ts, `postConditionCode`), one condition a line, and nothing else. It
 * never evaluates the text: each line is matched whole against the forms below, in one pass over
 * at most `MAX_PASTE_CHARS` characters, and a line that is none of them is named in one sentence.
 *
 * The forms (a trailing comma is optional; amounts are digits, with or without the `n` of a BigInt):
 *
 *   Pc.principal('SP…').willSendEq(100n).ustx()
 *   Pc.principal('SP…').willSendLte(100n).ft('SP….contract', 'token')
 *   Pc.principal('SP…').willSendAsset().nft('SP….contract', 'name', Cl.deserialize('0x…'))
 *   Pc.principal('SP…').willNotSendAsset().nft('SP….contract', 'name', Cl.deserialize('0x…'))
 *
 * with `willSendEq`, `willSendGt`, `willSendGte`, `willSendLt` or `willSendLte` for STX and tokens.
 * Around them the snippet's own lines are read too: its `// postConditionMode: PostConditionMode.X`
 * comment (which names the mode), other `//` comments, `const postConditions = [` and `];`.
 */
import { checkContractId, checkPrincipal } from './identifiers';
import * as l10n from './l10n';
import { formatCount } from './format';

export type PcMode = 'deny' | 'allow' | 'originator';

/** A fungible comparison, as `@stacks/transactions` names it (`FungibleComparator`). */
export type PcAmountCode = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

export type ParsedPc =
  | {
      kind: 'stx' | 'ft';
      /** The line it came from (1-based). */
      line: number;
      principal: string;
      code: PcAmountCode;
      /** Digits, at most a u64 (the wire format's amount). */
      amount: string;
      /** `SP….contract::token` (FT). */
      asset?: string;
    }
  | {
      kind: 'nft';
      line: number;
      principal: string;
      code: 'sent' | 'not-sent';
      asset: string;
      /** The NFT's id, serialized Clarity with 0x. */
      valueHex: string;
    };

export type ParsedPcs = { ok: true; conditions: ParsedPc[]; mode?: PcMode } | { ok: false; problems: string[] };

/** The most characters read: a set of a few hundred conditions fits well within it. */
export const MAX_PASTE_CHARS = 64 * 1024;
/** The most conditions in one set. */
export const MAX_CONDITIONS = 200;
/** The most characters of one line (an NFT id of a few KB of hex fits). */
const MAX_LINE = 8_192;
/** The most problems said (the rest are counted). */
const MAX_PROBLEMS = 5;
/** The largest amount a post-condition holds (u64). */
const U64_MAX = 18_446_744_073_709_551_615n;

const NAME = '[a-zA-Z][a-zA-Z0-9_!?+<>=/*-]{0,127}';
const QUOTED = "'([^'\\\\\\s]{1,200})'";
const HEAD = `^Pc\\.principal\\(${QUOTED}\\)\\.`;
const TAIL = '\\s*,?$';
const AMOUNT_RE = new RegExp(
  `${HEAD}willSend(Eq|Gt|Gte|Lt|Lte)\\((\\d{1,30})n?\\)\\.(?:ustx\\(\\)|ft\\(${QUOTED},\\s?'(${NAME})'\\))${TAIL}`,
);
const NFT_RE = new RegExp(
  `${HEAD}(willSendAsset|willNotSendAsset)\\(\\)\\.nft\\(${QUOTED},\\s?'(${NAME})',\\s?Cl\\.deserialize\\('(?:0x)?([0-9a-fA-F]{2,8000})'\\)\\)${TAIL}`,
);
const MODE_RE = /^\/\/\s*postConditionMode:\s*PostConditionMode\.(Deny|Allow|Originator)\s*$/;
const FRAME_RE = /^(?:(?:const|let|var)\s+postConditions\s*=\s*\[|\[|\];?|\]\s*;)$/;

/** What a line should be, in the user's language; the code forms stay as written. */
const expected = (): string =>
  l10n.t(
    'expected one post-condition as the Simulate section writes it: {0}, {1} or {2}',
    "Pc.principal('SP…').willSendEq(100n).ustx()",
    ".willSendEq(100n).ft('SP….contract', 'token')",
    ".willSendAsset().nft('SP….contract', 'name', Cl.deserialize('0x…'))",
  );

const n = (x: number) => formatCount(x);

/** The post-conditions of a pasted `Pc` snippet, or a sentence for each line that is not one. */
export function parsePostConditions(text: string): ParsedPcs {
  if (text.length > MAX_PASTE_CHARS)
    return {
      ok: false,
      problems: [
        l10n.t(
          'The post-conditions are {0} characters long; at most {1} are read: paste only the list of Pc lines.',
          n(text.length),
          n(MAX_PASTE_CHARS),
        ),
      ],
    };
  const problems: string[] = [];
  let more = 0;
  const problem = (s: string) => (problems.length < MAX_PROBLEMS ? problems.push(s) : more++);
  const conditions: ParsedPc[] = [];
  let mode: PcMode | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const no = i + 1;
    const line = lines[i]!.trim();
    if (!line) continue;
    if (line.length > MAX_LINE) {
      problem(
        l10n.t(
          'Line {0} is {1} characters long, more than the {2} a post-condition takes.',
          n(no),
          n(line.length),
          n(MAX_LINE),
        ),
      );
      continue;
    }
    if (line.startsWith('//')) {
      const m = MODE_RE.exec(line);
      if (m) mode = m[1]!.toLowerCase() as PcMode;
      continue;
    }
    if (FRAME_RE.test(line)) continue;
    const read = readLine(line, no);
    if (typeof read === 'string') problem(read);
    else if (conditions.length >= MAX_CONDITIONS) {
      problem(l10n.t('Line {0}: a set holds at most {1} post-conditions.', n(no), n(MAX_CONDITIONS)));
    } else conditions.push(read);
  }
  if (more)
    problems.push(
      more === 1 ? l10n.t('And 1 more line like these.') : l10n.t('And {0} more lines like these.', n(more)),
    );
  if (problems.length) return { ok: false, problems };
  return { ok: true, conditions, ...(mode ? { mode } : {}) };
}

function readLine(line: string, no: number): ParsedPc | string {
  const a = AMOUNT_RE.exec(line);
  if (a) {
    const [, who, code, digits, contract, token] = a;
    const principal = principalProblem(who!, no);
    if (principal) return principal;
    const amount = BigInt(digits!);
    if (amount > U64_MAX)
      return l10n.t(
        'Line {0}: the amount {1} is larger than a post-condition holds (at most {2}).',
        n(no),
        digits!,
        U64_MAX.toString(),
      );
    if (contract !== undefined) {
      const c = contractProblem(contract, no);
      if (c) return c;
    }
    return {
      kind: contract === undefined ? 'stx' : 'ft',
      line: no,
      principal: who!,
      code: code!.toLowerCase() as PcAmountCode,
      amount: amount.toString(),
      ...(contract !== undefined ? { asset: `${contract}::${token!}` } : {}),
    };
  }
  const f = NFT_RE.exec(line);
  if (f) {
    const [, who, verb, contract, name, hex] = f;
    const principal = principalProblem(who!, no);
    if (principal) return principal;
    const c = contractProblem(contract!, no);
    if (c) return c;
    if (hex!.length % 2 !== 0)
      return l10n.t("Line {0}: the NFT's id '{1}…' has an odd number of hex digits.", n(no), hex!.slice(0, 40));
    return {
      kind: 'nft',
      line: no,
      principal: who!,
      code: verb === 'willSendAsset' ? 'sent' : 'not-sent',
      asset: `${contract!}::${name!}`,
      valueHex: `0x${hex!.toLowerCase()}`,
    };
  }
  const start = line.length > 60 ? `${line.slice(0, 60)}…` : line;
  return l10n.t('Line {0} ({1}) is not a post-condition: {2}.', n(no), start, expected());
}

function principalProblem(who: string, no: number): string | undefined {
  const p = checkPrincipal(who);
  return p.ok ? undefined : l10n.t('Line {0}: {1}', n(no), p.reason);
}

function contractProblem(contract: string, no: number): string | undefined {
  const c = checkContractId(contract);
  return c.ok ? undefined : l10n.t('Line {0}: {1}', n(no), c.reason);
}
