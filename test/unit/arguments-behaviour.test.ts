// The client's checks of a page's limit and offset (src/api/arguments.ts) when they come as text,
// the way a command argument, a URL query or a webview message carries them: digits are the
// number they spell and reach the API as such; anything else is refused, quoted, before a request.
import * as assert from 'assert';
import { createStacksClient, StacksApiError } from '../../src/api';
import type { PageOptions } from '../../src/api/client';
import { ADDRESS } from '../fixtures/ids';
import { MockApi, startMockApi } from '../mock-api/server';
import { untyped } from '../fakes/fetch';

const asText = (o: Record<string, string>) => untyped<PageOptions>(o);
const TXS = `/extended/v2/addresses/${ADDRESS.mainnet}/transactions`;

describe('page arguments given as text', () => {
  let mock: MockApi;
  before(async () => {
    mock = await startMockApi();
  });
  after(() => mock.close());
  beforeEach(() => mock.reset());
  const client = () => createStacksClient({ baseUrl: mock.url, cache: false });

  it('digits are read as the number they spell and sent as it', async () => {
    const page = await client().getAddressTransactions(ADDRESS.mainnet, asText({ limit: '10', offset: '0' }));
    assert.strictEqual(page.limit, 10);
    assert.strictEqual(page.offset, 0);
    const asked = mock.requestsTo(TXS);
    assert.deepStrictEqual(
      asked.map((r) => [r.query.get('limit'), r.query.get('offset')]),
      [['10', '0']],
    );
  });

  it('text that is not only digits is refused as it came, and nothing is sent', async () => {
    const c = client();
    for (const limit of [' 5', '5 ', '+5', '1e1', '0x10', '']) {
      await assert.rejects(c.getAddressTransactions(ADDRESS.mainnet, asText({ limit })), (e: unknown) => {
        assert.ok(e instanceof StacksApiError);
        assert.strictEqual(e.kind, 'invalid-input');
        assert.strictEqual(e.message, `"limit" must be a whole number from 1 to 50 (got ${JSON.stringify(limit)}).`);
        return true;
      });
    }
    await assert.rejects(c.getAddressTransactions(ADDRESS.mainnet, asText({ offset: '-1' })), {
      message: '"offset" must be a whole number of 0 or more (got "-1").',
    });
    assert.strictEqual(mock.requests.length, 0);
  });
});
