import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { ADDRESS, BLOCK, BURN, TX } from '../../fixtures/ids';
import { FIXTURE_DIR, loadFixture, MockApi, startMockApi } from '../../mock-api/server';

/**
 * Every fixture is a body the real API sends: each one passes the API's own schemas with a JSON
 * Schema validator. v1/v2 bodies: the JSON schemas @stacks/stacks-blockchain-api-types 7.14.1
 * ships; v3 bodies: the OpenAPI of the v3 routes (test/fixtures/api/openapi-v3.yaml, from the
 * API's own openapi.yaml at v9.0.2). TypeScript types are no substitute: a JSON import widens
 * `"succes"` to `string`.
 */

const TYPES_DIR = path.dirname(require.resolve('@stacks/stacks-blockchain-api-types/package.json'));
const TYPES_ID = 'https://stacks-blockchain-api-types/';

/** A schema without `additionalProperties: false` anywhere. */
function open(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(open);
  if (!s || typeof s !== 'object') return s;
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (!(k === 'additionalProperties' && v === false)) o[k] = open(v);
  return o;
}

/**
 * Where the API at v9.0.2 (the one the fixtures come from) differs from what 7.14.1 describes,
 * each checked in the API's source at 759c4a58 (src/api/schemas/v1/entities/*.ts): a v2 address
 * transaction no longer carries the transfer lists (AddressTransactionSchema), and a v2 block no
 * longer lists its transactions (NakamotoBlockSchema, with tenure_height added), and an STX
 * balance gives its totals only when they are known (StxBalanceSchema: total_sent, total_received
 * and total_fees_sent optional), and a mined transaction may be `problematic_skipped`
 * (TransactionSchema's status).
 */
const V9_ADDED_ENUM: Record<string, readonly string[]> = {
  'entities/transactions/transaction-status.schema.json': ['problematic_skipped'],
};
const V9_DROPPED_REQUIRED: Record<string, readonly string[]> = {
  'entities/balance/stx-balance.schema.json': ['total_sent', 'total_received', 'total_fees_sent'],
  'entities/address/address-transaction.schema.json': ['stx_transfers', 'ft_transfers', 'nft_transfers'],
  'entities/blocks/nakamoto-block.schema.json': ['txs'],
};

/**
 * The package's schemas, each under an id from its path so their relative `$ref`s resolve. Their
 * `additionalProperties: false` goes: the package builds one schema from closed parts with `allOf`,
 * which no object can pass (each part rejects the other's fields), and v9 sends fields 7.14.1 did
 * not know yet. Required fields, types and enumerations are checked as written.
 */
function typesValidator(): (schemaPath: string) => ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.schema.json')) {
        const rel = path.relative(TYPES_DIR, p).split(path.sep).join('/');
        const schema = open(JSON.parse(fs.readFileSync(p, 'utf8'))) as Record<string, unknown>;
        delete schema.$schema;
        const dropped = V9_DROPPED_REQUIRED[rel];
        if (dropped) schema.required = (schema.required as string[]).filter((r) => !dropped.includes(r));
        const added = V9_ADDED_ENUM[rel];
        if (added) schema.enum = [...(schema.enum as string[]), ...added];
        ajv.addSchema({ ...schema, $id: TYPES_ID + rel });
      }
    }
  };
  walk(path.join(TYPES_DIR, 'api'));
  walk(path.join(TYPES_DIR, 'entities'));
  return (schemaPath) => {
    const v = ajv.getSchema(TYPES_ID + schemaPath);
    assert.ok(v, `no schema ${schemaPath} in the types package`);
    return v;
  };
}

/**
 * The 200 schema of a v3 route. The API serialises its responses with these schemas
 * (fast-json-stringify), which writes only the properties a schema names: so an object with a
 * property the schema does not name is a body the API never sends, and is rejected here.
 */
function v3Validator(): (route: string) => ValidateFunction {
  const doc = parseYaml(fs.readFileSync(path.join(FIXTURE_DIR, 'openapi-v3.yaml'), 'utf8')) as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
  };
  const closed = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(closed);
    if (!s || typeof s !== 'object') return s;
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) o[k] = k === 'example' || k === 'examples' ? v : closed(v);
    if (o.type === 'object' && o.properties && o.additionalProperties === undefined) o.additionalProperties = false;
    return o;
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  return (route) => {
    const op = doc.paths[route];
    assert.ok(op, `no route ${route} in the OpenAPI`);
    let v = compiled.get(route);
    if (!v) {
      v = ajv.compile(closed(op.get.responses['200']!.content['application/json']!.schema) as object);
      compiled.set(route, v);
    }
    return v;
  };
}

const types = typesValidator();
const v3 = v3Validator();

/**
 * The node's own schemas for the routes the API serves under /v2 (the contract interface, a
 * read-only call, a data variable or map entry, a constant): stacks-core `docs/rpc/components/schemas`,
 * saved as test/fixtures/api/node-rpc-schemas.json.
 */
function nodeValidator(): (name: string) => ValidateFunction {
  const file = loadFixture('node-rpc-schemas.json') as { schemas: Record<string, Record<string, unknown>> };
  const ajv = new Ajv({ strict: false, allErrors: true });
  for (const [name, schema] of Object.entries(file.schemas)) ajv.addSchema({ ...schema, $id: name });
  return (name) => {
    const v = ajv.getSchema(name);
    assert.ok(v, `no node schema ${name}`);
    return v;
  };
}
const node = nodeValidator();

const V3_TX = '/extended/v3/transactions/{tx_id}';
const V3_EVENTS = '/extended/v3/transactions/{tx_id}/events';
const V3_PRINCIPAL_TXS = '/extended/v3/principals/{principal}/transactions';
const V3_BALANCE = '/extended/v3/principals/{principal}/balances/stx';
const V3_BALANCE_CHANGES = '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes';
const V3_BLOCK_TXS = '/extended/v3/blocks/{height_or_hash}/transactions';
const V3_NONCES = '/extended/v3/principals/{principal}/nonces';
const V3_MEMPOOL_TXS = '/extended/v3/mempool/transactions';
const V3_FT_BALANCES = '/extended/v3/principals/{principal}/balances/ft';
const V3_NFT_BALANCES = '/extended/v3/principals/{principal}/balances/nft';
const V3_PRINCIPAL_MEMPOOL = '/extended/v3/principals/{principal}/mempool/transactions';

/** Each fixture and the schema of the route that sends it. */
const SCHEMA_OF: Record<string, () => ValidateFunction> = {
  'tx-token_transfer.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-contract_call-sponsored.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-smart_contract.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-coinbase.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-tenure_change.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-failed.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-abort_by_post_condition.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-problematic_skipped.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-contract_call-ft_transfer.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-contract_call-abort_by_response.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-contract_call-stack_stx.json': () => types('entities/transactions/transaction.schema.json'),
  'tx-pending.json': () => types('entities/mempool-transactions/transaction.schema.json'),
  'tx-dropped.json': () => types('entities/mempool-transactions/transaction.schema.json'),
  'stx-balance--locked.json': () => types('api/address/get-address-stx-balance.schema.json'),
  'stx-balance--sponsored.json': () => types('api/address/get-address-stx-balance.schema.json'),
  'stx-balance--token-offering-locked.json': () => types('api/address/get-address-stx-balance.schema.json'),
  'address-transactions--mainnet.json': () => types('api/address/get-v2-address-transactions.schema.json'),
  'address-transactions--testnet.json': () => types('api/address/get-v2-address-transactions.schema.json'),
  'address-tx-events--mainnet.json': () => types('api/address/get-address-transaction-events.schema.json'),
  'address-tx-events--testnet.json': () => types('api/address/get-address-transaction-events.schema.json'),
  'block-v1--by_height-latest.json': () => types('entities/blocks/block.schema.json'),
  'block-v2--latest.json': () => types('entities/blocks/nakamoto-block.schema.json'),
  'block-v2--nakamoto-tenure.json': () => types('entities/blocks/nakamoto-block.schema.json'),
  'burn-block--654439.json': () => types('entities/blocks/burn-block.schema.json'),
  'burn-block--hash-filter.json': () => types('entities/blocks/burn-block.schema.json'),
  'burn-block-blocks--700000.json': () => types('api/blocks/get-nakamoto-blocks.schema.json'),
  'contracts-status.json': () => types('api/smart-contracts/get-smart-contracts-status.schema.json'),
  'mempool-stats.json': () => types('api/transaction/get-mempool-stats.schema.json'),
  'mempool-fees.json': () => types('api/mempool/get-fee-priorities.schema.json'),
  'v3-mempool-transactions.json': () => v3(V3_MEMPOOL_TXS),
  'server-status.json': () => types('api/info/get-status.schema.json'),
  'v2-balances-stx--locked.json': () => types('api/address/get-address-stx-balance.schema.json'),
  'v3-transaction--token_transfer.json': () => v3(V3_TX),
  'v3-transaction--pending.json': () => v3(V3_TX),
  'v3-principal-transactions--mainnet.json': () => v3(V3_PRINCIPAL_TXS),
  'v3-balances-stx--locked.json': () => v3(V3_BALANCE),
  'v3-transaction--contract_call-include.json': () => v3(V3_TX),
  'v3-transaction--smart_contract-source_code.json': () => v3(V3_TX),
  'v3-transaction--problematic_skipped.json': () => v3(V3_TX),
  'ft-metadata--miamicoin.json': () => ajvFor(FT_METADATA_RESPONSE),
  // the same page of transaction summaries as the v3 block transactions route sends
  'v3-transaction-summaries--token_transfer-coinbase.json': () => v3(V3_BLOCK_TXS),
  'v3-nonces--none.json': () => v3(V3_NONCES),
  'v3-nonces--no-gap.json': () => v3(V3_NONCES),
  'v3-nonces--gap.json': () => v3(V3_NONCES),
  // the node's routes under /v2 (stacks-core docs/rpc; the examples there, and interfaces in the same shape)
  'v2-contract-interface--sbtc-token.json': () => node('contract-interface'),
  'v2-contract-interface--sbtc-deposit.json': () => node('contract-interface'),
  'v2-contract-interface--memo-payments.json': () => node('contract-interface'),
  'v2-contract-interface--type-probe.json': () => node('contract-interface'),
  'v2-call-read--success.json': () => node('read-only-function-result'),
  'v2-call-read--failure.json': () => node('read-only-function-result'),
  'v2-map-entry--proof.json': () => node('clarity-data'),
  'v2-constant-val.json': () => node('constant-value'),
  'v3-balances-ft--three.json': () => v3(V3_FT_BALANCES),
  'v3-balances-ft--empty.json': () => v3(V3_FT_BALANCES),
  'v3-balances-nft--three.json': () => v3(V3_NFT_BALANCES),
  'v3-balances-nft--empty.json': () => v3(V3_NFT_BALANCES),
  'address-balances--v1-tokens.json': () => types('api/address/get-address-balances.schema.json'),
};

/**
 * The Token Metadata API's `FtMetadataResponse` (hirosystems/token-metadata-api `src/api/schemas.ts`,
 * a TypeBox schema there), written out as JSON Schema: only the three ids are required.
 */
const FT_METADATA_RESPONSE = {
  type: 'object',
  required: ['tx_id', 'sender_address', 'asset_identifier'],
  properties: {
    name: { type: 'string' },
    symbol: { type: 'string' },
    decimals: { type: 'integer' },
    total_supply: { type: 'string' },
    token_uri: { type: 'string' },
    description: { type: 'string' },
    image_uri: { type: 'string' },
    image_thumbnail_uri: { type: 'string' },
    image_canonical_uri: { type: 'string' },
    tx_id: { type: 'string' },
    sender_address: { type: 'string' },
    asset_identifier: { type: 'string' },
    metadata: { type: 'object' },
  },
  additionalProperties: false,
};

function ajvFor(schema: object): ValidateFunction {
  return new Ajv({ strict: false, allErrors: true }).compile(schema);
}

/** Bodies no schema describes: the API's error bodies (Fastify's error serializer), and the OpenAPI itself. */
const NOT_A_RESPONSE = /^(error-.*\.json|openapi-v3\.yaml|node-rpc-schemas\.json|SOURCES\.md)$/;

function problems(v: ValidateFunction, body: unknown): string {
  return v(body) ? '' : JSON.stringify(v.errors?.slice(0, 5), null, 1);
}

describe("Fixtures pass the API's own schemas", () => {
  it('every fixture file is either checked here or not a response body', () => {
    for (const f of fs.readdirSync(FIXTURE_DIR))
      assert.ok(SCHEMA_OF[f] || NOT_A_RESPONSE.test(f), `${f}: add it to SCHEMA_OF with the schema of its route`);
  });

  for (const [file, schema] of Object.entries(SCHEMA_OF)) {
    it(file, () => {
      assert.strictEqual(problems(schema(), loadFixture(file)), '', file);
    });
  }

  it("every error body is the API's error shape", () => {
    for (const f of fs.readdirSync(FIXTURE_DIR).filter((n) => /^error-.*\.json$/.test(n))) {
      const b = loadFixture(f) as Record<string, unknown>;
      assert.ok(typeof b.error === 'string' || typeof b.message === 'string', f);
    }
  });

  describe('a body the real API would never send fails', () => {
    it('a v3 token transfer with the memo as a string (it is {hex, repr})', () => {
      const tx = loadFixture('v3-transaction--token_transfer.json');
      tx.token_transfer.memo = tx.token_transfer.memo.hex;
      assert.notStrictEqual(problems(v3(V3_TX), tx), '');
    });
    it("a v3 principal transaction with the summary's fields of a full transaction", () => {
      const page = loadFixture('v3-principal-transactions--mainnet.json');
      page.results[0].transaction.event_count = 4;
      assert.notStrictEqual(problems(v3(V3_PRINCIPAL_TXS), page), '');
    });
    it('a v3 mempool list item with the heavy fields of a full mempool transaction', () => {
      const page = loadFixture('v3-mempool-transactions.json');
      page.results[0].post_conditions = [];
      assert.notStrictEqual(problems(v3(V3_MEMPOOL_TXS), page), '');
    });
    it('fee estimates as STX strings instead of whole µSTX', () => {
      const fees = loadFixture('mempool-fees.json');
      fees.all.low_priority = '0.003';
      assert.notStrictEqual(problems(types('api/mempool/get-fee-priorities.schema.json'), fees), '');
    });
    it("a v3 balance with v1's locked amount as a string", () => {
      assert.notStrictEqual(
        problems(v3(V3_BALANCE), { ...loadFixture('v3-balances-stx--locked.json'), locked: '400000' }),
        '',
      );
    });
    it('a v1 transaction with a misspelt status, or a missing field', () => {
      const tx = loadFixture('tx-token_transfer.json');
      const schema = types('entities/transactions/transaction.schema.json');
      assert.notStrictEqual(problems(schema, { ...tx, tx_status: 'succes' }), '');
      const { nonce: _nonce, ...withoutNonce } = tx;
      assert.notStrictEqual(problems(schema, withoutNonce), '');
    });
  });
});

describe("The mock's burn blocks pass the API's own schemas", () => {
  let mock: MockApi;
  before(async () => {
    mock = await startMockApi();
  });
  after(async () => {
    await mock.close();
  });
  const get = async (p: string): Promise<unknown> => {
    const r = await fetch(mock.url + p);
    assert.strictEqual(r.status, 200, p);
    return r.json();
  };

  it('every burn block the mock knows, and its Stacks blocks', async () => {
    for (const key of ['latest', '654439', '654438', '700000', BURN.hash700000]) {
      assert.strictEqual(
        problems(types('entities/blocks/burn-block.schema.json'), await get(`/extended/v2/burn-blocks/${key}`)),
        '',
        key,
      );
      assert.strictEqual(
        problems(
          types('api/blocks/get-nakamoto-blocks.schema.json'),
          await get(`/extended/v2/burn-blocks/${key}/blocks?limit=30`),
        ),
        '',
        key,
      );
    }
  });
});

describe("The mock's v3 answers pass the v3 OpenAPI", () => {
  let mock: MockApi;
  before(async () => {
    mock = await startMockApi({ sunset: true });
  });
  after(async () => {
    await mock.close();
  });
  const get = async (p: string): Promise<unknown> => {
    const r = await fetch(mock.url + p);
    assert.strictEqual(r.status, 200, p);
    return r.json();
  };

  /** The `next` cursor of the mempool list's first `n` items. */
  const mempoolCursorAt = async (n: number): Promise<string> =>
    ((await get(`${V3_MEMPOOL_TXS}?limit=${n}`)) as { cursor: { next: string } }).cursor.next;

  it('every transaction of every type and status, lean and with every include', async () => {
    for (const id of Object.values(TX)) {
      for (const q of ['', '?include=function_args,source_code,post_conditions,result']) {
        const body = await get(`/extended/v3/transactions/${id}${q}`);
        assert.strictEqual(problems(v3(V3_TX), body), '', `${id}${q}`);
      }
    }
  });

  it('events, principal transactions, balances, balance changes and block transactions', async () => {
    for (const id of [TX.manyEvents, TX.tokenTransfer, TX.contractCall])
      assert.strictEqual(problems(v3(V3_EVENTS), await get(`/extended/v3/transactions/${id}/events?limit=50`)), '', id);
    for (const a of Object.values(ADDRESS)) {
      assert.strictEqual(problems(v3(V3_PRINCIPAL_TXS), await get(`/extended/v3/principals/${a}/transactions`)), '', a);
      assert.strictEqual(problems(v3(V3_BALANCE), await get(`/extended/v3/principals/${a}/balances/stx`)), '', a);
      assert.strictEqual(problems(v3(V3_FT_BALANCES), await get(`/extended/v3/principals/${a}/balances/ft`)), '', a);
      assert.strictEqual(problems(v3(V3_NFT_BALANCES), await get(`/extended/v3/principals/${a}/balances/nft`)), '', a);
      assert.strictEqual(
        problems(v3(V3_PRINCIPAL_MEMPOOL), await get(`/extended/v3/principals/${a}/mempool/transactions`)),
        '',
        a,
      );
    }
    for (const [a, tx] of [
      [ADDRESS.mainnet, TX.mainnetContractCall],
      [ADDRESS.testnet, TX.tokenTransfer],
      [ADDRESS.mainnet, TX.manyEvents],
    ] as const)
      assert.strictEqual(
        problems(v3(V3_BALANCE_CHANGES), await get(`/extended/v3/principals/${a}/transactions/${tx}/balance-changes`)),
        '',
        `${a} ${tx}`,
      );
    for (const q of ['', '?limit=50', `?limit=7&cursor=${await mempoolCursorAt(7)}`])
      assert.strictEqual(problems(v3(V3_MEMPOOL_TXS), await get(`${V3_MEMPOOL_TXS}${q}`)), '', `mempool ${q}`);
    assert.strictEqual(
      problems(types('api/mempool/get-fee-priorities.schema.json'), await get('/extended/v2/mempool/fees')),
      '',
      'fees',
    );
    for (const b of [BLOCK.height, BLOCK.big.height])
      assert.strictEqual(
        problems(v3(V3_BLOCK_TXS), await get(`/extended/v3/blocks/${b}/transactions?limit=50`)),
        '',
        String(b),
      );
  });
});
