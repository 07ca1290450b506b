import * as assert from 'assert';
import { checkBaseUrl } from '../../src/api/url';
import { checkExplorerBase, explorerUrl } from '../../src/chain/explorer';

// Issue 11, items 5 and 9: which URLs the extension talks to or opens.
describe('URL rules', () => {
  describe('API base URL: plain http only for the literal loopback names', () => {
    it('accepts https anywhere and http for localhost, 127.0.0.1 and [::1]', () => {
      for (const u of [
        'https://api.hiro.so',
        'https://evil.localhost',
        'http://localhost:3999',
        'http://LOCALHOST:3999/',
        'http://127.0.0.1:3999',
        'http://[::1]:3999',
      ])
        assert.ok(checkBaseUrl(u).ok, u);
    });
    it('refuses http for *.localhost and the rest of 127.0.0.0/8, which go to the system resolver or elsewhere', () => {
      for (const u of [
        'http://evil.localhost:3999',
        'http://a.b.localhost',
        'http://127.0.0.2:3999',
        'http://127.1.2.3',
        'http://0.0.0.0:3999',
        'http://[::ffff:127.0.0.1]:3999',
        'http://localhost.evil.example',
      ]) {
        const c = checkBaseUrl(u);
        assert.ok(!c.ok, u);
        assert.match(c.reason, /localhost, 127\.0\.0\.1, \[::1\]/);
      }
    });
  });

  describe('explorer URL setting', () => {
    it('accepts https, and http for a loopback explorer', () => {
      for (const u of ['https://explorer.hiro.so', 'https://explorer.example.org/stacks/', 'http://localhost:8000'])
        assert.ok(checkExplorerBase(u).ok, u);
    });
    it('refuses other schemes, http elsewhere, user info, a query or a fragment', () => {
      for (const u of [
        'file:///etc/passwd#',
        'javascript:alert(1)//',
        'command:workbench.action.terminal.new',
        'vscode://ms-vscode.remote/x',
        'ftp://explorer.example.org',
        'http://explorer.example.org',
        'http://evil.localhost:8000',
        'https://user:pw@explorer.example.org',
        'https://explorer.example.org/?x=1',
        'https://explorer.example.org/#frag',
        'https://explorer.example.org#',
        'not a url',
        '',
      ])
        assert.ok(!checkExplorerBase(u).ok, u);
    });
    it('says which rule a refused base breaks', () => {
      const reason = (u: string) => {
        const c = checkExplorerBase(u);
        return c.ok ? `accepted as ${c.url}` : c.reason;
      };
      assert.strictEqual(reason('not a url'), 'it is not a valid URL');
      for (const u of ['ftp://localhost:8000', 'file://localhost/etc/passwd', 'http://explorer.example.org'])
        assert.strictEqual(
          reason(u),
          'it must start with https:// (http:// only for localhost, 127.0.0.1 or [::1])',
          u,
        );
      assert.strictEqual(reason('https://user:pw@explorer.example.org'), 'it must not contain a user name or password');
      for (const u of ['https://explorer.example.org/?x=1', 'https://explorer.example.org#', 'http://localhost:8000/?'])
        assert.strictEqual(reason(u), 'it must not contain a query or fragment', u);
    });
    it('builds no link from a base that breaks the rules', () => {
      for (const base of ['file:///etc/passwd#', 'https://x.example/?a=', 'https://u@x.example'])
        assert.strictEqual(explorerUrl(base, { kind: 'mempool', id: '' }, 'mainnet', 'https://api.hiro.so'), undefined);
    });
  });
});

describe('explorerBaseFrom: the explorerUrl setting, or the default with a reason', () => {
  const DEFAULT = 'https://explorer.hiro.so';
  it('uses a good setting, and the default for an empty one', async () => {
    const { explorerBaseFrom } = await import('../../src/chain/explorer');
    assert.deepStrictEqual(explorerBaseFrom('https://explorer.example.org/', DEFAULT), {
      url: 'https://explorer.example.org',
    });
    assert.deepStrictEqual(explorerBaseFrom('  ', DEFAULT), { url: DEFAULT });
  });
  it('falls back to the default and says why for a bad one', async () => {
    const { explorerBaseFrom } = await import('../../src/chain/explorer');
    const e = explorerBaseFrom('file:///etc/passwd#', DEFAULT);
    assert.strictEqual(e.url, DEFAULT);
    assert.match(e.problem ?? '', /explorerUrl .* is not used: it must start with https:\/\//);
  });
});
