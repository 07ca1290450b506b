// The web build leaves out comparing workspace contracts with their deployed source (the drift
// engine, the Clarity reader and Compare with Deployed, ~10 KB of the one-file web extension). In
// its place, an engine that asks nothing and says so: the view and the CodeLens read "compared in
// the desktop version only", and the command, hidden from the menus there, says it needs the desktop.
import type * as vscode from 'vscode';
import type { DefinedFunction } from '../../chain/claritySyntax';
import type { Drift } from '../../chain/drift';
import type { CompareDeps, DriftState, SourceId } from './driftState';
import { showInfo } from '../shared/notify';
import { desktopOnly } from '../shared/webBuild';

const DESKTOP_ONLY = desktopOnly('Comparing a contract with its deployed source');

class DriftEngine implements vscode.Disposable {
  constructor(..._args: unknown[]) {}
  get(_uri: vscode.Uri, _dep: SourceId): DriftState {
    return { state: 'desktop-only' };
  }
  source(_dep: SourceId, _budget?: unknown): Promise<string> {
    return Promise.reject(new Error(DESKTOP_ONLY));
  }
  compare(_uri: vscode.Uri, _dep: SourceId): Promise<Drift> {
    return Promise.reject(new Error(DESKTOP_ONLY));
  }
  dispose(): void {}
}

const driftModule = {
  DriftEngine,
  deployedDocument: (_engine: DriftEngine, _uri: vscode.Uri): Promise<string> =>
    Promise.reject(new Error(DESKTOP_ONLY)),
  onChainReadOnlyFunctions: (_source: string): DefinedFunction[] => [],
  compareWithDeployed: async (_d: CompareDeps, ..._args: unknown[]): Promise<void> => {
    void showInfo(DESKTOP_ONLY);
  },
};

export type DriftEngineModule = typeof driftModule;

export function loadDriftModule(): DriftEngineModule {
  return driftModule;
}
