import * as assert from 'assert';
import { isStacksApiError, kindForStatus, serverWords, StacksApiError } from '../../src/api/errors';

// What the mutation run of src/api/errors.ts found unchecked: the error's name (how another
// bundle's copy of the class recognises it), statuses the client does not expect, and how the
// server's own words are picked out of an error body.
describe('API errors: recognised, classified, and the server’s words', () => {
  it('an error of this client is recognised by its class, or by its shape when another bundle made it', () => {
    const own = new StacksApiError('server', 'boom', { status: 502, path: '/extended' });
    assert.strictEqual(own.name, 'StacksApiError');
    assert.ok(isStacksApiError(own));
    assert.deepStrictEqual([own.kind, own.status, own.path], ['server', 502, '/extended']);
    // The detail panels' bundle has its own copy of the class: same name, a kind.
    const copy = Object.assign(new Error('boom'), { name: 'StacksApiError', kind: 'server' });
    assert.ok(isStacksApiError(copy));
    assert.ok(!isStacksApiError(Object.assign(new Error('boom'), { name: 'StacksApiError' })), 'no kind');
    assert.ok(!isStacksApiError(Object.assign(new Error('boom'), { name: 'TypeError', kind: 'server' })));
    assert.ok(!isStacksApiError({ name: 'StacksApiError', kind: 'server', message: 'not an Error' }));
    assert.ok(!isStacksApiError(undefined));
  });

  it('a status the API does not answer with is an unexpected response; 5xx is the server failing', () => {
    assert.deepStrictEqual([500, 502, 503, 599].map(kindForStatus), ['server', 'server', 'server', 'server']);
    assert.deepStrictEqual([200, 302, 418, 499].map(kindForStatus), [
      'invalid-response',
      'invalid-response',
      'invalid-response',
      'invalid-response',
    ]);
    assert.deepStrictEqual([400, 401, 403, 404, 410, 429].map(kindForStatus), [
      'bad-request',
      'unauthorized',
      'forbidden',
      'not-found',
      'gone',
      'rate-limited',
    ]);
  });

  it('the server’s words: message first, the node’s error with its reason, a bare string; trimmed and at most 300 characters', () => {
    assert.strictEqual(serverWords({ message: '  Block not found  ', error: 'Not Found' }), 'Block not found');
    // The node's answer to a fee estimate it cannot make (stacks-core's postfeerate route).
    assert.strictEqual(
      serverWords({ error: 'Estimation could not be performed', reason: 'NoEstimateAvailable' }),
      'Estimation could not be performed (NoEstimateAvailable)',
    );
    assert.strictEqual(serverWords({ error: 'Not Found' }), 'Not Found');
    assert.strictEqual(serverWords({ reason: 'NoEstimateAvailable' }), undefined, 'a reason alone says too little');
    assert.strictEqual(
      serverWords(' Fee estimation not supported on this node '),
      'Fee estimation not supported on this node',
    );
    assert.strictEqual(serverWords('x'.repeat(1000))!.length, 300);
    for (const nothing of ['   ', '', null, 42, { message: '  ' }, { message: 7 }])
      assert.strictEqual(serverWords(nothing), undefined, JSON.stringify(nothing));
  });
});
