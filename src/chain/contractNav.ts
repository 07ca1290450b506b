/**
 * What a Clarity source names at a place, for the editor's navigation into deployed contracts: a
 * contract (a principal literal `'SP….name`, a `.name` reference, a boot contract, a trait
 * reference of `use-trait` / `impl-trait`) or a callee function (`(contract-call? <principal> fn …)`),
 * where a contract defines a name, the `;;` lines above it, and what a signature, a completion
 * snippet and an argument position are. Read with the Clarity reader of `claritySyntax.ts`, never
 * with patterns over the whole file. Pure.
 */
import { typeText, type AbiType } from './abi';
import { ATOM, atomText, COMMENT, commentText, indexClarity, LIST, type ClarityIndex } from './claritySyntax';
import { checkContractName, type ChainNetwork } from './identifiers';
import { findIdentifiers, MAX_SCAN_LINE } from './recognize';

/** A source longer than this is not read for navigation (no deployed source is over 2 MB). */
export const MAX_NAV_SOURCE_CHARS = 2 * 1024 * 1024;

/** A contract a place names: a full id, or (`local`) a `.name` whose deployer is not known. */
export interface ContractRef {
  /** `<address>.<name>`; absent for a `.name` whose deployer is not known. */
  id?: string;
  /** The contract name. */
  name: string;
  /** From the address version (absent for a `.name` without a deployer). */
  network?: ChainNetwork;
  /** For `'SP….name.trait`: the trait. */
  trait?: string;
  /** Written as `.name` (relative to the deployer of the file's contract). */
  relative: boolean;
}

export type NavTarget =
  | { kind: 'contract'; ref: ContractRef; start: number; end: number }
  | { kind: 'function'; ref: ContractRef; fn: string; start: number; end: number };

export interface NavOptions {
  /** The deployer of the file's contract: `.name` references resolve against it. */
  deployer?: string;
}

/** A source as navigation reads it: `readForNav`'s index, kept by `NavReads` per document version. */
export type NavRead = ClarityIndex;

const NOTHING = (indexClarity('', { tolerant: true }) as Extract<ReturnType<typeof indexClarity>, { ok: true }>).index;

/** The expressions of a source, read as an editor must (tolerant of what is being typed), in one pass. */
export function readForNav(source: string): NavRead {
  if (source.length > MAX_NAV_SOURCE_CHARS) return NOTHING;
  const read = indexClarity(source, { tolerant: true });
  return read.ok ? read.index : NOTHING;
}

const navRead = (source: string | NavRead): NavRead => (typeof source === 'string' ? readForNav(source) : source);

/**
 * The reads of the documents the editor asks about: one per document, at the version it was read
 * at, for the few most recently asked. A request on a document unchanged since the last one reads
 * nothing (nor asks for its text); a changed one is read again. Keyed by the document itself, not
 * its URI: a file closed and opened again starts over at version 1, possibly with other text.
 */
export class NavReads<K> {
  private readonly reads = new Map<K, { version: number; read: NavRead }>();

  /** @param max documents kept; @param maxEntries expressions kept in all (the most recent read is always kept). */
  constructor(
    private readonly max = 4,
    private readonly maxEntries = 3_000_000,
  ) {}

  read(doc: K, version: number, text: () => string): NavRead {
    const kept = this.reads.get(doc);
    this.reads.delete(doc);
    const read = kept?.version === version ? kept.read : readForNav(text());
    this.reads.set(doc, { version, read });
    let entries = 0;
    for (const r of this.reads.values()) entries += r.read.count;
    for (const [k, r] of this.reads) {
      if (this.reads.size <= 1 || (this.reads.size <= this.max && entries <= this.maxEntries)) break;
      this.reads.delete(k);
      entries -= r.read.count;
    }
    return read;
  }
}

/**
 * Where `offset` is: the innermost list that holds it (-1 for none; a list holds the places after
 * its opener up to its closer) and the atom at it (its end counts; -1 for none). The entry before
 * the place is found by bisection, then its lists from the inside out until one holds the place:
 * no walk over the siblings before it.
 */
function placeAt(ix: NavRead, offset: number): { list: number; atom: number } {
  let lo = 0;
  let hi = ix.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ix.start[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  const last = lo - 1;
  let level = -1;
  let list = last;
  while (list >= 0 && !(ix.kind[list] !== ATOM && ix.kind[list] !== COMMENT && ix.end[list]! > offset)) {
    level = list;
    list = ix.parent[list]!;
  }
  // The atom that ends at or after the place, or one that starts at it, in that list.
  if (level >= 0 && ix.kind[level] === ATOM && ix.end[level]! >= offset) return { list, atom: level };
  const next = last + 1;
  const atom =
    next < ix.count && ix.start[next] === offset && ix.kind[next] === ATOM && ix.parent[next] === list ? next : -1;
  return { list, atom };
}

/** The first `max` children of a list that are not comments. */
function codeChildren(ix: NavRead, list: number, max: number): number[] {
  const out: number[] = [];
  for (let c = list + 1; c < ix.after[list]! && out.length < max; c = ix.after[c]!)
    if (ix.kind[c] !== COMMENT) out.push(c);
  return out;
}

const isAtom = (ix: NavRead, i: number | undefined): i is number => i !== undefined && ix.kind[i] === ATOM;

/** The contract an atom names, as Clarity writes it: `'SP….name`, `SP….name.trait`, `.name`, `.name.trait`. */
export function contractRefOf(text: string, options: NavOptions = {}): ContractRef | undefined {
  if (text.length > MAX_SCAN_LINE) return undefined;
  const bare = text.startsWith("'") ? text.slice(1) : text;
  const found = findIdentifiers(bare, { clarity: true, ...(options.deployer ? { deployer: options.deployer } : {}) });
  const whole = found.find((f) => f.start === 0 && f.end === bare.length && f.kind === 'contract');
  if (whole) {
    const name = whole.id.slice(whole.id.indexOf('.') + 1);
    return {
      id: whole.id,
      name,
      ...(whole.network ? { network: whole.network } : {}),
      ...(whole.trait ? { trait: whole.trait } : {}),
      relative: bare.startsWith('.'),
    };
  }
  // `.name` without a known deployer: a contract of the project by its name.
  const m = /^\.([a-zA-Z][a-zA-Z0-9_-]{0,39})(?:\.([a-zA-Z][a-zA-Z0-9_-]{0,39}))?$/.exec(bare);
  if (!m || !checkContractName(m[1]!).ok) return undefined;
  return { name: m[1]!, ...(m[2] ? { trait: m[2] } : {}), relative: true };
}

const CONTRACT_CALL = 'contract-call?';

/** The entry of a list's next child that is not a comment, from entry `c` on (-1 for none). */
function nextCode(ix: NavRead, list: number, c: number): number {
  for (; c < ix.after[list]!; c = ix.after[c]!) if (ix.kind[c] !== COMMENT) return c;
  return -1;
}

/** `(contract-call? <atom> …)`: its callee and, when an atom, its function. */
function callOf(ix: NavRead, list: number): { callee: number; fn: number } | undefined {
  if (ix.kind[list] !== LIST) return undefined;
  const head = nextCode(ix, list, list + 1);
  if (head < 0 || ix.kind[head] !== ATOM) return undefined;
  if (ix.end[head]! - ix.start[head]! !== CONTRACT_CALL.length || !ix.source.startsWith(CONTRACT_CALL, ix.start[head]))
    return undefined;
  const callee = nextCode(ix, list, ix.after[head]!);
  if (callee < 0 || ix.kind[callee] !== ATOM) return undefined;
  const fn = nextCode(ix, list, ix.after[callee]!);
  return { callee, fn: fn >= 0 && ix.kind[fn] === ATOM ? fn : -1 };
}

/**
 * For each list of a read, the nearest `contract-call?` among it and the lists that hold it (-1
 * for none): one pass, each list after the one that holds it, computed the first time it is asked
 * for and kept with the read, so a request deep in nested lists does not climb them.
 */
const callsOfReads = new WeakMap<NavRead, Int32Array>();
function callsAbove(ix: NavRead): Int32Array {
  let calls = callsOfReads.get(ix);
  if (calls) return calls;
  calls = new Int32Array(ix.count);
  for (let i = 0; i < ix.count; i++) {
    if (ix.kind[i] === ATOM || ix.kind[i] === COMMENT) continue;
    const up = ix.parent[i]!;
    calls[i] = callOf(ix, i) ? i : up >= 0 ? calls[up]! : -1;
  }
  callsOfReads.set(ix, calls);
  return calls;
}

/** The `contract-call?` list nearest the place: `list` itself, or (`outward`) the nearest that holds it, with its callee's contract. */
function nearestCall(
  ix: NavRead,
  list: number,
  options: NavOptions,
  outward: boolean,
): { list: number; ref: ContractRef; callee: number; fn: number } | undefined {
  const l = list >= 0 && outward ? callsAbove(ix)[list]! : list;
  const call = l >= 0 ? callOf(ix, l) : undefined;
  if (!call) return undefined;
  const ref = contractRefOf(atomText(ix, call.callee), options);
  return ref ? { list: l, ref, ...call } : undefined;
}

/** What the place at `offset` names: a contract, or a function of a deployed contract it calls. */
export function navTargetAt(source: string | NavRead, offset: number, options: NavOptions = {}): NavTarget | undefined {
  const ix = navRead(source);
  const { list, atom } = placeAt(ix, offset);
  if (atom < 0) return undefined;
  const text = atomText(ix, atom);
  const start = ix.start[atom]!;
  const call = nearestCall(ix, list, options, false);
  if (call && call.fn === atom) {
    if (!/^[a-zA-Z]/.test(text)) return undefined;
    return { kind: 'function', ref: call.ref, fn: text, start, end: start + text.length };
  }
  const ref = contractRefOf(text, options);
  if (!ref) return undefined;
  const quote = text.startsWith("'") ? 1 : 0;
  return { kind: 'contract', ref, start: start + quote, end: start + text.length };
}

/** Where completion of a callee's functions applies: after `(contract-call? <principal> `. */
export interface CalleeCompletion {
  ref: ContractRef;
  /** The function name typed so far: its start and end offsets (equal when nothing is typed). */
  start: number;
  end: number;
}

export function calleeCompletionAt(
  source: string | NavRead,
  offset: number,
  options: NavOptions = {},
): CalleeCompletion | undefined {
  const ix = navRead(source);
  const { list, atom } = placeAt(ix, offset);
  if (list < 0) return undefined;
  const call = nearestCall(ix, list, options, false);
  if (!call) return undefined;
  if (offset <= ix.end[call.callee]!) return undefined;
  // What stands between the callee and the place: while a call is typed, the list is still open and
  // the code after the place reads as its children, so only what starts before the place counts.
  const before = codeChildren(ix, list, 4)
    .slice(2)
    .filter((c) => ix.start[c]! < offset);
  if (!before.length) return { ref: call.ref, start: offset, end: offset };
  // Typing the function's name: the atom at the place is the function.
  if (before.length === 1 && atom >= 0 && before[0] === atom && atom === call.fn)
    return { ref: call.ref, start: ix.start[atom]!, end: ix.end[atom]! };
  return undefined;
}

/** The argument a place is in, in `(contract-call? <principal> fn …)`. */
export interface CalleeArgument {
  ref: ContractRef;
  fn: string;
  /** 0-based; the count of arguments when the place is after the last. */
  active: number;
}

export function calleeArgumentAt(
  source: string | NavRead,
  offset: number,
  options: NavOptions = {},
): CalleeArgument | undefined {
  const ix = navRead(source);
  const call = nearestCall(ix, placeAt(ix, offset).list, options, true);
  if (!call || call.fn < 0) return undefined;
  if (offset <= ix.end[call.fn]!) return undefined;
  let active = 0;
  for (let c = ix.after[call.fn]!; c < ix.after[call.list]!; c = ix.after[c]!) {
    if (ix.kind[c] === COMMENT) continue;
    if (offset <= ix.end[c]!) break;
    active++;
  }
  return { ref: call.ref, fn: atomText(ix, call.fn), active };
}

/** A top-level definition: its keyword and where its `(define-…` opens (0-based line and column). */
export interface Definition {
  keyword: string;
  name: string;
  line: number;
  character: number;
  /** The `;;` lines just above it, in order, without their `;;`. */
  doc: string[];
}

const FUNCTION_DEFINES = new Set(['define-public', 'define-read-only', 'define-private']);

/** The definitions of the sources read last (a deployed source is read by several requests in a row). */
const definitionsRead: Array<{ source: string; defs: readonly Definition[] }> = [];
const DEFINITIONS_KEPT = 3;

/** Every top-level `define-*` of a source, with the comment lines just above each. Shared: not to be changed. */
export function definitionsOf(source: string): readonly Definition[] {
  const kept = definitionsRead.find((r) => r.source === source);
  if (kept) return kept.defs;
  const defs = readDefinitions(readForNav(source));
  definitionsRead.unshift({ source, defs });
  definitionsRead.length = Math.min(definitionsRead.length, DEFINITIONS_KEPT);
  return defs;
}

function readDefinitions(ix: NavRead): Definition[] {
  const out: Definition[] = [];
  let comments: Array<{ text: string; line: number }> = [];
  // The start of the line of the entry at hand: top-level entries come in order, so one pass.
  let line = 1;
  let lineStart = 0;
  for (let e = 0; e < ix.count; e = ix.after[e]!) {
    if (ix.kind[e] === COMMENT) {
      comments.push({ text: commentText(ix, e), line: ix.line[e]! });
      continue;
    }
    const above = comments;
    comments = [];
    if (ix.kind[e] !== LIST) continue;
    const [keyword, second] = codeChildren(ix, e, 2);
    if (!isAtom(ix, keyword)) continue;
    const keywordText = atomText(ix, keyword);
    if (!keywordText.startsWith('define-')) continue;
    const nameAtom =
      FUNCTION_DEFINES.has(keywordText) && second !== undefined && ix.kind[second] === LIST
        ? codeChildren(ix, second, 1)[0]
        : second;
    if (!isAtom(ix, nameAtom)) continue;
    // The comment lines that end on the line just above, without a blank line between.
    const doc: string[] = [];
    let want = ix.line[e]! - 1;
    for (let i = above.length - 1; i >= 0 && above[i]!.line === want; i--, want--) doc.unshift(above[i]!.text);
    for (; line < ix.line[e]!; line++) lineStart = ix.source.indexOf('\n', lineStart) + 1;
    out.push({
      keyword: keywordText,
      name: atomText(ix, nameAtom),
      line: line - 1,
      character: ix.start[e]! - lineStart,
      doc,
    });
  }
  return out;
}

/**
 * Where `name` is defined: a function (`define-public`, `define-read-only`, `define-private`) or,
 * for `kinds`, another definition (`define-trait` for a trait reference).
 */
export function definitionOf(
  source: string,
  name: string,
  kinds: readonly string[] = [...FUNCTION_DEFINES],
): Definition | undefined {
  return definitionsOf(source).find((d) => d.name === name && kinds.includes(d.keyword));
}

/** A function of an interface, as the node's `/v2/contracts/interface` answer lists it. */
export interface InterfaceFunction {
  name: string;
  access: string;
  args: ReadonlyArray<{ name: string; type: AbiType }>;
  outputs: { type: AbiType };
}

/** What a function's access is called in Clarity: `public`, `read-only`, `private`. */
export function accessText(access: string): string {
  return access === 'read_only' ? 'read-only' : access;
}

/** Functions another contract may call: public and read-only, never private. */
export function isCallable(f: Pick<InterfaceFunction, 'access'>): boolean {
  return f.access === 'public' || f.access === 'read_only';
}

/** `(name (a uint) (b principal))`, then the output type, as Clarity writes them. */
export function signatureText(f: InterfaceFunction): { head: string; params: string[]; output: string } {
  const params = f.args.map((a) => `(${a.name} ${typeText(a.type)})`);
  return { head: f.name, params, output: typeText(f.outputs.type) };
}

/** One line: `(define-public (transfer (amount uint) (to principal)) (response bool uint))`. */
export function signatureLine(f: InterfaceFunction): string {
  const s = signatureText(f);
  const keyword = f.access === 'read_only' ? 'define-read-only' : `define-${f.access}`;
  return `(${keyword} (${[s.head, ...s.params].join(' ')}) ${s.output})`;
}

/** A snippet that calls `f`: its name, then one placeholder per argument, named after it. */
export function callSnippet(f: InterfaceFunction): string {
  const esc = (s: string) => s.replace(/[$}\\]/g, '\\$&');
  return [esc(f.name), ...f.args.map((a, i) => `\${${i + 1}:${esc(a.name)}}`)].join(' ');
}
