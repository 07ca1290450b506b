import * as vscode from 'vscode';
import type { ClarinetContract } from '../../chain/clarinet';
import type { DefinedFunction } from '../../chain/claritySyntax';
import { NETWORK_LABELS } from '../../chain/networks';
import { Commands, Settings } from '../../constants';
import type { Config } from '../shared/config';
import { driftText, type ContractDrift, type DriftState } from '../drift/drift';
import type { NetworkService } from '../network/network';
import { ContractStatuses, deploymentsOf, type Deployment } from '../projects/contractStatus';
import {
  distinctDeployments,
  idsForPanel,
  lensLayout,
  planName,
  stateText,
  type LensLayout,
} from '../projects/deploymentText';
import type { ClarinetWorkspace } from '../projects/projects';
import { Disposable } from '../shared/lifecycle';

export interface CodeLensDeps {
  config: Config;
  networks: NetworkService;
  projects: ClarinetWorkspace;
  statuses: ContractStatuses;
  drift: ContractDrift;
}

/** Ids the status panel checks at once. */
const PANEL_IDS = 100;

const DRIFT_ICONS: Record<DriftState['state'], string> = {
  same: '$(check)',
  differs: '$(git-compare)',
  checking: '$(sync~spin)',
  error: '$(warning)',
};

/**
 * "mainnet: deployed at #123,456 · testnet: not deployed" above the first line of each workspace
 * contract. The status comes from the table the explorer shares (one request per network, kept
 * until a refresh), so editing a contract asks nothing. Until the user has asked for chain data in
 * this window, a "Check deployment" lens stands in and fetches on click: opening a file asks nothing.
 * Once the table is there, each successful deploy adds a lens that says whether the file is the
 * same as deployed (a click opens the diff), and a "Call on <network>" lens sits above each
 * read-only function the deploy has. However many contracts share the file and however many
 * deploys they have, a file gets a bounded number of lenses (`lensLayout`): the first few
 * contracts and deploys, and one lens that counts the others.
 */
export class DeploymentCodeLens extends Disposable implements vscode.CodeLensProvider {
  private readonly emitter = this.register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.emitter.event;
  /** The read-only functions of each open document, with the version they were read at. */
  private readonly functions = new WeakMap<vscode.TextDocument, { version: number; functions: DefinedFunction[] }>();

  constructor(private readonly deps: CodeLensDeps) {
    super();
    const changed = () => this.emitter.fire();
    this.registerAll(
      deps.statuses.onDidChange(changed),
      deps.drift.onDidChange(changed),
      deps.projects.onDidChange(changed),
      // Once the user has asked for chain data in this window, the lenses may ask too.
      deps.networks.onDidFirstUse(changed),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (deps.config.affects(e, Settings.codeLensEnabled)) changed();
      }),
    );
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.deps.config.codeLensEnabled) return [];
    if (!this.deps.projects.loaded) {
      void this.deps.projects.projects().then(() => this.emitter.fire());
      return [];
    }
    const found = this.deps.projects.contractsFor(doc.uri);
    // Several contracts may share one file: a lens for each that a plan publishes, named when there are several.
    const contracts = found?.contracts.filter((c) => c.deployments.length) ?? [];
    if (!contracts.length) return [];
    const range = new vscode.Range(0, 0, 0, 0);
    const named = (c: ClarinetContract, text: string) => (contracts.length > 1 ? `${c.name}: ${text}` : text);
    const table = this.deps.statuses.ready;
    if (!table && !this.deps.networks.used) {
      // Opening a file is not asking for chain data: nothing is fetched until a click (or any
      // other lookup in this window).
      const layout = lensLayout(contracts.length, 0, 0);
      return [
        ...contracts.slice(0, layout.contracts).map(
          (c) =>
            new vscode.CodeLens(range, {
              title: named(c, vscode.l10n.t('$(cloud) Stacks: Check deployment')),
              tooltip: vscode.l10n.t('Ask the API whether this contract is deployed on each network its plans name'),
              command: Commands.showContractStatus,
              arguments: [idsForPanel(c, this.deps.networks.current).join(',')],
            }),
        ),
        ...this.moreContracts(range, contracts, layout),
      ];
    }
    if (!table) {
      void this.deps.statuses.get('fail-fast');
      return [
        new vscode.CodeLens(range, { title: vscode.l10n.t('$(sync~spin) Stacks: checking deployment…'), command: '' }),
      ];
    }
    const deployed = contracts.flatMap((c) => deploymentsOf(table, c).map((dep) => ({ c, dep })));
    const functions = deployed.length ? this.readOnlyFunctions(doc) : [];
    const layout = lensLayout(contracts.length, deployed.length, functions.length);
    const status = contracts.slice(0, layout.contracts).map((c) => {
      const deployments = distinctDeployments(c);
      return new vscode.CodeLens(range, {
        title: named(
          c,
          deployments.map((d) => stateText(d.network, ContractStatuses.stateOf(table, d.network, d.id))).join(' · '),
        ),
        tooltip: deployments.map((d) => `${d.network}: ${d.id} (${planName(d.plan)})`).join('\n'),
        command: Commands.showContractStatus,
        arguments: [idsForPanel(c, this.deps.networks.current).join(',')],
      });
    });
    // Beside the status, per successful deploy: whether the file is what was deployed.
    const drift = deployed.slice(0, layout.deploys).map(({ c, dep }) => {
      const state = this.deps.drift.get(doc.uri, dep);
      return new vscode.CodeLens(range, {
        title: named(c, `${DRIFT_ICONS[state.state]} ${dep.plan}: ${driftText(state)}`),
        tooltip: driftTooltip(state, dep),
        command: Commands.compareWithDeployed,
        arguments: [doc.uri, dep.api, dep.id],
      });
    });
    if (layout.moreDeploys)
      drift.push(
        new vscode.CodeLens(range, {
          title: vscode.l10n.t('$(git-compare) {0} more deploys: compare…', layout.moreDeploys),
          tooltip: vscode.l10n.t('Choose one of the deploys of this file to compare it with'),
          command: Commands.compareWithDeployed,
          arguments: [doc.uri],
        }),
      );
    const calls = functions.slice(0, layout.functions).flatMap((f) => {
      const at = new vscode.Range(f.line, f.character, f.line, f.character);
      return deployed.slice(0, layout.callsPerFunction).map(
        ({ c, dep }) =>
          new vscode.CodeLens(at, {
            title: named(c, vscode.l10n.t('$(play) Call on {0}', dep.plan)),
            tooltip: vscode.l10n.t(
              'Call the read-only function {0} of {1} ({2} API)',
              f.name,
              dep.id,
              NETWORK_LABELS[dep.api],
            ),
            command: Commands.callReadOnlyFunction,
            arguments: [dep.id, f.name, dep.api],
          }),
      );
    });
    return [...status, ...this.moreContracts(range, contracts, layout), ...drift, ...calls];
  }

  /** One lens for the contracts past the first few: a click shows the status of (the first hundred of) them. */
  private moreContracts(range: vscode.Range, contracts: ClarinetContract[], layout: LensLayout): vscode.CodeLens[] {
    if (!layout.moreContracts) return [];
    const ids = new Set<string>();
    for (const c of contracts.slice(layout.contracts)) {
      for (const id of idsForPanel(c, this.deps.networks.current)) ids.add(id);
      if (ids.size >= PANEL_IDS) break;
    }
    return [
      new vscode.CodeLens(range, {
        title: vscode.l10n.t('$(ellipsis) Stacks: {0} more contracts in this file', layout.moreContracts),
        tooltip: vscode.l10n.t('Show the deployment status of the next {0} in a panel', Math.min(ids.size, PANEL_IDS)),
        command: Commands.showContractStatus,
        arguments: [[...ids].slice(0, PANEL_IDS).join(',')],
      }),
    ];
  }

  /** The read-only functions a deploy of the document has, read once per version. */
  private readOnlyFunctions(doc: vscode.TextDocument): DefinedFunction[] {
    const kept = this.functions.get(doc);
    if (kept?.version === doc.version) return kept.functions;
    const functions = this.deps.drift.readOnlyFunctions(doc.getText());
    this.functions.set(doc, { version: doc.version, functions });
    return functions;
  }
}

function driftTooltip(state: DriftState, dep: Deployment): string {
  const where = vscode.l10n.t('{0} on {1} ({2} API)', dep.id, dep.plan, NETWORK_LABELS[dep.api]);
  switch (state.state) {
    case 'same':
      return vscode.l10n.t(
        'The file is the source deployed as {0}, line endings, trailing blanks and #[env(simnet)] code aside. Click to compare.',
        where,
      );
    case 'differs':
      return vscode.l10n.t('The file differs from the source deployed as {0}. Click to compare.', where);
    case 'checking':
      return vscode.l10n.t('Fetching the source deployed as {0}', where);
    case 'error':
      return vscode.l10n.t('The source deployed as {0} could not be fetched. Click to try again.', where);
  }
}
