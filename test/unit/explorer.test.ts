import * as assert from 'assert';
import { bitcoinUrl, explorerBaseFrom, explorerUrl } from '../../src/chain/explorer';
import type { Target } from '../../src/chain/target';

const BASE = 'https://explorer.hiro.so';
const TX = '0x03807fdb726b3cb843e0330c564a4974037be8f9ea58ec7f8ebe03c34b890009';
const SP = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const DEVNET = 'http://localhost:3999';

describe('explorerUrl', () => {
  it('names the chain for mainnet and testnet, without an api parameter', () => {
    assert.strictEqual(
      explorerUrl(BASE, { kind: 'tx', id: TX }, 'mainnet', 'https://api.hiro.so'),
      `${BASE}/txid/${TX}?chain=mainnet`,
    );
    assert.strictEqual(
      explorerUrl(BASE, { kind: 'address', id: SP }, 'testnet', 'https://api.testnet.hiro.so'),
      `${BASE}/address/${SP}?chain=testnet`,
    );
  });
  it('points the explorer at the same API for devnet and custom networks', () => {
    assert.strictEqual(
      explorerUrl(BASE, { kind: 'tx', id: TX }, 'devnet', DEVNET),
      `${BASE}/txid/${TX}?chain=devnet&api=http%3A%2F%2Flocalhost%3A3999`,
    );
    const custom = new URL(explorerUrl(BASE, { kind: 'address', id: SP }, 'custom', 'https://stacks.example.org/api')!);
    assert.strictEqual(custom.searchParams.get('api'), 'https://stacks.example.org/api');
    assert.strictEqual(custom.searchParams.get('chain'), 'testnet');
  });
  it('has a page for every kind that has one', () => {
    const path = (t: Target) => new URL(explorerUrl(`${BASE}/`, t, 'mainnet', 'https://api.hiro.so')!).pathname;
    assert.strictEqual(path({ kind: 'contract', id: `${SP}.pool` }), `/txid/${SP}.pool`);
    assert.strictEqual(path({ kind: 'block', id: '123' }), '/block/123');
    assert.strictEqual(path({ kind: 'block', id: TX }), `/block/${TX}`);
    assert.strictEqual(path({ kind: 'block', id: 'latest' }), '/blocks');
    assert.strictEqual(path({ kind: 'mempool', id: '' }), '/mempool');
    assert.strictEqual(path({ kind: 'status', id: '' }), '/');
    assert.strictEqual(
      explorerUrl(BASE, { kind: 'status', id: '' }, 'mainnet', 'https://api.hiro.so'),
      `${BASE}/?chain=mainnet`,
      'the status page is the home page, with its slash',
    );
    // a burn block is a Bitcoin block: the Bitcoin explorer shows it, not the Stacks one
    assert.strictEqual(explorerUrl(BASE, { kind: 'burnBlock', id: '5' }, 'mainnet', ''), undefined);
    assert.strictEqual(explorerUrl(BASE, { kind: 'contracts', id: `${SP}.a,${SP}.b` }, 'mainnet', ''), undefined);
  });
  it('uses a configured explorer without doubling slashes', () => {
    assert.strictEqual(
      explorerUrl('http://localhost:8000//', { kind: 'mempool', id: '' }, 'devnet', DEVNET),
      'http://localhost:8000/mempool?chain=devnet&api=http%3A%2F%2Flocalhost%3A3999',
    );
  });
});

describe('bitcoinUrl', () => {
  const BTC = 'https://mempool.space';
  const HASH = '0x00000000000000000001e2ee7f0c6bd5361b5e7afd76156ca7d6f524ee5ca3d8';
  it('opens an anchor transaction and a burn block by hash or height, without the 0x the API writes', () => {
    assert.strictEqual(bitcoinUrl(BTC, 'tx', TX), `${BTC}/tx/${TX.slice(2)}`);
    assert.strictEqual(
      bitcoinUrl(`${BTC}/testnet4/`, 'tx', TX.toUpperCase().replace('0X', '0x')),
      `${BTC}/testnet4/tx/${TX.slice(2)}`,
    );
    assert.strictEqual(bitcoinUrl(BTC, 'block', HASH), `${BTC}/block/${HASH.slice(2)}`);
    assert.strictEqual(bitcoinUrl(BTC, 'block', '700000'), `${BTC}/block/700000`);
  });
  it('gives no link for anything that is not a Bitcoin id, or a base that breaks the rules', () => {
    for (const id of [
      '',
      '0x4321',
      `${TX}/../x`,
      `x${TX}`,
      `../${TX.slice(2)}`,
      '../../tx/1',
      'latest',
      '1e9',
      '-1',
      'https://evil.example',
    ])
      for (const kind of ['tx', 'block'] as const)
        assert.strictEqual(bitcoinUrl(BTC, kind, id), undefined, `${kind} ${id}`);
    assert.strictEqual(bitcoinUrl(BTC, 'tx', '700000'), undefined, 'a height is no transaction');
    for (const base of [
      'http://mempool.space',
      'https://u:p@mempool.space',
      'https://mempool.space/?x',
      'javascript:alert(1)',
    ])
      assert.strictEqual(bitcoinUrl(base, 'tx', TX), undefined, base);
  });
  it('names the Bitcoin explorer setting when it falls back to the default', () => {
    const e = explorerBaseFrom('http://evil.example', BTC, 'stacksLookup.bitcoinExplorerUrl');
    assert.strictEqual(e.url, BTC);
    assert.match(e.problem!, /stacksLookup\.bitcoinExplorerUrl setting "http:\/\/evil\.example" is not used/);
  });
});
