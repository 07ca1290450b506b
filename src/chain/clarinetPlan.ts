/**
 * Reads one Clarinet deployment plan (`deployments/*-plan.yaml`). Clarinet reads a transaction in
 * three forms, and so does this (stx-labs/clarinet, `components/clarinet-deployments/src/types.rs`,
 * `impl Deserialize for TransactionSpecificationFile`):
 *
 * - nested, Clarinet ≤ 3.13: `- contract-publish:` with the fields in a map under it;
 * - flat, Clarinet ≥ 3.14: `- transaction-type: contract-publish` with the fields beside it;
 * - tagged: `- !contract-publish` on a map of the fields.
 *
 * The YAML is walked as nodes, not converted to objects: tags survive, aliases are not expanded
 * (a plan cannot blow up into millions of entries), and line numbers come from one line index.
 * A plan in the plain block style Clarinet writes is read by `planScanner.ts` in one pass over its
 * lines; anything else (flow collections, anchors, aliases, block scalars, a syntax error) takes
 * the full YAML parser (`planYaml.ts`), which also explains errors.
 */
import { NeedsFullParser, runAll, runInTurns, scanPlanSteps, STRETCH, type PlanNode, type Steps } from './planScanner';
import { composePlan } from './planYaml';
import { checkAddress, checkContractId, checkContractName } from './identifiers';
import { ClarinetProblem, checkProjectPath, Lines, MAX_CONTRACTS, optionalLine } from './clarinetText';
import { formatInt } from './format';

/** The networks a plan can name; simnet plans are for `clarinet test` and the console only. */
export type PlanFileNetwork = 'mainnet' | 'testnet' | 'devnet' | 'simnet';

/** The transaction types Clarinet knows. */
const KNOWN_TYPES = new Set([
  'contract-publish',
  'requirement-publish',
  'emulated-contract-publish',
  'contract-call',
  'emulated-contract-call',
  'stx-transfer',
  'btc-transfer',
]);

/** A `contract-publish`, `requirement-publish` or (simnet) `emulated-contract-publish` of a plan. */
export interface PlanPublish {
  kind: 'contract' | 'requirement' | 'emulated';
  contractName: string;
  sender: string;
  path?: string;
  /** For requirements: the id the manifest names. */
  originalId?: string;
  line?: number;
}

export interface ParsedPlan {
  ok: boolean;
  /** The plan's `network` field. */
  network?: PlanFileNetwork;
  /** The plan's `name` field. */
  name?: string;
  publishes: PlanPublish[];
  problems: ClarinetProblem[];
}

/**
 * A file's problems past this many are counted, not kept: the log and the view list the first
 * ones and then "and N more" (a plan of 2 MB can hold 100,000 transactions Clarinet does not know).
 */
export const MAX_PROBLEMS_PER_FILE = 20;

/** The problem that stands for the `more` problems of `file` that were not kept. */
export function moreProblems(file: string, more: number): ClarinetProblem {
  return { file, message: `and ${formatInt(more)} more problems in this file, not listed` };
}

/** At most `MAX_PROBLEMS_PER_FILE` problems of each file, then one that says how many more there were. */
export function capProblems(problems: readonly ClarinetProblem[]): ClarinetProblem[] {
  const kept: ClarinetProblem[] = [];
  const count = new Map<string, number>();
  for (const p of problems) {
    const n = (count.get(p.file) ?? 0) + 1;
    count.set(p.file, n);
    if (n <= MAX_PROBLEMS_PER_FILE) kept.push(p);
  }
  for (const [file, n] of count)
    if (n > MAX_PROBLEMS_PER_FILE) kept.push(moreProblems(file, n - MAX_PROBLEMS_PER_FILE));
  return kept;
}

export function parsePlan(text: string, file: string): ParsedPlan {
  return runAll(planSteps(text, file));
}

/** `parsePlan`, letting the event loop turn (`pause`) between stretches of the work. */
export function parsePlanInTurns(text: string, file: string, pause: () => Promise<void>): Promise<ParsedPlan> {
  return runInTurns(planSteps(text, file), pause);
}

function* planSteps(text: string, file: string): Steps<ParsedPlan> {
  const fast = yield* scanPlanSteps(text);
  if (fast) {
    try {
      return yield* walkPlan(fast, new Lines(text), file);
    } catch (e) {
      if (!(e instanceof NeedsFullParser)) throw e;
    }
  }
  const full = composePlan(text, file);
  if (!full.ok) return { ok: false, publishes: [], problems: [full.problem] };
  return yield* walkPlan(full.root, full, file);
}

/**
 * A copy of a string that keeps no larger text alive: a part cut from a plan may hold the whole
 * plan in memory for as long as the part is kept.
 */
export function detached(s: string): string {
  return (' ' + s).slice(1);
}

function* walkPlan(
  root: PlanNode | undefined,
  lines: { lineOf(offset: number): number },
  file: string,
): Steps<ParsedPlan> {
  const lineOf = (node: PlanNode | undefined): number | undefined => (node ? lines.lineOf(node.offset) : undefined);
  const failed = (message: string, line?: number): ParsedPlan => ({
    ok: false,
    publishes: [],
    problems: [{ file, ...optionalLine(line), message }],
  });
  if (!root?.isMap) return failed('This is not a deployment plan: it is not a map.');

  const networkText = root.get('network')?.text();
  const network = networkText?.toLowerCase();
  if (network !== 'mainnet' && network !== 'testnet' && network !== 'devnet' && network !== 'simnet')
    return failed(
      networkText === undefined
        ? 'This plan has no "network" field.'
        : 'The "network" field is not one of mainnet, testnet, devnet or simnet.',
      lineOf(root.get('network')),
    );
  const batches = root.get('plan')?.get('batches');
  if (!batches?.isSeq) return failed('This is not a deployment plan: "plan.batches" is missing.');

  const result: ParsedPlan = { ok: true, network, publishes: [], problems: [] };
  const name = root.get('name')?.text();
  if (name !== undefined) result.name = detached(name);
  let untold = 0;
  const report = (node: PlanNode | undefined, message: string): void => {
    if (result.problems.length < MAX_PROBLEMS_PER_FILE)
      result.problems.push({ file, ...optionalLine(lineOf(node)), message });
    else untold++;
  };
  const senders = new Map<string, string | undefined>();
  const checkedSender = (s: string): string | undefined => {
    if (!senders.has(s)) {
      const a = checkAddress(s);
      senders.set(s, a.ok ? detached(a.value.address) : undefined);
    }
    return senders.get(s);
  };
  // Plans publish many contracts from few folders: each path is checked once.
  const paths = new Map<string, ReturnType<typeof checkProjectPath>>();
  const checkedPath = (raw: string): ReturnType<typeof checkProjectPath> => {
    let checked = paths.get(raw);
    if (!checked) paths.set(raw, (checked = checkProjectPath(raw)));
    return checked;
  };

  let publishes = 0;
  let work = 0;
  scan: for (const batch of batches.items()) {
    const txs = batch.get('transactions');
    if (!txs?.isSeq) continue;
    for (const item of txs.items()) {
      if (++work % STRETCH === 0) yield;
      const entry = typed(item);
      if (!entry) {
        report(item, 'A transaction that is neither "- <type>:", "- transaction-type: <type>" nor "- !<type>".');
        continue;
      }
      const { type, fields } = entry;
      if (!KNOWN_TYPES.has(type)) {
        report(item, 'A transaction of a type Clarinet does not know.');
        continue;
      }
      if (type !== 'contract-publish' && type !== 'requirement-publish' && type !== 'emulated-contract-publish')
        continue;
      if (++publishes > MAX_CONTRACTS) {
        // Told even past the cap of problems: it says why contracts have no id.
        result.problems.push({
          file,
          ...optionalLine(lineOf(item)),
          message: `${file} publishes more than ${MAX_CONTRACTS} contracts, the most this extension reads; the rest were skipped.`,
        });
        break scan;
      }
      const at = fields.get(type === 'requirement-publish' ? 'contract-id' : 'contract-name') ?? item;
      const senderKey =
        type === 'contract-publish'
          ? 'expected-sender'
          : type === 'requirement-publish'
            ? 'remap-sender'
            : 'emulated-sender';
      const sender = fields.get(senderKey)?.text();
      let contractName: string | undefined;
      let originalId: string | undefined;
      if (type === 'requirement-publish') {
        const id = fields.get('contract-id')?.text();
        if (id === undefined || sender === undefined) {
          report(at, 'A requirement-publish without "contract-id" and "remap-sender".');
          continue;
        }
        const checked = checkContractId(id);
        if (!checked.ok) {
          report(at, 'A requirement-publish whose "contract-id" is not a contract id; skipped.');
          continue;
        }
        originalId = checked.value.contractId;
        contractName = checked.value.name;
      } else {
        const n = fields.get('contract-name')?.text();
        if (n === undefined || sender === undefined) {
          report(at, `A ${type} without "contract-name" and "${senderKey}".`);
          continue;
        }
        if (!checkContractName(n).ok) {
          // The name is not repeated: it may be text made to look like a link or a command.
          report(
            at,
            `A ${type} whose "contract-name" is not a Clarity contract name (a letter, then letters, digits, - or _, at most 40); skipped.`,
          );
          continue;
        }
        contractName = n;
      }
      const address = checkedSender(sender);
      if (address === undefined) {
        report(at, `${contractName}: the sender ${shown(sender)}is not a Stacks address.`);
        continue;
      }
      const p: PlanPublish = {
        kind: type === 'contract-publish' ? 'contract' : type === 'requirement-publish' ? 'requirement' : 'emulated',
        contractName,
        sender: address,
        ...optionalLine(lineOf(at)),
      };
      const path = fields.get('path')?.text();
      if (path !== undefined) {
        const checked = checkedPath(path);
        if (checked.ok) p.path = checked.path;
        else if (type !== 'requirement-publish')
          // Requirements are cached outside the project by some Clarinet versions; their path is never opened.
          report(at, `${contractName}: ${checked.reason}; the path is ignored.`);
      }
      if (originalId !== undefined) p.originalId = originalId;
      result.publishes.push(p);
    }
  }
  if (untold) result.problems.push(moreProblems(file, untold));
  return result;
}

/** The type and the fields of one transaction, in whichever of the three forms it is written. */
function typed(node: PlanNode): { type: string; fields: PlanNode } | undefined {
  if (!node.isMap) return undefined;
  if (node.tag?.startsWith('!') && !node.tag.startsWith('!!')) return { type: node.tag.slice(1), fields: node };
  const flat = node.get('transaction-type')?.text();
  if (flat !== undefined) return { type: flat, fields: node };
  const [key, inner] = node.single() ?? [];
  if (key !== undefined && inner?.isMap) return { type: key, fields: inner };
  return undefined;
}

/** A value quoted in a problem only when it is plain letters and digits (never text made to look like a link). */
function shown(s: string): string {
  return /^[A-Za-z0-9_-]{1,60}$/.test(s) ? `"${s}" ` : '';
}
