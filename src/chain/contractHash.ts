/**
 * A contract's hash as Clarity's `contract-hash?` returns it: the SHA-512/256 of the UTF-8 bytes
 * of the source the node stored at deploy time (stacks-core `ClarityDatabase::insert_contract_hash`,
 * clarity/src/vm/database/clarity_db.rs), nothing added or removed. Part of the Clarity module
 * (chain/lazyClarity.ts), whose `@stacks/transactions` already carries the SHA-512/256 it uses: the
 * transaction id is the same hash of a transaction's bytes.
 */
import { txidFromData } from '@stacks/transactions';

/** `contract-hash?` of a source: `0x` and 64 lowercase hex digits. */
export function contractHash(source: string): string {
  return `0x${txidFromData(new TextEncoder().encode(source))}`;
}
