/**
 * Fungible-token metadata for a panel (the rules of issue 14): amounts read with the token's
 * decimals and symbol from the Token Metadata API on the hosted API's origin. On devnet and custom
 * networks it is never asked; a token it does not know (404, 422) is shown raw and not asked for
 * again this session (the client remembers); at most one request per token, kept for the session.
 */
import type { AddressEvent, FtHolding, Page, StacksClient, Transaction } from '../../../api';
import { isStacksApiError } from '../../../api/errors';
import type { CallOptions } from '../../../api/client';
import { tokenContract, type ModelContext, type TokenInfo } from './values';
import * as l10n from '../../../chain/l10n';
import { isSbtcContract, SBTC_META, TOKEN } from '../../../chain/sbtc';

/** The most tokens one panel asks about; the rest show raw (a transaction can move hundreds). */
export const MAX_TOKENS_PER_PANEL = 20;

/** The contract ids of the fungible tokens a transaction's events and post-conditions name. */
export function tokensOfTransaction(t: Transaction): string[] {
  const ids = [
    ...(t.events ?? []).filter((e) => e.event_type === 'fungible_token_asset').map((e) => e.asset?.asset_id),
    ...(t.post_conditions ?? [])
      .filter((pc) => pc.type === 'fungible' && pc.asset?.contract_address)
      .map((pc) => `${pc.asset!.contract_address}.${pc.asset!.contract_name ?? ''}`),
  ];
  return unique(ids);
}

/** The contract ids of the fungible tokens in a page of an address's events. */
export function tokensOfEvents(p: Page<AddressEvent>): string[] {
  return unique(p.results.filter((e) => e.type === 'ft').map((e) => e.data.asset_identifier));
}

/** The contract ids of the fungible tokens in a page of holdings. */
export function tokensOfHoldings(p: Page<FtHolding>): string[] {
  return unique(p.results.map((h) => h.asset_identifier));
}

function unique(ids: Array<string | undefined>): string[] {
  return [...new Set(ids.map(tokenContract).filter((c): c is string => !!c))];
}

/** What is known of each token: its metadata, or why its amounts stay raw. */
export async function loadTokens(
  contracts: string[],
  client: StacksClient,
  ctx: ModelContext,
  call: CallOptions,
): Promise<Map<string, TokenInfo>> {
  const out = new Map<string, TokenInfo>();
  if (ctx.network === 'devnet' || (ctx.network === 'custom' && !ctx.customTokenMetadata)) {
    const raw = l10n.t(
      'token metadata is not asked for on {0}',
      ctx.network === 'devnet' ? 'Devnet' : 'a custom network',
    );
    // sBTC's decimals are the contract's constant (`token-decimals u8`): known without asking.
    for (const c of contracts) out.set(c, isSbtcContract(c, TOKEN) ? { meta: SBTC_META } : { raw });
    return out;
  }
  const asked = contracts.slice(0, MAX_TOKENS_PER_PANEL);
  for (const c of contracts.slice(MAX_TOKENS_PER_PANEL))
    out.set(c, { raw: l10n.t('metadata is asked for the first {0} tokens of a panel only', MAX_TOKENS_PER_PANEL) });
  await Promise.all(
    asked.map(async (c) => {
      try {
        // Never waits for the rate budget: without budget left the amount shows raw, asked again next time.
        const meta = await client.getFtMetadata(c, { ...call, budget: 'fail-fast' });
        out.set(c, meta ? { meta } : { raw: l10n.t('the Token Metadata API does not know this token') });
      } catch (e) {
        if (call.signal?.aborted || (isStacksApiError(e) && e.kind === 'cancelled')) throw e;
        out.set(c, { raw: l10n.t('the token metadata could not be loaded') });
      }
    }),
  );
  return out;
}
