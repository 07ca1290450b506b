/**
 * What a Clarity source names at a place, for the editor's navigation into deployed contracts: a
 * contract (a principal literal `'SP….name`, a `.name` reference, a boot contract, a trait
 * reference of `use-trait` / `impl-trait`) or a callee function (`(contract-call? <principal> fn …)`),
 * where a contract defines a name, the `;;` lines above it, and what a signature, a completion
 * snippet and an argument position are. Read with the Clarity reader of `claritySyntax.ts`, never
 * with patterns over the whole file. Pure.
 */
import { typeText, type AbiType } from './abi';
import { readClarity, type Expr } from './claritySyntax';
import { checkContractName, type ChainNetwork } from './identifiers';
import { findIdentifiers, MAX_SCAN_LINE } from './recognize';

/** A source longer than this is not read for navigation (no deployed source is over 2 MB). */
export const MAX_NAV_SOURCE_CHARS = 2 * 1024 * 1024;

type List = Extract<Expr, { kind: 'list' | 'tuple' }>;
type Atom = Extract<Expr, { kind: 'atom' }>;

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

/** The top-level expressions of a source, read as an editor must (tolerant of what is being typed). */
export function readForNav(source: string): Expr[] {
  if (source.length > MAX_NAV_SOURCE_CHARS) return [];
  const read = readClarity(source, { tolerant: true });
  return read.ok ? read.exprs : [];
}

/** The lists that hold `offset`, outermost first, and the atom at it (its end counts). */
function pathAt(exprs: readonly Expr[], offset: number): { lists: List[]; atom?: Atom } {
  const lists: List[] = [];
  let level: readonly Expr[] = exprs;
  for (;;) {
    let next: List | undefined;
    for (const e of level) {
      if (e.kind === 'comment') continue;
      if (e.kind === 'atom') {
        if (e.offset <= offset && offset <= e.offset + e.text.length) return { lists, atom: e };
        continue;
      }
      if (e.offset < offset && offset < e.end) {
        next = e;
        break;
      }
    }
    if (!next) return { lists };
    lists.push(next);
    level = next.children;
  }
}

const code = (l: List): Expr[] => l.children.filter((c) => c.kind !== 'comment');

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

/** The `contract-call?` list among `lists` nearest the place, with its callee and function atoms. */
function nearestCall(
  lists: readonly List[],
  options: NavOptions,
): { list: List; ref: ContractRef; callee: Atom; fn?: Atom; args: Expr[] } | undefined {
  for (let i = lists.length - 1; i >= 0; i--) {
    const list = lists[i]!;
    if (list.kind !== 'list') continue;
    const [head, callee, fn, ...args] = code(list);
    if (head?.kind !== 'atom' || head.text !== 'contract-call?' || callee?.kind !== 'atom') continue;
    const ref = contractRefOf(callee.text, options);
    if (!ref) return undefined;
    return { list, ref, callee, ...(fn?.kind === 'atom' ? { fn } : {}), args };
  }
  return undefined;
}

/** What the place at `offset` names: a contract, or a function of a deployed contract it calls. */
export function navTargetAt(source: string, offset: number, options: NavOptions = {}): NavTarget | undefined {
  const { lists, atom } = pathAt(readForNav(source), offset);
  if (!atom) return undefined;
  const inner = lists[lists.length - 1];
  const call = inner ? nearestCall([inner], options) : undefined;
  if (call?.fn === atom) {
    if (!/^[a-zA-Z]/.test(atom.text)) return undefined;
    return { kind: 'function', ref: call.ref, fn: atom.text, start: atom.offset, end: atom.offset + atom.text.length };
  }
  const ref = contractRefOf(atom.text, options);
  if (!ref) return undefined;
  const quote = atom.text.startsWith("'") ? 1 : 0;
  return { kind: 'contract', ref, start: atom.offset + quote, end: atom.offset + atom.text.length };
}

/** Where completion of a callee's functions applies: after `(contract-call? <principal> `. */
export interface CalleeCompletion {
  ref: ContractRef;
  /** The function name typed so far: its start and end offsets (equal when nothing is typed). */
  start: number;
  end: number;
}

export function calleeCompletionAt(
  source: string,
  offset: number,
  options: NavOptions = {},
): CalleeCompletion | undefined {
  const { lists, atom } = pathAt(readForNav(source), offset);
  const inner = lists[lists.length - 1];
  if (!inner) return undefined;
  const call = nearestCall([inner], options);
  if (!call) return undefined;
  const calleeEnd = call.callee.offset + call.callee.text.length;
  if (offset <= calleeEnd) return undefined;
  // What stands between the callee and the place: while a call is typed, the list is still open and
  // the code after the place reads as its children, so only what starts before the place counts.
  const before = code(inner)
    .slice(2)
    .filter((c) => c.kind !== 'comment' && c.offset < offset);
  if (!before.length) return { ref: call.ref, start: offset, end: offset };
  // Typing the function's name: the atom at the place is the function.
  if (before.length === 1 && atom && before[0] === atom && atom === call.fn)
    return { ref: call.ref, start: atom.offset, end: atom.offset + atom.text.length };
  return undefined;
}

/** The argument a place is in, in `(contract-call? <principal> fn …)`. */
export interface CalleeArgument {
  ref: ContractRef;
  fn: string;
  /** 0-based; the count of arguments when the place is after the last. */
  active: number;
}

export function calleeArgumentAt(source: string, offset: number, options: NavOptions = {}): CalleeArgument | undefined {
  const { lists } = pathAt(readForNav(source), offset);
  const call = nearestCall(lists, options);
  if (!call?.fn) return undefined;
  if (offset <= call.fn.offset + call.fn.text.length) return undefined;
  let active = call.args.length;
  for (let i = 0; i < call.args.length; i++) {
    const a = call.args[i]!;
    const end = a.kind === 'atom' ? a.offset + a.text.length : a.kind === 'comment' ? 0 : a.end;
    if (offset <= end) {
      active = i;
      break;
    }
  }
  return { ref: call.ref, fn: call.fn.text, active };
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

/** Every top-level `define-*` of a source, with the comment lines just above each. */
export function definitionsOf(source: string): Definition[] {
  const exprs = readForNav(source);
  const starts = lineStarts(source);
  const out: Definition[] = [];
  let comments: Array<{ text: string; line: number }> = [];
  for (const e of exprs) {
    if (e.kind === 'comment') {
      comments.push({ text: e.text, line: e.line });
      continue;
    }
    const above = comments;
    comments = [];
    if (e.kind !== 'list') continue;
    const [keyword, second] = code(e);
    if (keyword?.kind !== 'atom' || !keyword.text.startsWith('define-')) continue;
    const nameAtom =
      FUNCTION_DEFINES.has(keyword.text) && second?.kind === 'list'
        ? code(second)[0]
        : second?.kind === 'atom'
          ? second
          : undefined;
    if (nameAtom?.kind !== 'atom') continue;
    // The comment lines that end on the line just above, without a blank line between.
    const doc: string[] = [];
    let want = e.line - 1;
    for (let i = above.length - 1; i >= 0 && above[i]!.line === want; i--, want--) doc.unshift(above[i]!.text);
    out.push({
      keyword: keyword.text,
      name: nameAtom.text,
      line: e.line - 1,
      character: e.offset - starts[e.line - 1]!,
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

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
