import * as vscode from 'vscode';
import type { AddressEvent, AddressTransaction, StxBalance } from '../../api';
import { StacksApiError } from '../../api/errors';
import { checkPrincipal } from '../../chain/identifiers';
import {
  formatAge,
  formatInt,
  formatMicroStx,
  formatStx,
  formatTime,
  statusLabel,
  txTypeLabel,
} from '../../chain/format';
import { shortenMiddle, Target, targetTitle } from '../../chain/target';
import { Commands } from '../../constants';
import type { NetworkId } from '../config';
import { describeError } from '../errorText';
import { NETWORK_LABELS } from '../network';
import { errorContext, errorNodes, fact, placeholder, TreeDeps } from './deps';
import { command, ItemNode, LoadContext, TreeNode } from './node';

export type SectionName = 'network' | 'mempool' | 'watched' | 'contracts' | 'recent';

/** A top-level section of the explorer. */
export abstract class Section extends TreeNode {
  abstract readonly name: SectionName;
  constructor(protected readonly d: TreeDeps) {
    super(undefined);
  }

  protected header(label: string, icon: string, expanded: boolean, tooltip: string): vscode.TreeItem {
    const item = new vscode.TreeItem(
      label,
      expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = `section:${this.name}`;
    item.iconPath = new vscode.ThemeIcon(icon);
    item.tooltip = tooltip;
    item.contextValue = `section-${this.name}`;
    return item;
  }

  /** The API URL of the network, or the error nodes that explain why it has none. */
  protected async checkUrl(network: NetworkId): Promise<TreeNode[] | undefined> {
    const u = this.d.networks.urlOf(network);
    if (u.ok) return undefined;
    const item = new vscode.TreeItem(u.reason, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.command = command(Commands.selectNetwork, 'Select Network');
    item.description = 'Select Network';
    item.tooltip = u.reason;
    item.contextValue = 'error';
    return [new ItemNode(this, item)];
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Network: the selected network and what its API says about itself.

export class NetworkSection extends Section {
  readonly name = 'network';

  getTreeItem(): vscode.TreeItem {
    const item = this.header('Network', 'globe', true, 'The selected network and the status of its API');
    item.description = NETWORK_LABELS[this.d.networks.current];
    return item;
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const network = this.d.networks.current;
    const u = this.d.networks.urlOf(network);
    const selected = fact(
      this,
      NETWORK_LABELS[network],
      u.ok ? u.url : 'no valid URL',
      `${NETWORK_LABELS[network]} · ${u.ok ? u.url : u.reason}\nClick to select another network.`,
      'plug',
      command(Commands.selectNetwork, 'Select Network'),
    );
    const bad = await this.checkUrl(network);
    if (bad) return [selected, ...bad];
    try {
      const { client } = await this.d.networks.endpoint(network);
      const s = await client.getServerStatus({ signal: ctx.signal, budget: ctx.budget });
      const open = command(Commands.showServerStatus, 'Show API Status');
      const nodes = [
        selected,
        fact(
          this,
          'API status',
          s.status,
          `Status: ${s.status}\nServer version: ${s.server_version}`,
          s.status === 'ready' ? 'pass' : 'warning',
          open,
        ),
        fact(this, 'Server version', shortVersion(s.server_version), s.server_version, 'server', open),
      ];
      const tip = s.chain_tip;
      if (tip) {
        nodes.push(
          fact(
            this,
            'Chain tip',
            `#${formatInt(tip.block_height)} · ${shortenMiddle(tip.block_hash)}`,
            `Block height: ${tip.block_height}\nBlock hash: ${tip.block_hash}${tip.index_block_hash ? `\nIndex block hash: ${tip.index_block_hash}` : ''}`,
            'layers',
            open,
          ),
        );
        if (tip.burn_block_height !== undefined)
          nodes.push(
            fact(
              this,
              'Burn block',
              `#${formatInt(tip.burn_block_height)}`,
              `Bitcoin (burn) block height: ${tip.burn_block_height}`,
              'link',
              open,
            ),
          );
      }
      const pox = (
        [
          ['v1', s.pox_v1_unlock_height],
          ['v2', s.pox_v2_unlock_height],
          ['v3', s.pox_v3_unlock_height],
        ] as const
      ).filter((p) => typeof p[1] === 'number');
      if (pox.length)
        nodes.push(
          fact(
            this,
            'PoX unlock heights',
            pox.map(([v, h]) => `${v} #${formatInt(h)}`).join(' · '),
            pox.map(([v, h]) => `PoX ${v} unlock height: ${h}`).join('\n'),
            'unlock',
            open,
          ),
        );
      return nodes;
    } catch (e) {
      return [selected, ...(await errorNodes(this.d, this, e, network, 'API status'))];
    }
  }
}

function shortVersion(v: string): string {
  return v.replace(/^stacks-blockchain-api\s*/, '').replace(/\s*\(.*\)$/, '') || v;
}

// ---------------------------------------------------------------------------------------------
// 2. Mempool: pending transactions per type with their median fee and age.

export class MempoolSection extends Section {
  readonly name = 'mempool';

  getTreeItem(): vscode.TreeItem {
    return this.header('Mempool', 'pulse', false, 'Pending transactions per type, with the median fee and age');
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const network = this.d.networks.current;
    const bad = await this.checkUrl(network);
    if (bad) return bad;
    try {
      const { client } = await this.d.networks.endpoint(network);
      const m = await client.getMempoolStats({ signal: ctx.signal, budget: ctx.budget });
      const open = command(Commands.showMempoolStats, 'Show Mempool Statistics');
      const types = Object.entries(m.tx_type_counts).sort((a, b) => b[1] - a[1]);
      const total = types.reduce((n, [, c]) => n + c, 0);
      const nodes = [
        fact(
          this,
          'Pending',
          `${formatInt(total)} transactions`,
          `${total} transactions in the mempool`,
          'inbox',
          open,
        ),
      ];
      for (const [type, count] of types) {
        const fee = m.tx_simple_fee_averages[type];
        const age = m.tx_ages[type];
        const size = m.tx_byte_sizes[type];
        const short = [
          `${formatInt(count)}`,
          fee?.p50 != null ? `fee ~${formatStx(Math.round(fee.p50))}` : '',
          age?.p50 != null ? `age ~${formatInt(age.p50)} blocks` : '',
        ]
          .filter(Boolean)
          .join(' · ');
        const pct = (
          p: { p25: number | null; p50: number | null; p75: number | null; p95: number | null } | undefined,
          f: (n: number) => string,
        ) =>
          p
            ? (['p25', 'p50', 'p75', 'p95'] as const).map((k) => `${k} ${p[k] == null ? '—' : f(p[k]!)}`).join(' · ')
            : '—';
        const full = [
          `${txTypeLabel(type)}: ${count} pending`,
          `Fee: ${pct(fee, (n) => formatMicroStx(Math.round(n)))}`,
          `Age (blocks): ${pct(age, (n) => formatInt(n))}`,
          `Size (bytes): ${pct(size, (n) => formatInt(n))}`,
        ].join('\n');
        nodes.push(fact(this, txTypeLabel(type), short, full, 'symbol-event', open));
      }
      return nodes;
    } catch (e) {
      return errorNodes(this.d, this, e, network, 'mempool statistics');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Watched addresses: balance, latest transactions (paged), and each transaction's events.

const TX_PAGE = 20;
const EVENT_PAGE = 50;

export class WatchedSection extends Section {
  readonly name = 'watched';

  getTreeItem(): vscode.TreeItem {
    const item = this.header(
      'Watched Addresses',
      'eye',
      true,
      'Addresses you watch: balance, latest transactions and their events',
    );
    const n = this.d.watchlist.items.length;
    item.description = n ? String(n) : '';
    return item;
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const items = this.d.watchlist.items;
    if (!items.length)
      return [placeholder(this, 'No watched addresses yet', 'eye', command(Commands.watchAddress, 'Watch Address…'))];
    const results = await Promise.all(
      items.map(
        async (address): Promise<{ address: string; network: NetworkId; balance?: StxBalance; error?: unknown }> => {
          const chain = checkPrincipal(address);
          const network = this.d.networks.networkFor(chain.ok ? chain.value.network : undefined);
          const u = this.d.networks.urlOf(network);
          if (!u.ok) return { address, network, error: new StacksApiError('insecure-url', u.reason) };
          try {
            const { client } = await this.d.networks.endpoint(network);
            return {
              address,
              network,
              balance: await client.getStxBalance(address, { signal: ctx.signal, budget: ctx.budget }),
            };
          } catch (error) {
            return { address, network, error };
          }
        },
      ),
    );
    const nodes: TreeNode[] = [];
    const failures = results.filter((r) => r.error !== undefined);
    // When every balance failed, the reason stands first with its action; the addresses stay listed.
    if (failures.length === results.length)
      nodes.push(...(await errorNodes(this.d, this, failures[0]!.error, failures[0]!.network, 'balance')));
    else if (failures.length) this.d.failed(failures[0]!.error);
    for (const r of results) {
      const short =
        r.error === undefined
          ? undefined
          : describeError(r.error, await errorContext(this.d, r.network, 'balance')).short;
      nodes.push(new WatchedAddressNode(this, this.d, r.address, r.network, r.balance, short));
    }
    return nodes;
  }
}

/** A node whose children come in pages, with a "Load more" node at the end while there are more. */
abstract class PagedNode extends TreeNode {
  private loaded = 0;
  protected abstract readonly network: NetworkId;
  protected abstract readonly what: string;
  protected abstract readonly emptyLabel: string;
  protected abstract fetchPage(
    offset: number,
    ctx: LoadContext,
  ): Promise<{ nodes: TreeNode[]; count: number; total: number }>;

  constructor(
    parent: TreeNode,
    protected readonly d: TreeDeps,
  ) {
    super(parent);
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    this.loaded = 0;
    try {
      const page = await this.fetchPage(0, ctx);
      this.loaded = page.count;
      if (!page.nodes.length) return [fact(this, this.emptyLabel, '', this.emptyLabel)];
      return [...page.nodes, ...this.more(page.total)];
    } catch (e) {
      return errorNodes(this.d, this, e, this.network, this.what);
    }
  }

  /** Appends the next page in place of the "Load more" node. */
  async loadMore(ctx: LoadContext): Promise<void> {
    const kept = (this.loadedChildren ?? []).filter(
      (k) =>
        !(k instanceof LoadMoreNode) &&
        k.getTreeItem().contextValue !== 'error' &&
        k.getTreeItem().contextValue !== 'retry',
    );
    try {
      const page = await this.fetchPage(this.loaded, ctx);
      this.loaded += page.count;
      this.setChildren([...kept, ...page.nodes, ...this.more(page.total)]);
    } catch (e) {
      const errors = await errorNodes(this.d, this, e, this.network, this.what);
      this.setChildren([...kept, ...errors, new LoadMoreNode(this, this.loaded, undefined)]);
    }
  }

  private more(total: number): TreeNode[] {
    return this.loaded < total ? [new LoadMoreNode(this, this.loaded, total)] : [];
  }
}

export class LoadMoreNode extends TreeNode {
  constructor(
    readonly owner: PagedNode,
    private readonly loaded: number,
    private readonly total: number | undefined,
  ) {
    super(owner);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Load more…', vscode.TreeItemCollapsibleState.None);
    item.description = this.total !== undefined ? `${formatInt(this.loaded)} of ${formatInt(this.total)}` : '';
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.command = command(Commands.loadMore, 'Load More', this);
    item.contextValue = 'loadMore';
    return item;
  }

  load(ctx: LoadContext): Promise<void> {
    return this.owner.loadMore(ctx);
  }
}

export class WatchedAddressNode extends PagedNode {
  protected readonly what = 'transaction list';
  protected readonly emptyLabel = 'No transactions yet';

  constructor(
    parent: TreeNode,
    d: TreeDeps,
    readonly address: string,
    protected readonly network: NetworkId,
    readonly balance: StxBalance | undefined,
    private readonly balanceError: string | undefined,
  ) {
    super(parent, d);
    this.target = { kind: 'address', id: address, network };
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(shortenMiddle(this.address), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `watched:${this.address}`;
    item.iconPath = new vscode.ThemeIcon(this.address.includes('.') ? 'file-code' : 'account');
    const b = this.balance;
    item.description = b ? formatStx(b.balance) : (this.balanceError ?? '');
    const lines = [this.address, `Network: ${NETWORK_LABELS[this.network]}`];
    if (b) {
      lines.push(`Balance: ${formatStx(b.balance)} (${formatMicroStx(b.balance)})`);
      if (b.locked !== '0')
        lines.push(
          `Locked: ${formatStx(b.locked)}${b.burnchain_unlock_height ? ` until burn block #${b.burnchain_unlock_height}` : ''}`,
        );
      if (b.total_sent !== undefined && b.total_received !== undefined)
        lines.push(`Sent: ${formatStx(b.total_sent)} · Received: ${formatStx(b.total_received)}`);
    } else if (this.balanceError) lines.push(this.balanceError);
    item.tooltip = lines.join('\n');
    item.contextValue = 'watchedAddress';
    item.command = command(Commands.showAddress, 'Show Address', this.address);
    return item;
  }

  protected async fetchPage(offset: number, ctx: LoadContext) {
    const { client } = await this.d.networks.endpoint(this.network);
    const page = await client.getAddressTransactions(this.address, {
      limit: TX_PAGE,
      offset,
      signal: ctx.signal,
      budget: ctx.budget,
    });
    return {
      nodes: page.results.map((t) => new TransactionNode(this, this.d, this.address, this.network, t)),
      count: page.results.length,
      total: page.total,
    };
  }
}

export class TransactionNode extends PagedNode {
  protected readonly what = 'event list';
  protected readonly emptyLabel = 'No events for this address';

  constructor(
    parent: TreeNode,
    d: TreeDeps,
    private readonly address: string,
    protected readonly network: NetworkId,
    readonly entry: AddressTransaction,
  ) {
    super(parent, d);
    this.target = { kind: 'tx', id: entry.tx.tx_id, network };
  }

  getTreeItem(): vscode.TreeItem {
    const { tx, stx_sent, stx_received } = this.entry;
    const item = new vscode.TreeItem(
      `${txTypeLabel(tx.tx_type)} ${shortenMiddle(tx.tx_id, 4)}`,
      vscode.TreeItemCollapsibleState.Collapsed,
    );
    const net = netChange(stx_sent, stx_received);
    const age = formatAge(tx.block_time ?? tx.burn_block_time);
    item.description = [statusLabel(tx.tx_status), net, age].filter(Boolean).join(' · ');
    item.tooltip = [
      `${txTypeLabel(tx.tx_type)} · ${statusLabel(tx.tx_status)}`,
      tx.tx_id,
      tx.block_height !== undefined
        ? `Block #${tx.block_height} · ${formatTime(tx.block_time ?? tx.burn_block_time, tx.block_time_iso ?? tx.burn_block_time_iso)}`
        : 'Not in a block yet',
      `Sender: ${tx.sender_address}`,
      `Fee: ${formatStx(tx.fee_rate)}`,
      `This address sent ${formatStx(stx_sent)} and received ${formatStx(stx_received)}`,
    ].join('\n');
    item.iconPath = new vscode.ThemeIcon(
      tx.tx_status === 'success' ? 'pass' : tx.tx_status === 'pending' ? 'clock' : 'error',
    );
    item.contextValue = 'transaction';
    item.command = command(Commands.showTransaction, 'Show Transaction', tx.tx_id);
    return item;
  }

  protected async fetchPage(offset: number, ctx: LoadContext) {
    const { client } = await this.d.networks.endpoint(this.network);
    const page = await client.getAddressTransactionEvents(this.address, this.entry.tx.tx_id, {
      limit: EVENT_PAGE,
      offset,
      signal: ctx.signal,
      budget: ctx.budget,
    });
    return { nodes: page.results.map((e) => eventNode(this, e)), count: page.results.length, total: page.total };
  }
}

function netChange(sent: string, received: string): string {
  try {
    const n = BigInt(received) - BigInt(sent);
    return n === 0n ? '' : `${n > 0n ? '+' : ''}${formatStx(n)}`;
  } catch {
    return '';
  }
}

function eventNode(parent: TreeNode, e: AddressEvent): TreeNode {
  const { data } = e;
  const asset =
    e.type === 'stx'
      ? 'STX'
      : data.asset_identifier
        ? (data.asset_identifier.split('::')[1] ?? data.asset_identifier)
        : e.type.toUpperCase();
  const amount =
    e.type === 'stx'
      ? formatStx(data.amount)
      : e.type === 'nft'
        ? (data.value?.repr ?? '')
        : `${data.amount ?? ''} ${asset}`;
  const route = [
    data.sender ? `from ${shortenMiddle(data.sender)}` : '',
    data.recipient ? `to ${shortenMiddle(data.recipient)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const full = [
    `${e.type.toUpperCase()} ${data.type} (event ${e.event_index})`,
    data.asset_identifier ? `Asset: ${data.asset_identifier}` : '',
    data.amount !== undefined
      ? `Amount: ${e.type === 'stx' ? `${formatStx(data.amount)} (${formatMicroStx(data.amount)})` : data.amount}`
      : '',
    data.value ? `Value: ${data.value.repr}` : '',
    data.sender ? `Sender: ${data.sender}` : '',
    data.recipient ? `Recipient: ${data.recipient}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return fact(
    parent,
    `${e.type === 'stx' ? 'STX' : e.type.toUpperCase()} ${data.type}`,
    [amount, route].filter(Boolean).join(' '),
    full,
    'arrow-swap',
  );
}

// ---------------------------------------------------------------------------------------------
// 5. Recent lookups: reopen with a click.

export class RecentSection extends Section {
  readonly name = 'recent';

  getTreeItem(): vscode.TreeItem {
    return this.header('Recent Lookups', 'history', true, 'The last 20 identifiers you looked up');
  }

  protected override async loadChildren(): Promise<TreeNode[]> {
    const items = this.d.history.items;
    if (!items.length) return [placeholder(this, 'No lookups yet', 'search', command(Commands.lookup, 'Look Up…'))];
    return items.map((t) => {
      const item = new vscode.TreeItem(targetTitle(t), vscode.TreeItemCollapsibleState.None);
      item.description = t.network ? NETWORK_LABELS[t.network] : '';
      item.tooltip = `${targetTitle(t)}${t.id ? `\n${t.id}` : ''}${t.network ? `\nNetwork: ${NETWORK_LABELS[t.network]}` : ''}`;
      item.iconPath = new vscode.ThemeIcon(ICONS[t.kind]);
      item.contextValue = 'recent';
      item.command = reopen(t);
      return new ItemNode(this, item, t);
    });
  }
}

const ICONS: Record<Target['kind'], string> = {
  tx: 'arrow-swap',
  address: 'account',
  contract: 'file-code',
  block: 'layers',
  contracts: 'checklist',
  mempool: 'pulse',
  status: 'server',
};

function reopen(t: Target): vscode.Command {
  switch (t.kind) {
    case 'tx':
      return command(Commands.showTransaction, 'Show Transaction', t.id);
    case 'address':
      return command(Commands.showAddress, 'Show Address', t.id);
    case 'contract':
      return command(Commands.lookup, 'Look Up', t.id);
    case 'block':
      return command(Commands.showBlock, 'Show Block', t.id);
    case 'contracts':
      return command(Commands.showContractStatus, 'Show Contract Deployment Status', t.id);
    case 'mempool':
      return command(Commands.showMempoolStats, 'Show Mempool Statistics');
    case 'status':
      return command(Commands.showServerStatus, 'Show API Status');
  }
}
