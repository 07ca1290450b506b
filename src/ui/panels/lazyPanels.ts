import * as vscode from 'vscode';
import type { Target } from '../../chain/target';
import { PANEL_VIEW_TYPE } from '../../constants';
import type { PanelDeps, PanelManager } from './';
import { registerContractSource } from './contractSource';
import { loadPanelsModule } from './panelsModule';
import type { OpenOptions, Presenter } from '../shared/presenter';
import { Disposable } from '../shared/lifecycle';

/**
 * The detail panels' host side is a bundle of its own (dist/panels.js), required the first time
 * a panel opens or is restored, so activation neither loads nor compiles it. What must exist
 * from the start (the serializer that restores panels after a reload, and the read-only contract
 * source documents) is registered here.
 */
export class LazyPanels extends Disposable implements Presenter {
  private real: PanelManager | undefined;

  constructor(private readonly d: PanelDeps) {
    super();
    this.registerAll(
      vscode.window.registerWebviewPanelSerializer(PANEL_VIEW_TYPE, {
        deserializeWebviewPanel: (panel, state) => this.manager.revive(panel, state),
      }),
      ...registerContractSource(d),
      // The manager, if a panel was ever needed: disposed first.
      { dispose: () => this.real?.dispose() },
    );
  }

  /** The panel manager, loaded on first use. */
  get manager(): PanelManager {
    if (!this.real) {
      this.real = new (loadPanelsModule().PanelManager)(this.d);
    }
    return this.real;
  }

  open(target: Target, options: OpenOptions): Promise<void> {
    return this.manager.open(target, options);
  }
}
