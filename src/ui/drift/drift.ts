import * as vscode from 'vscode';
import type { BudgetMode } from '../../api';
import type { Drift } from '../../chain/drift';
import type { DefinedFunction } from '../../chain/claritySyntax';
import type { SharedBudget } from '../../chain/watchBudget';
import type { NetworkService } from '../network/network';
import type { ContractStatuses } from '../projects/contractStatus';

import type { DriftState, SourceId } from './driftState';
import { loadDriftModule, type DriftEngineModule as EngineModule } from './driftModule';

export { driftText, type DriftState, type SourceId } from './driftState';

/**
 * Whether each workspace contract is what was deployed (see `driftEngine.ts`). The engine, the
 * Clarity reader and the compare command are a part (src/bundles/parts.ts), loaded the
 * first time a contract with a successful deploy is shown: activation neither loads nor compiles
 * them, and nothing here asks the API.
 */
export class ContractDrift implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when a comparison has a new result. */
  readonly onDidChange = this.emitter.event;
  private engine: InstanceType<EngineModule['DriftEngine']> | undefined;
  private loaded: EngineModule | undefined;

  constructor(
    private readonly networks: NetworkService,
    private readonly statuses: ContractStatuses,
    /** The background budget the fetches of deployed sources spend from (their own half of the budget without it). */
    private readonly budget?: SharedBudget,
  ) {}

  /** The engine's module, loaded on first use. */
  get module(): EngineModule {
    this.loaded ??= loadDriftModule();
    return this.loaded;
  }

  private get real(): InstanceType<EngineModule['DriftEngine']> {
    this.engine ??= new this.module.DriftEngine(this.networks, this.statuses, () => this.emitter.fire(), this.budget);
    return this.engine;
  }

  /** The comparison of a file with a deploy, from what is known; fetches and compares in the background. */
  get(uri: vscode.Uri, dep: SourceId): DriftState {
    return this.real.get(uri, dep);
  }

  /** The deployed source of a deploy: asked once, kept for the session. */
  source(dep: SourceId, budget: BudgetMode = 'wait'): Promise<string> {
    return this.real.source(dep, budget);
  }

  /** Compares a file with a deploy now, fetching its source if needed. */
  compare(uri: vscode.Uri, dep: SourceId): Promise<Drift> {
    return this.real.compare(uri, dep);
  }

  /** The text of a `stacks-deployed:` document. */
  document(uri: vscode.Uri): Promise<string> {
    return this.module.deployedDocument(this.real, uri);
  }

  /** The read-only functions of a source a deploy of it has (outside `#[env(simnet)]` code). */
  readOnlyFunctions(source: string): DefinedFunction[] {
    return this.module.onChainReadOnlyFunctions(source);
  }

  dispose(): void {
    this.engine?.dispose();
    this.emitter.dispose();
  }
}
