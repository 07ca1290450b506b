/**
 * Reads a Clarinet project: `Clarinet.toml` ([project], [contracts.*], requirements) and every
 * deployment plan directly in `deployments/` whose name ends in `-plan.yaml`, giving each contract
 * its full id on each network, per plan. Pure: files come through a reader the caller provides.
 * `settings/*.toml` hold mnemonics and are never asked for.
 */
import { PLAN_NETWORKS, type PlanNetwork } from './networks';
import {
  MANIFEST,
  parseManifest,
  type ClarinetContract,
  type ClarinetRequirement,
  type ContractDeployment,
} from './clarinetManifest';
import {
  capProblems,
  detached,
  MAX_PROBLEMS_PER_FILE,
  parsePlan,
  parsePlanInTurns,
  type ParsedPlan,
  type PlanFileNetwork,
} from './clarinetPlan';
import { type ClarinetProblem, MAX_CONTRACTS, MAX_FILE_BYTES, normalizePath, tooLarge } from './clarinetText';

export type {
  PlanNetwork,
  PlanFileNetwork,
  ClarinetContract,
  ClarinetRequirement,
  ContractDeployment,
  ClarinetProblem,
};
export { MANIFEST, MAX_CONTRACTS, MAX_FILE_BYTES, MAX_PROBLEMS_PER_FILE, parseManifest, parsePlan, type ParsedPlan };
export { checkProjectPath, tooLarge } from './clarinetText';

/**
 * Reads a file of the project by its path relative to the project root (undefined when it does
 * not exist), and lists a folder (`list`: entry names, folders ending in "/"; undefined when the
 * folder does not exist). Either may throw, for example for a file too large to read.
 */
export interface ProjectFileReader {
  (relativePath: string): Promise<string | undefined>;
  list(relativeDir: string): Promise<string[] | undefined>;
}

export const DEPLOYMENTS = 'deployments';
/** More plans than this in one project are not read. */
export const MAX_PLANS = 100;

/** Whether a name in `deployments/` is a plan the reader reads (and the file watcher watches). */
export function isPlanFile(name: string): boolean {
  return !name.endsWith('/') && name.endsWith('-plan.yaml') && !name.includes('/');
}

/** One plan that was read. */
export interface ClarinetPlan {
  /** Relative to the project root: `deployments/default.testnet-plan.yaml`. */
  file: string;
  /** Its `name` field. */
  name?: string;
  network: PlanFileNetwork;
  /** The senders of its contract publishes, the most frequent first (none for a simnet plan). */
  deployers: string[];
  /** How many contracts it publishes (emulated ones for a simnet plan, which never names a chain id). */
  publishes: number;
}

/** A deployer address with the plan that names it. */
export interface ClarinetDeployer {
  network: PlanNetwork;
  address: string;
  plan: string;
}

export interface ClarinetProject {
  name: string;
  contracts: ClarinetContract[];
  requirements: ClarinetRequirement[];
  /** Every plan read, by network (mainnet, testnet, devnet, simnet), the default one first. */
  plans: ClarinetPlan[];
  /** Every deployer of every chain plan (simnet plans name none), in the order of `plans`. */
  deployers: ClarinetDeployer[];
  problems: ClarinetProblem[];
}

export type ReadResult =
  | { ok: true; project: ClarinetProject }
  | { ok: false; missing: true }
  | { ok: false; missing: false; problem: ClarinetProblem };

/** Reads the project whose root the reader serves. A missing plan is normal; a broken one is a problem. */
export async function readClarinetProject(read: ProjectFileReader): Promise<ReadResult> {
  let manifestText: string | undefined;
  try {
    manifestText = await read(MANIFEST);
  } catch (e) {
    return { ok: false, missing: false, problem: { file: MANIFEST, message: errorMessage(e) } };
  }
  if (manifestText === undefined) return { ok: false, missing: true };
  if (manifestText.length > MAX_FILE_BYTES)
    return { ok: false, missing: false, problem: tooLarge(MANIFEST, manifestText.length) };
  const manifest = parseManifest(manifestText);
  if (!manifest.ok) return { ok: false, missing: false, problem: manifest.problem };
  const project: ClarinetProject = {
    ...manifest.value,
    problems: capProblems(manifest.value.problems),
    plans: [],
    deployers: [],
  };

  let names: string[] = [];
  try {
    names = ((await read.list(DEPLOYMENTS)) ?? []).filter(isPlanFile).sort();
  } catch (e) {
    project.problems.push({ file: `${DEPLOYMENTS}/`, message: errorMessage(e) });
  }
  if (names.length > MAX_PLANS) {
    project.problems.push({
      file: `${DEPLOYMENTS}/`,
      message: `${DEPLOYMENTS}/ holds ${names.length} plans, more than the ${MAX_PLANS} this extension reads; the first ${MAX_PLANS} were read.`,
    });
    names = names.slice(0, MAX_PLANS);
  }
  const read1 = async (file: string): Promise<{ file: string; plan: ParsedPlan } | undefined> => {
    let text: string | undefined;
    try {
      text = await read(file);
    } catch (e) {
      project.problems.push({ file, message: errorMessage(e) });
      return undefined;
    }
    if (text === undefined) return undefined;
    if (text.length > MAX_FILE_BYTES) {
      project.problems.push(tooLarge(file, text.length));
      return undefined;
    }
    const plan = await parsePlanInTurns(text, file, nextTurn);
    for (const p of plan.problems) project.problems.push(p);
    return plan.ok && plan.network ? { file, plan } : undefined;
  };
  const parsed: Array<{ file: string; plan: ParsedPlan }> = [];
  for (const name of names) {
    const p = await read1(`${DEPLOYMENTS}/${name}`);
    if (p) parsed.push(p);
  }
  parsed.sort(
    (a, b) => planOrder(a.file, a.plan.network!) - planOrder(b.file, b.plan.network!) || (a.file < b.file ? -1 : 1),
  );
  await applyPlans(project, parsed);
  return { ok: true, project };
}

/**
 * Reads several projects one after the other, with a turn of the event loop between two: read
 * together, their parses landed in one turn (20 projects of 5,000 contracts held the host for
 * seconds). A project that throws is a problem of its manifest.
 */
export async function readClarinetProjects(readers: readonly ProjectFileReader[]): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for (const read of readers) {
    if (results.length) await nextTurn();
    results.push(
      await readClarinetProject(read).catch((e): ReadResult => ({
        ok: false,
        missing: false,
        problem: { file: MANIFEST, message: errorMessage(e) },
      })),
    );
  }
  return results;
}

/**
 * Lets the event loop turn. A reader in the editor gives it a turn per file read; parsing a large
 * plan takes one more per stretch of its lines, and matching the publishes of each plan one more,
 * so no stretch of the work holds the extension host for long.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const NETWORK_ORDER: readonly PlanFileNetwork[] = [...PLAN_NETWORKS, 'simnet'];

/** By network, then the plan Clarinet uses by default (`default.<network>-plan.yaml`) before the others. */
function planOrder(file: string, network: PlanFileNetwork): number {
  return NETWORK_ORDER.indexOf(network) * 2 + (file === `${DEPLOYMENTS}/default.${network}-plan.yaml` ? 0 : 1);
}

async function applyPlans(project: ClarinetProject, parsed: Array<{ file: string; plan: ParsedPlan }>): Promise<void> {
  // Contracts by their index in `project.contracts`.
  const contracts = project.contracts;
  const byName = new Map<string, number>();
  const byPath = new Map<string, number[]>();
  contracts.forEach((c, i) => {
    byName.set(c.name, i);
    const shared = byPath.get(c.path);
    if (shared) shared.push(i);
    else byPath.set(c.path, [i]);
  });
  const requirements = new Map(project.requirements.map((r) => [r.contractId, r]));
  for (const { file, plan } of parsed) {
    await nextTurn();
    const network = plan.network!;
    const info: ClarinetPlan = { file, network, deployers: [], publishes: 0 };
    if (plan.name !== undefined) info.name = plan.name;
    project.plans.push(info);
    if (network === 'simnet') {
      // Simulated: `clarinet test` and the console; nothing here is on a chain.
      info.publishes = plan.publishes.filter((p) => p.kind === 'emulated').length;
      continue;
    }
    // The contracts this plan has published (by index) and the ids it gave them, and per shared
    // path the first contract it has not published yet: a contract it published stays so, and
    // the cursor only moves forward. Thousands of contracts on one path are matched in one pass,
    // not each publish against all of them.
    const published = new Uint8Array(contracts.length);
    const given = new Set<string>();
    const cursors = new Map<string, number>();
    const unpublishedAt = (path: string): number | undefined => {
      const shared = byPath.get(path);
      if (!shared) return undefined;
      let i = cursors.get(path) ?? 0;
      while (i < shared.length && published[shared[i]!]) i++;
      cursors.set(path, i);
      return shared[i];
    };
    const senders = new Map<string, number>();
    for (const p of plan.publishes) {
      if (p.kind === 'emulated') continue;
      // A copy: the name is a part of the plan's text, and would keep all of it alive.
      const deployment: ContractDeployment = { network, id: detached(`${p.sender}.${p.contractName}`), plan: file };
      if (p.kind === 'requirement') {
        const req = p.originalId !== undefined ? requirements.get(p.originalId) : undefined;
        if (req) req.deployments.push(deployment);
        continue;
      }
      info.publishes++;
      senders.set(p.sender, (senders.get(p.sender) ?? 0) + 1);
      const at = byName.get(p.contractName) ?? (p.path !== undefined ? unpublishedAt(p.path) : undefined);
      if (at === undefined) continue;
      const key = `${at} ${deployment.id}`;
      if (given.has(key)) continue;
      given.add(key);
      published[at] = 1;
      contracts[at]!.deployments.push(deployment);
    }
    info.deployers = [...senders.entries()].sort((a, b) => b[1] - a[1]).map(([address]) => address);
    for (const address of info.deployers) project.deployers.push({ network, address, plan: file });
  }
}

/** Every contract whose `.clar` file is at `relativePath` (several contracts may share one file). */
export function contractsAt(project: ClarinetProject, relativePath: string): ClarinetContract[] {
  const p = normalizePath(relativePath);
  return project.contracts.filter((c) => c.path === p);
}

/** The ids of a contract on one network, one per distinct id, in plan order. */
export function idsOn(c: Pick<ClarinetContract, 'deployments'>, network: PlanNetwork): string[] {
  return [...new Set(c.deployments.filter((d) => d.network === network).map((d) => d.id))];
}

/**
 * The address that deploys the contract at `relativePath` on `network`, which relative `.name`
 * references in it resolve against: the sender its own publish names there, else the first
 * deployer of that network's plans (the default plan first). Undefined when no plan names the
 * network: a deployer is never borrowed from another network.
 */
export function deployerFor(project: ClarinetProject, network: PlanNetwork, relativePath?: string): string | undefined {
  if (relativePath !== undefined)
    for (const c of contractsAt(project, relativePath)) {
      const id = idsOn(c, network)[0];
      if (id) return id.split('.')[0];
    }
  return project.deployers.find((d) => d.network === network)?.address;
}

/** "Clarinet.toml line 3: invalid value". */
export function problemText(p: ClarinetProblem): string {
  return `${p.file}${p.line !== undefined ? ` line ${p.line}` : ''}: ${p.message}`;
}

function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
