/**
 * `Stacks: Call Read-Only Function…`: from a contract and one of its read-only functions to the
 * contract panel, brought to that function's form. With arguments (the CodeLens above a
 * `define-read-only` passes them) it opens the form at once; without, it asks for the contract
 * (the identifier under the cursor first) and the function.
 */
import * as vscode from 'vscode';
import { typeText } from '../../chain/abi';
import { checkContractId } from '../../chain/identifiers';
import { isNetworkId, NETWORK_LABELS } from '../../chain/networks';
import type { Target } from '../../chain/target';
import { fromEditor, openTarget, type LookupDeps } from '../lookup/openTarget';
import { reportError } from '../shared/errors';
import { showInfo, showWarning } from '../shared/notify';

/**
 * The command's handler: `(contractId?: string, functionName?: string, networkId?: NetworkId)`.
 * Resolves with the target the panel shows, or undefined when the user stopped or it failed.
 */
export async function callReadOnlyFunction(
  deps: LookupDeps,
  contractArg?: unknown,
  fnArg?: unknown,
  networkArg?: unknown,
): Promise<Target | undefined> {
  const id = await contractOf(contractArg, deps);
  if (!id) return undefined;
  const checked = checkContractId(id);
  const network =
    typeof networkArg === 'string' && isNetworkId(networkArg)
      ? networkArg
      : deps.networks.networkFor(checked.ok ? checked.value.network : undefined);
  const fn =
    typeof fnArg === 'string' && fnArg.trim() ? fnArg.trim().slice(0, 128) : await pickFunction(deps, id, network);
  if (!fn) return undefined;
  return openTarget(deps, { target: { kind: 'contract', id, network } }, { fn });
}

async function contractOf(arg: unknown, deps: LookupDeps): Promise<string | undefined> {
  if (typeof arg === 'string') {
    const c = checkContractId(arg);
    if (c.ok) return c.value.contractId;
    void showWarning(c.reason);
    return undefined;
  }
  const guess = fromEditor(deps.deployerOf);
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Stacks: Call Read-Only Function (1/2): contract'),
    placeHolder: vscode.l10n.t('SP….contract-name'),
    value: guess?.target.kind === 'contract' ? guess.target.id : '',
    ignoreFocusOut: true,
    validateInput: (s) => (s.trim() === '' ? undefined : ((c) => (c.ok ? undefined : c.reason))(checkContractId(s))),
  });
  if (!value?.trim()) return undefined;
  const c = checkContractId(value);
  if (c.ok) return c.value.contractId;
  void showWarning(c.reason);
  return undefined;
}

/** Reads the contract's interface (with a cancellable progress) and lets the user pick one of its read-only functions. */
async function pickFunction(
  deps: LookupDeps,
  id: string,
  network: Target['network'] & string,
): Promise<string | undefined> {
  const label = NETWORK_LABELS[network];
  let functions: Array<{ name: string; args: string; returns: string }>;
  try {
    functions = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Stacks: reading the interface of {0} on {1}', id, label),
        cancellable: true,
      },
      async (progress, token) => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        try {
          const { client } = await deps.networks.endpoint(network);
          const iface = await client.getContractInterface(id, {
            signal: controller.signal,
            onWait: (ms) =>
              progress.report({ message: vscode.l10n.t('waiting {0} s for the rate limit…', Math.ceil(ms / 1000)) }),
          });
          return iface.functions
            .filter((f) => f.access === 'read_only')
            .map((f) => ({
              name: f.name,
              args: f.args.map((a) => `(${a.name} ${typeText(a.type)})`).join(' '),
              returns: typeText(f.outputs.type),
            }));
        } finally {
          sub.dispose();
        }
      },
    );
  } catch (e) {
    void reportError(
      e,
      await deps.networks.errorContext(network, vscode.l10n.t('contract interface')),
      () => callReadOnlyFunction(deps, id, undefined, network),
      (m) => deps.log.error(m),
    );
    return undefined;
  }
  if (functions.length === 0) {
    void showInfo(vscode.l10n.t('{0} has no read-only function on {1}.', id, label));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    functions.map((f) => ({ label: f.name, description: `${f.args || 'no arguments'} → ${f.returns}` })),
    {
      title: vscode.l10n.t('Stacks: Call Read-Only Function (2/2): function'),
      placeHolder: vscode.l10n.t('A read-only function of {0}', id),
      matchOnDescription: true,
    },
  );
  return picked?.label;
}
