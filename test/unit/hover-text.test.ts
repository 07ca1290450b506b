import * as assert from 'assert';
import type { ContractStatus, StxBalance, Transaction } from '../../src/api';
import {
  addressHover,
  code,
  commandUri,
  contractHover,
  escapeMarkdown,
  failureHover,
  HoverSource,
  stxAmount,
  txHover,
} from '../../src/ui/editor/hoverText';
import { Commands } from '../../src/constants';
import { loadFixture } from '../mock-api/server';
import { ADDRESS, CONTRACT, TX } from '../fixtures/ids';

/**
 * A CommonMark renderer with GFM-style autolinks (markdown-it, installed with vsce): it shows what
 * a Markdown hover would turn the text into. VS Code renders hovers with its own parser; both follow
 * CommonMark for escapes, links, images, HTML and code.
 */
interface Renderer {
  render(src: string): string;
  renderInline(src: string): string;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (opts: { html: boolean; linkify: boolean }) => Renderer;
const md = new MarkdownIt({ html: true, linkify: true });

const HOSTILE = [
  '[click me](command:workbench.action.terminal.new)',
  '[x](command:stacksLookup.setApiKey?%5B%22a%22%5D "t")',
  '![pixel](https://tracker.example/p.png)',
  '<img src=x onerror="alert(1)">',
  '<a href="command:workbench.action.openSettings">settings</a>',
  '<script>alert(1)</script>',
  'visit https://phish.example/login now',
  'or www.phish.example or mail admin@phish.example',
  'command:workbench.action.reloadWindow',
  '`code` and ``double``',
  '*bold* _em_ **strong** ~~strike~~',
  '# heading\n- list\n> quote\n    indented code',
  '&lt;b&gt;entity&lt;/b&gt; &#x3C;i&#x3E;',
  '$(alert) $(github) theme icons',
  '[ref]: https://phish.example\n[ref]',
  '<https://autolink.example>',
  'a\\]b\\[c\\',
  '| table | row |\n|---|---|',
];

const BIDI = 'safe\u202Egnp.exe\u202C \u2066iso\u2069 zero\u200Bwidth\u200D joiner\uFEFF bom \u061C alm';

describe('hover Markdown', () => {
  describe('escapeMarkdown', () => {
    for (const s of HOSTILE) {
      it(`renders ${JSON.stringify(s).slice(0, 50)} as plain text`, () => {
        const html = md.render(escapeMarkdown(s));
        assert.doesNotMatch(html, /<(a|img|script|code|em|strong|s|h\d|ul|ol|li|blockquote|pre|table)\b/i, html);
        // The visible text is the input itself (white space folded).
        const visible = html
          .replace(/<\/?p>/g, '')
          .trim()
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
        assert.strictEqual(visible, s.replace(/\s+/g, ' ').trim());
      });
    }

    it('leaves no command: URI, URL or theme icon a renderer would act on', () => {
      const out = HOSTILE.map((s) => escapeMarkdown(s)).join(' ');
      assert.doesNotMatch(out, /(?<!\\)command:/);
      assert.doesNotMatch(out, /https?:\/\//);
      assert.doesNotMatch(out, /(?<!\\)\$\(/);
      assert.doesNotMatch(out, /(?<!\\)[[\]<>`!]/);
    });

    it('strips bidi overrides, isolates and zero-width characters', () => {
      const out = escapeMarkdown(BIDI);
      assert.doesNotMatch(out, /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u061C]/);
      assert.strictEqual(md.renderInline(out), 'safegnp.exe iso zerowidth joiner bom alm');
    });

    it('folds line breaks and control characters so one value stays on one line', () => {
      assert.strictEqual(escapeMarkdown('a\r\n\tb\u0000c\u2028d'), 'a b c d');
    });

    it('cuts long text', () => {
      const out = escapeMarkdown('x'.repeat(1000), 50);
      assert.strictEqual(out.length, 50);
      assert.ok(out.endsWith('…'));
    });
  });

  describe('code', () => {
    it('puts ids of a known shape in a code span and escapes anything else', () => {
      assert.strictEqual(code(TX.tokenTransfer), `\`${TX.tokenTransfer}\``);
      assert.strictEqual(code(CONTRACT.deployed), `\`${CONTRACT.deployed}\``);
      assert.strictEqual(md.renderInline(code('x` <b>y</b> `')), 'x` &lt;b&gt;y&lt;/b&gt; `');
    });
  });

  describe('commandUri', () => {
    it('encodes the arguments as JSON that VS Code can read back', () => {
      const target = { kind: 'address' as const, id: ADDRESS.mainnet, network: 'mainnet' as const };
      const line = {
        network: 'mainnet' as const,
        contractId: CONTRACT.deployed,
        fn: "it's (odd)",
        result: '(err u1)',
        link: 0,
      };
      const uri = commandUri(Commands.openErrorLine, [line]);
      assert.match(uri, /^command:stacksLookup\.openErrorLine\?[^()' "]+$/);
      assert.deepStrictEqual(JSON.parse(decodeURIComponent(uri.split('?')[1]!)), [line]);
      assert.deepStrictEqual(
        JSON.parse(decodeURIComponent(commandUri(Commands.openInExplorer, [target]).split('?')[1]!)),
        [target],
      );
    });

    it('takes only the arguments its command reads (checked when the tests compile)', () => {
      // @ts-expect-error Copy takes the text to copy, not a target.
      commandUri(Commands.copy, [{ kind: 'address', id: ADDRESS.mainnet }]);
      // @ts-expect-error Open in Web Explorer takes one target, nothing more.
      commandUri(Commands.openInExplorer, [{ kind: 'address', id: ADDRESS.mainnet }, 'extra']);
      // @ts-expect-error Show Log is not a command a hover links to.
      commandUri(Commands.showLog, []);
      assert.ok(commandUri(Commands.copy, ['x']).startsWith('command:stacksLookup.copy?'));
    });
  });

  const source: HoverSource = {
    network: 'testnet',
    networkLabel: 'Testnet',
    baseUrl: 'http://127.0.0.1:3999',
    now: Date.UTC(2020, 6, 16, 13, 46, 34),
  };
  const links = (markdown: string) =>
    [...markdown.matchAll(/\]\((command:[^ )]+)/g)].map((m) => m[1]!.split('?')[0]!.slice('command:'.length));

  describe('transaction hover', () => {
    it('shows type, status, block and time, fee, sender, amount and recipient of a token transfer', () => {
      const tx = loadFixture('tx-token_transfer.json') as Transaction;
      const { markdown, commands } = txHover(tx, source);
      const text = md.render(markdown);
      assert.match(text, /Token transfer/);
      assert.match(text, /Success/);
      assert.match(text, /Block: #3,275 · 2020-07-13 13:46:34 UTC \(3 days ago\)/);
      assert.match(text, /Fee: 0\.001234 STX \(1,234 µSTX\)/);
      assert.match(text, /Sender: <code>ST1HB64MAJ1MBV4CQ80GF01DZS4T1DSMX20ADCRA4<\/code>/);
      assert.match(text, /Amount: 0\.000035 STX \(35 µSTX\) → <code>ST3DWSXBPYDB484QXFTR81K4AWG4ZB5XZNFF3H70C<\/code>/);
      assert.match(text, /Memo: hi/);
      assert.match(text, /Testnet · http:\/\/127\.0\.0\.1:3999/);
      assert.deepStrictEqual(
        commands.sort(),
        [Commands.copy, Commands.openInExplorer, Commands.showTransaction].sort(),
      );
      assert.deepStrictEqual(links(markdown).sort(), commands.sort());
    });

    it('gives the reason of a failed transaction', () => {
      const text = md.render(txHover(loadFixture('tx-failed.json') as Transaction, source).markdown);
      assert.match(text, /Failed \(aborted by response\): \(err u1\)/);
    });

    it('says a pending transaction is in the mempool and a dropped one what replaced it', () => {
      assert.match(
        md.render(txHover(loadFixture('tx-pending.json') as Transaction, source).markdown),
        /Pending in the mempool/,
      );
      const dropped = md.render(txHover(loadFixture('tx-dropped.json') as Transaction, source).markdown);
      assert.match(dropped, /Dropped \(replace by fee\), replaced by <code>0x4413739d/);
    });

    it('escapes what the chain says', () => {
      const tx = loadFixture('tx-failed.json') as Transaction;
      tx.tx_result = { hex: '0x', repr: '(err "[open](command:workbench.action.terminal.new) <img src=x>")' };
      tx.sender_address = 'ST1`](command:x)';
      const { markdown, commands } = txHover(tx, source);
      const html = md.render(markdown);
      assert.doesNotMatch(html, /<img|href="command:(?!stacksLookup\.)/);
      assert.ok(commands.every((c) => c.startsWith('stacksLookup.')));
      assert.deepStrictEqual(links(markdown).sort(), commands.sort());
    });
  });

  describe('address hover', () => {
    it('shows the balance, what is available and what is locked until when, sent and received, with links', () => {
      const b = loadFixture('stx-balance--locked.json') as StxBalance;
      const { markdown, commands } = addressHover(
        ADDRESS.mainnet,
        { ok: true, value: b },
        { ...source, network: 'mainnet', networkLabel: 'Mainnet' },
      );
      const text = md.render(markdown);
      assert.match(text, /Balance: 1 STX \(1,000,000 µSTX\)/);
      assert.match(text, /Available: 0\.95 STX \(950,000 µSTX\)/);
      assert.match(text, /Locked: 0\.05 STX \(50,000 µSTX\) until burn block #200/);
      assert.match(text, /Sent: 0 STX · Received: 1 STX/);
      assert.match(text, /Mainnet ·/);
      assert.deepStrictEqual(
        commands.sort(),
        [Commands.copy, Commands.openInExplorer, Commands.showAddress, Commands.watchAddress].sort(),
      );
    });

    it('shows the short failure line', () => {
      const text = md.render(
        addressHover(ADDRESS.mainnet, { ok: false, short: 'Rate limited: set an API key for a higher limit.' }, source)
          .markdown,
      );
      assert.match(text, /Rate limited: set an API key for a higher limit\./);
    });
  });

  describe('contract hover', () => {
    const deployed: ContractStatus = {
      found: true,
      result: { contract_id: CONTRACT.deployed, status: 'success', tx_id: TX.smartContract, block_height: 3275 },
    };
    const zero = { balance: '0', total_sent: '0', total_received: '0', locked: '0' } as StxBalance;

    it('shows where it was deployed, by which transaction, and the deployer balance', () => {
      const { markdown, commands } = contractHover(
        { id: CONTRACT.deployed },
        { ok: true, value: deployed },
        { ok: true, value: zero },
        source,
      );
      const text = md.render(markdown);
      assert.match(text, /<strong>Contract<\/strong> <code>pox-2<\/code>/);
      assert.match(text, /Deployer: <code>ST000000000000000000002AMW42H<\/code>/);
      assert.match(
        text,
        /Deployed in block #3,275 by tx <a href="command:stacksLookup\.showTransaction\?[^"]+" title="Show the deploy transaction"><code>0x0c80de…3f22e4<\/code><\/a>/,
      );
      assert.match(text, /Deployer balance: 0 STX \(0 µSTX\)/);
      assert.deepStrictEqual(
        commands.sort(),
        [Commands.copy, Commands.openInExplorer, Commands.showContractStatus, Commands.showTransaction].sort(),
      );
    });

    it('says when it is not deployed on the network that answered', () => {
      const text = md.render(
        contractHover(
          { id: CONTRACT.notFound },
          { ok: true, value: { found: false } },
          { ok: true, value: zero },
          source,
        ).markdown,
      );
      assert.match(text, /Not deployed on Testnet/);
    });

    it('shows a pending deployment, a trait, and each failure on its own line', () => {
      const pending: ContractStatus = {
        found: true,
        result: { contract_id: CONTRACT.statusPending, status: 'pending', tx_id: TX.pending },
      };
      const text = md.render(
        contractHover(
          { id: CONTRACT.statusPending, trait: 'sip-010-trait' },
          { ok: true, value: pending },
          { ok: false, short: 'Not found on Testnet' },
          source,
        ).markdown,
      );
      assert.match(
        text,
        /<strong>Trait<\/strong> <code>sip-010-trait<\/code> of contract <code>stacking-dao-core-v1<\/code>/,
      );
      assert.match(text, /Deployment pending, tx/);
      assert.match(text, /Deployer balance: Not found on Testnet/);
    });
  });

  it('a failure hover names what was hovered and why it is empty', () => {
    const text = md.render(
      failureHover('Transaction', TX.tokenTransfer, 'Devnet at http://localhost:3999 is not reachable.', {
        ...source,
        networkLabel: 'Devnet',
        baseUrl: 'http://localhost:3999',
      }).markdown,
    );
    assert.match(text, /Devnet at http:\/\/localhost:3999 is not reachable\./);
    assert.doesNotMatch(text, /<a /);
  });

  it('an amount that is not a number forms no link or image (issue 11, item 4)', () => {
    const payload = '[Claim](https://evil.example/claim) ![t](https://evil.example/pixel.png) <img src=x>';
    const b = { ...(loadFixture('stx-balance--locked.json') as StxBalance), balance: payload, total_sent: payload };
    for (const markdown of [
      addressHover(ADDRESS.mainnet, { ok: true, value: b }, source).markdown,
      contractHover({ id: CONTRACT.deployed }, { ok: true, value: undefined }, { ok: true, value: b }, source).markdown,
    ]) {
      const html = md.render(markdown);
      assert.doesNotMatch(html, /evil\.example|<img/, html);
    }
  });

  it('stxAmount is exact', () => {
    assert.strictEqual(stxAmount('123456789012345678'), '123,456,789,012.345678 STX (123,456,789,012,345,678 µSTX)');
  });
});
