// Watching a pending transaction until it lands, against the mock moving it on after a number of
// requests: one notification per outcome, with a button that opens it; the list survives a
// reload; faults during a watch never lose it.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import { FIRST_DELAY_MS, MAX_DELAY_MS, MAX_WATCHED_TXS } from '../../src/chain/txWatch';
import { TxWatcher } from '../../src/ui/watch/txWatch';
import { FakeConfig } from '../fakes/config';
import { FakeLog } from '../fakes/log';
import { MemoryMemento } from '../fakes/memento';
import { UnusedNetwork } from '../fakes/network';
import { mockHash, TX, UNKNOWN_TX } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';
import {
  captureMessages,
  Captured,
  openFixture,
  passClockWaits,
  positionOf,
  stacksHoverAt,
  testApi,
  useMock,
  UsedMock,
  waitFor,
  waitQuiet,
} from './editorHelpers';
import { statusText } from '../../src/testApi';

const as = (name: string, id: string, extra: Record<string, unknown> = {}) => ({
  ...(loadFixture(name) as Record<string, unknown>),
  tx_id: id,
  ...extra,
});

describe('Watching transactions', function () {
  this.timeout(60_000);
  let watch: TxWatcher;
  let used: UsedMock;
  let messages: Captured;
  /** The clients' clock, on which the rounds wait: the tests move it instead of waiting. */
  let clock: AdjustableClock;
  /** Resolves when the watcher's next round has ended, every wait on the clock let pass meanwhile. */
  const passRound = async (w: TxWatcher = watch): Promise<void> => {
    const round = w.nextRound();
    const stop = passClockWaits(clock);
    try {
      await round;
    } finally {
      stop();
    }
  };
  const endings = () => messages.shown.filter((m) => /was mined|was dropped|Stopped watching/.test(m.message));

  before(async () => {
    const api = await testApi();
    assert.ok(api.txWatch, 'activate() returns the transaction watcher');
    watch = api.txWatch;
    clock = api.probe.clock();
  });
  beforeEach(async () => {
    used = await useMock();
    messages = captureMessages();
  });
  afterEach(async () => {
    messages.restore();
    for (const w of watch.watched) await watch.unwatch(w.id, w.network);
    await used.close();
  });

  it('tells once when one is mined and once when another is dropped, each with a button that opens it', async () => {
    const second = mockHash('tx:watch:dropped');
    // The pending transaction is mined after the first answer; the second is dropped after its first.
    used.mock.later(`/extended/v1/tx/${TX.pending}`, 1, as('tx-token_transfer.json', TX.pending));
    used.mock.override(`/extended/v1/tx/${second}`, as('tx-pending.json', second));
    assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.watchTransaction', TX.pending), true);
    assert.strictEqual(statusText(watch), '$(eye) 1');
    used.mock.later(`/extended/v1/tx/${second}`, 1, as('tx-dropped.json', second, { replaced_by_tx_id: TX.pending }));
    // A target, as a hover link passes it.
    assert.strictEqual(
      await vscode.commands.executeCommand('stacksLookup.watchTransaction', {
        kind: 'tx',
        id: second,
        network: 'custom',
      }),
      true,
    );
    assert.strictEqual(statusText(watch), '$(eye) 2');
    assert.deepStrictEqual(
      watch.watched.map((w) => [w.id, w.network]),
      [
        [TX.pending, 'custom'],
        [second, 'custom'],
      ],
    );

    const stop = passClockWaits(clock);
    try {
      await waitFor(() => endings().length >= 2, 'the two outcomes', 20_000);
    } finally {
      stop();
    }
    const [mined, dropped] = [
      endings().find((m) => /was mined/.test(m.message)),
      endings().find((m) => /was dropped/.test(m.message)),
    ];
    assert.ok(mined && dropped, JSON.stringify(messages.shown));
    assert.strictEqual(mined.level, 'info');
    assert.match(mined.message, /^Transaction 0x4413739d…e697b43f was mined in block #3,275: success\.$/);
    assert.deepStrictEqual(mined.buttons, ['Open']);
    assert.strictEqual(dropped.level, 'warning');
    assert.match(dropped.message, /replaced by 0x4413739d…/);
    assert.deepStrictEqual(watch.watched, []);
    assert.strictEqual(statusText(watch), '');
    // Ended watches ask nothing more and tell nothing more, however long the clock runs on.
    const asked = used.mock.requests.length;
    clock.advance(2 * MAX_DELAY_MS);
    await waitQuiet(() => used.mock.requests.length + endings().length, 'what a round would ask and tell', 300);
    assert.strictEqual(endings().length, 2, 'exactly one notification per outcome');
    assert.strictEqual(used.mock.requests.length, asked);
    assert.deepStrictEqual(messages.errors, []);
  });

  it('tells in words when one is skipped by the miner, and when one takes a status this version does not know', async () => {
    const skipped = mockHash('tx:watch:skipped');
    const unknown = mockHash('tx:watch:unknown-status');
    for (const id of [skipped, unknown]) used.mock.override(`/extended/v1/tx/${id}`, as('tx-pending.json', id));
    // The API's own skipped transaction (tx-problematic_skipped.json), and a status a later API may add.
    used.mock.later(`/extended/v1/tx/${skipped}`, 1, as('tx-problematic_skipped.json', skipped));
    used.mock.later(
      `/extended/v1/tx/${unknown}`,
      1,
      as('tx-token_transfer.json', unknown, { tx_status: 'settled_elsewhere' }),
    );
    for (const id of [skipped, unknown])
      assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.watchTransaction', id), true);
    const told = () => messages.shown.filter((m) => /was skipped|does not know/.test(m.message));
    const stop = passClockWaits(clock);
    try {
      await waitFor(() => told().length >= 2, 'the two outcomes', 20_000);
    } finally {
      stop();
    }
    const s = told().find((m) => /was skipped/.test(m.message));
    const u = told().find((m) => /does not know/.test(m.message));
    assert.ok(s && u, JSON.stringify(messages.shown));
    assert.strictEqual(s.level, 'warning');
    assert.strictEqual(
      s.message,
      `Transaction ${skipped.slice(0, 10)}…${skipped.slice(-8)} was skipped in block #3,275. The miner put it in a block but skipped it as problematic, without running it: it did nothing, but its fee was paid and its nonce was used.`,
    );
    assert.match(
      u.message,
      /left the mempool in block #3,275 with a status this version does not know \(settled_elsewhere\): whether it ran and whether its fee was paid are not known\.$/,
    );
    assert.deepStrictEqual(watch.watched, []);
    assert.deepStrictEqual(messages.errors, []);
  });

  it('reports one that already landed instead of watching it, and refuses what is not a transaction id', async () => {
    assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.watchTransaction', TX.tokenTransfer), false);
    assert.match(endings()[0]?.message ?? '', /was mined in block/);
    assert.deepStrictEqual(watch.watched, []);
    assert.strictEqual(
      await vscode.commands.executeCommand(
        'stacksLookup.watchTransaction',
        '[x](command:workbench.action.terminal.new)',
      ),
      false,
    );
    assert.match(messages.warnings.at(-1) ?? '', /transaction id/);
  });

  it('watches one the API does not know yet, and keeps the list over a reload', async () => {
    assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.watchTransaction', UNKNOWN_TX), true);
    assert.match(messages.infos.at(-1) ?? '', /^Watching transaction 0xb9c397a6… on Custom: you will be told/);
    watch.suspend(); // as at deactivation
    watch.load(); // as at the next activation
    assert.deepStrictEqual(
      watch.watched.map((w) => w.id),
      [UNKNOWN_TX],
    );
    assert.strictEqual(statusText(watch), '$(eye) 1');
    await passRound(); // 404: still not propagated, still watched
    assert.deepStrictEqual(
      watch.watched.map((w) => w.id),
      [UNKNOWN_TX],
    );
    assert.deepStrictEqual(endings(), []);
  });

  it('a fault during a watch loses nothing and shows no error; the next round tells the outcome', async () => {
    used.mock.override(`/extended/v1/tx/${TX.pending}`, as('tx-pending.json', TX.pending));
    assert.strictEqual(await vscode.commands.executeCommand('stacksLookup.watchTransaction', TX.pending), true);
    used.mock.fault({ match: `/extended/v1/tx/${TX.pending}`, times: 1, fault: { kind: 'status', status: 503 } });
    await passRound();
    assert.deepStrictEqual(
      watch.watched.map((w) => w.id),
      [TX.pending],
      'still watched after a 503',
    );
    assert.deepStrictEqual(messages.errors, []);
    used.mock.override(`/extended/v1/tx/${TX.pending}`, as('tx-failed.json', TX.pending));
    await passRound();
    assert.strictEqual(endings().length, 1);
    assert.match(endings()[0]!.message, /but failed \(abort by response\)/);
    assert.deepStrictEqual(messages.errors, []);
  });

  it('the panel of a pending transaction watches it from its "Watch until it lands" button', async () => {
    const panels = (await testApi()).panels!;
    await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.pending);
    assert.strictEqual(panels.current?.model.kind, 'tx');
    await panels.handle({ type: 'watch' });
    assert.deepStrictEqual(
      watch.watched.map((w) => [w.id, w.network]),
      [[TX.pending, 'custom']],
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("after a reload, kept watches wait for the window's first request for chain data", async () => {
    // A window that has not asked for anything yet, with a watch kept from before its reload.
    const fresh = new UnusedNetwork((await testApi()).networks!);
    const state = new MemoryMemento([
      ['stacksLookup.watchedTransactions', [{ id: TX.pending, network: 'custom', since: Date.now() }]],
    ]);
    const reloaded = new TxWatcher({
      networks: fresh,
      config: new FakeConfig({ watchMaxMinutes: 60 }),
      log: new FakeLog(),
      state,
    });
    try {
      assert.strictEqual(statusText(reloaded), '$(eye) 1', 'the kept watch is shown at once');
      // Past the first round's delay, and past the longest back-off: nothing waits to ask.
      clock.advance(FIRST_DELAY_MS + MAX_DELAY_MS);
      await waitQuiet(() => used.mock.requestsTo(`/extended/v1/tx/${TX.pending}`).length, 'a round', 300);
      assert.strictEqual(used.mock.requestsTo(`/extended/v1/tx/${TX.pending}`).length, 0, 'nothing asked yet');
      const round = passRound(reloaded);
      fresh.markUsed();
      await round;
      assert.strictEqual(used.mock.requestsTo(`/extended/v1/tx/${TX.pending}`).length, 1, 'followed from then on');
    } finally {
      reloaded.dispose();
      fresh.dispose();
    }
  });

  describe('many watches', () => {
    /** A watcher as after a reload, with `ids` kept from before, in a window that has asked for data. */
    const keptWatcher = async (ids: string[]): Promise<TxWatcher> => {
      const networks = (await testApi()).networks!;
      await networks.endpoint('custom');
      const state = new MemoryMemento([
        ['stacksLookup.watchedTransactions', ids.map((id) => ({ id, network: 'custom', since: Date.now() }))],
      ]);
      return new TxWatcher({
        networks,
        config: new FakeConfig({ watchMaxMinutes: 60 }),
        log: new FakeLog(),
        state,
      });
    };
    const ids = Array.from({ length: MAX_WATCHED_TXS }, (_, i) => mockHash(`tx:watch:many:${i}`));
    const txPath = '/extended/v1/tx/';

    it('100 watches without a key: a round asks at most half the budget, hovers still answer, and every watch is asked in turn', async () => {
      // One of the last on the list is mined: it is told like any other.
      const mined = ids[95]!;
      used.mock.override(`${txPath}${mined}`, as('tx-token_transfer.json', mined));
      const many = await keptWatcher(ids);
      try {
        const asked = new Set<string>();
        let rounds = 0;
        while (asked.size < ids.length && rounds < 40) {
          const before = used.mock.requests.length;
          await passRound(many);
          rounds++;
          const sent = used.mock.requests.slice(before).filter((r) => r.path.startsWith(txPath));
          assert.ok(sent.length <= 25, `round ${rounds} sent ${sent.length} requests; the budget is 50 a minute`);
          for (const r of sent) asked.add(r.path.slice(txPath.length));
          if (rounds === 1) {
            // What a hover asks right after a round still goes out.
            const { client } = await (await testApi()).networks!.endpoint('custom');
            client.clearCache();
            await client.getTransaction(TX.failed, { budget: 'fail-fast' });
          }
        }
        assert.strictEqual(asked.size, ids.length, `${asked.size} of ${ids.length} asked in ${rounds} rounds`);
        assert.ok(rounds <= 25, `every watch asked within ${rounds} rounds`);
        assert.ok(
          endings().some(
            (m) => m.message.startsWith(`Transaction ${mined.slice(0, 10)}…`) && /was mined/.test(m.message),
          ),
          JSON.stringify(endings()),
        );
        assert.strictEqual(many.watched.length, ids.length - 1);
      } finally {
        many.dispose();
      }
    });

    it('at the cap, one more is refused with a message that says what to do, and nothing is asked', async () => {
      const many = await keptWatcher(ids);
      try {
        assert.strictEqual(await many.watch(TX.pending, 'custom'), false);
        const refusal = messages.shown.find((m) => /You are watching 100 transactions/.test(m.message));
        assert.ok(refusal, JSON.stringify(messages.shown));
        assert.strictEqual(refusal.level, 'warning');
        assert.match(refusal.message, /Stop watching one \("Stacks: Show Watched Transactions"\) to watch another\.$/);
        assert.deepStrictEqual(refusal.buttons, ['Show Watched Transactions']);
        assert.strictEqual(used.mock.requestsTo(`${txPath}${TX.pending}`).length, 0);
        assert.strictEqual(many.watched.length, MAX_WATCHED_TXS);
        assert.strictEqual(statusText(many), '$(eye) 100');
      } finally {
        many.dispose();
      }
    });
  });

  it('a pending transaction hover offers "Watch"', async () => {
    const doc = await openFixture('hover-targets.clar');
    const { markdown } = await stacksHoverAt(doc, positionOf(doc, TX.pending));
    const md = markdown.map((m) => m.value).join('\n');
    assert.match(md, /\[\$\(eye\) Watch\]\(command:stacksLookup\.watchTransaction\?/);
    const trusted = markdown.flatMap((m) =>
      typeof m.isTrusted === 'object' ? (m.isTrusted.enabledCommands ?? []) : [],
    );
    assert.ok(trusted.includes('stacksLookup.watchTransaction'), 'the link is one of the trusted commands');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
