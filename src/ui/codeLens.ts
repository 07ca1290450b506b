import * as vscode from 'vscode';
import type { ClarinetContract } from '../chain/clarinet';
import { Commands, Settings } from '../constants';
import type { Config } from './config';
import type { NetworkService } from './network';
import { ContractStatuses } from './tree/contractStatus';
import { distinctDeployments, idsForPanel, planName, stateText } from './tree/contracts';
import type { ClarinetWorkspace } from './tree/projects';

const SELECTOR: vscode.DocumentFilter[] = [{ language: 'clarity' }, { pattern: '**/*.clar' }];

export interface CodeLensDeps {
  config: Config;
  networks: NetworkService;
  projects: ClarinetWorkspace;
  statuses: ContractStatuses;
}

/**
 * "mainnet: deployed at #123,456 · testnet: not deployed" above the first line of each workspace
 * contract. The status comes from the table the explorer shares (one request per network, kept
 * until a refresh), so editing a contract asks nothing. Until the user has asked for chain data in
 * this window, a "Check deployment" lens stands in and fetches on click: opening a file asks nothing.
 */
export class DeploymentCodeLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.emitter.event;
  private readonly disposables: vscode.Disposable[];

  constructor(private readonly d: CodeLensDeps) {
    const changed = () => this.emitter.fire();
    this.disposables = [
      this.emitter,
      d.statuses.onDidChange(changed),
      d.projects.onDidChange(changed),
      // Once the user has asked for chain data in this window, the lenses may ask too.
      d.networks.onDidFirstUse(changed),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (d.config.affects(e, Settings.codeLensEnabled)) changed();
      }),
    ];
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.d.config.codeLensEnabled) return [];
    if (!this.d.projects.loaded) {
      void this.d.projects.projects().then(() => this.emitter.fire());
      return [];
    }
    const found = this.d.projects.contractsFor(doc.uri);
    // Several contracts may share one file: a lens for each that a plan publishes, named when there are several.
    const contracts = found?.contracts.filter((c) => c.deployments.length) ?? [];
    if (!contracts.length) return [];
    const range = new vscode.Range(0, 0, 0, 0);
    const named = (c: ClarinetContract, text: string) => (contracts.length > 1 ? `${c.name}: ${text}` : text);
    const table = this.d.statuses.ready;
    if (!table && !this.d.networks.used) {
      // Opening a file is not asking for chain data: nothing is fetched until a click (or any
      // other lookup in this window).
      return contracts.map(
        (c) =>
          new vscode.CodeLens(range, {
            title: named(c, '$(cloud) Stacks: Check deployment'),
            tooltip: 'Ask the API whether this contract is deployed on each network its plans name',
            command: Commands.showContractStatus,
            arguments: [idsForPanel(c, this.d.networks.current).join(',')],
          }),
      );
    }
    if (!table) {
      void this.d.statuses.get('fail-fast');
      return [new vscode.CodeLens(range, { title: '$(sync~spin) Stacks: checking deployment…', command: '' })];
    }
    return contracts.map((c) => {
      const deployments = distinctDeployments(c);
      return new vscode.CodeLens(range, {
        title: named(
          c,
          deployments.map((d) => stateText(d.network, ContractStatuses.stateOf(table, d.network, d.id))).join(' · '),
        ),
        tooltip: deployments.map((d) => `${d.network}: ${d.id} (${planName(d.plan)})`).join('\n'),
        command: Commands.showContractStatus,
        arguments: [idsForPanel(c, this.d.networks.current).join(',')],
      });
    });
  }

  dispose(): void {
    for (const x of this.disposables) x.dispose();
  }
}

export function registerDeploymentCodeLens(d: CodeLensDeps): vscode.Disposable {
  const provider = new DeploymentCodeLens(d);
  return vscode.Disposable.from(provider, vscode.languages.registerCodeLensProvider(SELECTOR, provider));
}
