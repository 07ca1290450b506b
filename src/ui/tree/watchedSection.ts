import * as vscode from 'vscode';
import type { AddressEvent, AddressTransaction, CallOptions, StacksClient, StxBalance } from '../../api';
import { isStacksApiError, StacksApiError } from '../../api/errors';
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
import { shortenMiddle } from '../../chain/target';
import { isSkipped, statusMeaning, statusTone } from '../../chain/txStatus';
import { Commands } from '../../constants';
import type { NetworkId } from '../shared/config';
import { describeError } from '../shared/errorText';
import { NETWORK_LABELS } from '../../chain/networks';
import { errorContext, errorNodes, fact, notLoadedYet, placeholder, TreeDeps } from './deps';
import { command, LoadContext, TreeNode } from './node';
import { PagedNode } from './pagedNode';
import { Section } from './sections';

// 3. Watched addresses: balance, latest transactions (paged), and each transaction's events.

const TX_PAGE = 20;
const EVENT_PAGE = 50;

export class WatchedSection extends Section {
  readonly name = 'watched';

  getTreeItem(): vscode.TreeItem {
    const item = this.header(
      vscode.l10n.t('Watched Addresses'),
      'eye',
      true,
      vscode.l10n.t('Addresses you watch: balance, latest transactions and their events'),
    );
    const n = this.deps.watchlist.items.length;
    item.description = n ? String(n) : '';
    return item;
  }

  protected override async loadChildren(ctx: LoadContext): Promise<TreeNode[]> {
    const items = this.deps.watchlist.items;
    if (!items.length)
      return [
        placeholder(
          this,
          vscode.l10n.t('No watched addresses yet'),
          'eye',
          command(Commands.watchAddress, vscode.l10n.t('Watch Address…')),
        ),
      ];
    const results = await Promise.all(
      items.map(
        async (address): Promise<{ address: string; network: NetworkId; balance?: StxBalance; error?: unknown }> => {
          const chain = checkPrincipal(address);
          const network = this.deps.networks.networkFor(chain.ok ? chain.value.network : undefined);
          const u = this.deps.networks.urlOf(network);
          if (!u.ok) return { address, network, error: new StacksApiError('insecure-url', u.reason) };
          // Listed without a balance until the user asks for chain data in this window.
          if (!this.deps.networks.used) return { address, network };
          try {
            const { client } = await this.deps.networks.endpoint(network);
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
    const nodes: TreeNode[] = this.deps.networks.used
      ? []
      : [notLoadedYet(this, vscode.l10n.t('Balances and transactions'))];
    const failures = results.filter((r) => r.error !== undefined);
    // When every balance failed, the reason stands first with its action; the addresses stay listed.
    if (failures.length === results.length)
      nodes.push(...(await errorNodes(this.deps, this, failures[0]!.error, failures[0]!.network, 'balance')));
    else if (failures.length) this.deps.failed(failures[0]!.error);
    for (const r of results) {
      const short =
        r.error === undefined
          ? undefined
          : describeError(r.error, await errorContext(this.deps, r.network, vscode.l10n.t('balance'))).short;
      nodes.push(new WatchedAddressNode(this, this.deps, r.address, r.network, r.balance, short));
    }
    return nodes;
  }
}

export class WatchedAddressNode extends PagedNode {
  protected readonly what = vscode.l10n.t('transaction list');
  protected readonly emptyLabel = vscode.l10n.t('No transactions yet');

  constructor(
    parent: TreeNode,
    deps: TreeDeps,
    readonly address: string,
    protected readonly network: NetworkId,
    readonly balance: StxBalance | undefined,
    private readonly balanceError: string | undefined,
  ) {
    super(parent, deps);
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
      lines.push(vscode.l10n.t('Balance: {0} ({1})', formatStx(b.balance), formatMicroStx(b.balance)));
      if (b.locked !== '0')
        lines.push(
          b.burnchain_unlock_height
            ? vscode.l10n.t('Locked: {0} until burn block #{1}', formatStx(b.locked), b.burnchain_unlock_height)
            : vscode.l10n.t('Locked: {0}', formatStx(b.locked)),
        );
      if (b.total_sent !== undefined && b.total_received !== undefined)
        lines.push(vscode.l10n.t('Sent: {0} · Received: {1}', formatStx(b.total_sent), formatStx(b.total_received)));
    } else if (this.balanceError) lines.push(this.balanceError);
    item.tooltip = lines.join('\n');
    item.contextValue = 'watchedAddress';
    item.command = command(Commands.showAddress, vscode.l10n.t('Show Address'), this.address);
    return item;
  }

  protected async fetchPage(offset: number, ctx: LoadContext) {
    const { client } = await this.deps.networks.endpoint(this.network);
    const o = { signal: ctx.signal, budget: ctx.budget };
    const page = await client.getAddressTransactions(this.address, { ...o, limit: TX_PAGE, offset });
    // Expanded: what the address holds and has pending, above its transactions; asked once the list
    // has answered, and never waiting for the rate budget (without budget left they say so).
    const summary = offset === 0 ? await this.summary(client, { signal: ctx.signal, budget: 'fail-fast' }) : [];
    const txs = page.results.map((t) => new TransactionNode(this, this.deps, this.address, this.network, t));
    return {
      nodes: [
        ...summary,
        ...(offset === 0 && !txs.length ? [fact(this, this.emptyLabel, '', this.emptyLabel)] : []),
        ...txs,
      ],
      count: page.results.length,
      total: page.total,
    };
  }

  /** STX balance, token count and pending count: one short request each (a list's total), each failing alone. */
  private async summary(client: StacksClient, options: CallOptions): Promise<TreeNode[]> {
    const short = async <T>(p: Promise<T>, what: string): Promise<T | string> => {
      try {
        return await p;
      } catch (e) {
        if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
        return describeError(e, await errorContext(this.deps, this.network, what)).short;
      }
    };
    const [balance, ft, nft, pending] = await Promise.all([
      this.balance ? Promise.resolve(this.balance) : short(client.getStxBalance(this.address, options), 'balance'),
      short(client.getFtHoldings(this.address, { ...options, limit: 1 }), vscode.l10n.t('token balances')),
      short(client.getNftHoldings(this.address, { ...options, limit: 1 }), vscode.l10n.t('NFT list')),
      short(
        client.getPrincipalMempoolTransactions(this.address, { ...options, limit: 1 }),
        vscode.l10n.t('pending transactions'),
      ),
    ]);
    const count = (n: number, one: string, many: string) => (n === 1 ? one : many.replace('{0}', formatInt(n)));
    const tokens =
      typeof ft === 'string' || typeof nft === 'string'
        ? typeof ft === 'string'
          ? ft
          : (nft as string)
        : `${count(ft.total, vscode.l10n.t('1 fungible token'), vscode.l10n.t('{0} fungible tokens'))} · ${count(nft.total, vscode.l10n.t('1 NFT'), vscode.l10n.t('{0} NFTs'))}`;
    const waiting =
      typeof pending === 'string'
        ? pending
        : count(pending.total, vscode.l10n.t('1 pending transaction'), vscode.l10n.t('{0} pending transactions'));
    const stx = typeof balance === 'string' ? balance : formatStx(balance.balance);
    return [
      fact(
        this,
        vscode.l10n.t('STX balance'),
        stx,
        typeof balance === 'string' ? balance : `${stx} (${formatMicroStx(balance.balance)})`,
        'credit-card',
      ),
      fact(this, vscode.l10n.t('Tokens'), tokens, tokens, 'symbol-misc'),
      fact(this, vscode.l10n.t('Pending'), waiting, waiting, 'clock'),
    ];
  }
}

export class TransactionNode extends PagedNode {
  protected readonly what = vscode.l10n.t('event list');
  protected readonly emptyLabel = vscode.l10n.t('No events for this address');

  constructor(
    parent: TreeNode,
    deps: TreeDeps,
    private readonly address: string,
    protected readonly network: NetworkId,
    readonly entry: AddressTransaction,
  ) {
    super(parent, deps);
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
      statusMeaning(tx.tx_status),
      tx.tx_id,
      tx.block_height !== undefined
        ? vscode.l10n.t(
            'Block #{0} · {1}',
            tx.block_height,
            formatTime(tx.block_time ?? tx.burn_block_time, tx.block_time_iso ?? tx.burn_block_time_iso),
          )
        : vscode.l10n.t('Not in a block yet'),
      `Sender: ${tx.sender_address}`,
      `Fee: ${formatStx(tx.fee_rate)}`,
      vscode.l10n.t('This address sent {0} and received {1}', formatStx(stx_sent), formatStx(stx_received)),
    ].join('\n');
    item.iconPath = new vscode.ThemeIcon(
      tx.tx_status === 'success'
        ? 'pass'
        : tx.tx_status === 'pending'
          ? 'clock'
          : isSkipped(tx.tx_status)
            ? 'debug-step-over'
            : statusTone(tx.tx_status) === 'other'
              ? 'question'
              : 'error',
    );
    item.contextValue = 'transaction';
    item.command = command(Commands.showTransaction, vscode.l10n.t('Show Transaction'), tx.tx_id);
    return item;
  }

  protected async fetchPage(offset: number, ctx: LoadContext) {
    const { client } = await this.deps.networks.endpoint(this.network);
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

/** A v3 balance change (the API's replacement for the events route): one per asset, no event behind it. */
function balanceChangeNode(parent: TreeNode, e: AddressEvent, c: { sent: string; received: string; net: string }) {
  const asset = e.type === 'stx' ? 'STX' : (e.data.asset_identifier ?? e.type.toUpperCase());
  const fmt = (v: string) => (e.type === 'stx' ? formatStx(v) : v);
  return fact(
    parent,
    vscode.l10n.t('{0} balance change', e.type === 'stx' ? 'STX' : e.type.toUpperCase()),
    `${/^[1-9]\d*$/.test(c.net) ? '+' : ''}${fmt(c.net)}`,
    [
      `Asset: ${asset}`,
      vscode.l10n.t('Sent: {0} · Received: {1}', fmt(c.sent), fmt(c.received)),
      vscode.l10n.t('Event index, kind, sender and recipient: not available on this API'),
    ].join('\n'),
    'arrow-swap',
  );
}

function eventNode(parent: TreeNode, e: AddressEvent): TreeNode {
  if (e.balance_change) return balanceChangeNode(parent, e, e.balance_change);
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
    vscode.l10n.t('{0} {1} (event {2})', e.type.toUpperCase(), String(data.type), String(e.event_index)),
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
