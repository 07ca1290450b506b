import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { createStacksClient, type Transaction } from '../../src/api';
import { balanceSentence, stxMoveOf } from '../../src/chain/balanceCheck';
import { explainFailure } from '../../src/chain/failureReason';
import { txFailure } from '../../src/ui/failure/failure';
import { ADDRESS } from '../fixtures/ids';
import { NATIVE_FAILURE } from '../fixtures/nativeFailure';
import { setAccountBalance } from '../mock-api/accounts';
import { loadFixture, type MockApi, startMockApi } from '../mock-api/server';

const timelock = fs.readFileSync(
  path.resolve(__dirname, '../../../test/fixtures/clarity/real/timelock-stake.clar'),
  'utf8',
);

describe('Why it failed: a low STX balance checked at the block before', () => {
  it('reads the amount and sender of the stx-transfer? that failed, but not inside as-contract', () => {
    const stake = explainFailure(timelock, 'stake-tokens', '(err u1)');
    assert.ok(stake.ok);
    assert.deepStrictEqual(stake.natives[0]?.stx, { amount: 'amount', sender: 'tx-sender' });
    // (as-contract (stx-transfer? total-return tx-sender tx-sender)): tx-sender is the contract there.
    const claim = explainFailure(timelock, 'claim-stake', '(err u1)');
    assert.ok(claim.ok && claim.natives.length === 1);
    assert.strictEqual(claim.natives[0]!.stx, undefined);
    // A stx-burn? too: the example of stacks-core's reference (STX_BURN in clarity/src/vm/docs/mod.rs).
    const burn = explainFailure('(define-public (burn) (stx-burn? u60 tx-sender))', 'burn', '(err u1)');
    assert.ok(burn.ok);
    assert.deepStrictEqual(burn.natives[0]?.stx, { amount: 'u60', sender: 'tx-sender' });
  });

  it('the sender and amount from tx-sender, a parameter or a literal', () => {
    const tx = {
      sender: ADDRESS.testnet,
      args: [
        { name: 'amount', repr: 'u5000000' },
        { name: 'who', repr: `'${ADDRESS.mainnet}` },
      ],
    };
    assert.deepStrictEqual(stxMoveOf({ amount: 'amount', sender: 'tx-sender' }, tx), {
      principal: ADDRESS.testnet,
      amount: 5_000_000n,
    });
    assert.deepStrictEqual(stxMoveOf({ amount: 'u7', sender: 'who' }, tx), { principal: ADDRESS.mainnet, amount: 7n });
    assert.deepStrictEqual(stxMoveOf({ amount: 'total', sender: 'tx-sender' }, tx), { principal: ADDRESS.testnet });
    assert.strictEqual(stxMoveOf({ amount: 'amount', sender: 'contract-caller' }, tx), undefined);
  });

  it('a principal argument is the sender whether it is written with the quote or, as the transaction’s arguments show it, without', () => {
    // The arguments of a real transfer(amount, from, to, memo) as the mock serves them, read as a
    // (stx-transfer? amount from to) of that function would move them.
    const fixture = loadFixture('tx-contract_call-ft_transfer.json') as {
      sender_address: string;
      contract_call: { function_args: Array<{ name: string; repr: string }> };
    };
    const tx = { sender: fixture.sender_address, args: fixture.contract_call.function_args };
    const from = tx.args.find((a) => a.name === 'from')!.repr;
    assert.ok(!from.startsWith("'"), from);
    assert.deepStrictEqual(stxMoveOf({ amount: 'amount', sender: 'from' }, tx), { principal: from, amount: 100_000n });
    const quoted = { ...tx, args: [{ name: 'from', repr: `'${ADDRESS.mainnet}` }] };
    assert.deepStrictEqual(stxMoveOf({ amount: 'u1', sender: 'from' }, quoted), {
      principal: ADDRESS.mainnet,
      amount: 1n,
    });
  });

  it('a contract principal is read whole, its name of up to 40 letters, digits, hyphens and underscores, and never cut short', () => {
    const tx = (repr: string) => ({ sender: ADDRESS.testnet, args: [{ name: 'vault', repr }] });
    const move = (sender: string, repr = '') => stxMoveOf({ amount: 'u10', sender }, tx(repr))?.principal;
    assert.strictEqual(move(`'${ADDRESS.mainnet}.vault`), `${ADDRESS.mainnet}.vault`);
    assert.strictEqual(move('vault', `'${ADDRESS.mainnet}.stx_vault-v2`), `${ADDRESS.mainnet}.stx_vault-v2`);
    const longest = `${ADDRESS.mainnet}.v${'x'.repeat(39)}`;
    assert.strictEqual(move('vault', longest), longest);
    // a name one character longer than a contract's is not read as a shorter principal, another account
    assert.strictEqual(move('vault', `${longest}y`), undefined);
  });

  it('a parameter is the transaction’s argument, even when its name ends like a literal', () => {
    const owner = `owner-${ADDRESS.mainnet}`;
    const tx = {
      sender: ADDRESS.testnet,
      args: [
        { name: 'fee-u1', repr: 'u7' },
        { name: owner, repr: `'${ADDRESS.testnet}` },
      ],
    };
    assert.deepStrictEqual(stxMoveOf({ amount: 'fee-u1', sender: owner }, tx), {
      principal: ADDRESS.testnet,
      amount: 7n,
    });
  });

  it('says whether the balance was below the amount, enough, or (amount unknown) what it was', () => {
    const account = (balance: bigint, locked = 0n) => ({
      balance: `0x${balance.toString(16)}`,
      locked: `0x${locked.toString(16)}`,
    });
    const move = { principal: ADDRESS.testnet, amount: 5_000_000n };
    assert.strictEqual(
      balanceSentence(move, account(500_000n, 500_000n), 51450),
      `Confirmed: at block #51,450, before this transaction, ${ADDRESS.testnet} had 0.5 STX unlocked (0.5 STX locked), less than the 5 STX it tried to move.`,
    );
    assert.strictEqual(
      balanceSentence(move, account(5_000_000n), 51450),
      `At block #51,450, ${ADDRESS.testnet} had 5 STX unlocked, enough for the 5 STX: an earlier transaction in the same block may have spent it first.`,
    );
    assert.strictEqual(
      balanceSentence({ principal: ADDRESS.testnet }, account(1n), 7),
      `At block #7, before this transaction, ${ADDRESS.testnet} had 0.000001 STX unlocked.`,
    );
  });

  describe('against the mock', () => {
    let mock: MockApi;
    before(async () => {
      mock = await startMockApi();
    });
    after(() => mock.close());
    afterEach(() => mock.reset());

    async function failedStake(): Promise<Transaction> {
      const client = createStacksClient({ baseUrl: mock.url });
      return client.getTransaction(NATIVE_FAILURE.stakeTx);
    }

    it("asks the block before and the sender's account at it, and names the balance beside the cause", async () => {
      const tx = await failedStake();
      assert.strictEqual(tx.block_height, 51451);
      const parent: Record<string, unknown> = { ...(loadFixture('block-v2--latest.json') as object), height: 51450 };
      mock.override('/extended/v2/blocks/51450', parent);
      setAccountBalance(ADDRESS.testnet, 1_000_000n);
      const client = createStacksClient({ baseUrl: mock.url });
      const f = await txFailure(tx, client, { confirmBalance: true });
      assert.strictEqual(
        f?.balance,
        `Confirmed: at block #51,450, before this transaction, ${ADDRESS.testnet} had 1 STX unlocked, less than the 5 STX it tried to move.`,
      );
      const account = mock.requests.filter((r) => r.path.startsWith('/v2/accounts/'));
      assert.deepStrictEqual(
        account.map((r) => r.url.replace(/^[^?]*\?/, '')),
        [`proof=0&tip=${String(parent.index_block_hash).replace(/^0x/, '')}`],
        'the account at the parent block, by its index block hash',
      );
      // Without the option (a hover, a notification): neither request.
      const before = mock.requests.length;
      const quick = await txFailure(tx, createStacksClient({ baseUrl: mock.url }), {});
      assert.strictEqual(quick?.balance, undefined);
      assert.deepStrictEqual(
        mock.requests
          .slice(before)
          .map((r) => r.path)
          .filter((p) => p.startsWith('/v2/accounts') || p.includes('/blocks/')),
        [],
      );
    });

    it('a block the API does not have leaves the named cause as it is', async () => {
      const tx = await failedStake();
      const f = await txFailure(tx, createStacksClient({ baseUrl: mock.url }), { confirmBalance: true });
      assert.strictEqual(f?.balance, undefined);
      assert.match(f?.headline ?? '', /stx-transfer\? at line 72: the sender’s balance is too low/);
    });
  });
});
