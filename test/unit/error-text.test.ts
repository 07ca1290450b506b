import * as assert from 'assert';
import { StacksApiError } from '../../src/api';
import { describeError, ErrorContext } from '../../src/ui/shared/errorText';

const KEY = 'secret-key-9f8e7d6c5b4a';
const CTX: ErrorContext = { networkLabel: 'Testnet', baseUrl: 'https://api.testnet.hiro.so', what: 'transaction' };

type Kind = ConstructorParameters<typeof StacksApiError>[0];
function err(kind: Kind, message: string, extra: Record<string, unknown> = {}): StacksApiError {
  return Object.assign(new StacksApiError(kind, message), extra);
}

describe('describeError', () => {
  it('says where a thing was not found and offers another network', () => {
    const t = describeError(err('not-found', 'Not found'), CTX);
    assert.strictEqual(
      t.message,
      'Transaction not found on Testnet (https://api.testnet.hiro.so). It may be on another network.',
    );
    assert.deepStrictEqual(t.actions, ['Select Network']);
    assert.strictEqual(t.short, 'Not found on Testnet');
  });
  it('offers an API key when rate limited without one, a retry with one, and says how long to wait', () => {
    const without = describeError(err('rate-limited', 'Too many requests', { retryAfterMs: 2500 }), CTX);
    assert.match(
      without.message,
      /^Rate limited by https:\/\/api\.testnet\.hiro\.so: set an API key for a higher limit\. Try again in 3 s\.$/,
    );
    assert.deepStrictEqual(without.actions, ['Set API Key', 'Retry']);
    assert.strictEqual(without.short, 'Rate limited: set an API key for a higher limit.');
    const withKey = describeError(err('rate-limited', 'Too many requests'), { ...CTX, hasApiKey: true });
    assert.strictEqual(withKey.message, 'Rate limited by https://api.testnet.hiro.so.');
    assert.deepStrictEqual(withKey.actions, ['Retry']);
    assert.doesNotMatch(withKey.message, /set an API key/);
  });
  it('asks for a key on 401 and 403', () => {
    const u = describeError(err('unauthorized', 'Unauthorized'), CTX);
    assert.match(u.message, /needs an API key: set one with "Stacks: Set API Key…"\./);
    assert.deepStrictEqual(u.actions, ['Set API Key']);
    const f = describeError(err('forbidden', 'Forbidden'), { ...CTX, hasApiKey: true });
    assert.strictEqual(f.message, 'https://api.testnet.hiro.so refused the API key: check it and set it again.');
    assert.match(describeError(err('forbidden', 'Forbidden'), CTX).message, /\(none is set\)/);
  });
  it('names an unreachable devnet with its URL', () => {
    const t = describeError(err('network', 'connect ECONNREFUSED 127.0.0.1:3999'), {
      networkLabel: 'Devnet',
      baseUrl: 'http://localhost:3999',
    });
    assert.strictEqual(t.short, 'Devnet at http://localhost:3999 is not reachable.');
    assert.deepStrictEqual(t.actions, ['Retry', 'Select Network']);
  });
  it('gives one sentence and useful actions for every other kind', () => {
    const cases: Array<[Kind, RegExp, string[]]> = [
      ['invalid-input', /^"0x12" is not a transaction id\.$/, []],
      ['insecure-url', /Choose another network or URL\.$/, ['Select Network']],
      ['bad-request', /^limit must be 50 or less$/, []],
      ['gone', /has switched this route off \(410 Gone\)/, ['Select Network', 'Show Log']],
      ['server', /^Testnet API \(https:\/\/api\.testnet\.hiro\.so\) had a problem: /, ['Retry', 'Select Network']],
      [
        'timeout',
        /^Testnet API at https:\/\/api\.testnet\.hiro\.so did not answer in time\.$/,
        ['Retry', 'Select Network'],
      ],
      ['cancelled', /^Cancelled\.$/, []],
      ['invalid-response', /^Testnet API sent something unexpected: /, ['Retry', 'Show Log']],
    ];
    const messages: Record<string, string> = {
      'invalid-input': '"0x12" is not a transaction id.',
      'bad-request': 'limit must be 50 or less',
    };
    for (const [kind, message, actions] of cases) {
      const t = describeError(err(kind, messages[kind] ?? 'details'), CTX);
      assert.match(t.message, message, kind);
      assert.deepStrictEqual(t.actions, actions, kind);
      assert.ok(t.short.length > 0 && t.short.length <= 80, `${kind}: short "${t.short}"`);
      assert.ok(!t.short.includes('\n') && !t.message.includes('\n'), `${kind}: one line`);
    }
  });
  it('describes a failure that is not an API error and points to the log', () => {
    const t = describeError(new Error('boom'), CTX);
    assert.strictEqual(t.message, 'Something went wrong: boom');
    assert.deepStrictEqual(t.actions, ['Show Log']);
  });
  it('never shows a key that is in the context', () => {
    const ctx = { ...CTX, hasApiKey: true, apiKey: KEY } as ErrorContext;
    const kinds: Kind[] = [
      'invalid-input',
      'insecure-url',
      'bad-request',
      'unauthorized',
      'forbidden',
      'not-found',
      'gone',
      'rate-limited',
      'server',
      'timeout',
      'cancelled',
      'network',
      'invalid-response',
    ];
    for (const kind of kinds) {
      const t = describeError(err(kind, 'details'), ctx);
      assert.ok(!JSON.stringify(t).includes(KEY), `${kind} shows the key`);
    }
  });
});
