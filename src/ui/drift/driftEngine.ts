import * as vscode from 'vscode';
import type { BudgetMode } from '../../api';
import { compareLocal, LocalSource, normalizeSource, type Drift } from '../../chain/drift';
import { leastPerMinute, type SharedBudget } from '../../chain/watchBudget';
import { checkContractId } from '../../chain/identifiers';
import { isNetworkId } from '../../chain/networks';
import { MAX_FILE_BYTES } from '../../chain/clarinetText';
import { BackgroundLoads } from './backgroundLoads';
import { DeployedSources, loadDeployedSource } from './deployedSources';
import type { NetworkService } from '../network/network';
import type { DriftState, SourceId } from './driftState';
import type { ContractStatuses } from '../projects/contractStatus';
import { Disposable } from '../shared/lifecycle';

/** Typing settles this long before a contract is compared again. */
export const RECOMPARE_MS = 300;
const TX_ID = /^0x[0-9a-f]{64}$/;
/** Local texts kept as drift compares them: a file's comparisons with each of its deploys read it once. */
const LOCALS_KEPT = 2;

/**
 * Whether each workspace contract is what is deployed. The deployed source comes from the deploy
 * transaction the status table names: one request per contract and network, kept for the session
 * (a deploy never changes). The local side is the open document, or the file: edits and changes
 * on disk compare again after a short pause and ask nothing. Nothing here asks the API before
 * the status table exists, that is before the user asked for chain data in this window, and what
 * the views ask for is fetched inside the background budget (`BackgroundLoads`): a workspace of a
 * thousand deployed contracts does not spend the budget a hover needs.
 */
export class DriftEngine extends Disposable {
  private readonly sources = new DeployedSources();
  /** `uri|source key` to the comparison of that file with that deploy. */
  private readonly results = new Map<string, Drift>();
  private readonly pending = new Map<string, Promise<Drift>>();
  /** Per file, how many times it changed: a comparison started before a change is not kept. */
  private readonly generation = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The local side of the last files compared, by URI: worked out once per text. */
  private readonly locals = new Map<string, LocalSource>();
  private readonly loads: BackgroundLoads;

  constructor(
    private readonly networks: NetworkService,
    statuses: ContractStatuses,
    /** Called when a comparison has a new result. */
    private readonly changed: () => void,
    /** The background budget to spend from (the watchers' when it is handed in). */
    budget?: SharedBudget,
  ) {
    super();
    this.loads = new BackgroundLoads(() => networks.clock, budget);
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.clar');
    const later = (uri: vscode.Uri) => this.recompareLater(uri);
    this.registerAll(
      watcher,
      watcher.onDidChange(later),
      watcher.onDidCreate(later),
      watcher.onDidDelete(later),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && this.knows(e.document.uri)) later(e.document.uri);
      }),
      // A closed document that was not saved: the file on disk is the local side again.
      vscode.workspace.onDidCloseTextDocument((d) => this.knows(d.uri) && later(d.uri)),
      // A refresh asks again for what failed; a source that arrived is kept. What waited for the
      // budget is asked again by the views that still show it.
      statuses.onDidChange(() => {
        this.sources.forgetFailures();
        this.loads.clear();
      }),
      this.loads,
      { dispose: () => this.timers.forEach((t) => clearTimeout(t)) },
    );
  }

  /**
   * The comparison of `uri` with a deploy, from what is known (no wait). A missing deployed source
   * is fetched (fail-fast, as a background load, when the background budget has room) and a
   * missing comparison computed; `onDidChange` fires when either arrives.
   */
  get(uri: vscode.Uri, dep: SourceId): DriftState {
    const key = this.keyOf(dep);
    const result = this.results.get(`${uri.toString()}|${key}`);
    if (result) return { state: result };
    const s = this.sources.known(key);
    if (s && !s.ok) return { state: 'error', error: s.error, api: dep.api };
    if (s) this.compute(uri, dep, s.text).catch(() => undefined);
    else
      this.loads.want(key, {
        // The budget of the client the load asks, as its API's headers last set it.
        perMinute: async () => leastPerMinute([(await this.networks.endpoint(dep.api, { background: true })).client]),
        start: () =>
          this.sources.known(key) || this.sources.loading(key)
            ? undefined
            : this.source(dep, 'fail-fast').then(this.changed, this.changed),
      });
    return { state: 'checking' };
  }

  /**
   * The deployed source of a deploy: asked once, kept for the session (within the bounds of
   * `DeployedSources`). A failure is shown until a refresh; the compare command, which asks
   * explicitly, tries again. `fail-fast` is a background load (a comparison the views start, a
   * document a reloaded window restores): it does not count as the user asking for data in this window.
   */
  source(dep: SourceId, budget: BudgetMode = 'wait'): Promise<string> {
    return this.sources.get(this.keyOf(dep), () => this.fetch(dep, budget));
  }

  /** Compares `uri` with a deploy now, fetching its source if needed (for the compare command). */
  async compare(uri: vscode.Uri, dep: SourceId): Promise<Drift> {
    const text = await this.source(dep, 'wait');
    return this.compute(uri, dep, text);
  }

  private async fetch(dep: SourceId, budget: BudgetMode): Promise<string> {
    const { client } = await this.networks.endpoint(dep.api, { background: budget === 'fail-fast' });
    return loadDeployedSource(client, dep.id, dep.txId, budget);
  }

  private compute(uri: vscode.Uri, dep: SourceId, deployed: string): Promise<Drift> {
    const rk = `${uri.toString()}|${this.keyOf(dep)}`;
    let p = this.pending.get(rk);
    if (!p) {
      const generation = this.generation.get(uri.toString()) ?? 0;
      p = localText(uri)
        .then(async (text) => {
          const local = this.localSource(uri, text);
          const target = normalizeSource(deployed);
          // Reading the text as Clarinet broadcasts it is a turn of its own: a large file holds
          // the extension host for one step at a time.
          if (local.normalized !== target) await nextTurn();
          const drift = compareLocal(local, target);
          // The file changed while it was read: not kept, and the views ask (and compare) again.
          if ((this.generation.get(uri.toString()) ?? 0) === generation) this.results.set(rk, drift);
          this.changed();
          return drift;
        })
        .finally(() => this.pending.delete(rk));
      this.pending.set(rk, p);
    }
    return p;
  }

  /** The local side of `uri` as drift compares it, kept for the next deploy of the same text. */
  private localSource(uri: vscode.Uri, text: string): LocalSource {
    const key = uri.toString();
    let local = this.locals.get(key);
    this.locals.delete(key);
    if (local?.text !== text) local = new LocalSource(text);
    this.locals.set(key, local);
    for (const oldest of this.locals.keys()) {
      if (this.locals.size <= LOCALS_KEPT) break;
      this.locals.delete(oldest);
    }
    return local;
  }

  /** A deploy's source is the same wherever it is asked; the URL keeps two custom APIs (two chains) apart. */
  private keyOf(dep: SourceId): string {
    const u = this.networks.urlOf(dep.api);
    return `${u.ok ? u.url : ''}|${sourceKey(dep)}`;
  }

  private knows(uri: vscode.Uri): boolean {
    const prefix = `${uri.toString()}|`;
    for (const k of [...this.results.keys(), ...this.pending.keys()]) if (k.startsWith(prefix)) return true;
    return false;
  }

  private recompareLater(uri: vscode.Uri): void {
    const key = uri.toString();
    this.generation.set(key, (this.generation.get(key) ?? 0) + 1);
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        // A result, or a comparison under way that will not be kept: the views ask again.
        const known = this.knows(uri);
        for (const k of [...this.results.keys()]) if (k.startsWith(`${key}|`)) this.results.delete(k);
        if (known) this.changed();
      }, RECOMPARE_MS),
    );
  }
}

/** Lets the extension host run what waits before going on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function sourceKey(dep: SourceId): string {
  return `${dep.api}|${dep.id}|${dep.txId}`;
}

/** The local side: the open document (unsaved edits count), or else the file. */
async function localText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  const stat = await vscode.workspace.fs.stat(uri);
  if (stat.size > MAX_FILE_BYTES) throw new Error(vscode.l10n.t('{0} is too large to compare.', uri.fsPath));
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

function parseDeployedUri(uri: vscode.Uri): SourceId | undefined {
  const m = /^\/([a-z]+)\/(0x[0-9a-f]{64})\/(.+)\.clar$/.exec(uri.path);
  if (!m || !isNetworkId(m[1]!) || !TX_ID.test(m[2]!)) return undefined;
  const c = checkContractId(m[3]!);
  return c.ok ? { api: m[1], txId: m[2]!, id: c.value.contractId } : undefined;
}

/**
 * The text of a `stacks-deployed:` document, from the cache (or one request). VS Code asks for it
 * when a diff opens: after Compare with Deployed fetched it (the cache answers), or when a reloaded
 * window restores the diff, which nobody asked for: a background load then.
 */
export function deployedDocument(engine: DriftEngine, uri: vscode.Uri): Promise<string> {
  const dep = parseDeployedUri(uri);
  if (!dep) throw new Error(vscode.l10n.t('{0} does not name a deployed contract.', uri.toString()));
  return engine.source(dep, 'fail-fast');
}
