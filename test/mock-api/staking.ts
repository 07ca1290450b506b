/**
 * The API's v3 staking routes (pox-5) for the mock: a principal's staking summary and its bond
 * positions. The staker of the API's own pox-5 tests answers with the bodies of
 * test/fixtures/chain2026/ (see test/fixtures/SOURCES.md); every other principal with what the
 * API answers for a principal that does not stake: zeros and an empty page.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ERROR_BODIES, Json } from './fixtures';
import { err, isValidPrincipal, ok, param, Reply, RouteContext } from './routing';

/** The staker of stacks-blockchain-api tests/api/pox5/bonds.test.ts and stx-lock.test.ts. */
export const STAKER = 'STB44HYPYAT2BB2QE513NSP81HTMYWBJP02HPGK6';

const DIR = path.resolve(__dirname, '../../../test/fixtures/chain2026');
export const loadChain2026 = (name: string): Json => JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8'));

const ZERO_REWARDS = { btc: { accrued: '0', claimed: '0', claimable: '0' } };

function principalOf(ctx: RouteContext): string | Reply {
  const p = decodeURIComponent(param(ctx, 0));
  return isValidPrincipal(p) ? p : err(400, ERROR_BODIES.invalidPrincipal(p));
}

/** GET /extended/v3/principals/{p}/staking */
export function getPrincipalStaking(ctx: RouteContext): Reply {
  const p = principalOf(ctx);
  if (typeof p !== 'string') return p;
  if (p === STAKER) return ok(loadChain2026('principal-staking.json'));
  return ok({
    stx: { locked: '0', rewards: ZERO_REWARDS },
    bonds: { count: 0, locked: { btc: '0', stx: '0' }, rewards: ZERO_REWARDS },
  });
}

/** GET /extended/v3/principals/{p}/staking/bonds */
export function getPrincipalBonds(ctx: RouteContext): Reply {
  const p = principalOf(ctx);
  if (typeof p !== 'string') return p;
  if (p === STAKER) return ok(loadChain2026('principal-staking-bonds.json'));
  return ok({ limit: 20, total: 0, cursor: { next: null, previous: null, current: null }, results: [] });
}
