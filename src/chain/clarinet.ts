/**
 * Reads a Clarinet project: `Clarinet.toml` ([project], [contracts.*], requirements) and the
 * default deployment plans under `deployments/`, giving each contract its full id per network.
 * Pure: files come through a reader the caller provides. `settings/*.toml` hold mnemonics and
 * are never asked for.
 */
import { parse as parseToml, TomlError } from 'smol-toml';
import { parseDocument } from 'yaml';
import { checkAddress, checkContractId } from './identifiers';

import { PLAN_NETWORKS, type PlanNetwork } from './networks';
export type { PlanNetwork };

/** Reads a file of the project by its path relative to the project root; undefined when it does not exist. */
export type ProjectFileReader = (relativePath: string) => Promise<string | undefined>;

export const MANIFEST = 'Clarinet.toml';
export const planPath = (n: PlanNetwork): string => `deployments/default.${n}-plan.yaml`;

/** A problem in one file of the project, with the line (1-based) where it was found when known. */
export interface ClarinetProblem {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export interface ClarinetContract {
  /** The name under [contracts.<name>]. */
  name: string;
  /** The `.clar` file, relative to the project root, with forward slashes. */
  path: string;
  clarityVersion?: number;
  epoch?: string;
  /** `<expected-sender>.<contract-name>` from each deployment plan that publishes it. */
  ids: Partial<Record<PlanNetwork, string>>;
}

/** A contract the project depends on; published under another address on devnet (and testnet) by the plans. */
export interface ClarinetRequirement {
  /** The contract id as the manifest names it (a mainnet id). */
  contractId: string;
  ids: Partial<Record<PlanNetwork, string>>;
}

export interface ClarinetProject {
  name: string;
  contracts: ClarinetContract[];
  requirements: ClarinetRequirement[];
  /** The address that publishes the project's contracts in each plan (the most frequent sender). */
  deployers: Partial<Record<PlanNetwork, string>>;
  /** The plans that were found and read. */
  plans: PlanNetwork[];
  problems: ClarinetProblem[];
}

export type ReadResult =
  | { ok: true; project: ClarinetProject }
  | { ok: false; missing: true }
  | { ok: false; missing: false; problem: ClarinetProblem };

/** Reads the project whose root the reader serves. A missing plan is normal; a broken one is a problem. */
export async function readClarinetProject(read: ProjectFileReader): Promise<ReadResult> {
  const manifestText = await read(MANIFEST);
  if (manifestText === undefined) return { ok: false, missing: true };
  const manifest = parseManifest(manifestText);
  if (!manifest.ok) return { ok: false, missing: false, problem: manifest.problem };
  const project: ClarinetProject = { ...manifest.value, deployers: {}, plans: [] };

  for (const network of PLAN_NETWORKS) {
    const file = planPath(network);
    const text = await read(file);
    if (text === undefined) continue;
    const plan = parsePlan(text, file);
    project.problems.push(...plan.problems);
    if (!plan.ok) continue;
    project.plans.push(network);
    applyPlan(project, network, plan);
  }
  return { ok: true, project };
}

interface Manifest {
  name: string;
  contracts: ClarinetContract[];
  requirements: ClarinetRequirement[];
  problems: ClarinetProblem[];
}

export function parseManifest(text: string): { ok: true; value: Manifest } | { ok: false; problem: ClarinetProblem } {
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    if (e instanceof TomlError) {
      return {
        ok: false,
        problem: {
          file: MANIFEST,
          line: e.line,
          column: e.column,
          message: firstLine(e.message).replace(/^Invalid TOML document: /, ''),
        },
      };
    }
    return { ok: false, problem: { file: MANIFEST, message: e instanceof Error ? e.message : String(e) } };
  }
  const problems: ClarinetProblem[] = [];
  const projectTable = asTable(doc.project);
  const name =
    typeof projectTable?.name === 'string' && projectTable.name.trim() ? projectTable.name : 'Clarinet project';
  if (!projectTable) problems.push({ file: MANIFEST, message: 'There is no [project] table.' });

  const contracts: ClarinetContract[] = [];
  for (const [contractName, raw] of Object.entries(asTable(doc.contracts) ?? {})) {
    const t = asTable(raw);
    const where = lineOf(
      text,
      new RegExp(`^[ \\t]*\\[\\s*contracts\\.["']?${escapeRe(contractName)}["']?\\s*\\]`, 'm'),
    );
    if (!t || typeof t.path !== 'string' || !t.path.trim()) {
      problems.push({
        file: MANIFEST,
        ...(where ? { line: where } : {}),
        message: `[contracts.${contractName}] has no "path".`,
      });
      continue;
    }
    const c: ClarinetContract = { name: contractName, path: normalizePath(t.path), ids: {} };
    const version = t.clarity_version;
    if (typeof version === 'number' || typeof version === 'bigint') c.clarityVersion = Number(version);
    if (typeof t.epoch === 'number' || typeof t.epoch === 'string') c.epoch = String(t.epoch);
    contracts.push(c);
  }

  // Requirements: `requirements = [{ contract_id = "…" }]` or `[[project.requirements]]`.
  const requirements: ClarinetRequirement[] = [];
  const rawReqs = projectTable?.requirements;
  for (const r of Array.isArray(rawReqs) ? rawReqs : []) {
    const id = asTable(r)?.contract_id;
    if (typeof id !== 'string') continue;
    const checked = checkContractId(id);
    if (!checked.ok) {
      problems.push({
        file: MANIFEST,
        ...optionalLine(lineOf(text, id)),
        message: `Requirement "${id}": ${checked.reason}`,
      });
      continue;
    }
    requirements.push({ contractId: checked.value.contractId, ids: { mainnet: checked.value.contractId } });
  }
  return { ok: true, value: { name, contracts, requirements, problems } };
}

/** A `contract-publish` or `requirement-publish` transaction of a plan. */
export interface PlanPublish {
  kind: 'contract' | 'requirement';
  contractName: string;
  sender: string;
  path?: string;
  /** For requirements: the id the manifest names. */
  originalId?: string;
  line?: number;
}

export interface ParsedPlan {
  ok: boolean;
  publishes: PlanPublish[];
  problems: ClarinetProblem[];
}

export function parsePlan(text: string, file: string): ParsedPlan {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: false });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    const pos = e.linePos?.[0];
    return {
      ok: false,
      publishes: [],
      problems: [
        {
          file,
          ...(pos ? { line: pos.line, column: pos.col } : {}),
          message: firstLine(e.message).replace(/ at line \d+, column \d+:?$/, ''),
        },
      ],
    };
  }
  const problems: ClarinetProblem[] = [];
  const publishes: PlanPublish[] = [];
  const root = asTable(doc.toJS({ maxAliasCount: 100 }));
  const batches = asTable(root?.plan)?.batches;
  if (!Array.isArray(batches)) {
    return {
      ok: false,
      publishes,
      problems: [{ file, message: 'This is not a deployment plan: "plan.batches" is missing.' }],
    };
  }
  for (const batch of batches) {
    const txs = asTable(batch)?.transactions;
    for (const tx of Array.isArray(txs) ? txs : []) {
      const t = asTable(tx);
      const contract = asTable(t?.['contract-publish']);
      const requirement = asTable(t?.['requirement-publish']);
      const body = contract ?? requirement;
      if (!body) continue;
      const kind = contract ? 'contract' : 'requirement';
      const name = kind === 'contract' ? body['contract-name'] : String(body['contract-id'] ?? '').split('.')[1];
      const sender = kind === 'contract' ? body['expected-sender'] : body['remap-sender'];
      const line =
        typeof name === 'string'
          ? lineOf(text, new RegExp(`(contract-name|contract-id):.*${escapeRe(name)}`))
          : undefined;
      if (typeof name !== 'string' || typeof sender !== 'string') {
        problems.push({
          file,
          ...optionalLine(line),
          message: `A ${kind}-publish transaction without ${kind === 'contract' ? '"contract-name" and "expected-sender"' : '"contract-id" and "remap-sender"'}.`,
        });
        continue;
      }
      const addr = checkAddress(sender);
      if (!addr.ok) {
        problems.push({
          file,
          ...optionalLine(line),
          message: `${name}: the sender "${sender}" is not a Stacks address.`,
        });
        continue;
      }
      const p: PlanPublish = { kind, contractName: name, sender: addr.value.address, ...optionalLine(line) };
      if (typeof body.path === 'string') p.path = normalizePath(body.path);
      if (kind === 'requirement') p.originalId = String(body['contract-id']);
      publishes.push(p);
    }
  }
  return { ok: true, publishes, problems };
}

function applyPlan(project: ClarinetProject, network: PlanNetwork, plan: ParsedPlan): void {
  const senders = new Map<string, number>();
  for (const p of plan.publishes) {
    const id = `${p.sender}.${p.contractName}`;
    if (p.kind === 'requirement') {
      const req = project.requirements.find((r) => r.contractId === p.originalId);
      if (req) req.ids[network] = id;
      continue;
    }
    senders.set(p.sender, (senders.get(p.sender) ?? 0) + 1);
    const contract =
      project.contracts.find((c) => c.name === p.contractName) ??
      (p.path ? project.contracts.find((c) => c.path === p.path) : undefined);
    if (contract) contract.ids[network] = id;
  }
  const deployer = [...senders.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (deployer) project.deployers[network] = deployer;
}

/** The contract whose `.clar` file is at `relativePath` (forward slashes, relative to the project root). */
export function contractAt(project: ClarinetProject, relativePath: string): ClarinetContract | undefined {
  const p = normalizePath(relativePath);
  return project.contracts.find((c) => c.path === p);
}

/** "Clarinet.toml line 3: invalid value". */
export function problemText(p: ClarinetProblem): string {
  return `${p.file}${p.line !== undefined ? ` line ${p.line}` : ''}: ${p.message}`;
}

function normalizePath(p: string): string {
  return p.trim().replace(/\\/g, '/').replace(/^\.\//, '');
}

function asTable(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function lineOf(text: string, what: string | RegExp): number | undefined {
  const i = typeof what === 'string' ? text.indexOf(what) : text.search(what);
  return i < 0 ? undefined : text.slice(0, i).split('\n').length;
}

function optionalLine(line: number | undefined): { line?: number } {
  return line === undefined ? {} : { line };
}
