/**
 * Replacements for documented routes that the API operator has switched off (410 Gone), one file
 * per route under replacements/.
 *
 * Each replacement names the newer route the API points to and maps that route's shape onto the
 * model the documented route returns, so callers never see a difference. What the newer shape does
 * not carry is left out (unknown), never invented.
 */
export type { Fetch, Replacement } from './replacements/shared';
export { transactionReplacement } from './replacements/transaction';
export { balanceReplacement } from './replacements/balance';
export { addressTransactionsReplacement, CursorMemo } from './replacements/addressTransactions';
export { blockV1Replacement } from './replacements/block';
export { addressEventsReplacement } from './replacements/addressEvents';
export { blockTransactionsReplacement } from './replacements/blockTransactions';
