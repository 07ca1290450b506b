import * as vscode from 'vscode';
import type { Target } from '../../chain/target';
import type { OpenOptions, Presenter } from '../presenter';

/** Placeholder until the detail panels land: it only proves the target can be fetched. */
export class PanelManager implements Presenter, vscode.Disposable {
  async open(_target: Target, _options: OpenOptions): Promise<void> {
    throw new Error('Panels are not available yet.');
  }
  dispose(): void {}
}
