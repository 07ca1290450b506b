import * as assert from 'assert';
import { createStacksClient, StacksApiError, type StacksClient } from '../../src/api';
import { loadDeployedSource } from '../../src/ui/drift/deployedSources';
import { CONTRACT, DEPLOYED } from '../fixtures/ids';
import { MockApi } from '../mock-api/server';
import { withMockClient } from '../fakes/mockClient';

/**
 * The deployed source and interface of a contract, read at most once a session by every feature
 * that needs them (navigation, hover, completion, the workbench, drift, failure names), however
 * many ask and whenever they ask.
 */
describe('Contract source and interface: one request per contract a session', () => {
  let api: MockApi;
  let client: StacksClient;
  withMockClient((m, k) => ((api = m), (client = k)));
  const to = (kind: 'source' | 'interface', id: string) =>
    api.requestsTo(`/v2/contracts/${kind}/${id.replace('.', '/')}`).length;

  it('concurrent and repeated callers of two contracts send one source and one interface request each', async () => {
    const ids = [CONTRACT.sbtcDeposit, DEPLOYED.cityRegistry.id];
    const round = () =>
      Promise.all(
        ids.flatMap((id) => [
          client.getContractSource(id),
          client.getContractSource(id),
          ...(id === CONTRACT.sbtcDeposit ? [client.getContractInterface(id), client.getContractInterface(id)] : []),
        ]),
      );
    const first = await round();
    for (let i = 0; i < 3; i++) await round();
    for (const id of ids) assert.strictEqual(to('source', id), 1, `one source request for ${id}`);
    assert.strictEqual(to('interface', CONTRACT.sbtcDeposit), 1, 'one interface request');
    assert.match((first[0] as { source: string }).source, /complete-deposit-wrapper/);
    assert.ok(client.knownContractInterface(CONTRACT.sbtcDeposit)?.functions.some((f) => f.name === 'get-burn-header'));
  });

  it('keeps an interface even when the response cache is off or full of other answers', async () => {
    const uncached = createStacksClient({ baseUrl: api.url, cache: false });
    await uncached.getContractInterface(CONTRACT.sbtcDeposit);
    await uncached.getContractInterface(CONTRACT.sbtcDeposit);
    assert.strictEqual(to('interface', CONTRACT.sbtcDeposit), 1);
  });

  it('a caller that cancels leaves the shared request to the others', async () => {
    const leaving = new AbortController();
    const a = client.getContractInterface(CONTRACT.sbtcDeposit, { signal: leaving.signal });
    const b = client.getContractInterface(CONTRACT.sbtcDeposit);
    leaving.abort();
    await assert.rejects(a, (e: StacksApiError) => e.kind === 'cancelled');
    assert.ok((await b).functions.length > 0);
    await client.getContractInterface(CONTRACT.sbtcDeposit);
    assert.strictEqual(to('interface', CONTRACT.sbtcDeposit), 1);
  });

  it('drift reads a source the client already has, and what drift read serves everyone else', async () => {
    const city = DEPLOYED.cityRegistry;
    // Drift first: the deploy transaction, then nobody asks the node's source route.
    const fromTx = await loadDeployedSource(client, city.id, city.tx, 'wait');
    assert.strictEqual((await client.getContractSource(city.id)).source, fromTx);
    assert.strictEqual(to('source', city.id), 0, 'the source drift read was shared');
    assert.strictEqual(api.requestsTo(`/extended/v1/tx/${city.tx}`).length, 1);

    // The node's source first: drift asks for no deploy transaction.
    const other = createStacksClient({ baseUrl: api.url });
    const user = DEPLOYED.userRegistry;
    const { source } = await other.getContractSource(user.id);
    assert.strictEqual(await loadDeployedSource(other, user.id, user.tx, 'wait'), source);
    assert.strictEqual(api.requestsTo(`/extended/v1/tx/${user.tx}`).length, 0, 'no deploy transaction asked');
  });

  it('a contract that does not exist is asked once; its interface is not kept, so a later deploy is seen', async () => {
    const missing = `${DEPLOYED.deployer}.nothing-here`;
    for (let i = 0; i < 2; i++) {
      await assert.rejects(client.getContractSource(missing), (e: StacksApiError) => e.kind === 'not-found');
      await assert.rejects(client.getContractInterface(missing), (e: StacksApiError) => e.kind === 'not-found');
    }
    assert.strictEqual(to('source', missing), 1);
    assert.strictEqual(to('interface', missing), 2);
  });
});
