// The usual setup of a unit suite that talks to the mock API through the real client: one mock
// for the suite, and before each test the mock reset (no overrides, no recorded requests) and a
// new client (an empty cache), handed to `use`.
import { createStacksClient, type StacksClient, type StacksClientOptions } from '../../src/api';
import { type MockApi, startMockApi } from '../mock-api/server';

export function withMockClient(
  use: (api: MockApi, client: StacksClient) => void,
  options: Omit<StacksClientOptions, 'baseUrl'> = {},
): void {
  let api: MockApi | undefined;
  before(async () => {
    api = await startMockApi();
  });
  after(() => api?.close());
  beforeEach(() => {
    api!.reset();
    use(api!, createStacksClient({ baseUrl: api!.url, ...options }));
  });
}
