/**
 * Emily, the sBTC bridge's API, mounted under `/emily` on the mock's origin (the extension's
 * `stacksLookup.sbtc.emily.*Url` points there): the public routes of stacks-sbtc/sbtc's
 * `emily/openapi-gen/generated-specs/public-emily-openapi-spec.json` the extension reads, with the
 * bodies of test/fixtures/sbtc/ (SOURCES.md) and its `ErrorResponse` 404 body. A test changes what
 * it answers with `mock.override('/emily/deposit/<txid>/<index>', body)`.
 */
import * as fs from 'fs';
import * as path from 'path';
import { err, ok, param, Reply, Route, RouteContext } from './routing';

export const SBTC_FIXTURE_DIR = path.resolve(__dirname, '../../../test/fixtures/sbtc');
type Json = Record<string, unknown>;
const load = (name: string): Json => JSON.parse(fs.readFileSync(path.join(SBTC_FIXTURE_DIR, name), 'utf8')) as Json;

/** The deposits Emily knows, by txid. */
function deposits(): Json[] {
  return [load('emily-deposit--confirmed.json'), load('emily-deposit--pending.json')];
}

const notFound = (): Reply => err(404, { message: 'Not found' });
const HEX64 = /^[0-9a-f]{64}$/;

function depositsOfTx(ctx: RouteContext): Reply {
  const txid = decodeURIComponent(param(ctx, 0)).toLowerCase();
  if (!HEX64.test(txid)) return err(400, { message: 'Invalid txid' });
  const found = deposits().filter((d) => d['bitcoinTxid'] === txid);
  return found.length ? ok({ deposits: found, nextToken: null }) : ok({ deposits: [], nextToken: null });
}

function deposit(ctx: RouteContext): Reply {
  const txid = decodeURIComponent(param(ctx, 0)).toLowerCase();
  const index = Number(param(ctx, 1));
  const d = deposits().find((x) => x['bitcoinTxid'] === txid && x['bitcoinTxOutputIndex'] === index);
  return d ? ok(d) : notFound();
}

function withdrawal(ctx: RouteContext): Reply {
  const w = load('emily-withdrawal--accepted.json');
  return String(w['requestId']) === param(ctx, 0) ? ok(w) : notFound();
}

function depositsTo(ctx: RouteContext): Reply {
  const r = decodeURIComponent(param(ctx, 0));
  return ok({ deposits: deposits().filter((d) => d['recipient'] === r), nextToken: null });
}

function withdrawalsFrom(ctx: RouteContext): Reply {
  const w = load('emily-withdrawal--accepted.json');
  return ok({ withdrawals: w['sender'] === decodeURIComponent(param(ctx, 0)) ? [w] : [], nextToken: null });
}

export const EMILY_ROUTES: Route[] = [
  { pattern: /^\/emily\/deposit\/([^/]+)$/, handler: depositsOfTx },
  { pattern: /^\/emily\/deposit\/([^/]+)\/(\d+)$/, handler: deposit },
  { pattern: /^\/emily\/deposit\/recipient\/([^/]+)$/, handler: depositsTo },
  { pattern: /^\/emily\/withdrawal\/(\d+)$/, handler: withdrawal },
  { pattern: /^\/emily\/withdrawal\/sender\/([^/]+)$/, handler: withdrawalsFrom },
  { pattern: /^\/emily\/limits$/, handler: () => ok(load('emily-limits.json')) },
];
