// What the web tests share. Like test/suite/editorHelpers.ts, without Node: the mocks are remote.
import * as vscode from 'vscode';
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
} as const;

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
  api.networks.dropClientsForTests();
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

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}
