// createStacksClient of src/api/lazy.ts, the one the extension calls: the client is loaded on the
// first call from its own bundle beside the module, and when that bundle is missing (a damaged
// install) the user reads which part is missing and what to do.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createStacksClient } from '../../src/api/lazy';
import { MissingBundleError } from '../../src/bundles/lazyBundle';
import { MockApi, startMockApi } from '../mock-api/server';

describe('the lazily loaded API client', () => {
  let mock: MockApi;
  let dir: string;
  before(async () => {
    mock = await startMockApi();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-client-'));
  });
  after(async () => {
    await mock.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('loads the client on the first call, and the client works', async () => {
    const c = createStacksClient({ baseUrl: mock.url });
    assert.strictEqual(c.baseUrl, mock.url);
    assert.ok((await c.getServerStatus()).server_version);
  });

  it('without the client bundle beside it, names the API client and what to do', () => {
    // The compiled module and its loader, installed without client.js.
    const compiled = path.resolve(__dirname, '../../src');
    fs.mkdirSync(path.join(dir, 'api'));
    fs.mkdirSync(path.join(dir, 'bundles'));
    fs.copyFileSync(path.join(compiled, 'bundles', 'lazyBundle.js'), path.join(dir, 'bundles', 'lazyBundle.js'));
    fs.copyFileSync(path.join(compiled, 'api', 'lazy.js'), path.join(dir, 'api', 'lazy.js'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const damaged = require(path.join(dir, 'api', 'lazy.js')) as typeof import('../../src/api/lazy');
    assert.throws(
      () => damaged.createStacksClient({ baseUrl: mock.url }),
      (e: unknown) => {
        assert.strictEqual((e as Error).name, 'MissingBundleError');
        assert.match(
          (e as MissingBundleError).message,
          /^Stacks Lookup could not load its API client \(client\.js\): reinstall or update the extension\. \(Cannot find module /,
        );
        return true;
      },
    );
  });
});
