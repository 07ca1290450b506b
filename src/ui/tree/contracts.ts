import * as vscode from 'vscode';
import type { ClarinetContract, ClarinetProblem, ClarinetProject } from '../../chain/clarinet';
import { NETWORK_LABELS, PLAN_NETWORKS, type PlanNetwork } from '../../chain/networks';
import { formatInt } from '../../chain/format';
import { shortenMiddle } from '../../chain/target';
import { Commands } from '../../constants';
import type { NetworkId } from '../config';
import { describeError } from '../errorText';
import { ContractState, ContractStatuses, StatusTable } from './contractStatus';
import { errorContext, errorNodes, placeholder, TreeDeps } from './deps';
import { command, ItemNode, LoadContext, TreeNode } from './node';
import type { WorkspaceProject } from './projects';
import { Section } from './sections';

/** "mainnet: deployed at #123,456", as the CodeLens and the tree say it. */
export function stateText(plan: PlanNetwork, s: ContractState, short = false): string {
  switch (s.state) {
    case 'deployed':
      return `${plan}: ${s.blockHeight !== undefined ? `deployed at #${formatInt(s.blockHeight)}` : `deploying (${s.status})`}`;
    case 'not-deployed':
      return `${plan}: not deployed`;
    case 'unknown':
      return `${plan}: unknown`;
    case 'not-asked':
      return short ? `${plan}: —` : `${plan}: select Devnet to check`;
  }
}

/** The ids to check in the status panel: those of the selected network's plan first. */
export function idsForPanel(c: Pick<ClarinetContract, 'ids'>, current: NetworkId): string[] {
  const first: PlanNetwork = current === 'mainnet' ? 'mainnet' : current === 'devnet' ? 'devnet' : 'testnet';
  const id = c.ids[first] ?? PLAN_NETWORKS.map((p) => c.ids[p]).find(Boolean);
  return id ? [id] : [];
}

// 4. Workspace contracts: the contracts of each Clarinet.toml with their deployment per network.
export class ContractsSection extends Section {
  readonly name = 'contracts';

  getTreeItem(): vscode.TreeItem {
    return this.header(
      'Workspace Contracts',
      'file-code',
      true,
      'The contracts of the Clarinet project(s) in this workspace and where they are deployed',
    );
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const projects = await this.d.projects.projects();
    if (!projects.length) {
      return [
        placeholder(
          this,
          'No Clarinet project in this workspace',
          'folder-opened',
          command('workbench.action.files.openFolder', 'Open Folder…'),
          'Open a folder with a Clarinet.toml to see its contracts here.',
        ),
      ];
    }
    const readable = projects.filter((p) => p.result.ok && p.result.project.contracts.length);
    let table: StatusTable | undefined;
    if (readable.some((p) => p.result.ok && p.result.project.contracts.some((c) => Object.keys(c.ids).length)))
      table = await this.d.statuses.get(ctx.budget);
    const nodes: TreeNode[] = [];
    // A network that could not answer: its reason and action once, at the top.
    for (const answer of table?.answers.values() ?? []) {
      if (!answer.ok) nodes.push(...(await errorNodes(this.d, this, answer.error, answer.network, 'contract status')));
    }
    if (projects.length === 1) nodes.push(...(await projectChildren(this, this.d, projects[0]!, table)));
    else nodes.push(...projects.map((p) => new ProjectNode(this, this.d, p, table)));
    return nodes;
  }
}

class ProjectNode extends TreeNode {
  constructor(
    parent: TreeNode,
    private readonly d: TreeDeps,
    private readonly project: WorkspaceProject,
    private readonly table: StatusTable | undefined,
  ) {
    super(parent);
  }

  getTreeItem(): vscode.TreeItem {
    const r = this.project.result;
    const item = new vscode.TreeItem(
      r.ok ? r.project.name : vscode.workspace.asRelativePath(this.project.manifest),
      vscode.TreeItemCollapsibleState.Expanded,
    );
    item.description = vscode.workspace.asRelativePath(this.project.root);
    item.tooltip = this.project.manifest.fsPath;
    item.iconPath = new vscode.ThemeIcon('project');
    item.contextValue = 'project';
    return item;
  }

  protected override loadChildren(): Promise<TreeNode[]> {
    return projectChildren(this, this.d, this.project, this.table);
  }
}

async function projectChildren(
  parent: TreeNode,
  d: TreeDeps,
  p: WorkspaceProject,
  table: StatusTable | undefined,
): Promise<TreeNode[]> {
  const r = p.result;
  if (!r.ok) return r.missing ? [] : [problemNode(parent, p, r.problem, 'error')];
  const nodes: TreeNode[] = r.project.problems.map((problem) => problemNode(parent, p, problem, 'warning'));
  if (!r.project.contracts.length)
    nodes.push(
      placeholder(
        parent,
        'No contracts in Clarinet.toml',
        'info',
        command('vscode.open', 'Open Clarinet.toml', p.manifest),
      ),
    );
  for (const c of r.project.contracts) nodes.push(new ContractNode(parent, d, p, r.project, c, table));
  return nodes;
}

function problemNode(
  parent: TreeNode,
  p: WorkspaceProject,
  problem: ClarinetProblem,
  severity: 'error' | 'warning',
): TreeNode {
  const text = `${problem.file}${problem.line !== undefined ? ` line ${problem.line}` : ''}: ${problem.message}`;
  const item = new vscode.TreeItem(problem.message, vscode.TreeItemCollapsibleState.None);
  item.description = `${problem.file}${problem.line !== undefined ? `:${problem.line}` : ''}`;
  item.tooltip = text;
  item.iconPath = new vscode.ThemeIcon(
    severity,
    new vscode.ThemeColor(severity === 'error' ? 'errorForeground' : 'problemsWarningIcon.foreground'),
  );
  const line = Math.max(0, (problem.line ?? 1) - 1);
  const col = Math.max(0, (problem.column ?? 1) - 1);
  item.command = command('vscode.open', 'Open', vscode.Uri.joinPath(p.root, problem.file), {
    selection: new vscode.Range(line, col, line, col),
  });
  item.contextValue = 'problem';
  return new ItemNode(parent, item);
}

export class ContractNode extends TreeNode {
  readonly uri: vscode.Uri;

  constructor(
    parent: TreeNode,
    private readonly d: TreeDeps,
    project: WorkspaceProject,
    private readonly clarinet: ClarinetProject,
    readonly contract: ClarinetContract,
    private readonly table: StatusTable | undefined,
  ) {
    super(parent);
    this.uri = vscode.Uri.joinPath(project.root, contract.path);
    const ids = idsForPanel(contract, d.networks.current);
    if (ids.length) this.target = { kind: 'contracts', id: ids.join(',') };
  }

  get states(): Array<[PlanNetwork, ContractState]> {
    const t = this.table;
    return PLAN_NETWORKS.flatMap((plan): Array<[PlanNetwork, ContractState]> => {
      const id = this.contract.ids[plan];
      if (!id) return [];
      return [[plan, t ? ContractStatuses.stateOf(t, this.contract, plan)! : { state: 'unknown', id }]];
    });
  }

  getTreeItem(): vscode.TreeItem {
    const states = this.states;
    const item = new vscode.TreeItem(
      this.contract.name,
      states.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `contract:${this.uri.toString()}`;
    item.resourceUri = this.uri;
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.description = states.length
      ? states.map(([plan, s]) => stateText(plan, s, true)).join(' · ')
      : 'no deployment plan';
    item.tooltip = [
      `${this.contract.name} (${this.clarinet.name})`,
      this.contract.path,
      this.contract.clarityVersion !== undefined
        ? `Clarity ${this.contract.clarityVersion}${this.contract.epoch ? ` · epoch ${this.contract.epoch}` : ''}`
        : '',
      ...states.map(
        ([plan, s]) => `${stateText(plan, s)}\n  ${s.id}${s.state === 'deployed' ? `\n  deploy tx ${s.txId}` : ''}`,
      ),
    ]
      .filter(Boolean)
      .join('\n');
    item.contextValue = 'contract';
    item.command = command('vscode.open', 'Open Contract', this.uri);
    return item;
  }

  protected override async loadChildren(): Promise<TreeNode[]> {
    const nodes: TreeNode[] = [];
    for (const [plan, s] of this.states) {
      const item = new vscode.TreeItem(plan, vscode.TreeItemCollapsibleState.None);
      let why = '';
      if (s.state === 'unknown' && s.error !== undefined) {
        const api = this.table?.askedFor[plan];
        if (api) why = describeError(s.error, await errorContext(this.d, api, 'contract status')).short;
      }
      item.description = `${stateText(plan, s).slice(plan.length + 2)}${why ? ` (${why})` : ''} · ${shortenMiddle(s.id.split('.')[0]!)}`;
      const api = this.table?.askedFor[plan];
      item.tooltip = [
        s.id,
        stateText(plan, s),
        s.state === 'deployed' ? `Deploy transaction: ${s.txId}` : '',
        api ? `Asked: ${NETWORK_LABELS[api]} API` : '',
        why,
      ]
        .filter(Boolean)
        .join('\n');
      item.iconPath = new vscode.ThemeIcon(
        s.state === 'deployed' ? 'pass' : s.state === 'not-deployed' ? 'circle-slash' : 'question',
      );
      item.contextValue = 'contractDeployment';
      item.command =
        s.state === 'deployed'
          ? command(Commands.showTransaction, 'Show Deploy Transaction', s.txId)
          : command(Commands.showContractStatus, 'Show Contract Deployment Status', s.id);
      nodes.push(new ItemNode(this, item, { kind: 'contract', id: s.id }));
    }
    return nodes;
  }
}
