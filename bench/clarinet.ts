/**
 * Measure 5b: reading the largest Clarinet projects the view accepts, in plain Node: a manifest
 * naming 8,000 contracts with a plan publishing each (past the 5,000 the reader keeps), and a
 * 280 KB manifest with a 1 MB plan. Median of `runs` reads of each.
 */
import { readClarinetProject } from '../src/chain/clarinet';
import { largeFilesProject, manyContractsProject, memoryReader } from '../test/unit/clarinetReaders';
import { median } from './util';

export interface ClarinetReadResult {
  project: string;
  bytes: number;
  contracts: number;
  medianMs: number;
}

export async function measureClarinetRead(runs: number): Promise<ClarinetReadResult[]> {
  const cases = [
    { project: 'Clarinet project: 8,000 contracts named, plan publishing each', files: manyContractsProject(8000) },
    { project: 'Clarinet project: 280 KB manifest, 1 MB plan', files: largeFilesProject() },
  ];
  const out: ClarinetReadResult[] = [];
  for (const c of cases) {
    const times: number[] = [];
    let contracts = 0;
    for (let i = 0; i < runs + 1; i++) {
      const t = performance.now();
      const r = await readClarinetProject(memoryReader(c.files));
      const took = performance.now() - t;
      if (!r.ok) throw new Error(`${c.project}: not read (${JSON.stringify(r).slice(0, 200)})`);
      contracts = r.project.contracts.length;
      if (i > 0) times.push(took); // the first read warms the parsers up
    }
    const bytes = Object.values(c.files).reduce((n, s) => n + Buffer.byteLength(s), 0);
    out.push({ project: c.project, bytes, contracts, medianMs: median(times) });
  }
  return out;
}
