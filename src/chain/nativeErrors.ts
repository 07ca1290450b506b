/**
 * The error codes Clarity's native functions return, as stacks-core documents them
 * (`clarity/src/vm/docs/mod.rs`, the `(err uN)` lists of each function's reference) and returns
 * them (`clarity/src/vm/functions/assets.rs`: `StxErrorCodes`, `TransferTokenErrorCodes`,
 * `TransferAssetErrorCodes`, `MintTokenErrorCodes`, `MintAssetErrorCodes`, `BurnTokenErrorCodes`,
 * `BurnAssetErrorCodes`), and the Clarity 4 allowance checks of `as-contract?` and
 * `restrict-assets?` (`clarity/src/vm/functions/post_conditions.rs`: `(err index)` of the first
 * allowance violated, `MAX_ALLOWANCES` = 128 when an asset moved that no allowance covers).
 */
import * as l10n from './l10n';

const lowBalance = () => l10n.t('the sender’s balance is too low');
const sameParty = () => l10n.t('the sender and the recipient are the same principal');
const notPositive = () => l10n.t('the amount is not positive');
const notTxSender = () => l10n.t('the sender is not the current tx-sender');
const notOwner = () => l10n.t('the sender does not own the asset');
const noAsset = () => l10n.t('the asset does not exist');

const STX_TRANSFER = { 1: lowBalance, 2: sameParty, 3: notPositive, 4: notTxSender };

/** Each native's `(err uN)` codes and what each says, in words. */
const CODES: ReadonlyMap<string, Readonly<Record<number, () => string>>> = new Map<
  string,
  Readonly<Record<number, () => string>>
>([
  ['stx-transfer?', STX_TRANSFER],
  ['stx-transfer-memo?', STX_TRANSFER],
  ['stx-burn?', { 1: lowBalance, 3: notPositive, 4: notTxSender }],
  ['ft-transfer?', { 1: lowBalance, 2: sameParty, 3: notPositive }],
  ['nft-transfer?', { 1: notOwner, 2: sameParty, 3: noAsset }],
  ['ft-mint?', { 1: notPositive }],
  ['nft-mint?', { 1: () => l10n.t('the asset already exists') }],
  ['ft-burn?', { 1: () => l10n.t('the sender’s balance is too low or the amount is not positive') }],
  ['nft-burn?', { 1: notOwner, 3: noAsset }],
  [
    'secp256k1-recover?',
    {
      1: () => l10n.t('the signature does not match the message hash'),
      2: () => l10n.t('the signature is invalid'),
    },
  ],
  ['principal-of?', { 1: () => l10n.t('the public key is invalid') }],
  ['secp256k1-decompress?', { 1: () => l10n.t('the compressed public key is invalid') }],
  [
    'contract-hash?',
    { 1: () => l10n.t('the principal is not a contract'), 2: () => l10n.t('the contract does not exist') },
  ],
  ['to-ascii?', { 1: () => l10n.t('the string has characters that are not ASCII') }],
  [
    'get-bitcoin-tx-output?',
    {
      1: () => l10n.t('the bytes are not a Bitcoin transaction'),
      2: () => l10n.t('the output index (vout) is out of range'),
      3: () => l10n.t('the output’s script is over 1,024 bytes'),
    },
  ],
]);

/** `(err index)` of `as-contract?` and `restrict-assets?` when an asset moved with no allowance for it. */
export const NO_ALLOWANCE_CODE = 128;

/** The Clarity 4 forms that check allowances, and the place of their allowance list among their arguments. */
export const ALLOWANCE_FORMS: ReadonlyMap<string, number> = new Map([
  ['as-contract?', 1],
  ['restrict-assets?', 2],
]);

/** What `native` returning `(err u<code>)` means, or undefined when it is not one of its codes. */
export function nativeErrorMeaning(native: string, code: number): string | undefined {
  return CODES.get(native)?.[code]?.();
}

/** Whether `name` is a native function with documented error codes (an allowance form included). */
export function hasNativeCodes(name: string): boolean {
  return CODES.has(name) || ALLOWANCE_FORMS.has(name);
}

/** Allowance #`index` (0-based, as the node counts them), quoted, was exceeded. */
export function allowanceExceeded(index: number, quoted: string): string {
  return l10n.t('allowance #{0} {1} was exceeded', index, quoted);
}

export function noAllowance(): string {
  return l10n.t('an asset moved that no allowance covers');
}
