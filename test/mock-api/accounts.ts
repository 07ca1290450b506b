/**
 * The node's `GET /v2/accounts/{principal}` (stacks-core stackslib/src/net/api/getaccount.rs):
 * the shape of stacks-core's own example (docs/rpc/components/examples/account-data.example.json),
 * the proofs left out with `proof=0`. `tip`, when given, is an index block hash without 0x, as the
 * node parses it; any other text is refused as the node refuses a tip it cannot read.
 */
import { err, isValidPrincipal, ok, param, Reply, RouteContext } from './routing';

/** µSTX unlocked and locked per principal; any other principal has stacks-core's example's 0.5 STX. */
const BALANCES = new Map<string, { balance: bigint; locked: bigint }>();

export function setAccountBalance(principal: string, balance: bigint, locked = 0n): void {
  BALANCES.set(principal, { balance, locked });
}

/** Every principal back to the example's balance (the mock's `reset()`). */
export function resetAccounts(): void {
  BALANCES.clear();
}

const hex128 = (n: bigint) => `0x${n.toString(16).padStart(32, '0')}`;

export function getAccount(ctx: RouteContext): Reply {
  const principal = decodeURIComponent(param(ctx, 0));
  if (!isValidPrincipal(principal)) return err(400, 'Failed to parse principal');
  const tip = ctx.query.get('tip');
  if (tip !== null && tip !== 'latest' && !/^[0-9a-f]{64}$/.test(tip)) return err(400, `Failed to parse tip '${tip}'`);
  const a = BALANCES.get(principal) ?? { balance: 500_000n, locked: 500_000n };
  return ok({
    balance: hex128(a.balance),
    locked: hex128(a.locked),
    unlock_height: 126,
    nonce: 2867,
    ...(ctx.query.get('proof') === '0' ? {} : { balance_proof: '0xabce', nonce_proof: '0xabcd' }),
  });
}
