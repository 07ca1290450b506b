// The web build's address panel: in place of the token, NFT and pending-transaction tables, one
// sentence each saying they need the desktop (api/holdings.web.ts sends no request for them).
import type { Section } from '../../../protocol';
import { desktopOnly } from '../../shared/webBuild';
import { missingNotice } from './values';

export const FT_PER_PAGE = 20;
export const NFT_PER_PAGE = 20;
export const ADDRESS_PENDING_PER_PAGE = 20;

const leftOut = (title: string): Section => missingNotice(title, { missing: desktopOnly('This list') });

export function tokensSection(..._args: unknown[]): Section {
  return leftOut('Fungible tokens');
}

export function nftsSection(..._args: unknown[]): Section {
  return leftOut('NFTs');
}

export function addressPendingSection(..._args: unknown[]): Section {
  return leftOut('Pending transactions');
}
