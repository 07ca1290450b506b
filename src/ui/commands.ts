import * as vscode from 'vscode';
import { isStacksApiError } from '../api/errors';
import { checkBaseUrl } from '../api/url';
import { createStacksClient } from '../api/lazy';
import { explorerUrl } from '../chain/explorer';
import { clip } from '../chain/format';
import { checkBlockRef, checkContractId, checkPrincipal, checkTxId, Checked } from '../chain/identifiers';
import { identifierAt } from '../chain/recognize';
import { recognizeInput, RecognizedInput, Target, targetTitle } from '../chain/target';
import { Commands } from '../constants';
import { Config, NetworkId } from './config';
import { reportError } from './errors';
import type { History } from './history';
import type { Log } from './log';
import { NETWORK_IDS, NETWORK_LABELS } from '../chain/networks';
import { NetworkService } from './network';
import { targetFrom } from './panels/targets';
import { inertNotification } from './errorText';
import { showError, showInfo, showWarning } from './notify';
import type { Presenter } from './presenter';
import { workspaceDeployer } from './workspaceContext';

export interface CommandDeps {
  config: Config;
  networks: NetworkService;
  presenter: Presenter;
  history: History;
  log: Log;
}

/** Registers the palette commands; each returns what it opened so other tools (and tests) can follow. */
export function registerCommands(d: CommandDeps): vscode.Disposable[] {
  const open = (r: RecognizedInput) => openTarget(d, r);
  return [
    vscode.commands.registerCommand(Commands.lookup, async (arg?: unknown) => {
      const r = typeof arg === 'string' ? recognizeOrWarn(arg) : (fromEditor() ?? (await askLookup()));
      return r ? open(r) : undefined;
    }),
    vscode.commands.registerCommand(Commands.showTransaction, async (arg?: unknown) => {
      const id = await argOrAsk(arg, 'Transaction id', '0x followed by 64 hex digits', (s) => checkTxId(s), 'tx');
      return id === undefined ? undefined : open({ target: { kind: 'tx', id } });
    }),
    vscode.commands.registerCommand(Commands.showAddress, async (arg?: unknown) => {
      const p = await argOrAsk(
        arg,
        'Address or contract principal',
        'SP…, ST…, or SP….contract-name',
        (s) => mapChecked(checkPrincipal(s), (v) => v.principal),
        'address',
      );
      if (p === undefined) return undefined;
      const info = checkPrincipal(p);
      return open({ target: { kind: 'address', id: p }, ...(info.ok ? { chain: info.value.network } : {}) });
    }),
    vscode.commands.registerCommand(Commands.showBlock, async (arg?: unknown) => {
      const ref = await argOrAsk(
        arg,
        'Block height, hash or "latest"',
        '123456, 0x… or latest',
        (s) =>
          mapChecked(checkBlockRef(s), (b) =>
            b.kind === 'latest' ? 'latest' : b.kind === 'height' ? String(b.height) : b.hash,
          ),
        'block',
      );
      return ref === undefined ? undefined : open({ target: { kind: 'block', id: ref } });
    }),
    vscode.commands.registerCommand(Commands.showBurnBlock, async (arg?: unknown) => {
      const ref = await argOrAsk(
        arg,
        'Bitcoin (burn) block height, hash or "latest"',
        '880000, 0x… or latest',
        (s) =>
          mapChecked(checkBlockRef(s), (b) =>
            b.kind === 'latest' ? 'latest' : b.kind === 'height' ? String(b.height) : b.hash,
          ),
        'burnBlock',
      );
      return ref === undefined ? undefined : open({ target: { kind: 'burnBlock', id: ref } });
    }),
    vscode.commands.registerCommand(Commands.showContractStatus, async (arg?: unknown) => {
      // A list, a comma-separated string, or a tree item carrying a target (the explorer's contracts).
      const raw = Array.isArray(arg)
        ? arg.map(String).join(',')
        : arg && typeof arg === 'object'
          ? toTarget(arg)?.id
          : arg;
      const ids = await argOrAsk(
        raw,
        'Contract ids',
        'SP….name, SP….other (comma or space separated)',
        checkContractList,
        'contract',
      );
      if (ids === undefined) return undefined;
      const first = checkContractId(ids.split(',')[0]!);
      return open({ target: { kind: 'contracts', id: ids }, ...(first.ok ? { chain: first.value.network } : {}) });
    }),
    vscode.commands.registerCommand(
      Commands.callReadOnlyFunction,
      (contractId?: unknown, fn?: unknown, network?: unknown) =>
        d.presenter.callReadOnlyFunction(d, contractId, fn, network),
    ),
    vscode.commands.registerCommand(Commands.showMempoolStats, () => open({ target: { kind: 'mempool', id: '' } })),
    vscode.commands.registerCommand(Commands.showServerStatus, () => open({ target: { kind: 'status', id: '' } })),
    vscode.commands.registerCommand(Commands.selectNetwork, () => selectNetwork(d)),
    vscode.commands.registerCommand(Commands.setApiKey, () => setApiKey(d)),
    vscode.commands.registerCommand(Commands.clearApiKey, () => clearApiKey(d)),
    vscode.commands.registerCommand(Commands.showLog, () => d.log.channel.show(true)),
    vscode.commands.registerCommand(Commands.openInExplorer, async (arg?: unknown) => {
      const t = toTarget(arg);
      if (!t) return undefined;
      const network = t.network ?? d.networks.current;
      const url = explorerUrl(d.config.explorerUrl, t, network, d.config.apiUrl(network));
      if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
      return url;
    }),
    vscode.commands.registerCommand(Commands.copy, async (arg?: unknown) => {
      // Only an identifier, canonical: a link cannot put arbitrary text on the clipboard.
      const text = toTarget(arg)?.id;
      if (!text) return undefined;
      await vscode.env.clipboard.writeText(text);
      showCopied(text);
      return text;
    }),
  ];
}

/** Says in the status bar what was copied, cut to a glance. */
export function showCopied(text: string): void {
  vscode.window.setStatusBarMessage(`$(copy) Copied ${clip(text, 24)}`, 2500);
}

/** Opens a target with progress and cancellation; failures become one sentence with actions. */
export async function openTarget(
  d: CommandDeps,
  r: RecognizedInput,
  extra: { fn?: string } = {},
): Promise<Target | undefined> {
  const network: NetworkId = r.target.network ?? d.networks.networkFor(r.chain);
  let target: Target = { ...r.target, network };
  const label = NETWORK_LABELS[network];
  const run = async (): Promise<Target | undefined> =>
    vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: `Stacks: ${targetTitle(target)} on ${label}`,
        cancellable: true,
      },
      async (progress, token) => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        const options = {
          ...extra,
          signal: controller.signal,
          onWait: (ms: number) => progress.report({ message: `waiting ${Math.ceil(ms / 1000)} s for the rate limit…` }),
        };
        try {
          try {
            await d.presenter.open(target, options);
          } catch (e) {
            // A bare 64-hex value is a transaction id or a block hash: try the block when no transaction has it.
            if (r.ambiguousHash && isStacksApiError(e) && e.kind === 'not-found') {
              target = { kind: 'block', id: target.id, network };
              await d.presenter.open(target, options);
            } else throw e;
          }
          await d.history.add(target);
          return target;
        } finally {
          sub.dispose();
        }
      },
    );
  try {
    return await run();
  } catch (e) {
    const u = d.networks.urlOf(network);
    void reportError(
      e,
      {
        networkLabel: label,
        baseUrl: u.ok ? u.url : d.config.apiUrl(network),
        what: whatOf(target),
        hasApiKey: await d.networks.hasKeyFor(network),
      },
      () => openTarget(d, r, extra),
      (m) => d.log.error(m),
    );
    return undefined;
  }
}

function whatOf(t: Target): string {
  switch (t.kind) {
    case 'tx':
      return 'transaction';
    case 'address':
      return 'address';
    case 'contract':
      return 'contract';
    case 'block':
      return 'block';
    case 'burnBlock':
      return 'burn block';
    case 'contracts':
      return 'contract status';
    case 'mempool':
      return 'mempool statistics';
    case 'status':
      return 'API status';
  }
}

function recognizeOrWarn(s: string): RecognizedInput | undefined {
  const r = recognizeInput(s);
  if (r.ok) return r.value;
  void showWarning(r.reason);
  return undefined;
}

/** The selection, or the identifier under the cursor, of the active editor. */
export function fromEditor(): RecognizedInput | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const doc = editor.document;
  const sel = editor.selection;
  if (!sel.isEmpty) {
    const r = recognizeInput(doc.getText(sel));
    if (r.ok) return r.value;
  }
  const clarity = doc.languageId === 'clarity' || doc.uri.path.endsWith('.clar');
  const deployer = clarity ? workspaceDeployer(doc.uri) : undefined;
  // Only the cursor's line: identifierAt does not scan a line longer than MAX_SCAN_LINE.
  const found = identifierAt(doc.lineAt(sel.active.line).text, sel.active.character, {
    clarity,
    ...(deployer ? { deployer } : {}),
  });
  if (!found) return undefined;
  const kind = found.kind === 'contract' ? 'contract' : found.kind;
  return { target: { kind, id: found.id }, ...(found.network ? { chain: found.network } : {}) };
}

async function askLookup(): Promise<RecognizedInput | undefined> {
  const value = await vscode.window.showInputBox({
    title: 'Stacks: Look Up',
    prompt: 'A transaction id, address, contract id, block height or hash, or "latest"',
    placeHolder: '0x…, SP…, SP….contract-name, 123456, latest',
    ignoreFocusOut: true,
    validateInput: (s) =>
      s.trim() === '' ? undefined : recognizeInput(s).ok ? undefined : (recognizeInput(s) as { reason: string }).reason,
  });
  if (!value?.trim()) return undefined;
  return recognizeOrWarn(value);
}

/** The command's argument when it is valid; otherwise a validating input box (prefilled from the cursor). */
async function argOrAsk(
  arg: unknown,
  title: string,
  placeHolder: string,
  check: (s: string) => Checked<string>,
  kind: string,
): Promise<string | undefined> {
  if (typeof arg === 'string' || typeof arg === 'number') {
    const c = check(String(arg));
    if (c.ok) return c.value;
    void showWarning(c.reason);
    return undefined;
  }
  const guess = fromEditor();
  const prefill =
    guess && (guess.target.kind === kind || (kind === 'address' && guess.target.kind === 'contract'))
      ? guess.target.id
      : '';
  const value = await vscode.window.showInputBox({
    title: `Stacks: ${title}`,
    placeHolder,
    value: prefill,
    ignoreFocusOut: true,
    validateInput: (s) => (s.trim() === '' ? undefined : ((c) => (c.ok ? undefined : c.reason))(check(s))),
  });
  if (!value?.trim()) return undefined;
  const c = check(value);
  if (c.ok) return c.value;
  void showWarning(c.reason);
  return undefined;
}

function mapChecked<T, U>(c: Checked<T>, f: (v: T) => U): Checked<U> {
  return c.ok ? { ok: true, value: f(c.value) } : c;
}

export function checkContractList(s: string): Checked<string> {
  const parts = s
    .split(/[\s,]+/)
    .map((p) => p.trim().replace(/^'/, ''))
    .filter(Boolean);
  if (!parts.length) return { ok: false, reason: 'Give at least one contract id (<address>.<contract-name>).' };
  const ids: string[] = [];
  for (const p of parts) {
    const c = checkContractId(p);
    if (!c.ok) return c;
    if (!ids.includes(c.value.contractId)) ids.push(c.value.contractId);
  }
  if (ids.length > 100) return { ok: false, reason: `Check at most 100 contracts at once (got ${ids.length}).` };
  return { ok: true, value: ids.join(',') };
}

/**
 * Accepts a Target, a tree item carrying one (`.target`), or a string to recognise. A command's
 * argument may come from a hover link or another extension: a target is checked as strictly as
 * one from the webview (known kind and network, an id of that kind) and returned canonical.
 */
export function toTarget(arg: unknown): Target | undefined {
  if (!arg) return undefined;
  if (typeof arg === 'string') {
    const r = recognizeInput(arg);
    return r.ok ? r.value.target : undefined;
  }
  if (typeof arg === 'object') {
    const o = arg as { kind?: unknown; target?: unknown };
    if (o.kind !== undefined) return targetFrom(arg);
    if (o.target) return typeof o.target === 'object' ? targetFrom(o.target) : toTarget(o.target);
  }
  return undefined;
}

interface NetworkPick extends vscode.QuickPickItem {
  network: NetworkId;
}

async function selectNetwork(d: CommandDeps): Promise<NetworkId | undefined> {
  const current = d.networks.current;
  const items: NetworkPick[] = NETWORK_IDS.map((n) => ({
    network: n,
    label: `${n === current ? '$(check) ' : ''}${NETWORK_LABELS[n]}`,
    description: n === 'custom' ? d.config.customApiUrl || 'Custom URL…' : d.config.apiUrl(n),
    detail:
      n === 'devnet'
        ? 'A local Clarinet devnet (clarinet devnet start)'
        : n === 'custom'
          ? 'Any Stacks API: https, or http on localhost'
          : undefined,
  }));
  const pick = await vscode.window.showQuickPick(items, {
    title: 'Stacks: Select Network',
    placeHolder: `Current: ${NETWORK_LABELS[current]}`,
  });
  if (!pick) return undefined;
  if (pick.network === 'custom') {
    const url = await vscode.window.showInputBox({
      title: 'Stacks: Custom API URL',
      prompt: 'The base URL of a Stacks chain data API (https, or http on localhost)',
      value: d.config.customApiUrl || 'https://',
      ignoreFocusOut: true,
      validateInput: (s) => ((c) => (c.ok ? undefined : c.reason))(checkBaseUrl(s)),
    });
    if (!url) return undefined;
    const clean = url.trim().replace(/\/+$/, '');
    const ok = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: inertNotification(`Stacks: checking ${clean}`),
        cancellable: true,
      },
      async (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        try {
          // No key: a new URL is not trusted with the key until the user sets one for it.
          const status = await createStacksClient({
            baseUrl: clean,
            timeoutMs: d.config.requestTimeoutMs,
            log: d.log.write,
          }).getServerStatus({ signal: controller.signal });
          d.log.info(`Custom API ${clean}: ${status.server_version} (${status.status})`);
          return true;
        } catch (e) {
          const msg = isStacksApiError(e) ? e.message : String(e);
          if (!(isStacksApiError(e) && e.kind === 'cancelled')) {
            void showError(`${clean} does not answer like a Stacks API: ${msg}`, 'Select Network').then(
              (c) => c && vscode.commands.executeCommand(Commands.selectNetwork),
            );
          }
          return false;
        }
      },
    );
    if (!ok) return undefined;
    await d.config.setCustomApiUrl(clean);
  }
  await d.config.setNetwork(pick.network);
  const u = d.networks.urlOf(pick.network);
  vscode.window.setStatusBarMessage(
    `$(globe) Stacks: ${NETWORK_LABELS[pick.network]}${u.ok ? ` (${u.url})` : ''}`,
    4000,
  );
  return pick.network;
}

async function setApiKey(d: CommandDeps): Promise<boolean> {
  const origins = d.networks.originsForNewKey();
  if (!origins.length) {
    const u = d.networks.urlOf(d.networks.current);
    void showError(`Set a valid API URL first: ${u.ok ? '' : u.reason}`, 'Select Network').then(
      (c) => c && vscode.commands.executeCommand(Commands.selectNetwork),
    );
    return false;
  }
  const hosts = origins.map((o) => new URL(o).host).join(' and ');
  const key = await vscode.window.showInputBox({
    title: 'Stacks: Set API Key',
    prompt: `Your API key for ${hosts}. It is kept in the system keychain and sent only to ${hosts}.`,
    password: true,
    ignoreFocusOut: true,
    validateInput: (s) =>
      /\s/.test(s.trim())
        ? 'An API key has no spaces.'
        : s.trim().length > 512
          ? 'That is too long for an API key.'
          : undefined,
  });
  if (!key?.trim()) return false;
  await d.networks.setKey(key.trim(), origins);
  void showInfo(`Stacks: API key saved for ${hosts}.`);
  return true;
}

async function clearApiKey(d: CommandDeps): Promise<boolean> {
  const origins = d.networks.originsForNewKey();
  await d.networks.clearKey(origins);
  void showInfo(
    `Stacks: API key removed${origins.length ? ` for ${origins.map((o) => new URL(o).host).join(' and ')}` : ''}.`,
  );
  return true;
}
