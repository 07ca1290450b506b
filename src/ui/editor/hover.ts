import * as vscode from 'vscode';
import type { CallOptions, FtMetadata, StacksClient, StxBalance } from '../../api';
import { isRouteMissing, isStacksApiError } from '../../api/errors';
import { txFailure } from '../failure/txFailure';
import {
  addressHover,
  contractHover,
  failureHover,
  Fetched,
  HoverDoc,
  HoverHoldings,
  HoverSource,
  txHover,
} from './hoverText';
import { checkContractId } from '../../chain/identifiers';
import type { Config, NetworkId } from '../shared/config';
import { describeError, type ErrorContext } from '../shared/errorText';
import type { Log } from '../shared/log';
import { NetworkService } from '../network/network';
import { identifierUnder, isClarity } from './editorContext';
import { sbtcDepositHover } from './sbtcHover';
import { isSbtcContract, SBTC_META, TOKEN } from '../../chain/sbtc';
import type { LazyLanguage } from '../language';
import type { DeployerLookup } from '../shared/workspaceContext';

export interface HoverDeps {
  config: Config;
  networks: NetworkService;
  log: Log;
  /** The language features: the hover of a `contract-call?`'s function. */
  language?: Pick<LazyLanguage, 'hover'>;
  /** The deployer of the Clarinet project that holds a document, for its relative `.name` references. */
  deployerOf: DeployerLookup;
}

/**
 * What the chain says about the transaction, address or contract under the mouse. Only a shown
 * hover asks the API: one request per resource, in parallel where they are independent, failing
 * fast on the rate limit and cancelled with the hover.
 */
export class StacksHoverProvider implements vscode.HoverProvider {
  constructor(private readonly deps: HoverDeps) {}

  async provideHover(
    doc: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    if (!this.deps.config.hoverEnabled) return undefined;
    // The identifier first (one line, no bundle); the language features' hover (their bundle, the
    // whole document read) only where there is none.
    const found = identifierUnder(doc, position, this.deps.deployerOf);
    if (!found)
      return this.deps.language && isClarity(doc) ? this.deps.language.hover(doc, position, token) : undefined;
    const range = new vscode.Range(position.line, found.start, position.line, found.end);
    const network = this.deps.networks.networkFor(found.network);
    const url = this.deps.networks.urlOf(network);
    const context = await this.deps.networks.errorContext(network);
    const source: HoverSource = { network, networkLabel: context.networkLabel, baseUrl: context.baseUrl };
    const what =
      found.kind === 'tx'
        ? vscode.l10n.t('Transaction')
        : found.kind === 'address'
          ? vscode.l10n.t('Address')
          : vscode.l10n.t('Contract');
    if (!url.ok) return toHover(failureHover(what, found.id, url.reason, source), range);

    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    const options: CallOptions = { signal: controller.signal, budget: 'fail-fast' };
    try {
      const { client } = await this.deps.networks.endpoint(network);
      const fetch = <T>(p: () => Promise<T>, what: string) => this.fetched(p, { ...context, what });
      let text: HoverDoc;
      switch (found.kind) {
        case 'tx': {
          const tx = await fetch(() => client.getTransaction(found.id, options), 'transaction');
          // No such Stacks transaction: the 64 hex may be a Bitcoin txid, an sBTC deposit.
          const deposit =
            !tx.ok && tx.notFound
              ? await sbtcDepositHover(client, network, found.id, source, this.deps.config, options)
              : undefined;
          if (deposit) {
            text = deposit;
            break;
          }
          // A failed call is named from its contract's source (read once a session), never blocking the hover.
          const failure = tx.ok ? await txFailure(tx.value, client, options) : undefined;
          text = tx.ok ? txHover(tx.value, source, failure) : failureHover(what, found.id, tx.short, source);
          break;
        }
        case 'address': {
          const [balance, holdings] = await Promise.all([
            fetch(() => client.getStxBalance(found.id, options), 'address'),
            fetch(() => holdingsOf(client, found.id, this.notAsked(network), options), vscode.l10n.t('token balances')),
          ]);
          // Staking (v3, pox-5) is asked only of an address with STX locked.
          const staking = lockedStx(balance)
            ? await fetch(() => stakingOf(client, found.id, options), vscode.l10n.t('staking'))
            : undefined;
          text = addressHover(found.id, balance, source, holdings, staking);
          break;
        }
        case 'contract': {
          const deployer = found.id.split('.')[0]!;
          const [status, balance] = await Promise.all([
            fetch(async () => (await client.getContractsStatus([found.id], options))[found.id], 'contract'),
            fetch(() => client.getStxBalance(deployer, options), 'deployer'),
          ]);
          text = contractHover(
            { id: found.id, ...(found.trait ? { trait: found.trait } : {}) },
            status,
            balance,
            source,
          );
          break;
        }
      }
      return token.isCancellationRequested ? undefined : toHover(text, range);
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'cancelled') return undefined;
      this.deps.log.error(`Hover over ${found.id} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return undefined;
    } finally {
      cancel.dispose();
    }
  }

  /** The value, or the short sentence for its failure; a cancelled request ends the hover. */
  private async fetched<T>(request: () => Promise<T>, context: ErrorContext): Promise<Fetched<T>> {
    try {
      return { ok: true, value: await request() };
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
      if (!isStacksApiError(e))
        this.deps.log.error(`Hover request failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return {
        ok: false,
        short: describeError(e, context).short,
        ...(isStacksApiError(e) && e.kind === 'not-found' ? { notFound: true } : {}),
      };
    }
  }

  /** Why token metadata is not asked on a network, or undefined where it is. */
  private notAsked(network: NetworkId): string | undefined {
    if (network === 'devnet') return vscode.l10n.t('token metadata is not asked for on Devnet');
    if (network === 'custom' && !this.deps.config.customTokenMetadata)
      return vscode.l10n.t('token metadata is not asked for on a custom network');
    return undefined;
  }
}

function toHover(doc: HoverDoc, range: vscode.Range): vscode.Hover {
  const md = new vscode.MarkdownString(doc.markdown, true);
  md.isTrusted = { enabledCommands: doc.commands };
  md.supportHtml = false;
  return new vscode.Hover(md, range);
}

/** Tokens a hover names with their amounts; the rest are counted and shown in the panel. */
export const HOVER_TOKENS = 3;

/**
 * The counts of what an address holds and its largest tokens with their metadata: two list
 * requests, and at most one metadata request per token a session (the client keeps the answers),
 * none where the network has no token metadata (`notAsked` says why).
 */
async function holdingsOf(
  client: StacksClient,
  address: string,
  notAsked: string | undefined,
  options: CallOptions,
): Promise<HoverHoldings> {
  const [ft, nft] = await Promise.all([
    client.getFtHoldings(address, { ...options, limit: HOVER_TOKENS }),
    client.getNftHoldings(address, { ...options, limit: 1 }),
  ]);
  const top = await Promise.all(
    ft.results.slice(0, HOVER_TOKENS).map(async (holding) => ({
      holding,
      meta: isSbtcContract(holding.asset_identifier.split('::')[0] ?? '', TOKEN)
        ? SBTC_META
        : (notAsked ?? (await metadataOf(client, holding.asset_identifier, options))),
    })),
  );
  return { ftTotal: ft.total, nftTotal: nft.total, top };
}

/** A token's metadata, or why its amount stays raw. */
async function metadataOf(client: StacksClient, assetId: string, options: CallOptions): Promise<FtMetadata | string> {
  const contract = checkContractId(assetId.split('::')[0] ?? '');
  if (!contract.ok) return vscode.l10n.t('the asset identifier names no token contract');
  try {
    return (
      (await client.getFtMetadata(contract.value.contractId, options)) ??
      vscode.l10n.t('the Token Metadata API does not know this token')
    );
  } catch (e) {
    if (isStacksApiError(e) && e.kind === 'cancelled') throw e;
    return vscode.l10n.t('the token metadata could not be loaded');
  }
}

function lockedStx(b: Fetched<StxBalance>): boolean {
  return b.ok && /^\d+$/.test(b.value.locked) && BigInt(b.value.locked) > 0n;
}

/** The principal's pox-5 staking; undefined on an API without the v3 staking route. */
async function stakingOf(client: StacksClient, principal: string, options: CallOptions) {
  try {
    return await client.getPrincipalStaking(principal, options);
  } catch (e) {
    if (isRouteMissing(e)) return undefined;
    throw e;
  }
}
