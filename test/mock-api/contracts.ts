/**
 * The node's contract routes the API serves under /v2, for the mock's fixture contracts: the
 * interface, read-only calls, data variables, constants and map entries. Arguments and keys are
 * real serialized Clarity (decoded and checked against the fixture interface with
 * @stacks/transactions), and each fixture function answers from a table: there is no interpreter.
 * A call the node would refuse comes back as it does (stackslib/src/net/api/callreadonly.rs):
 * 200 with `okay: false` and the node's cause, the `Display` of its Clarity error
 * (clarity/src/vm/errors.rs `VmExecutionError`, whose runtime check errors print as
 * `RuntimeCheck(<Debug of the check error>)`, clarity/src/vm/analysis/errors.rs).
 */
import { Cl, ClarityType, ClarityValue, cvToHex, hexToCV } from '@stacks/transactions';
import * as fs from 'fs';
import * as path from 'path';
import { CONTRACT, DEPLOYED } from '../fixtures/ids';
import { Json, loadFixture } from './fixtures';
import { NATIVE_FAILURE_SOURCES } from './nativeFailure';
import { err, ok, Reply, RouteContext, param } from './routing';

type AbiType = string | { [k: string]: unknown };
interface Iface {
  functions: Array<{ name: string; access: string; args: Array<{ name: string; type: AbiType }> }>;
  variables: Array<{ name: string; type: AbiType; access: string }>;
  maps: Array<{ name: string; key: AbiType; value: AbiType }>;
}

/** A runtime error the function raises: its cause as the node prints it. */
class ClarityRuntimeError extends Error {}

interface FixtureContract {
  iface: Json;
  /** What each read-only function answers for its (checked) arguments. */
  calls: Record<string, (args: ClarityValue[]) => ClarityValue>;
  vars: Record<string, ClarityValue>;
  constants: Record<string, ClarityValue>;
  /** Map entries by map name, then by the key's hex. */
  maps: Record<string, Map<string, ClarityValue>>;
}

const PROBE_OWNER = 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG';

function contracts(): Record<string, FixtureContract> {
  const scoreKey = cvToHex(Cl.tuple({ player: Cl.principal(PROBE_OWNER), round: Cl.uint(1) }));
  const sentByKey = cvToHex(Cl.principal('ST1PQHQKV0RJXZFY1DGX8MNSNYVE3VGZJSRTPGZGM'));
  return {
    [CONTRACT.typeProbe]: {
      iface: loadFixture('v2-contract-interface--type-probe.json'),
      calls: {
        describe: ([amount, delta, flag, who, memo, tag, note, maybe, , items, pair]) =>
          Cl.ok(
            Cl.tuple({
              amount: amount!,
              delta: delta!,
              flag: flag!,
              who: who!,
              memo: memo!,
              tag: tag!,
              note: note!,
              maybe: maybe!,
              items: Cl.uint((items as { value: unknown[] }).value.length),
              a: (pair as { value: Record<string, ClarityValue> }).value.a!,
            }),
          ),
        'get-score': ([player, round]) => {
          const hit = cvToHex(Cl.tuple({ player: player!, round: round! })) === scoreKey;
          return hit ? Cl.some(Cl.tuple({ points: Cl.int(42), note: Cl.stringAscii('first round') })) : Cl.none();
        },
        'safe-div': ([a, b]) => {
          const d = BigInt((b as { value: bigint }).value);
          if (d === 0n) throw new ClarityRuntimeError('DivisionByZero');
          const q = BigInt((a as { value: bigint }).value) / d;
          return Cl.int(q);
        },
        'trait-name': ([t]) => Cl.ok(t!),
      },
      vars: { counter: Cl.int(-7), label: Cl.stringUtf8('probe') },
      constants: { OWNER: Cl.principal(PROBE_OWNER), 'MAX-ITEMS': Cl.uint(3) },
      maps: {
        scores: new Map([[scoreKey, Cl.tuple({ points: Cl.int(42), note: Cl.stringAscii('first round') })]]),
      },
    },
    [CONTRACT.memoPayments]: {
      iface: loadFixture('v2-contract-interface--memo-payments.json'),
      calls: {
        'get-total-sent': () => Cl.uint(1_500_000),
        'get-sent-by': ([who]) => Cl.uint(cvToHex(who!) === sentByKey ? 250_000 : 0),
        'get-reference-operator': () => Cl.principal('SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE'),
      },
      vars: { 'total-sent': Cl.uint(1_500_000) },
      constants: {
        'ERR-EMPTY-MEMO': Cl.error(Cl.uint(100)),
        'ERR-SELF-TRANSFER': Cl.error(Cl.uint(101)),
        'REFERENCE-OPERATOR': Cl.principal('SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE'),
      },
      maps: { 'sent-by': new Map([[sentByKey, Cl.uint(250_000)]]) },
    },
    [CONTRACT.wide]: {
      iface: wideInterface(100),
      calls: Object.fromEntries(
        Array.from({ length: 100 }, (_, i) => [`get-entry-${String(i).padStart(3, '0')}`, () => Cl.ok(Cl.uint(i))]),
      ),
      vars: { entries: Cl.uint(100) },
      constants: {},
      maps: {},
    },
    // The interface the node derives from the real source the mock serves (SOURCES below), for
    // navigation into a deployed contract: public, read-only and private functions with doc comments.
    [CONTRACT.sbtcDeposit]: {
      iface: loadFixture('v2-contract-interface--sbtc-deposit.json'),
      calls: { 'get-burn-header': () => Cl.none() },
      vars: {},
      constants: { 'dust-limit': Cl.uint(546), 'txid-length': Cl.uint(32) },
      maps: {},
    },
    [CONTRACT.wide200]: { iface: wideInterface(200), calls: {}, vars: {}, constants: {}, maps: {} },
    [CONTRACT.sbtcToken]: {
      iface: loadFixture('v2-contract-interface--sbtc-token.json'),
      calls: {
        'get-name': () => Cl.ok(Cl.stringAscii('sBTC')),
        'get-symbol': () => Cl.ok(Cl.stringAscii('sBTC')),
        'get-decimals': () => Cl.ok(Cl.uint(8)),
        'get-total-supply': () => Cl.ok(Cl.uint(402_587_500_000n)),
        'get-token-uri': () =>
          Cl.ok(
            Cl.some(Cl.stringUtf8('https://ipfs.io/ipfs/bafkreibqnozdui4ntgoh3oo437lvhg7qrsccmbzhgumwwjf2smb3eegyqu')),
          ),
        'get-balance': () => Cl.ok(Cl.uint(0)),
        'get-balance-available': () => Cl.ok(Cl.uint(0)),
        'get-balance-locked': () => Cl.ok(Cl.uint(0)),
      },
      vars: {
        'token-name': Cl.stringAscii('sBTC'),
        'token-symbol': Cl.stringAscii('sBTC'),
        'token-uri': Cl.some(
          Cl.stringUtf8('https://ipfs.io/ipfs/bafkreibqnozdui4ntgoh3oo437lvhg7qrsccmbzhgumwwjf2smb3eegyqu'),
        ),
      },
      constants: {
        ERR_NOT_OWNER: Cl.error(Cl.uint(4)),
        ERR_TRANSFER_INDEX_PREFIX: Cl.uint(1000),
        'token-decimals': Cl.uint(8),
      },
      maps: {},
    },
  };
}

/**
 * An interface with `n` read-only functions of three arguments each (uint, principal, a buffer)
 * and a tuple result, for the benchmark of the panel's first paint; each answers `(ok u<its index>)`.
 */
export function wideInterface(n: number): Json {
  const functions = Array.from({ length: n }, (_, i) => ({
    name: `get-entry-${String(i).padStart(3, '0')}`,
    access: 'read_only',
    args: [
      { name: 'id', type: 'uint128' },
      { name: 'owner', type: 'principal' },
      { name: 'salt', type: { buffer: { length: 32 } } },
    ],
    outputs: {
      type: {
        response: {
          ok: {
            tuple: [
              { name: 'amount', type: 'uint128' },
              { name: 'memo', type: { optional: { 'string-utf8': { length: 64 } } } },
            ],
          },
          error: 'uint128',
        },
      },
    },
  }));
  return {
    functions,
    variables: [{ name: 'entries', type: 'uint128', access: 'variable' }],
    maps: [{ name: 'entries-by-id', key: 'uint128', value: 'principal' }],
    fungible_tokens: [],
    non_fungible_tokens: [],
    epoch: 'Epoch31',
    clarity_version: 'Clarity3',
  };
}

let cached: Record<string, FixtureContract> | undefined;
/** The fixture contracts, by contract id; tests may add one (a hostile interface, 100 functions). */
export function fixtureContracts(): Record<string, FixtureContract> {
  cached ??= contracts();
  return cached;
}

/** Adds or replaces a contract the mock serves (its status comes from the status fixtures or `contractStatus`). */
export function addFixtureContract(id: string, c: Partial<FixtureContract> & { iface: Json }): void {
  fixtureContracts()[id] = { calls: {}, vars: {}, constants: {}, maps: {}, ...c };
}

const NOT_FOUND_INTERFACE = 'No contract interface data found';

/** The fixture's interface (JSON as the node serves it), read as the node reads its own ABI. */
function interfaceOf(c: FixtureContract): Iface {
  const iface: Iface = c.iface;
  return iface;
}

function contractOf(ctx: RouteContext): { id: string; c: FixtureContract | undefined } {
  const id = `${decodeURIComponent(param(ctx, 0))}.${decodeURIComponent(param(ctx, 1))}`;
  return { id, c: fixtureContracts()[id] };
}

function tipProblem(ctx: RouteContext): Reply | undefined {
  // The node reads `tip` as an index block hash (or `latest`); the mock knows no other block than
  // the latest, so a well-formed hash is served the same data. Anything else it would ignore:
  // the mock refuses it, so a test fails if the extension ever sends one.
  const tip = ctx.query.get('tip');
  if (tip !== null && tip !== 'latest' && !/^[0-9a-f]{64}$/.test(tip)) return err(400, `Invalid tip: ${tip}`);
  return undefined;
}

/**
 * The deployed sources the mock's node holds: the workspace's deploys (test/fixtures/deployed) and
 * contracts outside it (test/fixtures/clarity/real), byte for byte as published.
 */
const SOURCES: Record<string, { file: string; height: number }> = {
  [DEPLOYED.userRegistry.id]: { file: 'deployed/ccd003-user-registry.clar', height: DEPLOYED.userRegistry.height },
  [DEPLOYED.cityRegistry.id]: { file: 'deployed/ccd004-city-registry.clar', height: DEPLOYED.cityRegistry.height },
  [CONTRACT.sbtcDeposit]: { file: 'clarity/real/sbtc-deposit.clar', height: 163245 },
  ...NATIVE_FAILURE_SOURCES,
};

/** `GET /v2/contracts/source/{address}/{name}` (stackslib/src/net/api/getcontractsrc.rs): `proof=0` leaves the proof out. */
export function getContractSource(ctx: RouteContext): Reply {
  const { id } = contractOf(ctx);
  const known = SOURCES[id];
  if (!known) return err(404, 'No contract source data found');
  const source = fs.readFileSync(path.resolve(__dirname, '../../../test/fixtures', known.file), 'utf8');
  return ok({
    source,
    publish_height: known.height,
    ...(ctx.query.get('proof') === '0' ? {} : { proof: '0x' + '00'.repeat(32) }),
  });
}

export function getContractInterface(ctx: RouteContext): Reply {
  const { c } = contractOf(ctx);
  return c ? ok(c.iface) : err(404, NOT_FOUND_INTERFACE);
}

export function postCallRead(ctx: RouteContext): Reply {
  const bad = tipProblem(ctx);
  if (bad) return bad;
  const { id, c } = contractOf(ctx);
  const fnName = decodeURIComponent(param(ctx, 2));
  let body: { sender?: unknown; arguments?: unknown };
  try {
    body = JSON.parse(ctx.body ?? '') as typeof body;
  } catch {
    return err(400, 'Failed to parse JSON body');
  }
  if (typeof body.sender !== 'string' || !Array.isArray(body.arguments)) return err(400, 'Failed to parse JSON body');
  const refuse = (cause: string) => ok({ okay: false, cause });
  if (!c) return refuse(`RuntimeCheck(NoSuchContract("${id}"))`);
  const iface = interfaceOf(c);
  const f = iface.functions.find((x) => x.name === fnName);
  if (!f) return refuse(`RuntimeCheck(UndefinedFunction("${fnName}"))`);
  if (f.access === 'public') return refuse('NotReadOnly');
  if (f.access !== 'read_only') return refuse(`RuntimeCheck(NoSuchPublicFunction("${id}", "${fnName}"))`);
  if (body.arguments.length !== f.args.length)
    return refuse(`RuntimeCheck(IncorrectArgumentCount(${f.args.length}, ${body.arguments.length}))`);
  const args: ClarityValue[] = [];
  for (let i = 0; i < f.args.length; i++) {
    const hex = body.arguments[i];
    let cv: ClarityValue;
    try {
      cv = hexToCV(String(hex));
    } catch {
      return err(400, `Failed to deserialize argument ${i}`);
    }
    if (!conforms(cv, f.args[i]!.type))
      return refuse(`RuntimeCheck(TypeValueError(${signature(f.args[i]!.type)}, "${String(hex)}"))`);
    args.push(cv);
  }
  const answer = c.calls[fnName];
  if (!answer) return refuse(`RuntimeCheck(UndefinedFunction("${fnName}"))`);
  try {
    return ok({ okay: true, result: cvToHex(answer(args)) });
  } catch (e) {
    if (e instanceof ClarityRuntimeError) return refuse(e.message);
    throw e;
  }
}

export function getDataVar(ctx: RouteContext): Reply {
  const bad = tipProblem(ctx);
  if (bad) return bad;
  const { c } = contractOf(ctx);
  const v = c?.vars[decodeURIComponent(param(ctx, 2))];
  return v ? ok({ data: cvToHex(v) }) : err(404, 'Data var not found');
}

export function getConstantVal(ctx: RouteContext): Reply {
  const bad = tipProblem(ctx);
  if (bad) return bad;
  const { c } = contractOf(ctx);
  const v = c?.constants[decodeURIComponent(param(ctx, 2))];
  return v ? ok({ data: cvToHex(v) }) : err(404, 'Constant not found');
}

export function postMapEntry(ctx: RouteContext): Reply {
  const bad = tipProblem(ctx);
  if (bad) return bad;
  const { c } = contractOf(ctx);
  const name = decodeURIComponent(param(ctx, 2));
  let key: unknown;
  try {
    key = JSON.parse(ctx.body ?? '');
  } catch {
    return err(400, 'Failed to parse JSON body');
  }
  if (typeof key !== 'string' || !/^(0x)?([0-9a-fA-F]{2})+$/.test(key)) return err(400, 'Failed to parse JSON body');
  const map = c?.maps[name];
  const m = c && interfaceOf(c).maps.find((x) => x.name === name);
  if (!c || !m) return err(404, 'Map not found');
  // The node answers `none` for a key it does not hold, whatever its type.
  const hex = key.startsWith('0x') ? key.toLowerCase() : `0x${key.toLowerCase()}`;
  const v = map?.get(hex);
  return ok({ data: cvToHex(v ? Cl.some(v) : Cl.none()) });
}

/** Whether a value has a Clarity type, as the node checks an argument. */
function conforms(cv: ClarityValue, t: AbiType): boolean {
  if (typeof t === 'string') {
    switch (t) {
      case 'uint128':
        return cv.type === ClarityType.UInt;
      case 'int128':
        return cv.type === ClarityType.Int;
      case 'bool':
        return cv.type === ClarityType.BoolTrue || cv.type === ClarityType.BoolFalse;
      case 'principal':
        return cv.type === ClarityType.PrincipalStandard || cv.type === ClarityType.PrincipalContract;
      case 'trait_reference':
        return cv.type === ClarityType.PrincipalContract;
      case 'none':
        return cv.type === ClarityType.OptionalNone;
      default:
        return false;
    }
  }
  const [k, v] = Object.entries(t)[0] as [string, Record<string, unknown>];
  switch (k) {
    case 'buffer':
      return cv.type === ClarityType.Buffer && cv.value.length / 2 <= (v.length as number);
    case 'string-ascii':
      return cv.type === ClarityType.StringASCII && cv.value.length <= (v.length as number);
    case 'string-utf8':
      return cv.type === ClarityType.StringUTF8 && Array.from(cv.value).length <= (v.length as number);
    case 'optional':
      return (
        cv.type === ClarityType.OptionalNone ||
        (cv.type === ClarityType.OptionalSome && conforms(cv.value, v as AbiType))
      );
    case 'response': {
      const r = v as { ok: AbiType; error: AbiType };
      return (
        (cv.type === ClarityType.ResponseOk && conforms(cv.value, r.ok)) ||
        (cv.type === ClarityType.ResponseErr && conforms(cv.value, r.error))
      );
    }
    case 'list':
      return (
        cv.type === ClarityType.List &&
        cv.value.length <= (v.length as number) &&
        cv.value.every((x) => conforms(x, v.type as AbiType))
      );
    case 'tuple': {
      const fields = t.tuple as Array<{ name: string; type: AbiType }>;
      if (cv.type !== ClarityType.Tuple) return false;
      const keys = Object.keys(cv.value);
      return (
        keys.length === fields.length && fields.every((f) => f.name in cv.value && conforms(cv.value[f.name]!, f.type))
      );
    }
    default:
      return false;
  }
}

/** A type as the node's `Debug` of `TypeSignature` names it (the common ones). */
function signature(t: AbiType): string {
  if (typeof t === 'string')
    return (
      {
        uint128: 'UIntType',
        int128: 'IntType',
        bool: 'BoolType',
        principal: 'PrincipalType',
        trait_reference: 'CallableType(Trait)',
        none: 'NoType',
      }[t] ?? t
    );
  const k = Object.keys(t)[0]!;
  return (
    {
      buffer: 'SequenceType(BufferType)',
      'string-ascii': 'SequenceType(StringType(ASCII))',
      'string-utf8': 'SequenceType(StringType(UTF8))',
      optional: 'OptionalType',
      response: 'ResponseType',
      list: 'SequenceType(ListType)',
      tuple: 'TupleType',
    }[k] ?? k
  );
}
