import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { Commands } from '../../constants';
import type { Config, NetworkId } from '../shared/config';
import { actionLabel, describeError, ErrorContext } from '../shared/errorText';
import type { History } from '../shared/history';
import type { Log } from '../shared/log';
import { NetworkService } from '../network/network';
import type { Watchlist } from '../watch/watchlist';
import type { ContractDrift } from '../drift/drift';
import type { ContractStatuses } from '../projects/contractStatus';
import { command, ItemNode, TreeNode } from './node';
import type { ClarinetWorkspace } from '../projects/projects';

/** What the nodes of the explorer need. */
export interface TreeDeps {
  config: Config;
  networks: NetworkService;
  history: History;
  watchlist: Watchlist;
  projects: ClarinetWorkspace;
  statuses: ContractStatuses;
  drift: ContractDrift;
  log: Log;
  /** A load failed: auto refresh pauses until an explicit refresh. */
  failed(e: unknown): void;
}

/** What the explorer is built from; each section adds how to report a failed load. */
export type ExplorerDeps = Omit<TreeDeps, 'failed'>;

export function errorContext(deps: TreeDeps, network: NetworkId, what?: string): Promise<ErrorContext> {
  return deps.networks.errorContext(network, what);
}

/**
 * A failure as tree items: the short sentence, whose click runs the useful action (Set API Key,
 * Select Network, or Retry), and a Retry item beside it when the action is another. A cancelled
 * load shows nothing.
 */
export async function errorNodes(
  deps: TreeDeps,
  parent: TreeNode,
  e: unknown,
  network: NetworkId,
  what?: string,
  retry: TreeNode = parent,
): Promise<TreeNode[]> {
  if (isStacksApiError(e) && e.kind === 'cancelled') return [];
  deps.failed(e);
  if (!isStacksApiError(e)) deps.log.error(`Explorer: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  const text = describeError(e, await errorContext(deps, network, what));
  const item = new vscode.TreeItem(text.short, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
  item.tooltip = text.message;
  item.contextValue = 'error';
  // Rate limits and keys: Set API Key; an unreachable or refused URL: Select Network; anything else: Retry.
  const unreachable = isStacksApiError(e) && (e.kind === 'network' || e.kind === 'insecure-url' || e.kind === 'gone');
  const action = text.actions.includes('Set API Key')
    ? 'Set API Key'
    : unreachable && text.actions.includes('Select Network')
      ? 'Select Network'
      : undefined;
  const retryCommand = command(Commands.refreshExplorer, actionLabel('Retry'), retry);
  item.command =
    action === 'Set API Key'
      ? command(Commands.setApiKey, actionLabel(action))
      : action === 'Select Network'
        ? command(Commands.selectNetwork, actionLabel(action))
        : retryCommand;
  item.description = actionLabel(action ?? 'Retry');
  const nodes: TreeNode[] = [new ItemNode(parent, item)];
  if (action) {
    const again = new vscode.TreeItem(vscode.l10n.t('Retry'), vscode.TreeItemCollapsibleState.None);
    again.iconPath = new vscode.ThemeIcon('refresh');
    again.command = retryCommand;
    again.contextValue = 'retry';
    nodes.push(new ItemNode(parent, again));
  }
  return nodes;
}

/** A placeholder for an empty section: one item whose click does the obvious next thing. */
export function placeholder(
  parent: TreeNode,
  label: string,
  icon: string,
  cmd: vscode.Command,
  tooltip?: string,
): TreeNode {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon(icon);
  item.command = cmd;
  item.description = cmd.title;
  item.tooltip = tooltip ?? `${label}: ${cmd.title}`;
  item.contextValue = 'placeholder';
  return new ItemNode(parent, item);
}

/**
 * What a part of the view that asks the API shows until the user has asked for chain data in this
 * window: a reloaded window restores the view as it was left, expanded sections included, and that
 * asks nothing. A click loads the view (as does any hover, command or lookup).
 */
export function notLoadedYet(parent: TreeNode, label: string): TreeNode {
  return placeholder(
    parent,
    label,
    'cloud-download',
    command(Commands.refreshExplorer, vscode.l10n.t('Select to load')),
  );
}

/** A fact: label, short value, full value in the tooltip. */
export function fact(
  parent: TreeNode,
  label: string,
  short: string,
  full: string,
  icon?: string,
  cmd?: vscode.Command,
): TreeNode {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.description = short;
  item.tooltip = full;
  if (icon) item.iconPath = new vscode.ThemeIcon(icon);
  if (cmd) item.command = cmd;
  item.contextValue = 'fact';
  return new ItemNode(parent, item);
}
