/**
 * Reads `Clarinet.toml`: the project name, its contracts and its requirements. Epochs and Clarity
 * versions are kept as the text writes them (`epoch = 3.0` is "3.0", not the number 3 the TOML
 * parser gives), so they come from one pass over the lines beside the parse.
 */
import { parse as parseToml, TomlError } from 'smol-toml';
import { checkContractId, checkContractName } from './identifiers';
import {
  asRecord,
  checkProjectPath,
  ClarinetProblem,
  firstLine,
  Lines,
  MAX_CONTRACTS,
  optionalLine,
} from './clarinetText';
import { detached } from './clarinetPlan';

export const MANIFEST = 'Clarinet.toml';

/** Where a contract is published, by which plan. */
export interface ContractDeployment {
  network: 'mainnet' | 'testnet' | 'devnet';
  /** `<sender>.<contract-name>`. */
  id: string;
  /** The plan file, relative to the project root. */
  plan: string;
}

export interface ClarinetContract {
  /** The name under [contracts.<name>]. */
  name: string;
  /** The `.clar` file, relative to the project root, with forward slashes; never outside the project. */
  path: string;
  /** As written in the manifest: "2", "latest". */
  clarityVersion?: string;
  /** As written in the manifest: "3.0", "2.05", "latest". */
  epoch?: string;
  /** Every publish of this contract in the plans, in plan order. */
  deployments: ContractDeployment[];
}

/** A contract the project depends on; published under another address on devnet (and testnet) by the plans. */
export interface ClarinetRequirement {
  /** The contract id as the manifest names it (a mainnet id). */
  contractId: string;
  /** Where the plans publish a copy (`requirement-publish`). */
  deployments: ContractDeployment[];
}

export interface Manifest {
  name: string;
  contracts: ClarinetContract[];
  requirements: ClarinetRequirement[];
  problems: ClarinetProblem[];
}

export function parseManifest(text: string): { ok: true; value: Manifest } | { ok: false; problem: ClarinetProblem } {
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text);
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
  const raw = scanManifest(text);
  const problems: ClarinetProblem[] = [];
  const projectTable = asRecord(doc.project);
  const name =
    typeof projectTable?.name === 'string' && projectTable.name.trim() ? projectTable.name : 'Clarinet project';
  if (!projectTable) problems.push({ file: MANIFEST, message: 'There is no [project] table.' });

  // Versions and epochs repeat across contracts: one copy of each text is kept, none a part of the manifest's text.
  const texts = new Map<string, string>();
  const kept = (s: string): string => {
    let k = texts.get(s);
    if (k === undefined) texts.set(s, (k = detached(s)));
    return k;
  };
  const contracts: ClarinetContract[] = [];
  const entries = Object.entries(asRecord(doc.contracts) ?? {});
  if (entries.length > MAX_CONTRACTS)
    problems.push({
      file: MANIFEST,
      message: `${MANIFEST} names ${entries.length} contracts, more than the ${MAX_CONTRACTS} this extension reads; only the first ${MAX_CONTRACTS} are shown.`,
    });
  for (const [contractName, value] of entries.slice(0, MAX_CONTRACTS)) {
    const t = asRecord(value);
    const found = raw.get(contractName);
    const where = optionalLine(found?.line);
    if (!checkContractName(contractName).ok) {
      // Not repeated: the name may be text made to look like a link or a command.
      problems.push({
        file: MANIFEST,
        ...where,
        message:
          'A [contracts.*] table whose name is not a Clarity contract name (a letter, then letters, digits, - or _, at most 40); skipped.',
      });
      continue;
    }
    if (!t || typeof t.path !== 'string' || !t.path.trim()) {
      problems.push({ file: MANIFEST, ...where, message: `[contracts.${contractName}] has no "path".` });
      continue;
    }
    const path = checkProjectPath(t.path);
    if (!path.ok) {
      problems.push({ file: MANIFEST, ...where, message: `[contracts.${contractName}]: ${path.reason}.` });
      continue;
    }
    const c: ClarinetContract = { name: contractName, path: path.path, deployments: [] };
    const clarity = found?.clarity_version ?? written(t.clarity_version);
    if (clarity !== undefined) c.clarityVersion = kept(clarity);
    const epoch = found?.epoch ?? written(t.epoch);
    if (epoch !== undefined) c.epoch = kept(epoch);
    contracts.push(c);
  }

  // Requirements: `requirements = [{ contract_id = "…" }]` or `[[project.requirements]]`.
  const requirements: ClarinetRequirement[] = [];
  const rawReqs = projectTable?.requirements;
  const lines = new Lines(text);
  for (const r of (Array.isArray(rawReqs) ? rawReqs : []).slice(0, MAX_CONTRACTS)) {
    const id = asRecord(r)?.contract_id;
    if (typeof id !== 'string') continue;
    const checked = checkContractId(id);
    if (!checked.ok) {
      // A search of the text for each of a few bad ids, quoted as TOML writes the value (the bare
      // text may be a table's name above it); past that, or when not found, the problem has no line.
      const at = problems.length < 20 ? quotedAt(text, id) : -1;
      problems.push({
        file: MANIFEST,
        ...optionalLine(at < 0 ? undefined : lines.lineOf(at)),
        message: `A requirement: ${checked.reason}`,
      });
      continue;
    }
    requirements.push({ contractId: checked.value.contractId, deployments: [] });
  }
  return { ok: true, value: { name, contracts, requirements, problems } };
}

/** A value the parser gave when the line scan found none (an unusual layout): its text. */
function written(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  return undefined;
}

interface RawContract {
  line: number;
  epoch?: string;
  clarity_version?: string;
}

/**
 * One pass over the lines: the line of each `[contracts.<name>]` table and the text of its
 * `epoch` and `clarity_version` values (also in an inline table under `[contracts]`). Lines inside
 * multi-line strings are skipped.
 */
export function scanManifest(text: string): Map<string, RawContract> {
  const found = new Map<string, RawContract>();
  let current: RawContract | undefined;
  let inContractsTable = false;
  let openString: '"""' | "'''" | undefined;
  // A manifest saved with Windows line ends: the "\r" is no part of a value (`epoch = 3.0` is "3.0").
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (openString) {
      if (count(line, openString) % 2 === 1) openString = undefined;
      continue;
    }
    const header = /^\s*\[(?!\[)((?:"[^"]*"|'[^']*'|[^\]"'])*)\](?!\])/.exec(line);
    if (header) {
      const path = splitKey(header[1]!.trim());
      inContractsTable = path.length === 1 && path[0] === 'contracts';
      current = undefined;
      if (path.length === 2 && path[0] === 'contracts') {
        current = { line: i + 1 };
        if (!found.has(path[1]!)) found.set(path[1]!, current);
      }
      continue;
    }
    if (/^\s*\[\[/.test(line)) {
      current = undefined;
      inContractsTable = false;
      continue;
    }
    const kv = /^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=\s*(.*)$/.exec(line);
    if (kv) {
      const key = unquote(kv[1]!);
      const value = kv[2]!;
      if (current && (key === 'epoch' || key === 'clarity_version')) {
        const v = valueText(value);
        if (v !== undefined) current[key] = v;
      } else if (inContractsTable && value.trimStart().startsWith('{')) {
        const inline: RawContract = { line: i + 1 };
        for (const k of ['epoch', 'clarity_version'] as const) {
          const m = new RegExp(`[{,]\\s*${k}\\s*=\\s*([^,}]+)`).exec(value);
          const v = m ? valueText(m[1]!) : undefined;
          if (v !== undefined) inline[k] = v;
        }
        if (!found.has(key)) found.set(key, inline);
      }
    }
    for (const q of ['"""', "'''"] as const) if (count(line, q) % 2 === 1) openString = q;
  }
  return found;
}

/** Where `value` first appears as a TOML string, in double or single quotes; -1 when it does not. */
function quotedAt(text: string, value: string): number {
  const found = [text.indexOf(`"${value}"`), text.indexOf(`'${value}'`)].filter((i) => i >= 0);
  return found.length ? Math.min(...found) : -1;
}

function count(s: string, what: string): number {
  let n = 0;
  for (let i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + what.length)) n++;
  return n;
}

/** `contracts."pool-v1"` → ["contracts", "pool-v1"]. */
function splitKey(key: string): string[] {
  const parts: string[] = [];
  const re = /\s*("([^"]*)"|'([^']*)'|[A-Za-z0-9_-]+)\s*(\.|$)/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < key.length && (m = re.exec(key))) {
    parts.push(m[2] ?? m[3] ?? m[1]!);
    if (!m[4]) break;
  }
  return parts;
}

function unquote(s: string): string {
  return /^(["']).*\1$/.test(s) ? s.slice(1, -1) : s;
}

/** The text of a TOML value as written: a string's content, or a bare number or word. */
function valueText(value: string): string | undefined {
  const v = value.trim();
  const quoted = /^"([^"\\]*)"|^'([^']*)'/.exec(v);
  if (quoted) return quoted[1] ?? quoted[2];
  const bare = /^[^\s#,}]+/.exec(v);
  return bare ? bare[0] : undefined;
}
