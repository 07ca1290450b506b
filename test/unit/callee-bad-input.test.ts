import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { StacksApiError, type ContractInterface, type StacksClient } from '../../src/api';
import { navTargetAt } from '../../src/chain/contractNav';
import { describeError } from '../../src/ui/shared/errorText';
import { calleeMarkdown, type Read } from '../../src/ui/language/calleeText';
import { within } from '../../src/ui/language/within';
import { CONTRACT } from '../fixtures/ids';
import { MockApi } from '../mock-api/server';
import { withMockClient } from '../fakes/mockClient';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (opts: { html: boolean; linkify: boolean }) => {
  render(src: string): string;
};
const md = new MarkdownIt({ html: true, linkify: true });

const SBTC = CONTRACT.sbtcDeposit;
const SOURCE = fs.readFileSync(
  path.resolve(__dirname, '../../../test/fixtures/clarity/real/sbtc-deposit.clar'),
  'utf8',
);
const IFACE = JSON.parse(
  fs.readFileSync(
    path.resolve(__dirname, '../../../test/fixtures/api/v2-contract-interface--sbtc-deposit.json'),
    'utf8',
  ),
) as ContractInterface;
const ok = <T>(value: T): Read<T> => ({ ok: true, value });

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(check(), 'the answer arrived');
}

/** What a failed read says, as the language features word it. */
async function why(p: Promise<unknown>): Promise<Read<never>> {
  try {
    await p;
  } catch (e) {
    return {
      ok: false,
      why: describeError(e, { networkLabel: 'Custom', baseUrl: 'http://127.0.0.1', what: 'contract interface' })
        .message,
    };
  }
  assert.fail('the read should have failed');
}

describe('Deployed callees: bad input ends in a sentence or nothing, never an exception', () => {
  let api: MockApi;
  let client: StacksClient;
  withMockClient((m, k) => ((api = m), (client = k)));
  const ifacePath = `/v2/contracts/interface/${SBTC.replace('.', '/')}`;
  const sourcePath = `/v2/contracts/source/${SBTC.replace('.', '/')}`;

  it('the hover of a real callee: signature, doc comment and network', () => {
    const text = calleeMarkdown(SBTC, 'get-burn-header', 'Mainnet', ok(IFACE), ok(SOURCE));
    assert.match(
      text,
      /```clarity\n\(define-read-only \(get-burn-header \(height uint\)\) \(optional \(buff 32\)\)\)\n```/,
    );
    assert.match(text, /Return the bitcoin header hash of the bitcoin block at the given height\\\./);
    assert.match(text, /Read from Mainnet/);
  });

  it('a function the interface does not have says so', () => {
    const text = calleeMarkdown(SBTC, 'mint-everything', 'Mainnet', ok(IFACE), ok(SOURCE));
    assert.match(text, /has no function \*\*mint\\-everything\*\* on Mainnet/);
  });

  it('a private function is shown as one other contracts cannot call', () => {
    const text = calleeMarkdown(SBTC, 'complete-individual-deposits-helper', 'Mainnet', ok(IFACE), ok(SOURCE));
    assert.match(text, /private function/);
    assert.match(text, /cannot call it/);
  });

  it('a contract that does not exist: the sentence of a 404', async () => {
    const read = await why(client.getContractInterface(`${CONTRACT.notFound}`));
    const text = calleeMarkdown(CONTRACT.notFound, 'get-info', 'Custom', read, read);
    assert.match(text, /Contract interface not found on Custom/);
  });

  it('a malformed interface: the sentence of an unexpected answer, and no function offered', async () => {
    api.fault({ match: ifacePath, fault: { kind: 'body', body: { functions: [{ name: 'x', access: 'public' }] } } });
    const read = await why(client.getContractInterface(SBTC));
    const text = calleeMarkdown(SBTC, 'get-burn-header', 'Custom', read, ok(SOURCE));
    assert.match(text, /unexpected contract interface/);
    assert.doesNotMatch(text, /define\\?-read\\?-only/);
  });

  it('a source over the cap is refused once, and the hover still shows the interface', async () => {
    api.fault({
      match: sourcePath,
      fault: { kind: 'body', body: { source: ';; x\n'.repeat(600_000), publish_height: 1 } },
    });
    const read = await why(client.getContractSource(SBTC));
    await assert.rejects(client.getContractSource(SBTC), (e: StacksApiError) => e.kind === 'invalid-response');
    assert.strictEqual(api.requestsTo(sourcePath).length, 1, 'not asked again');
    const text = calleeMarkdown(SBTC, 'get-burn-header', 'Custom', ok(IFACE), read);
    assert.match(text, /get\\-burn\\-header/);
    assert.doesNotMatch(text, /Return the bitcoin/);
  });

  it('a slow API: the wait runs out without cancelling the request, which the next look uses', async () => {
    api.fault({ match: ifacePath, fault: { kind: 'delay', ms: 300 } });
    assert.strictEqual(await within(client.getContractInterface(SBTC), 50), 'slow');
    await waitUntil(() => client.knownContractInterface(SBTC) !== undefined);
    const second = await within(client.getContractInterface(SBTC), 50);
    assert.notStrictEqual(second, 'slow', 'the next look is answered from what arrived');
    assert.strictEqual(api.requestsTo(ifacePath).length, 1);
  });

  it('chain text cannot inject Markdown, HTML, links or break out of the code block', () => {
    const hostile: ContractInterface = {
      ...IFACE,
      functions: [
        {
          name: 'evil`\n```\n<img src=x onerror=alert(1)>[x](command:workbench.action.files.delete)',
          access: 'public',
          args: [{ name: '](https://evil.example)', type: 'uint128' }],
          outputs: { type: 'bool' },
        },
      ],
    };
    const fn = hostile.functions[0]!.name;
    const source = `;; <script>alert(1)</script> [click](command:x)\n(define-public (${fn}) (ok true))`;
    const html = md.render(calleeMarkdown(SBTC, fn, 'Custom', ok(hostile), ok(source)));
    assert.doesNotMatch(html, /<img|<script|<a |href=/);
    assert.doesNotMatch(html, /<pre><code/, 'a signature with a backtick is not put in a code block');
  });

  it('a standard address or a name that is no contract names nothing to navigate to', () => {
    const src = "(contract-call? 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE get-info)";
    assert.strictEqual(navTargetAt(src, src.indexOf('get-info') + 2), undefined);
    assert.strictEqual(navTargetAt(src, src.indexOf('SP3') + 2), undefined);
    const bad = "(contract-call? 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTF.x get-info)";
    assert.strictEqual(navTargetAt(bad, bad.indexOf('get-info') + 2), undefined, 'a bad checksum');
  });
});
