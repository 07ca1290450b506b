// Hostile chain data (test/fixtures/hostile.ts) served by the mock: hovers, notifications and panel
// models must carry it as inert text. Hovers are parsed as Markdown: the only links are our own
// command links, listed in isTrusted.enabledCommands; no raw HTML, no image, no invisible controls.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ClarityNode, ViewModel } from '../../src/protocol';
import type { PanelManager } from '../../src/ui/panels';
import {
  ALL_PAYLOADS,
  HOSTILE_FN,
  hostileCallResult,
  hostileInterface,
  hostileDecodedTx,
  hostileFixture,
  hostileHoldings,
  hostileMempoolTransactions,
  PAYLOADS,
  poison,
} from '../fixtures/hostile';
import { ADDRESS, BLOCK, BURN, CONTRACT, TX } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';
import {
  Captured,
  captureMessages,
  openFixture,
  panelHtml,
  recordingOpenExternal,
  positionOf,
  testApi,
  setSettings,
  useMock,
  UsedMock,
} from './editorHelpers';

/** Bidi overrides/isolates, zero-width characters, the BOM. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;

/** How VS Code finds links in notification messages (parseLinkedText): none may form from data. */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;

/**
 * The problems of one hover's Markdown: links that are not our trusted commands, raw HTML,
 * images, autolinks and invisible characters. Backslash-escaped characters are literal text.
 */
function markdownProblems(md: vscode.MarkdownString): string[] {
  const problems: string[] = [];
  const trusted = md.isTrusted;
  if (trusted === true) problems.push('isTrusted is true');
  const enabled = trusted && typeof trusted === 'object' ? trusted.enabledCommands : [];
  if (md.supportHtml) problems.push('supportHtml is on');
  if (INVISIBLE.test(md.value)) problems.push('invisible or bidi control characters');
  // Escaped characters are text: blank them out, keeping the structure of what is left.
  const live = md.value.replace(/\\[!-/:-@[-`{-~]/g, '_');
  const targets: string[] = [];
  const withoutLinks = live.replace(/\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g, (_m, target: string) => {
    targets.push(target);
    return ']';
  });
  for (const t of targets) {
    const m = /^command:([\w.]+)(\?|$)/.exec(t);
    if (!m) problems.push(`a link to ${t.slice(0, 80)}`);
    else if (!m[1]!.startsWith('stacksLookup.') || !enabled.includes(m[1]!))
      problems.push(`a link to a command that is not ours or not trusted: ${m[1]}`);
  }
  if (/</.test(withoutLinks)) problems.push('raw HTML (<)');
  if (/!\[/.test(withoutLinks)) problems.push('an image');
  if (/(?:command|javascript|https?|file|data):/i.test(withoutLinks))
    problems.push('an autolink or URI scheme outside a link');
  if (/www\./i.test(withoutLinks)) problems.push('an autolink (www.)');
  if (/\]\s*\(/.test(withoutLinks)) problems.push('a link that does not parse as ours');
  if (/^ {0,3}(#|```|~~~)/m.test(withoutLinks)) problems.push('a heading or code fence from data');
  return problems;
}

/** Every string in a view model. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

/** Every Bitcoin link a view model offers. */
function bitcoinRefs(v: unknown, out: Array<{ kind: string; id: string }> = []): Array<{ kind: string; id: string }> {
  if (Array.isArray(v)) for (const x of v) bitcoinRefs(x, out);
  else if (v && typeof v === 'object') {
    const b = (v as { bitcoin?: { kind: string; id: string } }).bitcoin;
    if (b) out.push(b);
    for (const x of Object.values(v)) bitcoinRefs(x, out);
  }
  return out;
}

/** Keys a view model never has: it is data for the renderer, never markup. */
function markupKeys(v: unknown, path = ''): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => markupKeys(x, `${path}[${i}]`));
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v).flatMap(([k, x]) => [
    ...(/^(html|innerHTML|outerHTML|markdown|md|script|onclick)$/i.test(k) ? [`${path}.${k}`] : []),
    ...markupKeys(x, `${path}.${k}`),
  ]);
}

/** A transaction whose visible strings all carry payloads, the memo and the call included. */
function hostileTx(file: string): Record<string, unknown> {
  return hostileFixture(file) as Record<string, unknown>;
}

describe('Hostile chain data', () => {
  let used: UsedMock;
  let panels: PanelManager;
  let notes: Captured;

  before(async () => {
    const api = await testApi();
    assert.ok(api.panels);
    panels = api.panels;
  });
  beforeEach(async () => {
    used = await useMock();
    notes = captureMessages();
    const m = used.mock;
    m.override(`/extended/v1/tx/${TX.tokenTransfer}`, {
      ...hostileTx('tx-token_transfer.json'),
      token_transfer: { recipient_address: ADDRESS.testnetRecipient, amount: '35', memo: ALL_PAYLOADS },
    });
    m.override(`/extended/v1/tx/${TX.failed}`, hostileTx('tx-failed.json'));
    m.override(`/extended/v1/tx/${TX.pending}`, hostileTx('tx-pending.json'));
    m.override(`/extended/v1/tx/${TX.contractCall}`, hostileTx('tx-contract_call-sponsored.json'));
    m.override(`/extended/v1/tx/${TX.smartContract}`, hostileTx('tx-smart_contract.json'));
    m.override(`/extended/v1/tx/${TX.ftTransfer}`, hostileDecodedTx());
    m.override('/extended/v1/tx/mempool/stats', hostileFixture('mempool-stats.json'));
    m.override('/extended/v3/mempool/transactions', hostileMempoolTransactions());
    // Issue 14: what an address holds and has pending.
    const held = hostileHoldings();
    m.override(`/extended/v3/principals/${ADDRESS.mainnet}/balances/ft`, held.ft);
    m.override(`/extended/v3/principals/${ADDRESS.mainnet}/balances/nft`, held.nft);
    m.override(`/extended/v3/principals/${ADDRESS.mainnet}/mempool/transactions`, held.pending);
    m.override('/extended', hostileFixture('server-status.json'));
    // Issue 17: the block's anchor transaction, burn block and transaction rows; the burn-block panel.
    m.override(`/extended/v2/blocks/${BLOCK.height}`, hostileFixture('block-v2--latest.json'));
    m.override(`/extended/v2/blocks/${BLOCK.hash}/transactions`, {
      limit: 20,
      offset: 0,
      total: 3,
      results: ['tx-token_transfer.json', 'tx-contract_call-sponsored.json', 'tx-failed.json'].map((f) => {
        const { events: _events, ...rest } = hostileTx(f);
        return { ...rest, tx_type: `${String(rest.tx_type)} ${ALL_PAYLOADS}`, tx_status: ALL_PAYLOADS };
      }),
    });
    m.override(`/extended/v2/burn-blocks/${BURN.height700000}`, hostileFixture('burn-block--654439.json'));
    m.override(
      `/extended/v2/burn-blocks/${BURN.height700000}/blocks`,
      poison(loadFixture('burn-block-blocks--700000.json')),
    );
  });
  afterEach(async () => {
    notes.restore();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await used.close();
  });

  describe('hovers: inert text, no injected link', () => {
    const cases: Array<[string, string, number]> = [
      ['a token transfer with a hostile memo', TX.tokenTransfer, 10],
      ['a failed call with a hostile result', TX.failed, 3],
      ['a pending call with hostile arguments', TX.pending, 3],
      ['a contract whose deploy transaction is hostile', CONTRACT.deployed, 32],
      ['an address holding tokens with hostile names', ADDRESS.mainnet, 3],
    ];
    for (const [name, id, offset] of cases) {
      it(name, async () => {
        const doc = await openFixture('hover-targets.clar');
        const hovers =
          (await vscode.commands.executeCommand<vscode.Hover[]>(
            'vscode.executeHoverProvider',
            doc.uri,
            positionOf(doc, id, offset),
          )) ?? [];
        const ours = hovers
          .flatMap((h) => h.contents)
          .filter(
            (c): c is vscode.MarkdownString =>
              c instanceof vscode.MarkdownString && /stacksLookup\.|Custom/.test(c.value),
          );
        assert.strictEqual(ours.length, 1, 'one Stacks hover');
        assert.deepStrictEqual(markdownProblems(ours[0]!), [], ours[0]!.value.slice(0, 3000));
      });
    }

    it('an error message from the server with payloads', async () => {
      used.mock.fault({
        kind: 'status',
        status: 500,
        body: { statusCode: 500, error: 'Internal Server Error', message: ALL_PAYLOADS },
      });
      const doc = await openFixture('hover-targets.clar');
      const hovers =
        (await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          doc.uri,
          positionOf(doc, ADDRESS.mainnet),
        )) ?? [];
      const ours = hovers
        .flatMap((h) => h.contents)
        .filter((c): c is vscode.MarkdownString => c instanceof vscode.MarkdownString && /Custom/.test(c.value));
      assert.strictEqual(ours.length, 1);
      assert.deepStrictEqual(markdownProblems(ours[0]!), [], ours[0]!.value);
    });

    it('the checker itself finds an injected link, HTML and a foreign command', () => {
      const md = new vscode.MarkdownString(`${PAYLOADS.mdLink} ${PAYLOADS.img} ${PAYLOADS.commandUri}`);
      md.isTrusted = { enabledCommands: ['stacksLookup.copy'] };
      const problems = markdownProblems(md);
      assert.ok(
        problems.some((p) => p.includes('evil.example')),
        problems.join('; '),
      );
      assert.ok(
        problems.some((p) => p.includes('raw HTML')),
        problems.join('; '),
      );
      assert.ok(
        problems.some((p) => p.includes('workbench.action.terminal.new')),
        problems.join('; '),
      );
    });
  });

  describe('notifications: no link forms from data', () => {
    const bodies: Array<[string, number]> = [
      ['a 400 whose validation message carries payloads', 400],
      ['a 500 whose message carries payloads', 500],
      ['a 410 whose message carries payloads', 410],
    ];
    for (const [name, status] of bodies) {
      it(name, async () => {
        used.mock.fault({
          kind: 'status',
          status,
          body: {
            statusCode: status,
            error: 'Bad',
            message: `${PAYLOADS.commandUri} ${PAYLOADS.mdLink} ${PAYLOADS.bidi} ${PAYLOADS.zeroWidth} ${PAYLOADS.img}`,
          },
        });
        await vscode.commands.executeCommand('stacksLookup.showTransaction', TX.coinbase);
        // Every notification (a route fallback may add an information note before the error).
        assert.ok(
          notes.shown.some((n) => n.buttons.length > 0 || /problem|rejected|switched/.test(n.message)),
          JSON.stringify(notes.shown),
        );
        for (const { message } of notes.shown) {
          assert.doesNotMatch(message, NOTIFICATION_LINK, message);
          assert.doesNotMatch(message, INVISIBLE);
          assert.ok(!/\n/.test(message), 'one line');
        }
        assert.ok(
          notes.shown.some((n) => n.message.includes('command:workbench.action.terminal.new')),
          'the text itself is still shown',
        );
      });
    }
  });

  describe('notifications: no link forms from what a command, a setting or the webview is given', () => {
    const LINK = '[Fix](command:workbench.action.terminal.new)';
    const assertInert = (what: string) => {
      assert.ok(notes.shown.length > 0, `${what}: a notification is shown`);
      for (const { message } of notes.shown) assert.doesNotMatch(message, NOTIFICATION_LINK, `${what}: ${message}`);
      assert.ok(
        notes.shown.some((n) => n.message.includes('command:workbench')),
        `${what}: the text itself is still shown`,
      );
    };

    it('a page message from the webview with a link as its block', async () => {
      await vscode.commands.executeCommand('stacksLookup.showAddress', ADDRESS.mainnet);
      notes.shown.length = 0;
      await panels.handle({ type: 'page', params: { untilBlock: LINK } });
      assertInert('untilBlock');
    });

    it('a custom API URL from the settings that carries a command link', async () => {
      const restore = await setSettings({
        customApiUrl: '[Fix](command:workbench.action.terminal.sendSequence?{"text":"reboot\\n"})',
      });
      try {
        await vscode.commands.executeCommand('stacksLookup.setApiKey');
      } finally {
        await restore();
      }
      assertInert('customApiUrl');
    });

    it('command arguments that carry a link', async () => {
      for (const command of ['stacksLookup.lookup', 'stacksLookup.showTransaction', 'stacksLookup.watchAddress']) {
        notes.shown.length = 0;
        await vscode.commands.executeCommand(command, LINK);
        assertInert(command);
      }
    });
  });

  describe('panel models carry the strings as plain text', () => {
    const cases: Array<[string, string, unknown]> = [
      ['a contract call with hostile arguments, events and memo', 'stacksLookup.showTransaction', TX.contractCall],
      ['a token transfer with a hostile memo', 'stacksLookup.showTransaction', TX.tokenTransfer],
      ['a failed call', 'stacksLookup.showTransaction', TX.failed],
      ['decoded values (result, print) holding the payloads', 'stacksLookup.showTransaction', TX.ftTransfer],
      ['mempool statistics', 'stacksLookup.showMempoolStats', undefined],
      [
        'an address holding hostile tokens and NFTs, with hostile pending transactions',
        'stacksLookup.showAddress',
        ADDRESS.mainnet,
      ],
      ['the API status', 'stacksLookup.showServerStatus', undefined],
      [
        'a block with a hostile anchor transaction, burn block and transaction rows',
        'stacksLookup.showBlock',
        String(BLOCK.height),
      ],
      [
        'a burn block with hostile hashes, times and Stacks blocks',
        'stacksLookup.showBurnBlock',
        String(BURN.height700000),
      ],
    ];
    it('a contract whose interface and call results carry the payloads', async () => {
      const [address, name] = CONTRACT.typeProbe.split('.');
      const base = `/v2/contracts/call-read/${address}/${name}`;
      used.mock.override(`/v2/contracts/interface/${address}/${name}`, hostileInterface());
      used.mock.override(`${base}/${HOSTILE_FN.replace(/[<>]/g, encodeURIComponent)}`, hostileCallResult());
      used.mock.override(`${base}/safe-div`, { okay: false, cause: ALL_PAYLOADS });
      await vscode.commands.executeCommand('stacksLookup.lookup', CONTRACT.typeProbe);
      const model = panels.current?.model;
      assert.ok(model && model.kind === 'contract', 'the panel shows the contract');
      assert.deepStrictEqual(markupKeys(model), []);
      const all = strings(model);
      assert.ok(all.includes(HOSTILE_FN), 'the hostile function name is carried as text');
      assert.ok(
        all.some((x) => x.includes(PAYLOADS.img)),
        'the hostile epoch and version are carried as text',
      );
      await panels.handle({ type: 'call', fn: HOSTILE_FN, args: ['1'], sender: address, at: '' });
      const ok = panels.results.get(`fn:${HOSTILE_FN}`);
      assert.strictEqual(ok?.state, 'ok');
      assert.ok(ok.text?.includes(PAYLOADS.script), 'the result shows the payload as Clarity text');
      assert.strictEqual(ok.tree?.children?.[0]?.text?.slice(0, 40), ALL_PAYLOADS.slice(0, 40));
      await panels.handle({ type: 'call', fn: 'safe-div', args: ['1', '1'], sender: address, at: '' });
      const failed = panels.results.get('fn:safe-div');
      assert.strictEqual(failed?.state, 'failed');
      assert.ok(failed.message?.includes(PAYLOADS.commandUri), "the node's cause is shown as text");
      assert.deepStrictEqual(notes.shown, [], 'no notification comes from the data');
      const html = panelHtml();
      for (const p of Object.values(PAYLOADS))
        assert.ok(!html.includes(p.slice(0, 30)), `the panel HTML contains ${p.slice(0, 30)}`);
    });

    for (const [name, command, arg] of cases) {
      it(name, async () => {
        await vscode.commands.executeCommand(command, ...(arg === undefined ? [] : [arg]));
        assert.deepStrictEqual(notes.shown, [], 'the hostile data loads');
        const model: ViewModel | undefined = panels.current?.model;
        assert.ok(model, 'the panel shows a model');
        assert.deepStrictEqual(markupKeys(model), []);
        const all = strings(model).join('\n');
        if (arg === TX.ftTransfer) {
          // Decoded, the strings inside the values are leaves of the tree, exactly as written.
          const texts: string[] = [];
          const walk = (n: ClarityNode): void => {
            if (n.text !== undefined) texts.push(n.text);
            n.children?.forEach(walk);
          };
          for (const s of model.sections)
            for (const r of s.type === 'fields' ? s.rows : []) for (const v of r.values) if (v.tree) walk(v.tree);
          assert.ok(
            texts.some((t) => t.startsWith(PAYLOADS.img) && t.includes(PAYLOADS.script)),
            'the string payloads are text leaves, as written (cut at the length cap)',
          );
          assert.ok(texts.includes(PAYLOADS.bidi), 'the bidi payload is kept as text');
        }
        // A Bitcoin link is offered only for a Bitcoin id: a hostile one is text, and opens nothing.
        for (const r of bitcoinRefs(model))
          assert.match(r.id, /^(0x[0-9a-fA-F]{64}|\d+)$/, `a Bitcoin link to ${r.id.slice(0, 40)}`);
        if (command === 'stacksLookup.showBlock' || command === 'stacksLookup.showBurnBlock') {
          assert.ok(all.includes(PAYLOADS.img), 'the HTML payload is carried as text');
          const opened = await recordingOpenExternal(async () => {
            for (const p of Object.values(PAYLOADS))
              for (const kind of ['tx', 'block'] as const)
                await panels.handle({ type: 'openBitcoin', ref: { kind, id: p } });
          });
          assert.deepStrictEqual(opened, []);
        }
        if (
          command === 'stacksLookup.showTransaction' ||
          command === 'stacksLookup.showMempoolStats' ||
          command === 'stacksLookup.showAddress'
        ) {
          // The payloads arrive verbatim (as text), not stripped into something else.
          assert.ok(all.includes(PAYLOADS.img) || all.includes(PAYLOADS.script), 'the HTML payload is carried as text');
        }
        // The document of the panel holds no data: only the bundle and a nonce.
        const html = panelHtml();
        assert.ok(html.length > 0, 'the panel has its document');
        for (const p of Object.values(PAYLOADS))
          assert.ok(!html.includes(p.slice(0, 30)), `the panel HTML contains ${p.slice(0, 30)}`);
        assert.doesNotMatch(html, /__stacksLookupPwned/);
      });
    }
  });
});
