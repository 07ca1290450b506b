// Watching in the web worker extension host, as test/suite/txWatch.test.ts and holdings.test.ts have
// it on the desktop: a watched transaction tells once when it lands, and a watched address with
// notifications on tells once of a new transaction. The rounds wait on the clients' clock, which
// the tests let pass instead of waiting.
import * as vscode from 'vscode';
import { ADDRESS_ROUND_MS } from '../../src/chain/addressWatch';
import { roundNow, statusText, type TestApi } from '../../src/testApi';
import * as assert from './assert';
import { mainMock, mockUrl } from './control';
import { captureMessages, freshStart, IDS, passClockWaits, setSettings, testApi, waitFor, waitQuiet } from './helpers';

describe('web: watching transactions and addresses', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });
  beforeEach(() => freshStart(api));
  afterEach(async () => {
    for (const w of api.txWatch!.watched) await api.txWatch!.unwatch(w.id, w.network);
    for (const a of api.watchlist!.items) await api.watchlist!.remove(a);
    await setSettings({ 'watchedAddresses.notify': undefined });
  });

  it('Watch Transaction: one notification when it is mined, with a button that opens it', async () => {
    const watch = api.txWatch!;
    const clock = api.probe.clock();
    // The pending transaction is mined after its first answer (the token transfer the mock serves).
    const mined = (await (await fetch(`${mockUrl()}/extended/v1/tx/${IDS.tx}`)).json()) as Record<string, unknown>;
    await mainMock.reset();
    await mainMock.later(`/extended/v1/tx/${IDS.pendingTx}`, 1, { ...mined, tx_id: IDS.pendingTx });
    const messages = captureMessages();
    const endings = () => messages.shown.filter((m) => /was mined|was dropped|Stopped watching/.test(m.message));
    const stop = passClockWaits(clock);
    try {
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.watchTransaction', IDS.pendingTx), true);
      assert.deepStrictEqual(
        watch.watched.map((w) => [w.id, w.network]),
        [[IDS.pendingTx, 'custom']],
      );
      assert.strictEqual(statusText(watch), '$(eye) 1');
      await waitFor(() => endings().length >= 1, 'the outcome', 20_000);
      // Ended, the watch asks nothing more and tells nothing more however long the clock runs.
      const asked = await waitQuiet(async () => (await mainMock.requests()).length, 'the last round');
      clock.advance(10 * 60_000);
      await waitQuiet(
        async () => (await mainMock.requests()).length + endings().length,
        'a round that should not come',
      );
      assert.strictEqual((await mainMock.requests()).length, asked);
    } finally {
      stop();
      messages.restore();
    }
    const told = endings();
    assert.strictEqual(told.length, 1, JSON.stringify(messages.shown));
    assert.strictEqual(told[0]!.level, 'info');
    assert.match(told[0]!.message, /^Transaction 0x4413739d…e697b43f was mined in block #3,275: success\.$/);
    assert.deepStrictEqual(told[0]!.buttons, ['Open']);
    assert.deepStrictEqual(watch.watched, []);
    assert.strictEqual(statusText(watch), '');
  });

  it("a watched address's new transaction: one notification with the setting on", async () => {
    const addressWatch = api.addressWatch!;
    const clock = api.probe.clock();
    const round = async () => {
      (await api.networks!.endpoint('custom')).client.clearCache();
      clock.advance(ADDRESS_ROUND_MS);
      await roundNow(addressWatch.rounds);
    };
    await setSettings({ 'watchedAddresses.notify': true });
    const messages = captureMessages();
    try {
      await api.watchlist!.add(IDS.address);
      await round(); // the first look notes what is there
      assert.deepStrictEqual(messages.shown, [], 'the first look tells nothing');
      const id = await mainMock.newTransactionLater(IDS.address, 0);
      await round();
      await round();
      const told = messages.shown.filter((m) => /^New transaction for watched address/.test(m.message));
      assert.strictEqual(told.length, 1, JSON.stringify(messages.shown));
      assert.match(
        told[0]!.message,
        new RegExp(`SP3FBR…J5SVTE: Token transfer ${id.slice(0, 8)}…${id.slice(-6)} \\(Success\\)\\.$`),
      );
      assert.deepStrictEqual(told[0]!.buttons, ['Open']);
    } finally {
      messages.restore();
    }
  });
});
