// createStacksClient of src/api/lazy.ts, the one the extension calls: the client is a part loaded
// on the first call (src/bundles/parts.ts), and when that part is missing (a damaged install) the
// user reads which part is missing and what to do.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { createStacksClient } from '../../src/api/lazy';
import { startedParts } from '../../src/bundles/parts';
import type { MissingPartError } from '../../src/bundles/half';
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
    assert.ok(startedParts().includes('client'), 'the client part counts as started');
    assert.strictEqual(c.baseUrl, mock.url);
    assert.ok((await c.getServerStatus()).server_version);
  });

  it('without the client part, names the API client and what to do', () => {
    // The compiled loaders, installed with a part list whose client is missing.
    const compiled = path.resolve(__dirname, '../../src');
    fs.mkdirSync(path.join(dir, 'api'));
    fs.mkdirSync(path.join(dir, 'bundles'));
    for (const f of ['parts.js', 'half.js'])
      fs.copyFileSync(path.join(compiled, 'bundles', f), path.join(dir, 'bundles', f));
    fs.writeFileSync(
      path.join(dir, 'bundles', 'inflate.js'),
      `module.exports = require(${JSON.stringify(require.resolve('fflate'))});`,
    );
    fs.writeFileSync(path.join(dir, 'bundles', 'partsEntry.js'), 'exports.client = () => require("../api/client");');
    fs.copyFileSync(path.join(compiled, 'api', 'lazy.js'), path.join(dir, 'api', 'lazy.js'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const damaged = require(path.join(dir, 'api', 'lazy.js')) as typeof import('../../src/api/lazy');
    assert.throws(
      () => damaged.createStacksClient({ baseUrl: mock.url }),
      (e: unknown) => {
        assert.strictEqual((e as Error).name, 'MissingPartError');
        assert.match(
          (e as MissingPartError).message,
          /^Stacks Lookup could not load its API client: reinstall or update the extension\. \(Cannot find module /,
        );
        assert.strictEqual((e as Error).message.split('\n').length, 1, 'one line, no stack');
        return true;
      },
    );
  });
});
