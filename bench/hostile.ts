/**
 * Measure 5c: what a cloned repository can make the extension host do. For each hostile shape, the
 * longest the event loop is held (the longest synchronous run between two turns of the loop),
 * while the extension reads it the way the host does: files come one read at a time, each read a
 * turn of the loop as the host's file system calls are. Median over `runs` of each shape's worst.
 */
import {
  readClarinetProject,
  readClarinetProjects,
  type ClarinetProject,
  type ProjectFileReader,
} from '../src/chain/clarinet';
import { compareLocal, LocalSource, normalizeSource, onChainReadOnlyFunctions } from '../src/chain/drift';
import { statusIds } from '../src/ui/projects/statusIds';
import { manyContractsProject, memoryReader, sharedPathProject } from '../test/unit/clarinetReaders';
import { median } from './util';

export interface HostileResult {
  shape: string;
  /** Median over the runs of the longest stall of one run. */
  worstStallMs: number;
  /** The same by CPU time. */
  worstStallCpuMs: number;
  note: string;
}

/** One turn of the event loop. */
export const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface Stall {
  /** The longest the event loop waited for its next turn. */
  ms: number;
  /** The longest stretch by the process's CPU time: on a shared machine, the wait above includes other processes' turns. */
  cpuMs: number;
}

/** The longest stretch between two turns of the event loop while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<Stall> {
  const stall: Stall = { ms: 0, cpuMs: 0 };
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let running = true;
  const measure = (): void => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    stall.ms = Math.max(stall.ms, now - last);
    stall.cpuMs = Math.max(stall.cpuMs, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const tick = (): void => {
    measure();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  measure();
  return stall;
}

/** `memoryReader`, with a turn of the event loop before each answer, as a read through the host takes. */
export function hostReader(files: Record<string, string>): ProjectFileReader {
  const inner = memoryReader(files);
  return Object.assign(
    async (rel: string) => {
      await turn();
      return inner(rel);
    },
    {
      list: async (dir: string) => {
        await turn();
        return inner.list(dir);
      },
    },
  );
}

const DEPLOYER = 'ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM';

interface Shape {
  shape: string;
  note: string;
  run(): Promise<unknown>;
}

function shapes(): Shape[] {
  // 1. A 1 MB contract of 50,000 annotations: what one CodeLens request computes (the "Call on"
  //    lenses), then what the drift comparison computes (src/ui/drift/driftEngine.ts: the text as
  //    it is, then, a turn later, as Clarinet broadcasts it), each its own turn as in the host. The
  //    deploy is the contract with its #[env(simnet)] code stripped, as Clarinet broadcasts it.
  const contract = `(define-read-only (get-a) u1)\n${';; #[env(simnet)]\nu1\n'.repeat(50_000)}`;
  const deployed = '(define-read-only (get-a) u1)\n';
  // 2. 5,000 contracts on one path, 20 plans publishing it.
  const shared = sharedPathProject(5000, 20);
  const planBytes = shared['deployments/p00.testnet-plan.yaml']!.length;
  // 3. Plans nested 900,000 deep, in flow style and in block style.
  const manifest = '[project]\nname = "nested"\n[contracts.token]\npath = "contracts/token.clar"\n';
  const nested = {
    'Clarinet.toml': manifest,
    'deployments/default.testnet-plan.yaml': `---\nnetwork: testnet\nplan: ${'['.repeat(900_000)}${']'.repeat(900_000)}\n`,
    'deployments/dashes.testnet-plan.yaml': `${'- '.repeat(900_000)}x\n`,
  };
  // 4. 20 projects of 5,000 contracts each: the ids of the status table.
  const projects: Array<Pick<ClarinetProject, 'contracts'>> = Array.from({ length: 20 }, (_, p) => ({
    contracts: Array.from({ length: 5000 }, (_, i) => ({
      name: `p${p}-c${i}`,
      path: `contracts/c${i}.clar`,
      deployments: [
        { network: 'testnet', id: `${DEPLOYER}.p${p}-c${i}`, plan: 'deployments/default.testnet-plan.yaml' },
      ],
    })),
  }));
  // 5. 20 Clarinet projects of 5,000 contracts, each with a devnet plan publishing every one.
  const many = manyContractsProject(5000);
  const manyBytes = many['Clarinet.toml']!.length + many['deployments/default.devnet-plan.yaml']!.length;
  return [
    {
      shape: 'drift and Call lenses: 50,000 #[env(simnet)] comments',
      note: `a ${(contract.length / 1e6).toFixed(1)} MB contract; one CodeLens request, then one drift comparison in two turns`,
      run: async () => {
        await turn();
        if (onChainReadOnlyFunctions(contract).length !== 1) throw new Error('the lens function was not found');
        await turn();
        const local = new LocalSource(contract);
        const target = normalizeSource(deployed);
        await turn();
        if (compareLocal(local, target) !== 'same') throw new Error('drift: expected "same"');
      },
    },
    {
      shape: 'Clarinet project: 5,000 contracts on one path x 20 plans',
      note: `plans of ${(planBytes / 1e6).toFixed(2)} MB; readClarinetProject, a turn per file read`,
      run: async () => {
        const r = await readClarinetProject(hostReader(shared));
        if (!r.ok || r.project.contracts[4999]!.deployments.length !== 20) throw new Error('not matched');
      },
    },
    {
      shape: 'deployment plans nested 900,000 deep (flow [ and block -)',
      note: 'two plans of 1.8 MB, refused before the YAML parser',
      run: async () => {
        const r = await readClarinetProject(hostReader(nested));
        if (!r.ok || r.project.problems.length !== 2) throw new Error('the nested plans were not refused');
      },
    },
    {
      shape: 'status table: 20 projects x 5,000 contracts',
      note: '100,000 ids gathered, the first 1,000 asked about',
      run: async () => {
        await turn();
        const ids = statusIds(projects, () => 'testnet');
        if (ids.leftOut !== 99_000) throw new Error(`left out ${ids.leftOut}`);
      },
    },
    {
      shape: 'reading 20 projects x 5,000 contracts',
      note: `${(manyBytes / 1e6).toFixed(2)} MB of manifest and plan each; readClarinetProjects, as ui/projects/projects.ts reads the workspace`,
      run: async () => {
        const read = await readClarinetProjects(Array.from({ length: 20 }, () => hostReader(many)));
        if (!read.every((r) => r.ok && r.project.contracts[4999]!.deployments.length === 1))
          throw new Error('not read');
      },
    },
  ];
}

export async function measureHostile(runs: number): Promise<HostileResult[]> {
  const out: HostileResult[] = [];
  for (const s of shapes()) {
    const stalls: Stall[] = [];
    // The first run only warms the code up, as in bench/clarinet.ts.
    for (let i = 0; i < runs + 1; i++) {
      const stall = await longestStall(s.run);
      if (i > 0) stalls.push(stall);
    }
    out.push({
      shape: s.shape,
      worstStallMs: median(stalls.map((x) => x.ms)),
      worstStallCpuMs: median(stalls.map((x) => x.cpuMs)),
      note: s.note,
    });
  }
  return out;
}
