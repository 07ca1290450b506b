import type * as vscode from 'vscode';
import type { Target } from '../../chain/target';
import type { PanelDeps, PanelManager } from './';
import { contractSourceProvider, registerContractSource } from './contractSource';
import { loadPanelsModule } from './panelsModule';
import type { OpenOptions, Presenter } from '../shared/presenter';
import { Disposable } from '../shared/lifecycle';

/**
 * The detail panels' host side is a part (src/bundles/parts.ts), loaded the first time
 * a panel opens or is restored. What must exist from the start (the serializer that restores
 * panels after a reload, and the scheme of the read-only contract sources) activation registers
 * (src/extension.ts); they call `revive` and `contractSource` here.
 */
export class LazyPanels extends Disposable implements Presenter {
  private real: PanelManager | undefined;
  /** The read-only documents of deployed contract sources. */
  readonly contractSource: vscode.TextDocumentContentProvider;

  constructor(private readonly deps: PanelDeps) {
    super();
    this.contractSource = contractSourceProvider(deps);
    this.registerAll(
      registerContractSource(deps),
      // The manager, if a panel was ever needed: disposed first.
      { dispose: () => this.real?.dispose() },
    );
  }

  /** Restores a panel VS Code kept over a reload. */
  revive(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    return this.manager.revive(panel, state);
  }

  /** The panel manager, loaded on first use. */
  get manager(): PanelManager {
    if (!this.real) {
      this.real = new (loadPanelsModule().PanelManager)(this.deps);
    }
    return this.real;
  }

  open(target: Target, options: OpenOptions): Promise<void> {
    return this.manager.open(target, options);
  }
}
