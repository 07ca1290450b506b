/**
 * Measure 5: validating the largest pages with the client's own schemas (parseWith), bodies taken
 * from the mock API: each is JSON-parsed once, then validated `runs` times; median per page.
 */
import * as S from '../src/api/schemas';
import { ADDRESS, BLOCK, TX } from '../test/fixtures/ids';
import type { MockApi } from '../test/mock-api/server';
import { median } from './util';

export interface ParseResult {
  page: string;
  bytes: number;
  items: number;
  medianMs: number;
  jsonParseMs: number;
}

async function body(mock: MockApi, path: string): Promise<{ text: string; json: unknown }> {
  const res = await fetch(mock.url + path);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  const text = await res.text();
  return { text, json: JSON.parse(text) };
}

export async function measureParsing(mock: MockApi, runs: number): Promise<ParseResult[]> {
  // An address page of 50 transactions, each with its events (taken from the tx endpoint).
  const page = (await body(mock, `/extended/v2/addresses/${ADDRESS.busy}/transactions?limit=50&offset=0`)).json as {
    results: Array<{ tx: { tx_id: string; events?: unknown[] } }>;
  };
  for (const item of page.results) {
    const tx = (await body(mock, `/extended/v1/tx/${item.tx.tx_id}`)).json as { events?: unknown[] };
    item.tx.events = tx.events ?? [];
  }
  const addressText = JSON.stringify(page);
  const block = await body(mock, `/extended/v1/block/by_height/${BLOCK.big.height}`);
  const tx = await body(mock, `/extended/v1/tx/${TX.manyEvents}?event_limit=300&event_offset=0`);

  const cases: Array<{ page: string; text: string; schema: S.Schema<unknown>; items: (v: unknown) => number }> = [
    {
      page: 'address page, 50 txs with events',
      text: addressText,
      schema: S.AddressTransactionsPage,
      items: (v) => (v as { results: unknown[] }).results.length,
    },
    {
      page: 'block (v1) with 300 txs',
      text: block.text,
      schema: S.BlockV1,
      items: (v) => (v as { txs: unknown[] }).txs.length,
    },
    {
      page: 'tx with 300 events',
      text: tx.text,
      schema: S.Transaction,
      items: (v) => (v as { events: unknown[] }).events.length,
    },
  ];
  const out: ParseResult[] = [];
  for (const c of cases) {
    const json = JSON.parse(c.text) as unknown;
    const first = S.parseWith(c.schema, json);
    if (!first.ok) throw new Error(`${c.page}: the schema rejects the mock's page: ${first.problem}`);
    const times: number[] = [];
    const jsonTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      const fresh = JSON.parse(c.text) as unknown;
      jsonTimes.push(performance.now() - t);
      t = performance.now();
      S.parseWith(c.schema, fresh);
      times.push(performance.now() - t);
    }
    out.push({
      page: c.page,
      bytes: Buffer.byteLength(c.text),
      items: c.items(first.value),
      medianMs: median(times),
      jsonParseMs: median(jsonTimes),
    });
  }
  return out;
}
