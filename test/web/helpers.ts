// What the web tests share. Like test/suite/editorHelpers.ts, without Node: the mocks are remote.
import * as vscode from 'vscode';
import type { AdjustableClock } from '../../src/api/clock';
import type { ViewModel } from '../../src/protocol';
import type { TestApi } from '../../src/testApi';
import type { ExplorerTree } from '../../src/ui/tree';
import type { TreeNode } from '../../src/ui/tree/node';
import { replaceInWindow } from '../fakes/window';
import * as assert from './assert';
import { mainMock, mockUrl, otherMock } from './control';

export const EXTENSION_ID = 'stacks-lookup.stacks-lookup';

/** Ids the mock serves (test/fixtures/ids.ts, which needs Node's crypto, has them all). */
export const IDS = {
  tx: '0x03807fdb726b3cb843e0330c564a4974037be8f9ea58ec7f8ebe03c34b890009',
  /** A contract call whose arguments and result are tuples (tx-contract_call-stack_stx.json). */
  stackStxTx: '0xa64ad136e51a3a50eb1fdfd7eefa0b7aeb89e2521b2a2218d887477baa1775c9',
  unknownTx: '0xb9c397a6781bc1ff12ca1e27ac2f2f72e0f673e3c69c846115de9363bd8d1268',
  address: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE',
  contract: 'ST000000000000000000002AMW42H.pox-2',
  blockHeight: 3275,
  blockHash: '0xe77ba8cf6bb7c0e4f64adc83356289ed467d31a22354907b4bb814590058430f',
  burnHeight: 654439,
  /** A pending token transfer the mock serves (tx-pending.json). */
  pendingTx: '0x4413739d6a3f86d4597f5296cc536f6890e2affff9aece285e37399be697b43f',
  /** An address with tokens, NFTs and pending transactions, one of them stuck behind a nonce gap. */
  pendingSender: 'SPX3DV9X9CGA8P14B3CMP2X8DBW6ZDXEAXDNPTER',
  /** The workbench's fixture contract and its deployer. */
  typeProbe: 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG.type-probe',
  probeOwner: 'ST2CY5V39NHDPWSXMW9QDT3HC3GD6Q6XX4CFRK9AG',
} as const;

/** test/fixtures/ids.ts's `mockHash`, with the worker's Web Crypto: the ids the mock makes up. */
export async function mockHash(label: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('stacks-lookup-mock:' + label));
  return '0x' + [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function testApi(): Promise<TestApi> {
  const ext = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed`);
  const api = await ext.activate();
  assert.ok(api, 'activate() returned nothing: the extension is not running in ExtensionMode.Test');
  return api;
}

/** Fresh clients (so no test sees another's cache or rate budget), the mocks reset, the main mock selected. */
export async function freshStart(api: TestApi): Promise<void> {
  await mainMock.reset();
  await otherMock.reset();
  await setSettings({ network: 'custom', customApiUrl: mockUrl(), requestTimeoutMs: 15000 });
  assert.ok(api.networks, 'activate() built the network service');
  api.probe.dropClients();
}

const section = () => vscode.workspace.getConfiguration('stacksLookup');

export async function setSettings(values: Record<string, unknown>): Promise<void> {
  for (const [key, value] of Object.entries(values))
    await section().update(key, value, vscode.ConfigurationTarget.Global);
}

export interface Shown {
  level: 'error' | 'warning' | 'info';
  message: string;
  buttons: string[];
}

/** Records the notifications shown and answers them with no choice. */
export function captureMessages(): { shown: Shown[]; restore(): void } {
  const shown: Shown[] = [];
  const recorder =
    (level: Shown['level']) =>
    (message: string, ...rest: unknown[]) => {
      const buttons = rest
        .filter(
          (r): r is string | { title: string } =>
            typeof r === 'string' || (!!r && typeof r === 'object' && 'title' in r),
        )
        .map((r) => (typeof r === 'string' ? r : r.title));
      shown.push({ level, message, buttons });
      return Promise.resolve(undefined);
    };
  const restore = replaceInWindow({
    showErrorMessage: recorder('error'),
    showWarningMessage: recorder('warning'),
    showInformationMessage: recorder('info'),
  });
  return { shown, restore };
}

/** The text of the Stacks Lookup hovers at the first occurrence of `needle`. */
export async function stacksHoverAt(doc: vscode.TextDocument, needle: string, offset = 5): Promise<string> {
  const at = doc.getText().indexOf(needle);
  assert.ok(at >= 0, `"${needle}" is not in the document`);
  const hovers =
    (await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      doc.positionAt(at + offset),
    )) ?? [];
  return hovers
    .flatMap((h) => h.contents)
    .filter((c): c is vscode.MarkdownString => c instanceof vscode.MarkdownString)
    .filter((m) => /stacksLookup\.|Custom|Mainnet|Testnet|Devnet/.test(m.value))
    .map((m) => m.value.replace(/\\([!-/:-@[-`{-~])/g, '$1'))
    .join('\n---\n');
}

export interface SeenItem {
  label: string;
  description: string;
}

export async function children(tree: ExplorerTree, node: TreeNode): Promise<SeenItem[]> {
  return (await tree.getChildren(node)).map((k) => {
    const item = tree.getTreeItem(k);
    return {
      label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
      description: String(item.description ?? ''),
    };
  });
}

/** The poll interval of waitFor, not a wait of its own: tests wait for a condition. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Lets every wait on the clients' clock pass at once (test/suite/editorHelpers.ts has the same):
 * a watch's rounds run without the test waiting out their delays. Returns the stop.
 */
export function passClockWaits(clock: AdjustableClock): () => void {
  const timer = setInterval(() => {
    const waits = clock.waits;
    if (waits.length) clock.advance(Math.max(...waits));
  }, 20);
  return () => clearInterval(timer);
}

/** Waits until `count` has not changed for `quietMs`; returns the settled count. */
export async function waitQuiet(
  count: () => number | Promise<number>,
  what: string,
  quietMs = 500,
  timeoutMs = 10000,
): Promise<number> {
  const end = Date.now() + timeoutMs;
  let last = await count();
  let since = Date.now();
  while (Date.now() < end) {
    await sleep(50);
    const now = await count();
    if (now !== last) [last, since] = [now, Date.now()];
    else if (Date.now() - since >= quietMs) return now;
  }
  throw new Error(`timed out waiting for ${what} to settle`);
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The hooks of a web suite that opens panels: the extension's test API (handed to `use`), a fresh
 * start before each test and every editor closed after; returns the model the panel shows.
 */
export function panelSuite(use: (api: TestApi) => void): () => ViewModel {
  let api: TestApi | undefined;
  before(async () => {
    api = await testApi();
    use(api);
  });
  beforeEach(() => freshStart(api!));
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));
  return () => {
    const m = api?.panels?.current?.model;
    assert.ok(m, 'the panel shows a model');
    return m;
  };
}
