/**
 * The messages between the detail panel (host) and its webview. Messages from the webview are
 * untrusted input: the host parses every one with `WebviewMessage` before acting on it. Messages
 * to the webview are plain data (the view model); every string in them is shown as text.
 *
 * The webview imports only the types from here (`import type`), so zod stays out of its bundle.
 */
import * as z from 'zod/mini';
import { NETWORK_IDS } from './chain/networks';
import type { ClarityNode } from './chain/clarityNode';
import { TARGET_KINDS, type TargetKind } from './chain/target';

export type { ClarityNode };

export { TARGET_KINDS };

/** What the Bitcoin explorer is asked to show: an anchor transaction or a burn block. */
export const BITCOIN_KINDS = ['tx', 'block'] as const;

const offset = () => z.optional(z.int().check(z.gte(0), z.lte(1_000_000_000)));

export const TargetMessage = z.object({
  kind: z.enum(TARGET_KINDS),
  // Up to 100 comma-joined contract ids.
  id: z.string().check(z.maxLength(20_000)),
  network: z.optional(z.enum(NETWORK_IDS)),
});

/** What a panel shows beyond its target: page offsets, the balance controls, the block tab. */
export const PanelParams = z.object({
  eventOffset: offset(),
  txOffset: offset(),
  /** The page of a burn block's Stacks blocks. */
  blockOffset: offset(),
  untilBlock: z.optional(z.string().check(z.maxLength(80))),
  unanchored: z.optional(z.boolean()),
  tab: z.optional(z.enum(['v2', 'v1'])),
  /** The transaction row of the address list whose events are shown ('' for none). */
  expand: z.optional(z.string().check(z.maxLength(80))),
  expandOffset: offset(),
  /** The page of the pending transactions (the mempool panel's, or an address's). */
  pendingOffset: offset(),
  /** The read-only function whose form a contract panel brings into view. */
  fn: z.optional(z.string().check(z.maxLength(128))),
  /** The pages of an address's fungible tokens and NFTs. */
  ftOffset: offset(),
  nftOffset: offset(),
});
export type PanelParams = z.infer<typeof PanelParams>;

/**
 * What the webview keeps with `setState` and the serializer gets back: identity only. The webview
 * keeps what was typed into its forms beside it (src/webview/main.ts); the host never reads that.
 */
export const PanelState = z.object({
  kind: z.enum(TARGET_KINDS),
  id: z.string().check(z.maxLength(20_000)),
  network: z.optional(z.enum(NETWORK_IDS)),
  params: z.optional(PanelParams),
});
export type PanelState = z.infer<typeof PanelState>;

const kind = <T extends string>(t: T) => z.literal(t);

/** The longest text one form field sends: a Clarity value is at most 1 MB, twice that in hex. */
export const MAX_INPUT = 2_200_000;
/** The post-condition modes a simulation can carry. */
export const PC_MODES = ['deny', 'allow', 'originator'] as const;
/** The longest pasted post-condition set taken (the host reads at most 64 KB of it, and says so past that). */
export const MAX_PASTE = 1_000_000;
/** What state of a contract the panel reads: a data variable, a constant, a map entry. */
export const STATE_KINDS = ['var', 'constant', 'map'] as const;

/** Everything the webview may ask of the host. Nothing else is acted on. */
export const WebviewMessage = z.discriminatedUnion('type', [
  z.object({ type: kind('ready') }),
  /** The state last posted (a model or an error) is on screen: for timing only, it changes nothing. */
  z.object({ type: kind('painted') }),
  z.object({ type: kind('open'), target: TargetMessage }),
  z.object({ type: kind('page'), params: PanelParams }),
  /** Copy an identifier the panel shows, or the text of a workbench result (a Clarity value, up to 1 MB encoded). */
  z.object({ type: kind('copy'), text: z.string().check(z.maxLength(4 * MAX_INPUT)) }),
  z.object({ type: kind('openExternal'), target: TargetMessage }),
  /** Open a Bitcoin transaction or block in the configured Bitcoin explorer; the host checks the id. */
  z.object({
    type: kind('openBitcoin'),
    ref: z.object({ kind: z.enum(BITCOIN_KINDS), id: z.string().check(z.maxLength(100)) }),
  }),
  z.object({ type: kind('openSource'), target: TargetMessage }),
  /** Open the line that returned a failed call's error: one the panel offers (its action's intent, whole). */
  z.object({
    type: kind('openErrorLine'),
    line: z.object({
      network: z.enum(NETWORK_IDS),
      contractId: z.string().check(z.maxLength(200)),
      fn: z.string().check(z.maxLength(128)),
      result: z.string().check(z.maxLength(10_000)),
      link: z.int().check(z.gte(0), z.lte(1000)),
    }),
  }),
  z.object({ type: kind('runCommand'), command: z.enum(['selectNetwork', 'setApiKey']) }),
  /** Trace the transaction shown (src/ui/trace); `earlier`: the block's earlier transactions first, when offered. */
  z.object({ type: kind('trace'), earlier: z.optional(z.literal(true)) }),
  z.object({ type: kind('traceCancel') }),
  /** Open the failing expression a trace found (its `open`, whole, as the host posted it). */
  z.object({
    type: kind('openTraceLine'),
    line: z.object({
      network: z.enum(NETWORK_IDS),
      contractId: z.string().check(z.maxLength(200)),
      line: z.int().check(z.gte(1), z.lte(1_000_000)),
      column: z.int().check(z.gte(1), z.lte(1_000_000)),
    }),
  }),
  /** The Trace section's buttons when no Clarinet SDK was found. */
  z.object({ type: kind('traceSetup'), what: z.enum(['install', 'setPath']) }),
  z.object({ type: kind('retry') }),
  /** Watch the transaction the panel shows until it lands. */
  z.object({ type: kind('watch') }),
  /**
   * Call a read-only function of the contract the panel shows, with the arguments as typed (the
   * host checks and encodes them against the interface), as `sender`, at block `at` ('' for the latest).
   */
  z.object({
    type: kind('call'),
    fn: z.string().check(z.maxLength(128)),
    args: z.array(z.string().check(z.maxLength(MAX_INPUT))).check(z.maxLength(256)),
    sender: z.string().check(z.maxLength(200)),
    at: z.string().check(z.maxLength(80)),
  }),
  /**
   * Simulate a public function of the contract shown with the simulation service the user set:
   * as `sender`, at block `at` ('' for the latest). Nothing is signed or broadcast.
   */
  z.object({
    type: kind('simulate'),
    fn: z.string().check(z.maxLength(128)),
    args: z.array(z.string().check(z.maxLength(MAX_INPUT))).check(z.maxLength(256)),
    sender: z.string().check(z.maxLength(200)),
    at: z.string().check(z.maxLength(80)),
    /** Pasted post-conditions (`Pc` code, read by the host's strict parser, never run) and their mode. */
    postConditions: z.optional(
      z.object({
        mode: z.enum(PC_MODES),
        code: z.string().check(z.maxLength(MAX_PASTE)),
      }),
    ),
  }),
  /** Re-simulate the failed transaction the panel shows: at the latest block, or at the block before it. */
  z.object({ type: kind('resimulate'), when: z.enum(['now', 'before']) }),
  /** Read a data variable, a constant or (for the key typed) a map entry of the contract shown. */
  z.object({
    type: kind('read'),
    what: z.enum(STATE_KINDS),
    name: z.string().check(z.maxLength(128)),
    key: z.optional(z.string().check(z.maxLength(MAX_INPUT))),
    at: z.string().check(z.maxLength(80)),
  }),
  z.object({ type: kind('back') }),
  z.object({ type: kind('forward') }),
  z.object({ type: kind('refresh') }),
]);
export type WebviewMessage = z.infer<typeof WebviewMessage>;
export type TargetMessage = z.infer<typeof TargetMessage>;
export interface BitcoinRef {
  kind: (typeof BITCOIN_KINDS)[number];
  id: string;
}

// ---- the view model: plain, serialisable data the one renderer draws --------------------------

export type Tone = 'success' | 'failed' | 'pending' | 'dropped' | 'warning' | 'info' | 'muted';

/**
 * One shown value. `text` is what is displayed; for ids `full` is the whole value (title, copy)
 * and `target` makes it a link that opens in the same panel.
 */
export interface Value {
  t: 'text' | 'code' | 'amount' | 'number' | 'id' | 'badge' | 'time' | 'clarity';
  /** For `clarity`: the value's `repr` as the API sent it (copy, and the fallback). */
  text: string;
  /** For `clarity`: the value decoded from its hex, as a tree the webview draws collapsible. */
  tree?: ClarityNode;
  full?: string;
  target?: TargetMessage;
  /** For ids: offer "open in web explorer" (the host builds the URL). */
  explorer?: boolean;
  /** For Bitcoin ids: offer "open in Bitcoin explorer" (the host checks the id and builds the URL). */
  bitcoin?: BitcoinRef;
  tone?: Tone;
  /** Secondary, muted text shown after the value (e.g. "3 days ago"). */
  hint?: string;
  icon?: string;
}

export interface Field {
  label: string;
  values: Value[];
}

export interface Column {
  label: string;
  align?: 'right';
}

export interface Paging {
  param: 'eventOffset' | 'txOffset' | 'blockOffset' | 'expandOffset' | 'pendingOffset' | 'ftOffset' | 'nftOffset';
  offset: number;
  limit: number;
  total: number;
  /** The API pages this list by cursor: pages are reached one after another, so there is no jump to the last. */
  sequential?: boolean;
}

export interface TableRow {
  cells: Value[][];
  /** A row that expands (address transactions → their events): what to ask when toggled. */
  expand?: { open: boolean; intent: WebviewMessage };
  /** Sections shown under an expanded row. */
  detail?: Section[];
}

export interface Bar {
  label: string;
  value: number;
  text: string;
}

export interface Action {
  label: string;
  icon?: string;
  intent: WebviewMessage;
  primary?: boolean;
}

export type Section =
  | { type: 'fields'; title?: string; rows: Field[] }
  | { type: 'table'; title?: string; columns: Column[]; rows: TableRow[]; paging?: Paging; empty: string }
  | { type: 'bars'; title: string; bars: Bar[] }
  | { type: 'notice'; tone: Tone; text: string; icon?: string }
  | { type: 'actions'; actions: Action[] }
  | { type: 'tabs'; tabs: Array<{ label: string; active: boolean; intent: WebviewMessage; deprecated?: boolean }> }
  | { type: 'balanceAt'; untilBlock: string; unanchored: boolean }
  | { type: 'code'; title: string; text: string }
  | WorkbenchSection;

/** One input of a form: an argument of a function, or a map's key. */
export interface ArgField {
  name: string;
  /** The Clarity type as Clarity writes it: `uint`, `(buff 34)`, `(list 5 principal)`. */
  type: string;
  /** What input the webview draws: a checkbox for bool, a text field with this kind's rules otherwise. */
  input: 'uint' | 'int' | 'bool' | 'principal' | 'trait' | 'buff' | 'ascii' | 'utf8' | 'clarity';
  /** What to type (the placeholder). */
  hint: string;
}

/**
 * One form of the workbench: a read-only function with its arguments, or a data variable,
 * constant or map (with its key) to read. `id` names it in results: `fn:<name>`, `var:<name>`, ….
 */
export interface WorkbenchForm {
  id: string;
  /** `fn`: a read-only function to call; `public`: a public function to simulate; else state to read. */
  kind: 'fn' | 'public' | (typeof STATE_KINDS)[number];
  name: string;
  args: ArgField[];
  /** The type of what it answers. */
  returns: string;
}

/** The forms of a contract panel: the sender and block every call uses, and one form per function or state. */
export interface WorkbenchSection {
  type: 'workbench';
  title: string;
  /** The default sender (the deployer). */
  sender: string;
  forms: WorkbenchForm[];
  /** What shows when there is nothing to call (no read-only function). */
  empty: string;
}

/** The answer to one form: a value (as Clarity text and a tree), the node's refusal, or what was wrong with the input. */
export interface FormResult {
  form: string;
  state: 'ok' | 'failed' | 'invalid' | 'error';
  /** For `ok`: the value as Clarity writes it. */
  text?: string;
  tree?: ClarityNode;
  /** For `failed`, `invalid` and `error`: one sentence. */
  message?: string;
  /** For `invalid`: the message of each field (by position; null where the field is fine). */
  fields?: Array<string | null>;
  /** Where it ran: "latest block" or "block 123 (0x…)". */
  at?: string;
  /** For a simulation: what the call did, beyond its result (`text`, `tree`). */
  simulation?: SimulationView;
}

/** What a simulated call did, as plain text the webview shows (every string is chain data or made from it). */
export interface SimulationView {
  /** "Would succeed" or why it would fail, in one sentence. */
  verdict: string;
  tone: 'success' | 'failed';
  /** The lines of the called contract that return its error (the failure feature's). */
  lines: string[];
  /** The `vm_error` in words, with the raw text. */
  vmError?: string;
  /** Whether post-conditions aborted it, in words. */
  postConditions: string;
  movements: Array<{ what: string; from: string; to: string; amount: string }>;
  /** Net change per principal and asset. */
  net: Array<{ principal: string; asset: string; change: string }>;
  prints: Array<{ contract: string; value: string }>;
  /**
   * Execution cost as shares of the tenure budget, and where the budget comes from; `over` marks a
   * dimension above what one block may use, and `warning` says so.
   */
  cost: {
    source: string;
    rows: Array<{ dimension: string; used: string; limit: string; percent: string; over?: boolean }>;
    warning?: string;
  };
  /** The fee: the node's three estimates, or the labelled fallback. */
  fee: { source: string; rows: Array<{ label: string; stx: string }> };
  /** Post-conditions for these movements, as `Pc` code to copy. */
  pc: { deny: string; originator: string };
  /** The post-conditions the user pasted and this simulation carried, shown again in the paste box. */
  pasted?: { mode: (typeof PC_MODES)[number]; code: string };
  /** The service, the sender and the nonce used. */
  ran: string;
}

export interface ViewModel {
  kind: TargetKind;
  title: string;
  icon: string;
  /** The main identifier, with copy and explorer actions. */
  subject?: Value;
  badges: Value[];
  sections: Section[];
}

/** The frame around every state: navigation and where the data comes from. */
export interface Frame {
  canBack: boolean;
  canForward: boolean;
  network: string;
  baseUrl: string;
  /** Open-in-explorer for the whole panel. */
  explorer?: TargetMessage;
}

/** A trace's place to open: the failing expression, in the contract's source. */
export interface TraceLine {
  network: (typeof NETWORK_IDS)[number];
  contractId: string;
  line: number;
  column: number;
}

/** The transaction panel's Trace section (src/ui/panels/models/traceView.ts): every string is text. */
export interface TraceView {
  state: 'running' | 'done' | 'failed';
  /** Running: what it does now; failed: why, in one sentence. */
  message?: string;
  /** Failed because no SDK was found: offer the install button and the setting. */
  setup?: boolean;
  /** Running: the Cancel button's label. */
  cancel?: string;
  verdict?: { matches: boolean; text: string };
  /** Diverged with earlier transactions in the block: the button that replays them first, and what it does. */
  earlier?: { label: string; hint: string };
  /** The call tree, depth first: each `contract-call?` (or function call) with its arguments and what it returned. */
  calls?: Array<{ depth: number; label: string; at: string; args: string; returned: string; failed: boolean }>;
  failing?: { at: string; expression: string; error: string; open?: TraceLine };
  events?: string[];
  vars?: Array<{ name: string; before: string; after: string }>;
  /** Map entries at keys the call names (`map[key]`), before and after. */
  maps?: Array<{ entry: string; before: string; after: string }>;
  cost?: {
    source: string;
    rows: Array<{ dimension: string; used: string; limit: string; percent: string; over?: boolean }>;
    warning?: string;
  };
  /** How it ran: the block, the SDK and where it came from, the requests and where they went, the time. */
  ran?: string;
}

export type HostMessage =
  | { type: 'loading'; title: string; frame: Frame; state: PanelState }
  | { type: 'busy' }
  | { type: 'render'; model: ViewModel; frame: Frame; state: PanelState }
  | { type: 'error'; title: string; message: string; actions: Action[]; frame: Frame; state: PanelState }
  /** A form is running (`pending`) or has its answer: shown under the form, the rest of the panel stays. */
  | { type: 'result'; result: FormResult }
  | { type: 'formBusy'; form: string }
  /** The Trace section of the transaction shown: running, its report, or why it failed. */
  | { type: 'trace'; trace: TraceView };
