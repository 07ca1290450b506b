// checkBaseUrl (src/api/url.ts), the API URL a user types or pastes in the settings or the network
// picker: the space a copy from a web page brings along, and the sentence each refusal shows.
// Which hosts may use plain http is test/unit/url-rules.test.ts.
import * as assert from 'assert';
import { checkBaseUrl } from '../../src/api/url';

const reason = (raw: string): string => {
  const c = checkBaseUrl(raw);
  assert.ok(!c.ok, `${JSON.stringify(raw)} was accepted`);
  return c.reason;
};

describe('checkBaseUrl: what a pasted API URL becomes', () => {
  it('the spaces around a pasted URL are dropped, a no-break space too', () => {
    for (const raw of [
      ' https://api.hiro.so ',
      '\u00a0https://api.hiro.so',
      'https://api.testnet.hiro.so\u00a0',
      '\u3000http://localhost:3999\n',
    ]) {
      const c = checkBaseUrl(raw);
      assert.ok(c.ok, `${JSON.stringify(raw)}: ${c.ok ? '' : c.reason}`);
    }
    const c = checkBaseUrl('\u00a0https://api.hiro.so/extended\u00a0');
    assert.strictEqual(c.ok && c.url.href, 'https://api.hiro.so/extended');
  });

  it('what is not a URL is quoted back as typed', () => {
    assert.strictEqual(reason('api.hiro.so'), '"api.hiro.so" is not a valid URL.');
    assert.strictEqual(reason(''), '"" is not a valid URL.');
  });

  it('a user name alone, or a password alone, is refused', () => {
    for (const raw of ['https://alice@api.hiro.so', 'https://:s3cret@api.hiro.so', 'http://alice:pw@localhost:3999'])
      assert.strictEqual(reason(raw), 'The API URL must not contain a user name or password.', raw);
  });

  it('a query alone, or a fragment alone, is refused', () => {
    for (const raw of [
      'https://api.hiro.so/?network=testnet',
      'https://api.hiro.so/#status',
      'http://localhost:3999?x=1',
    ])
      assert.strictEqual(reason(raw), 'The API URL must not contain a query or fragment.', raw);
  });

  it('another scheme is refused naming it, on a loopback host too', () => {
    for (const [raw, scheme] of [
      ['ftp://api.example.org', 'ftp:'],
      ['ftp://localhost:3999', 'ftp:'],
      ['ws://127.0.0.1:3999', 'ws:'],
      ['file:///etc/passwd', 'file:'],
    ])
      assert.strictEqual(reason(raw!), `The API URL must start with https:// (got ${scheme}).`, raw);
  });
});
