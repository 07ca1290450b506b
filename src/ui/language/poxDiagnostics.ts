/**
 * Warnings on `contract-call?`s into a PoX contract that is no longer the active one (pox-4's
 * `stack-stx` and the like since epoch 4.0), naming the active contract and its function. Nothing
 * is computed, and `/v2/pox` is not asked, before the user's first lookup in the window
 * (`NetworkService.onDidFirstUse`); from then on the active contract is asked once per network
 * and kept, and the Clarity documents open in the editor are checked as they open and change.
 */
import * as vscode from 'vscode';
import type { WatchNetwork } from '../network/network';
import type { NetworkId } from '../shared/config';
import type { LogSink } from '../shared/log';
import { Disposable } from '../shared/lifecycle';
import { hasPoxStakingCall, inactivePoxCalls, inactivePoxMessage } from '../../chain/pox';

export const POX_DIAGNOSTIC_SOURCE = 'Stacks Lookup';
export const POX_DIAGNOSTIC_CODE = 'inactive-pox-contract';
/** A source longer than this is not checked (no deployed contract is larger). */
const MAX_CHECKED_CHARS = 2 * 1024 * 1024;
const CHANGE_DELAY_MS = 400;

export interface PoxDiagnosticsDeps {
  networks: Pick<WatchNetwork, 'used' | 'onDidFirstUse' | 'current' | 'endpoint'> & {
    onDidChange?: vscode.Event<void>;
  };
  log: LogSink;
}

const isClarity = (doc: vscode.TextDocument) => doc.languageId === 'clarity' || doc.uri.path.endsWith('.clar');

export class PoxDiagnostics extends Disposable {
  private readonly collection = this.register(vscode.languages.createDiagnosticCollection('stacks-lookup-pox'));
  /** The active PoX contract per network, asked once; undefined when the node did not say. */
  private readonly active = new Map<NetworkId, Promise<string | undefined>>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private started = false;

  constructor(private readonly deps: PoxDiagnosticsDeps) {
    super();
    if (deps.networks.used) this.start();
    else this.register(deps.networks.onDidFirstUse(() => this.start()));
    this.register({ dispose: () => this.pending.forEach((t) => clearTimeout(t)) });
  }

  private start(): void {
    if (this.started || this.isDisposed) return;
    this.started = true;
    this.registerAll(
      vscode.workspace.onDidOpenTextDocument((doc) => void this.check(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => this.later(e.document)),
      vscode.workspace.onDidCloseTextDocument((doc) => this.collection.delete(doc.uri)),
    );
    if (this.deps.networks.onDidChange)
      this.register(
        this.deps.networks.onDidChange(() => {
          this.active.clear();
          this.checkAll();
        }),
      );
    this.checkAll();
  }

  private checkAll(): void {
    for (const doc of vscode.workspace.textDocuments) void this.check(doc);
  }

  private later(doc: vscode.TextDocument): void {
    if (!isClarity(doc)) return;
    const key = doc.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.check(doc);
      }, CHANGE_DELAY_MS),
    );
  }

  private activeContract(network: NetworkId): Promise<string | undefined> {
    let p = this.active.get(network);
    if (!p) {
      p = this.deps.networks
        .endpoint(network, { background: true })
        .then((e) => e.client.getPoxInfo())
        .then(
          (pox) => pox.contract_id,
          (e: unknown) => {
            this.deps.log.warn(`The active PoX contract is not known: ${e instanceof Error ? e.message : String(e)}`);
            return undefined;
          },
        );
      this.active.set(network, p);
    }
    return p;
  }

  private async check(doc: vscode.TextDocument): Promise<void> {
    if (!isClarity(doc) || doc.isClosed) return;
    const version = doc.version;
    const text = doc.getText();
    // Only a source with a staking call into a PoX contract asks the node which one is active.
    if (text.length > MAX_CHECKED_CHARS || !/\.pox(-\d+)?\b/.test(text) || !hasPoxStakingCall(text)) {
      this.collection.delete(doc.uri);
      return;
    }
    const active = await this.activeContract(this.deps.networks.current);
    if (this.isDisposed || doc.isClosed || doc.version !== version) return;
    if (!active) {
      this.collection.delete(doc.uri);
      return;
    }
    const diagnostics = inactivePoxCalls(text, active).map((c) => {
      const range = new vscode.Range(doc.positionAt(c.start), doc.positionAt(c.end));
      const d = new vscode.Diagnostic(range, inactivePoxMessage(c), vscode.DiagnosticSeverity.Warning);
      d.source = POX_DIAGNOSTIC_SOURCE;
      d.code = POX_DIAGNOSTIC_CODE;
      return d;
    });
    this.collection.set(doc.uri, diagnostics);
  }
}
