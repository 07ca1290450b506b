import * as vscode from 'vscode';
import type { ClarinetContract, ClarinetPlan, ClarinetProblem, ClarinetProject } from '../../chain/clarinet';
import { NETWORK_LABELS, type PlanNetwork } from '../../chain/networks';
import { clip, formatInt } from '../../chain/format';
import { shortenMiddle } from '../../chain/target';
import { Commands } from '../../constants';
import { describeError } from '../shared/errorText';
import { driftText, type DriftState } from '../drift/drift';
import { ContractState, ContractStatuses, deploymentsOf, StatusTable } from '../projects/contractStatus';
import { errorContext, errorNodes, notLoadedYet, placeholder, TreeDeps } from './deps';
import { distinctDeployments, idsForPanel, planName, stateText } from '../projects/deploymentText';
import { command, ItemNode, LoadContext, TreeNode } from './node';
import { relativeTo, type WorkspaceProject } from '../projects/projects';
import { MAX_STATUS_IDS } from '../projects/statusIds';
import { Section } from './sections';

// 4. Workspace contracts: the contracts of each Clarinet.toml with their deployment per network.
export class ContractsSection extends Section {
  readonly name = 'contracts';

  getTreeItem(): vscode.TreeItem {
    return this.header(
      vscode.l10n.t('Workspace Contracts'),
      'file-code',
      true,
      vscode.l10n.t('The contracts of the Clarinet project(s) in this workspace and where they are deployed'),
    );
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const projects = await this.deps.projects.projects();
    if (!projects.length) {
      return [
        placeholder(
          this,
          vscode.l10n.t('No Clarinet project in this workspace'),
          'folder-opened',
          command('workbench.action.files.openFolder', vscode.l10n.t('Open Folder…')),
          vscode.l10n.t('Open a folder with a Clarinet.toml to see its contracts here.'),
        ),
      ];
    }
    const readable = projects.filter((p) => p.result.ok && p.result.project.contracts.length);
    let table: StatusTable | undefined;
    const nodes: TreeNode[] = [];
    if (readable.some((p) => p.result.ok && p.result.project.contracts.some((c) => c.deployments.length))) {
      // Until the user asks for chain data in this window, the contracts are listed unchecked.
      table =
        this.deps.statuses.ready ?? (this.deps.networks.used ? await this.deps.statuses.get(ctx.budget) : undefined);
      if (!table) nodes.push(notLoadedYet(this, vscode.l10n.t('Deployment status')));
    }
    // A network that could not answer: its reason and action once, at the top.
    for (const answer of table?.answers.values() ?? []) {
      if (!answer.ok)
        append(
          nodes,
          await errorNodes(this.deps, this, answer.error, answer.network, vscode.l10n.t('contract status')),
        );
    }
    if (table?.leftOut)
      nodes.push(
        infoNode(
          this,
          vscode.l10n.t('Status of the first {0} contracts only', formatInt(MAX_STATUS_IDS)),
          vscode.l10n.t(
            '{0} more contract ids were not asked about; their status shows as unknown.',
            formatInt(table.leftOut),
          ),
          vscode.l10n.t('{0} not asked', formatInt(table.leftOut)),
        ),
      );
    if (projects.length === 1) append(nodes, await projectChildren(this, this.deps, projects[0]!, table));
    else for (const p of projects) nodes.push(new ProjectNode(this, this.deps, p, table));
    return nodes;
  }
}

/**
 * Adds `more` to the end of `nodes` one by one: spread into the arguments of `push`, a long list
 * (a project's thousands of contracts) ran out of stack ("Maximum call stack size exceeded").
 */
function append(nodes: TreeNode[], more: readonly TreeNode[]): void {
  for (const n of more) nodes.push(n);
}

class ProjectNode extends TreeNode {
  constructor(
    parent: TreeNode,
    private readonly deps: TreeDeps,
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
    return projectChildren(this, this.deps, this.project, this.table);
  }
}

async function projectChildren(
  parent: TreeNode,
  deps: TreeDeps,
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
        vscode.l10n.t('No contracts in Clarinet.toml'),
        'info',
        command('vscode.open', vscode.l10n.t('Open Clarinet.toml'), p.manifest),
      ),
    );
  for (const c of r.project.contracts) nodes.push(new ContractNode(parent, deps, p, r.project, c, table));
  nodes.push(new PlansNode(parent, deps, p, r.project));
  return nodes;
}

/** The plans of a project, each with its network and deployers; and a word when the selected network has none. */
class PlansNode extends TreeNode {
  constructor(
    parent: TreeNode,
    private readonly deps: TreeDeps,
    private readonly project: WorkspaceProject,
    private readonly clarinet: ClarinetProject,
  ) {
    super(parent);
  }

  private get missing(): PlanNetwork | undefined {
    const current = this.deps.networks.current;
    if (current === 'custom') return undefined;
    return this.clarinet.plans.some((p) => p.network === current) ? undefined : current;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(vscode.l10n.t('Deployment Plans'), vscode.TreeItemCollapsibleState.Collapsed);
    const missing = this.missing;
    item.description = [
      this.clarinet.plans.length ? `${this.clarinet.plans.length}` : 'none',
      missing ? vscode.l10n.t('no plan for {0}', missing) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    item.tooltip = missing
      ? vscode.l10n.t(
          'No deployment plan of this project names {0}: its contracts have no {1} id, and relative .name references are not resolved there.',
          missing,
          missing,
        )
      : vscode.l10n.t('The *-plan.yaml files in deployments/, each with its network and deployer');
    item.iconPath = new vscode.ThemeIcon('rocket');
    item.contextValue = 'plans';
    return item;
  }

  protected override loadChildren(): Promise<TreeNode[]> {
    const nodes: TreeNode[] = this.clarinet.plans.map((plan) => planNode(this, this.project, plan));
    const missing = this.missing;
    if (missing)
      nodes.push(
        infoNode(
          this,
          vscode.l10n.t('No plan for {0}', missing),
          vscode.l10n.t(
            'No plan in deployments/ names {0}. Clarinet writes one with: clarinet deployments generate --{1}',
            missing,
            missing,
          ),
        ),
      );
    if (!this.clarinet.plans.length && !missing)
      nodes.push(infoNode(this, vscode.l10n.t('No deployment plan'), vscode.l10n.t('No *-plan.yaml in deployments/')));
    return Promise.resolve(nodes);
  }
}

function infoNode(parent: TreeNode, label: string, tooltip: string, description?: string): TreeNode {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  if (description !== undefined) item.description = description;
  item.iconPath = new vscode.ThemeIcon('info');
  item.tooltip = tooltip;
  item.contextValue = 'placeholder';
  return new ItemNode(parent, item);
}

function planNode(parent: TreeNode, p: WorkspaceProject, plan: ClarinetPlan): TreeNode {
  const item = new vscode.TreeItem(planName(plan.file), vscode.TreeItemCollapsibleState.None);
  item.description =
    plan.network === 'simnet'
      ? vscode.l10n.t('simnet (simulated, not on a chain)')
      : `${plan.network} · ${plan.deployers.length ? plan.deployers.map((a) => shortenMiddle(a)).join(', ') : vscode.l10n.t('no contract published')}`;
  item.tooltip = [
    plan.file,
    plan.name !== undefined ? clip(plan.name, 120) : '',
    vscode.l10n.t('Network: {0}', plan.network),
    ...plan.deployers.map((a) => vscode.l10n.t('Deployer: {0}', a)),
    plan.network === 'simnet'
      ? plan.publishes === 1
        ? vscode.l10n.t('1 contract published (emulated)')
        : vscode.l10n.t('{0} contracts published (emulated)', plan.publishes)
      : plan.publishes === 1
        ? vscode.l10n.t('1 contract published')
        : vscode.l10n.t('{0} contracts published', plan.publishes),
  ]
    .filter(Boolean)
    .join('\n');
  item.iconPath = new vscode.ThemeIcon(plan.network === 'simnet' ? 'beaker' : 'file');
  item.contextValue = 'plan';
  item.command = command('vscode.open', vscode.l10n.t('Open Plan'), vscode.Uri.joinPath(p.root, plan.file));
  return new ItemNode(parent, item);
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
  item.command = command('vscode.open', vscode.l10n.t('Open'), vscode.Uri.joinPath(p.root, problem.file), {
    selection: new vscode.Range(line, col, line, col),
  });
  item.contextValue = 'problem';
  return new ItemNode(parent, item);
}

export class ContractNode extends TreeNode {
  readonly uri: vscode.Uri;
  /** False when the path would lead outside the project (the reader refuses such paths; this is the second lock). */
  private readonly inside: boolean;

  constructor(
    parent: TreeNode,
    private readonly deps: TreeDeps,
    project: WorkspaceProject,
    private readonly clarinet: ClarinetProject,
    readonly contract: ClarinetContract,
    private readonly table: StatusTable | undefined,
  ) {
    super(parent);
    this.uri = vscode.Uri.joinPath(project.root, contract.path);
    this.inside = relativeTo(project.root, this.uri) !== undefined;
    const ids = idsForPanel(contract, deps.networks.current);
    if (ids.length) this.target = { kind: 'contracts', id: ids.join(',') };
  }

  /** One state per network and id, with the plans that publish it. */
  get states(): Array<[PlanNetwork, ContractState, string[]]> {
    const t = this.table;
    return distinctDeployments(this.contract).map((dep): [PlanNetwork, ContractState, string[]] => [
      dep.network,
      t ? ContractStatuses.stateOf(t, dep.network, dep.id) : { state: 'unknown', id: dep.id },
      this.contract.deployments.filter((x) => x.network === dep.network && x.id === dep.id).map((x) => x.plan),
    ]);
  }

  /** A state as the view says it; without a table (not asked yet in this window), "not checked". */
  private said(plan: PlanNetwork, s: ContractState, short = false): string {
    return this.table ? stateText(plan, s, short) : vscode.l10n.t('{0}: not checked', plan);
  }

  /**
   * How the file compares with the source deployed under `id` on `plan`, when that deploy
   * succeeded (the comparison may still be under way); undefined otherwise.
   */
  private driftOf(plan: PlanNetwork, id: string): DriftState | undefined {
    const dep = this.table && deploymentsOf(this.table, this.contract).find((x) => x.plan === plan && x.id === id);
    return dep ? this.deps.drift.get(this.uri, dep) : undefined;
  }

  getTreeItem(): vscode.TreeItem {
    const states = this.states;
    const drifts = states.map(([plan, s]) => this.driftOf(plan, s.id));
    const withDrift = (text: string, i: number) => (drifts[i] ? `${text}, ${driftText(drifts[i])}` : text);
    // Short: once compared, what the comparison says is what matters (the height is in the tooltip).
    const short = ([plan, s]: [PlanNetwork, ContractState, string[]], i: number) => {
      const d = drifts[i];
      return d && (d.state === 'same' || d.state === 'differs') ? `${plan}: ${driftText(d)}` : this.said(plan, s, true);
    };
    const item = new vscode.TreeItem(
      this.contract.name,
      states.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `contract:${this.uri.toString()}#${this.contract.name}`;
    if (this.inside) item.resourceUri = this.uri;
    item.iconPath = new vscode.ThemeIcon('file-code');
    item.description = states.length ? states.map(short).join(' · ') : vscode.l10n.t('no deployment plan');
    item.tooltip = [
      `${this.contract.name} (${this.clarinet.name})`,
      this.contract.path,
      [
        this.contract.clarityVersion !== undefined ? vscode.l10n.t('Clarity {0}', this.contract.clarityVersion) : '',
        this.contract.epoch !== undefined ? `epoch ${this.contract.epoch}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      ...states.map(
        ([plan, s, plans], i) =>
          `${withDrift(this.said(plan, s), i)}\n  ${s.id}\n  ${plans.map(planName).join(', ')}${s.state === 'deployed' ? `\n  ${vscode.l10n.t('deploy tx {0}', s.txId)}` : ''}`,
      ),
    ]
      .filter(Boolean)
      .join('\n');
    // A contract with a successful deploy can be compared with it (view/item/context menus).
    item.contextValue = drifts.some(Boolean) && this.inside ? 'contract.deployed' : 'contract';
    if (this.inside) item.command = command('vscode.open', vscode.l10n.t('Open Contract'), this.uri);
    return item;
  }

  protected override async loadChildren(): Promise<TreeNode[]> {
    const nodes: TreeNode[] = [];
    const several = new Set(
      this.clarinet.plans
        .filter((p, i, all) => all.findIndex((q) => q.network === p.network) !== i)
        .map((p) => p.network),
    );
    for (const [plan, s, plans] of this.states) {
      const item = new vscode.TreeItem(plan, vscode.TreeItemCollapsibleState.None);
      let why = '';
      if (s.state === 'unknown' && s.error !== undefined) {
        const api = this.table?.askedFor[plan];
        if (api)
          why = describeError(s.error, await errorContext(this.deps, api, vscode.l10n.t('contract status'))).short;
      }
      const drift = this.driftOf(plan, s.id);
      item.description = `${this.said(plan, s).slice(plan.length + 2)}${why ? ` (${why})` : ''}${drift ? ` · ${driftText(drift)}` : ''} · ${shortenMiddle(s.id.split('.')[0]!)}${several.has(plan) ? ` · ${plans.map(planName).join(', ')}` : ''}`;
      const api = this.table?.askedFor[plan];
      item.tooltip = [
        s.id,
        this.said(plan, s),
        `Plan: ${plans.join(', ')}`,
        s.state === 'deployed' ? vscode.l10n.t('Deploy transaction: {0}', s.txId) : '',
        drift
          ? vscode.l10n.t(
              'The local file {0}{1}',
              driftText(drift),
              drift.state === 'error'
                ? ''
                : vscode.l10n.t(' (line endings, trailing blanks and #[env(simnet)] code do not count)'),
            )
          : '',
        api ? vscode.l10n.t('Asked: {0} API', NETWORK_LABELS[api]) : '',
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
          ? command(Commands.showTransaction, vscode.l10n.t('Show Deploy Transaction'), s.txId)
          : command(Commands.showContractStatus, vscode.l10n.t('Show Contract Deployment Status'), s.id);
      nodes.push(new ItemNode(this, item, { kind: 'contract', id: s.id }));
    }
    return nodes;
  }
}
