/** Opening a lookup for the user: the id from the editor or an input box, then the panel with progress. */
import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { checkContractId, Checked } from '../../chain/identifiers';
import { recognizeInput, RecognizedInput, Target, targetWhat, targetTitle } from '../../chain/target';
import { NETWORK_LABELS } from '../../chain/networks';
import type { Config, NetworkId } from '../shared/config';
import { reportError } from '../shared/errors';
import type { History } from '../shared/history';
import type { Log } from '../shared/log';
import { showWarning } from '../shared/notify';
import type { Presenter } from '../shared/presenter';
import { identifierAtCursor, type DeployerLookup } from '../shared/workspaceContext';
import type { NetworkService } from '../network/network';
import type { UserActivity } from '../shared/activity';

export interface LookupDeps {
  config: Config;
  networks: NetworkService;
  presenter: Presenter;
  history: History;
  log: Log;
  /** Counts the commands in flight, so the welcome waits for a quiet moment. */
  activity: UserActivity;
  /** The deployer of the Clarinet project that holds a document, for its relative `.name` references. */
  deployerOf: DeployerLookup;
}

/** Opens a target with progress and cancellation; failures become one sentence with actions. */
export async function openTarget(
  deps: LookupDeps,
  r: RecognizedInput,
  extra: { fn?: string } = {},
): Promise<Target | undefined> {
  const network: NetworkId = r.target.network ?? deps.networks.networkFor(r.chain);
  let target: Target = { ...r.target, network };
  const label = NETWORK_LABELS[network];
  const run = async (): Promise<Target | undefined> =>
    vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Stacks: {0} on {1}', targetTitle(target), label),
        cancellable: true,
      },
      async (progress, token) => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        const options = {
          ...extra,
          signal: controller.signal,
          onWait: (ms: number) =>
            progress.report({ message: vscode.l10n.t('waiting {0} s for the rate limit…', Math.ceil(ms / 1000)) }),
        };
        try {
          try {
            await deps.presenter.open(target, options);
          } catch (e) {
            // A bare 64-hex value is a transaction id or a block hash: try the block when no transaction has it.
            if (r.ambiguousHash && isStacksApiError(e) && e.kind === 'not-found') {
              target = { kind: 'block', id: target.id, network };
              try {
                await deps.presenter.open(target, options);
              } catch (e2) {
                // Neither a transaction nor a block: a Bitcoin txid, tried as an sBTC deposit.
                if (!(isStacksApiError(e2) && e2.kind === 'not-found')) throw e2;
                target = { kind: 'sbtcDeposit', id: target.id.replace(/^0x/i, '').toLowerCase(), network };
                await deps.presenter.open(target, options);
              }
            } else throw e;
          }
          await deps.history.add(target);
          return target;
        } finally {
          sub.dispose();
        }
      },
    );
  try {
    return await run();
  } catch (e) {
    void reportError(
      e,
      await deps.networks.errorContext(network, targetWhat(target.kind)),
      () => openTarget(deps, r, extra),
      (m) => deps.log.error(m),
    );
    return undefined;
  }
}

export function recognizeOrWarn(s: string): RecognizedInput | undefined {
  const r = recognizeInput(s);
  if (r.ok) return r.value;
  void showWarning(r.reason);
  return undefined;
}

/** The selection, or the identifier under the cursor, of the active editor. */
export function fromEditor(deployerOf: DeployerLookup): RecognizedInput | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const doc = editor.document;
  const sel = editor.selection;
  if (!sel.isEmpty) {
    const r = recognizeInput(doc.getText(sel));
    if (r.ok) return r.value;
  }
  const found = identifierAtCursor(doc, sel.active, deployerOf);
  if (!found) return undefined;
  const kind = found.kind === 'contract' ? 'contract' : found.kind;
  return { target: { kind, id: found.id }, ...(found.network ? { chain: found.network } : {}) };
}

export async function askLookup(): Promise<RecognizedInput | undefined> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Stacks: Look Up'),
    prompt: vscode.l10n.t('A transaction id, address, contract id, block height or hash, or "latest"'),
    placeHolder: vscode.l10n.t('0x…, SP…, SP….contract-name, 123456, latest'),
    ignoreFocusOut: true,
    validateInput: (s) =>
      s.trim() === '' ? undefined : recognizeInput(s).ok ? undefined : (recognizeInput(s) as { reason: string }).reason,
  });
  if (!value?.trim()) return undefined;
  return recognizeOrWarn(value);
}

/** The command's argument when it is valid; otherwise a validating input box (prefilled from the cursor). */
export async function argOrAsk(
  deployerOf: DeployerLookup,
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
  const guess = fromEditor(deployerOf);
  const prefill =
    guess && (guess.target.kind === kind || (kind === 'address' && guess.target.kind === 'contract'))
      ? guess.target.id
      : '';
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Stacks: {0}', title),
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

export function mapChecked<T, U>(c: Checked<T>, f: (v: T) => U): Checked<U> {
  return c.ok ? { ok: true, value: f(c.value) } : c;
}

export function checkContractList(s: string): Checked<string> {
  const parts = s
    .split(/[\s,]+/)
    .map((p) => p.trim().replace(/^'/, ''))
    .filter(Boolean);
  if (!parts.length)
    return { ok: false, reason: vscode.l10n.t('Give at least one contract id (<address>.<contract-name>).') };
  const ids: string[] = [];
  for (const p of parts) {
    const c = checkContractId(p);
    if (!c.ok) return c;
    if (!ids.includes(c.value.contractId)) ids.push(c.value.contractId);
  }
  if (ids.length > 100)
    return { ok: false, reason: vscode.l10n.t('Check at most 100 contracts at once (got {0}).', ids.length) };
  return { ok: true, value: ids.join(',') };
}
