/**
 * The sBTC registry's read-only answers (stacks-sbtc/sbtc `contracts/contracts/sbtc-registry.clar`,
 * the same source as test/fixtures/clarinet/real-sbtc/contracts/sbtc-registry.clar) for the
 * mainnet and testnet deployments, and the `initiate-withdrawal-request` transaction
 * (test/fixtures/sbtc/tx-initiate-withdrawal-request.json). The registry holds one completed
 * deposit, the Emily test's `672f77ce…` (output 0, 1,000,000 sats, swept in Bitcoin block 42 by
 * `0202…`), and withdrawal request 1 (pending on Stacks: Emily says the signers accepted it, its sweep `0303…`
 * expected in Bitcoin block 141). Calls are checked
 * like the node checks them: the function must exist and take these argument types.
 */
import { Cl, ClarityType, ClarityValue, cvToHex, hexToCV } from '@stacks/transactions';
import * as fs from 'fs';
import * as path from 'path';
import { SBTC_FIXTURE_DIR } from './emily';
import { err, ok, param, Reply, Route, RouteContext } from './routing';

/** Withdrawal request 1 of the mock's registry (`get-withdrawal-request u1`), with a status. */
export function withdrawalRequest1(status: ClarityValue): ClarityValue {
  return Cl.some(
    Cl.tuple({
      amount: Cl.uint(22_500),
      'max-fee': Cl.uint(3_000),
      sender: Cl.principal('SPVCH23N0QWQQZ3NJFB2YCBGPKTW7GBFXBEF4G19'),
      recipient: Cl.tuple({
        version: Cl.bufferFromHex('04'),
        hashbytes: Cl.bufferFromHex('751e76e8199196d454941c45d1b3a323f1433bd6'),
      }),
      'block-height': Cl.uint(137),
      status,
    }),
  );
}

export const DEPOSIT_TXID = '672f77ce3c16b36ec6c443f5b8a0a9684d0203482a3068567e792fe2559d54cf';
export const PENDING_TXID = 'e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7e7';
export const WITHDRAWAL_TX = '0x25982fe028733fe0158fa3972b68fe93ade7f242fb51283c3bc18145d0248d9a';

const ARGS: Record<string, ClarityType[]> = {
  'get-completed-deposit': [ClarityType.Buffer, ClarityType.UInt],
  'get-deposit-status': [ClarityType.Buffer, ClarityType.UInt],
  'get-withdrawal-request': [ClarityType.UInt],
  'get-completed-withdrawal-sweep-data': [ClarityType.UInt],
};

function answer(fn: string, args: ClarityValue[]): ClarityValue {
  const hex = (cv: ClarityValue) => (cv as { value: string }).value;
  const uint = (cv: ClarityValue) => BigInt((cv as { value: bigint }).value);
  switch (fn) {
    case 'get-completed-deposit':
      return hex(args[0]!) === DEPOSIT_TXID && uint(args[1]!) === 0n
        ? Cl.some(
            Cl.tuple({
              amount: Cl.uint(1_000_000),
              recipient: Cl.principal('ST000000000000000000002AMW42H'),
              'sweep-txid': Cl.bufferFromHex('02'.repeat(32)),
              'sweep-burn-hash': Cl.bufferFromHex('01'.repeat(32)),
              'sweep-burn-height': Cl.uint(42),
            }),
          )
        : Cl.none();
    case 'get-deposit-status':
      return hex(args[0]!) === DEPOSIT_TXID && uint(args[1]!) === 0n ? Cl.some(Cl.bool(true)) : Cl.none();
    case 'get-withdrawal-request':
      return uint(args[0]!) === 1n
        ? // Not decided on Stacks yet: the signers accepted it (Emily) and its sweep is on its way.
          withdrawalRequest1(Cl.none())
        : Cl.none();
    default:
      return Cl.none();
  }
}

function callRegistry(ctx: RouteContext): Reply {
  const fn = decodeURIComponent(param(ctx, 1));
  let body: { sender?: unknown; arguments?: unknown };
  try {
    body = JSON.parse(ctx.body ?? '') as typeof body;
  } catch {
    return err(400, 'Failed to parse JSON body');
  }
  if (typeof body.sender !== 'string' || !Array.isArray(body.arguments)) return err(400, 'Failed to parse JSON body');
  const types = ARGS[fn];
  if (!types) return ok({ okay: false, cause: `RuntimeCheck(UndefinedFunction("${fn}"))` });
  if (body.arguments.length !== types.length)
    return ok({
      okay: false,
      cause: `RuntimeCheck(IncorrectArgumentCount(${types.length}, ${body.arguments.length}))`,
    });
  const args = body.arguments.map((a) => hexToCV(String(a)));
  if (args.some((a, i) => a.type !== types[i])) return ok({ okay: false, cause: 'RuntimeCheck(TypeValueError)' });
  return ok({ okay: true, result: cvToHex(answer(fn, args)) });
}

function withdrawalTx(): Reply {
  return ok(JSON.parse(fs.readFileSync(path.join(SBTC_FIXTURE_DIR, 'tx-initiate-withdrawal-request.json'), 'utf8')));
}

const DEPLOYERS = '(SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4|ST1F7QA2MDF17S807EPA36TSS8AMEFY4KA9TVGWXT)';

export const SBTC_ROUTES: Route[] = [
  {
    pattern: new RegExp(`^/v2/contracts/call-read/${DEPLOYERS}/sbtc-registry/([^/]+)$`),
    handler: (ctx) => callRegistry({ ...ctx, params: [ctx.params[0]!, ctx.params[1]!] }),
    post: true,
  },
  { pattern: new RegExp(`^/extended/v1/tx/(${WITHDRAWAL_TX})$`), handler: withdrawalTx },
];
