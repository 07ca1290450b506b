import * as assert from 'assert';
import fc from 'fast-check';
import type { ContractStatus, StxBalance, Transaction } from '../../src/api';
import { addressHover, contractHover, escapeMarkdown, HoverSource, txHover } from '../../src/ui/editor/hoverText';
import { WebviewMessage, type TargetMessage, type ViewModel } from '../../src/protocol';
import { inertNotification } from '../../src/ui/shared/errorText';
import { txModel } from '../../src/ui/panels/models/tx';
import { bufferCV, cvToHex, listCV, stringAsciiCV, stringUtf8CV, tupleCV } from '@stacks/transactions';
import { decodeClarity } from '../../src/chain/clarity';
import type { ClarityNode } from '../../src/protocol';
import type { ModelContext } from '../../src/ui/panels/models';
import { checkTarget } from '../../src/ui/shared/targets';
import { ADDRESS, CONTRACT, TOKEN } from '../fixtures/ids';
import { loadFixture } from '../mock-api/server';

// Property: whatever a stranger writes on chain, no text the extension builds from it holds an
// active link other than the extension's own commands with checked arguments. Hovers are rendered
// with a CommonMark renderer (markdown-it with HTML and autolinks on, stricter than VS Code's
// hovers); notifications are checked against the link form VS Code turns into a button or link;
// panel models may only link to targets that pass the identifier rules.

interface Renderer {
  render(src: string): string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (opts: { html: boolean; linkify: boolean }) => Renderer;
const md = new MarkdownIt({ html: true, linkify: true });

/** Pieces an attacker would combine, and arbitrary text (any code point) between them. */
const PIECES = [
  '[',
  ']',
  '(',
  ')',
  '](',
  '![',
  '<',
  '>',
  '`',
  '\\',
  '*',
  '_',
  '#',
  '\n',
  '\r\n',
  ' ',
  '&lt;',
  '&#x5b;',
  'command:',
  'command:workbench.action.terminal.new',
  'command:stacksLookup.setApiKey?%5B%22x%22%5D',
  'https://evil.example/p.png',
  'http://',
  'www.evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>',
  '<img src=x onerror=alert(1)>',
  '<a href="command:workbench.action.openSettings">x</a>',
  '<script>alert(1)</script>',
  '$(alert)',
  '\u202e',
  '\u200b',
  '\ufeff',
  '[x]: https://evil.example',
  'a@evil.example',
];
const hostile = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 12 })), { maxLength: 10 })
  .map((parts) => parts.join(''));

/** Identity fields stay real (the lookup itself must still work); every other string carries `s`. */
const KEEP = new Set([
  'tx_id',
  'tx_status',
  'tx_type',
  'sender_address',
  'sponsor_address',
  'block_hash',
  'index_block_hash',
  'parent_block_hash',
  'burn_block_hash',
  'contract_id',
  'recipient_address',
  'event_type',
  'type',
  'status',
  'hex',
  'balance',
  'locked',
  'total_sent',
  'total_received',
  'total_fees_sent',
  'amount',
  'fee_rate',
  'stx_sent',
  'stx_received',
]);
function poisonWith(value: unknown, s: string, key = ''): unknown {
  if (typeof value === 'string') return KEEP.has(key) ? value : `${value}${s}`;
  if (Array.isArray(value)) return value.map((v) => poisonWith(v, s, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisonWith(v, s, k)]));
  return value;
}

/**
 * VS Code's own parser of links in notification text (parseLinkedText in
 * microsoft/vscode src/vs/base/common/linkedText.ts), applied after line breaks become spaces.
 */
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;

const source: HoverSource = {
  network: 'testnet',
  networkLabel: 'Testnet',
  baseUrl: 'http://127.0.0.1:3999',
  now: Date.UTC(2024, 0, 1),
};

/** Every active element of rendered hover HTML is one of the hover's own command links. */
function assertOnlyOwnLinks(markdown: string, commands: readonly string[]): void {
  const html = md.render(markdown);
  assert.doesNotMatch(html, /<(img|script|iframe|object|embed|style|svg|form|input)\b/i, html);
  assert.doesNotMatch(html, /<[a-z][^>]*\son[a-z]+\s*=/i, 'no element with an event handler');
  for (const m of html.matchAll(/<a\b([^>]*)>/gi)) {
    const href = /href="([^"]*)"/.exec(m[1]!)?.[1] ?? '';
    const uri = href.replace(/&amp;/g, '&');
    const command = /^command:(stacksLookup\.[A-Za-z]+)(\?|$)/.exec(uri);
    assert.ok(command, `an active link that is not the extension's own command: ${href}`);
    assert.ok(commands.includes(command[1]!), `${command[1]} is not in the hover's trusted list`);
    // The arguments are JSON; every target among them passes the identifier rules.
    const query = uri.split('?')[1];
    const args: unknown = query ? JSON.parse(decodeURIComponent(query)) : [];
    for (const a of Array.isArray(args) ? args : [args]) {
      if (a && typeof a === 'object' && 'kind' in a) assert.ok(checkTarget(a as TargetMessage), JSON.stringify(a));
      if (typeof a === 'string') assert.doesNotMatch(a, /[[\]()<>\s`]/, `argument ${a}`);
    }
  }
}

/** Every target and intent in a panel model passes the protocol and the identifier rules. */
function assertModelLinksChecked(model: ViewModel): void {
  const walk = (v: unknown, key: string): void => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, key));
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (key === 'intent') assert.ok(WebviewMessage.safeParse(o).success, `intent ${JSON.stringify(o)}`);
    if (key === 'target') assert.ok(checkTarget(o as TargetMessage), `a link to ${JSON.stringify(o).slice(0, 200)}`);
    if (key === 'icon' || key === 'tone') assert.fail(`${key} is an object`);
    for (const [k, x] of Object.entries(o)) {
      if ((k === 'icon' || k === 'tone') && x !== undefined)
        assert.match(String(x), /^[a-z0-9~-]+$/, `${k} ${String(x).slice(0, 80)}`);
      walk(x, k);
    }
  };
  walk(model, '');
}

const ctx: ModelContext = {
  network: 'testnet',
  networkLabel: 'Testnet',
  baseUrl: 'http://127.0.0.1:3999',
  hasApiKey: false,
  now: Date.UTC(2024, 0, 1),
};

describe('hostile text, property-based', function () {
  this.timeout(60000);
  const runs = { numRuns: 150 };

  it('escapeMarkdown: any text renders with no element at all', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        assert.doesNotMatch(md.render(escapeMarkdown(s)), /<(?!\/?p>)[a-z]/i);
      }),
      runs,
    );
  });

  for (const file of ['tx-contract_call-sponsored.json', 'tx-token_transfer.json', 'tx-smart_contract.json']) {
    it(`transaction hover (${file}): only the hover's own command links`, () => {
      const tx = loadFixture(file);
      fc.assert(
        fc.property(hostile, (s) => {
          const { markdown, commands } = txHover(poisonWith(tx, s) as Transaction, source);
          assertOnlyOwnLinks(markdown, commands);
        }),
        runs,
      );
    });
  }

  it('address hover: only the hover own command links', () => {
    const balance = loadFixture('stx-balance--locked.json');
    fc.assert(
      fc.property(hostile, (s) => {
        const { markdown, commands } = addressHover(
          ADDRESS.testnet,
          { ok: true, value: poisonWith(balance, s) as StxBalance },
          source,
        );
        assertOnlyOwnLinks(markdown, commands);
      }),
      runs,
    );
  });

  it('contract hover: only the hover own command links', () => {
    const statuses = loadFixture('contracts-status.json') as Record<string, ContractStatus>;
    const status = statuses[CONTRACT.deployed]!;
    const balance = loadFixture('stx-balance--locked.json');
    fc.assert(
      fc.property(hostile, hostile, (s, trait) => {
        const { markdown, commands } = contractHover(
          { id: CONTRACT.deployed, trait },
          { ok: true, value: poisonWith(status, s) as ContractStatus },
          { ok: true, value: poisonWith(balance, s) as StxBalance },
          source,
        );
        assertOnlyOwnLinks(markdown, commands);
      }),
      runs,
    );
  });

  it('notifications: no link form VS Code would turn into a link or a button', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const text = inertNotification(`Could not load ${a}: ${b}`);
        assert.doesNotMatch(text.replace(/(\r\n|\n|\r)/g, ' '), NOTIFICATION_LINK, text);
        assert.doesNotMatch(text, /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/);
      }),
      runs,
    );
  });

  it('transaction panel model: every link is a checked target, every action a protocol message', () => {
    const tx = loadFixture('tx-contract_call-sponsored.json');
    fc.assert(
      fc.property(hostile, (s) => {
        assertModelLinksChecked(txModel(poisonWith(tx, s) as Transaction, 0, ctx));
      }),
      runs,
    );
  });

  it('decoded Clarity values: chain strings stay exactly the text they were, with no link or markup', () => {
    const tx = loadFixture('tx-contract_call-ft_transfer.json');
    const allowed = new Set(['type', 'key', 'text', 'hint', 'children', 'cut']);
    const leavesOf = (n: ClarityNode): ClarityNode[] => (n.children ? n.children.flatMap(leavesOf) : [n]);
    fc.assert(
      fc.property(hostile, (s) => {
        const utf8 = Buffer.from(s, 'utf8').toString('utf8');
        const ascii = s.replace(/[^\x20-\x7e]/g, '');
        const value = cvToHex(
          tupleCV({
            [`k${ascii.replace(/[^a-z0-9-]/gi, '').slice(0, 20)}`]: stringUtf8CV(s),
            list: listCV([stringAsciiCV(ascii), bufferCV(Buffer.from(s, 'utf8'))]),
          }),
        );
        const poisoned = structuredClone(tx);
        poisoned.tx_result = { hex: value, repr: `(tuple ${s})` };
        poisoned.events[0].contract_log.value = { hex: value, repr: s };
        const model = txModel(poisoned as Transaction, 0, {
          ...ctx,
          decode: decodeClarity,
          tokens: new Map([[TOKEN.mia, { meta: { symbol: s, decimals: 6 } }]]),
        });
        assertModelLinksChecked(model);
        const result = model.sections
          .flatMap((x) => (x.type === 'fields' ? x.rows : []))
          .find((r) => r.label === 'Result')!;
        const tree = result.values[0]!.tree;
        // The library drops a leading byte order mark, so such a value does not serialize back to
        // its hex: it is shown as the repr the API sent, as text.
        if (!tree) return assert.strictEqual(result.values[0]!.t, 'code');
        const walk = (n: ClarityNode): void => {
          for (const k of Object.keys(n)) assert.ok(allowed.has(k), `node key ${k}`);
          n.children?.forEach(walk);
        };
        walk(tree);
        const texts = leavesOf(tree).map((l) => l.text);
        assert.strictEqual(texts[0], utf8);
        assert.strictEqual(texts[1], ascii);
        const buf = leavesOf(tree)[2]!;
        assert.ok(buf.text === utf8 || buf.text === `0x${Buffer.from(s, 'utf8').toString('hex')}`, buf.text);
      }),
      runs,
    );
  });
});
