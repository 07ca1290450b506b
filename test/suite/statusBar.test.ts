import * as assert from 'assert';
import * as vscode from 'vscode';
import type { NetworkStatusBar } from '../../src/ui/network/statusBar';
import { ADDRESS, BLOCK } from '../fixtures/ids';
import {
  openFixture,
  positionOf,
  setSettings,
  stacksHoverAt,
  testApi,
  useMock,
  UsedMock,
  waitFor,
} from './editorHelpers';

/** A CommonMark renderer with GFM autolinks (markdown-it, as in the hover tests): what a Markdown tooltip may link. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (opts: { html: boolean; linkify: boolean }) => {
  render(src: string): string;
};
const markdown = new MarkdownIt({ html: true, linkify: true });

describe('Network status bar item', function () {
  this.timeout(30_000);
  let bar: NetworkStatusBar;
  let used: UsedMock;
  let restoreTip: () => Promise<void>;
  // The tooltip is Markdown: its text has escaped punctuation and &nbsp; for spaces.
  const tip = () => bar.tooltip.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');

  before(async () => {
    const api = await testApi();
    assert.ok(api.statusBar, 'activate() exposes the status bar item');
    bar = api.statusBar;
    // The in-host run starts with the chain tip off (see index.ts); this suite is about it.
    restoreTip = await setSettings({ 'statusBar.chainTip': true });
  });
  after(async () => restoreTip());
  // A mock of its own per test: a new API URL is a new client, so no answer is reused from its cache.
  beforeEach(async () => {
    used = await useMock();
  });
  afterEach(async () => used.close());

  const settle = (check: () => boolean) => waitFor(check, 'the status bar to change', 5000);

  it('shows the selected network and, once refreshed, the chain tip', async () => {
    await settle(() => bar.text.includes('Custom'));
    assert.match(bar.text, /Stacks: Custom/);
    await bar.refresh(true);
    assert.match(bar.text, new RegExp(`#${BLOCK.height.toLocaleString('en-US')}`));
    assert.match(tip(), new RegExp(`Chain tip: block ${BLOCK.height}`));
    assert.strictEqual(used.mock.requestsTo('/extended').filter((r) => r.path === '/extended').length, 1);
  });

  it('asks at most every 30 seconds unless forced', async () => {
    const clock = (await testApi()).probe.clock();
    // Failures are never cached by the client, so only the item's own throttle can hold these back.
    used.mock.fault({ kind: 'status', status: 503 });
    await bar.refresh(true);
    // The clock also runs in real time: 29 s leaves a second for the steps in between.
    clock.advance(29_000);
    await bar.refresh();
    assert.strictEqual(used.mock.requests.length, 1, 'not again within 30 s');
    clock.advance(1_000);
    await bar.refresh();
    assert.strictEqual(used.mock.requests.length, 2, 'again once 30 s have passed');
    await bar.refresh();
    assert.strictEqual(used.mock.requests.length, 2, 'and then not again at once');
    await bar.refresh(true);
    assert.strictEqual(used.mock.requests.length, 3, 'forced: at once');
  });

  it('shows a warning with the reason when the API fails, and recovers', async () => {
    used.mock.fault({ kind: 'status', status: 503 });
    await bar.refresh(true);
    assert.match(bar.text, /\$\(warning\) Stacks: Custom/);
    assert.match(tip(), /Last check failed: .*503/);
    used.mock.clearFaults();
    await bar.refresh(true); // a failure is not cached, so this asks again
    assert.match(bar.text, /\$\(globe\) Stacks: Custom #/);
    assert.doesNotMatch(tip(), /Last check failed/);
  });

  it("shows the server's words in the tooltip as text: no URL they carry becomes a link", async () => {
    used.mock.fault({
      kind: 'status',
      status: 503,
      body: {
        error: 'Service Unavailable',
        message:
          'Down for maintenance: see https://status.phish.example/login, www.phish.example or <https://auto.phish.example>',
      },
    });
    await bar.refresh(true);
    assert.match(tip(), /Last check failed: .*see https:\/\/status\.phish\.example\/login, www\.phish\.example/);
    // Rendered as a Markdown hover renders it, with bare URLs and `www.` turned into links.
    const html = markdown.render(bar.tooltip);
    const links = [...html.matchAll(/<a\b[^>]*>/gi)].map((m) => m[0]);
    assert.deepStrictEqual(links, [], 'the tooltip holds a link');
    assert.match(html, /status\.phish\.example\/login/, 'the words are still there to read');
  });

  it('follows a network switch at once, without showing the old tip', async () => {
    await bar.refresh(true);
    const other = await useMock();
    try {
      await settle(() => !/#/.test(bar.text));
      assert.doesNotMatch(bar.text, /#/, "the old network's tip is gone");
    } finally {
      await other.close();
    }
  });

  it('with statusBar.chainTip off, shows the network only, stops polling and asks the API nothing', async () => {
    // A lookup makes the window "used", so the tip would be polled from now on.
    const doc = await openFixture('hover-targets.clar');
    const hover = (await stacksHoverAt(doc, positionOf(doc, ADDRESS.mainnet))).text;
    assert.match(hover, /Custom · /);
    await bar.refresh(true);
    assert.match(bar.text, /#/);
    assert.ok(vscode.window.state.focused, 'the test window has focus (the launcher brings it to the front)');
    assert.ok(bar.polling, 'the tip is polled once the user has looked something up');

    const restore = await setSettings({ 'statusBar.chainTip': false });
    try {
      await settle(() => !/#/.test(bar.text));
      assert.strictEqual(bar.text, '$(globe) Stacks: Custom', 'the tip is gone at once');
      assert.ok(!bar.polling, 'no timer runs');
      assert.match(tip(), /chain tip is hidden/);
      const before = used.mock.requests.length;
      await bar.refresh(true);
      assert.strictEqual(used.mock.requests.length, before, 'even a forced refresh asks nothing');
    } finally {
      await restore();
    }
    await settle(() => bar.polling);
    assert.ok(bar.polling, 'turned back on, the tip is polled again');
    await bar.refresh(true);
    assert.match(bar.text, /#/, 'turned back on, the tip shows again');
  });
});
