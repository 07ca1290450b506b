import * as assert from 'assert';
import { explorerUrl } from '../../src/chain/explorer';
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
    assert.strictEqual(explorerUrl(BASE, { kind: 'contracts', id: `${SP}.a,${SP}.b` }, 'mainnet', ''), undefined);
  });
  it('uses a configured explorer without doubling slashes', () => {
    assert.strictEqual(
      explorerUrl('http://localhost:8000//', { kind: 'mempool', id: '' }, 'devnet', DEVNET),
      'http://localhost:8000/mempool?chain=devnet&api=http%3A%2F%2Flocalhost%3A3999',
    );
  });
});
