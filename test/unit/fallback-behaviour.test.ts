// SwitchedOffRoutes (src/api/fallback.ts), the memory of the routes an API has switched off, as
// its callers use it: a route is recorded once, and `add` says whether it was new.
import * as assert from 'assert';
import { SwitchedOffRoutes } from '../../src/api';

describe('SwitchedOffRoutes: the routes an API has switched off', () => {
  it('records a route once: `add` is true the first time only, for each route', () => {
    const gone = new SwitchedOffRoutes();
    const route = '/extended/v1/address/{principal}/transactions';
    assert.strictEqual(gone.has(route), false);
    assert.strictEqual(gone.add(route), true);
    assert.strictEqual(gone.has(route), true);
    assert.strictEqual(gone.add(route), false);
    assert.strictEqual(gone.add('/extended/v1/tx/{tx_id}'), true);
    assert.strictEqual(gone.add('/extended/v1/tx/{tx_id}'), false);
    assert.strictEqual(gone.has(route), true);
  });
});
