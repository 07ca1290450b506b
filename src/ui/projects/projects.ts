import * as vscode from 'vscode';
import type { ClarinetContract, ClarinetProject, ReadResult } from '../../chain/clarinet';
import type { PlanNetwork } from '../../chain/networks';
import type { NetworkId } from '../shared/config';
import type { Log } from '../shared/log';
import { clarinetModule } from './clarinetModule';
import { Disposable } from '../shared/lifecycle';

/** One Clarinet.toml of the workspace and what was read from it. */
export interface WorkspaceProject {
  root: vscode.Uri;
  manifest: vscode.Uri;
  result: ReadResult;
}

export interface ContractsInWorkspace {
  project: WorkspaceProject & { result: { ok: true; project: ClarinetProject } };
  /** Every contract whose source is the file (several may share one). */
  contracts: ClarinetContract[];
}

/** Files the reader must never open, whatever asks: they hold mnemonics. */
const SECRET = /^settings\/(testnet|mainnet)\.toml$/i;

/**
 * Finds the Clarinet projects of the workspace, reads them through `vscode.workspace.fs` (so
 * remote and virtual workspaces work) and reads them again when a manifest or plan changes.
 */
export class ClarinetWorkspace extends Disposable {
  private readonly emitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.emitter.event;
  private loading: Promise<WorkspaceProject[]> | undefined;
  private current: WorkspaceProject[] | undefined;

  constructor(private readonly log: Log) {
    super();
    // The plans the reader reads: every `*-plan.yaml` directly in `deployments/` (`*` stops at a "/").
    const watcher = vscode.workspace.createFileSystemWatcher('**/{Clarinet.toml,deployments/*-plan.yaml}');
    const changed = () => this.reset();
    this.registerAll(
      watcher,
      watcher.onDidChange(changed),
      watcher.onDidCreate(changed),
      watcher.onDidDelete(changed),
      vscode.workspace.onDidChangeWorkspaceFolders(changed),
    );
  }

  /** The projects as last read, without reading (undefined before the first read). */
  get loaded(): WorkspaceProject[] | undefined {
    return this.current;
  }

  projects(): Promise<WorkspaceProject[]> {
    this.loading ??= this.readAll().then((p) => (this.current = p));
    return this.loading;
  }

  /** The workspace contracts whose source is `uri`, from the projects already read. */
  contractsFor(uri: vscode.Uri): ContractsInWorkspace | undefined {
    for (const project of this.current ?? []) {
      if (!project.result.ok) continue;
      const rel = relativeTo(project.root, uri);
      if (rel === undefined) continue;
      const contracts = clarinetModule().contractsAt(project.result.project, rel);
      if (contracts.length) return { project: project as ContractsInWorkspace['project'], contracts };
    }
    return undefined;
  }

  /**
   * The address that deploys the contract at `uri` on `network`, from that network's plans only:
   * none when the project has no plan for it. The custom API names no plan network, so there the
   * devnet, then the testnet, then the mainnet plans are asked. Reads the projects in the
   * background the first time, so the answer may come next time.
   */
  deployerFor(uri: vscode.Uri, network: NetworkId): string | undefined {
    if (!this.current) {
      void this.projects();
      return undefined;
    }
    const project = this.current.find((p) => p.result.ok && relativeTo(p.root, uri) !== undefined);
    if (!project?.result.ok) return undefined;
    const rel = relativeTo(project.root, uri);
    const order: PlanNetwork[] = network === 'custom' ? ['devnet', 'testnet', 'mainnet'] : [network];
    for (const n of order) {
      const d = clarinetModule().deployerFor(project.result.project, n, rel);
      if (d) return d;
    }
    return undefined;
  }

  private reset(): void {
    this.loading = undefined;
    this.current = undefined;
    this.emitter.fire();
  }

  private async readAll(): Promise<WorkspaceProject[]> {
    if (!vscode.workspace.workspaceFolders?.length) return [];
    let manifests: vscode.Uri[];
    try {
      manifests = await vscode.workspace.findFiles('**/Clarinet.toml', '**/{node_modules,.cache,.git}/**', 20);
    } catch (e) {
      this.log.warn(`Looking for Clarinet.toml failed: ${e instanceof Error ? e.message : String(e)}`);
      return [];
    }
    manifests.sort((a, b) => a.path.localeCompare(b.path));
    const { readClarinetProjects, problemText } = clarinetModule();
    const roots = manifests.map((manifest) => vscode.Uri.joinPath(manifest, '..'));
    // One project after another: read at once, their parses landed in one turn of the host.
    const results = await readClarinetProjects(
      roots.map((root) =>
        Object.assign((rel: string) => readText(root, rel), { list: (rel: string) => listFolder(root, rel) }),
      ),
    );
    return results.map((result, i) => {
      const manifest = manifests[i]!;
      const root = roots[i]!;
      if (!result.ok && !result.missing) this.log.warn(`${manifest.fsPath}: ${problemText(result.problem)}`);
      // At most MAX_PROBLEMS_PER_FILE problems of each file, then one that says how many more.
      if (result.ok) for (const p of result.project.problems) this.log.warn(`${root.fsPath}: ${problemText(p)}`);
      return { root, manifest, result };
    });
  }
}

async function readText(root: vscode.Uri, rel: string): Promise<string | undefined> {
  if (SECRET.test(rel.replace(/\\/g, '/'))) throw new Error(vscode.l10n.t('{0} holds secrets and is never read.', rel));
  const uri = vscode.Uri.joinPath(root, rel);
  try {
    // A file too large to parse is refused before it is read (the reader checks the text again).
    const { size } = await vscode.workspace.fs.stat(uri);
    const { MAX_FILE_BYTES, tooLarge } = clarinetModule();
    if (size > MAX_FILE_BYTES) throw new Error(tooLarge(rel, size).message);
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch (e) {
    if (notFound(e)) return undefined;
    throw e;
  }
}

/** Entry names of a folder of the project, folders ending in "/"; through `workspace.fs`, so virtual workspaces work. */
async function listFolder(root: vscode.Uri, rel: string): Promise<string[] | undefined> {
  try {
    const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(root, rel));
    return entries.map(([name, type]) => (type & vscode.FileType.Directory ? `${name}/` : name));
  } catch (e) {
    if (notFound(e)) return undefined;
    throw e;
  }
}

function notFound(e: unknown): boolean {
  return e instanceof vscode.FileSystemError && (e.code === 'FileNotFound' || e.code === 'EntryNotFound');
}

/** `uri` relative to `root` with forward slashes, or undefined when it is not inside it. */
export function relativeTo(root: vscode.Uri, uri: vscode.Uri): string | undefined {
  if (root.scheme !== uri.scheme || root.authority !== uri.authority) return undefined;
  const base = root.path.endsWith('/') ? root.path : root.path + '/';
  return uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
}
