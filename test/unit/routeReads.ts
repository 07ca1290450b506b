// The tests every read of the client passes: it reports a deprecated route once, by its template,
// and names what it read when the answer does not fit its shape. Shared by the client's read tests.
import * as assert from 'assert';
import type { StacksClient, StacksClientOptions } from '../../src/api';
import { deprecated, type MockApi } from '../mock-api/server';
import { rejectsWith } from './rejectsWith';

/** A read: its route template, the path the mock serves it on, and the word its errors use. */
export interface RouteRead {
  name: string;
  route: string;
  path: string;
  what: string;
  call: (c: StacksClient) => Promise<unknown>;
}

/** Declares, inside the calling `describe`, the two tests of each read. */
export function routeReadTests(
  reads: readonly RouteRead[],
  mock: () => MockApi,
  client: (o?: Partial<StacksClientOptions>) => StacksClient,
): void {
  for (const r of reads) {
    it(`reports a deprecated ${r.name} route once, by its template ${r.route}`, async () => {
      const warning = '299 - "Deprecated: this endpoint will be removed; use its replacement"';
      mock().fault(deprecated(/^\//));
      const seen: Array<[string, string]> = [];
      const c = client({ cache: false, onDeprecation: (route, w) => seen.push([route, w]) });
      await r.call(c);
      await r.call(c);
      assert.deepStrictEqual(seen, [[r.route, warning]]);
    });

    it(`names the ${r.name} that does not fit its shape "${r.what}"`, async () => {
      mock().override(r.path, ['not', 'an', 'object']);
      const e = await rejectsWith(r.call(client()), 'invalid-response');
      assert.ok(
        e.message.startsWith(`The API sent an unexpected ${r.what}: `),
        `${JSON.stringify(e.message)} names the ${r.what}`,
      );
      assert.deepStrictEqual([e.status, e.path], [200, r.path]);
    });
  }
}
