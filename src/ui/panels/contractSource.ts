import * as vscode from 'vscode';
import { StacksApiError } from '../../api/errors';
import { deployedSourceDocument } from '../../chain/deployedSource';
import { checkContractId } from '../../chain/identifiers';
import type { Target } from '../../chain/target';
import { Commands, CONTRACT_SOURCE_SCHEME } from '../../constants';
import { toTarget } from '../shared/targets';
import { isNetworkId, NETWORK_LABELS } from '../../chain/networks';
import { Config, NetworkId } from '../shared/config';
import { reportError } from '../shared/errors';
import type { Log } from '../shared/log';
import { showWarning } from '../shared/notify';
import { NetworkService } from '../network/network';

export interface SourceDeps {
  networks: NetworkService;
  config: Config;
  log: Log;
}

/** `stacks-contract:/mainnet/SP….name.clar`: the network and the contract id are the whole identity. */
export function contractSourceUri(network: NetworkId, contractId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: CONTRACT_SOURCE_SCHEME, path: `/${network}/${contractId}.clar` });
}

function parseUri(uri: vscode.Uri): { network: NetworkId; contractId: string } | undefined {
  const m = /^\/([a-z]+)\/(.+)\.clar$/.exec(uri.path);
  if (!m || !isNetworkId(m[1]!)) return undefined;
  const c = checkContractId(m[2]!);
  return c.ok ? { network: m[1], contractId: c.value.contractId } : undefined;
}

/**
 * The deployed source of a contract: its status names the deploy transaction, which carries the
 * source. A `background` fetch fails fast and does not count as the user asking for data.
 */
export async function fetchContractSource(
  deps: SourceDeps,
  network: NetworkId,
  contractId: string,
  o: { signal?: AbortSignal; background?: boolean } = {},
): Promise<string> {
  const { client } = await deps.networks.endpoint(network, { background: !!o.background });
  // A source the client already read from the node (a failed call's contract) is the deployed one.
  const known = client.knownContractSource(contractId);
  if (known !== undefined) return known;
  const call = { ...(o.signal ? { signal: o.signal } : {}), ...(o.background ? { budget: 'fail-fast' as const } : {}) };
  const status = (await client.getContractsStatus([contractId], call))[contractId];
  if (!status?.found || !status.result)
    throw new StacksApiError(
      'not-found',
      vscode.l10n.t('{0} is not deployed on {1}.', contractId, NETWORK_LABELS[network]),
    );
  // The same options as the transaction panel, so an open panel's response is reused.
  const tx = await client.getTransaction(status.result.tx_id, { ...call, eventLimit: 50, eventOffset: 0 });
  const doc = deployedSourceDocument(contractId, tx);
  if (!doc.ok) throw new StacksApiError('invalid-response', doc.reason);
  // A successful deploy's source is the node's: shared with every other reader of it.
  if (tx.tx_status === 'success')
    client.rememberContractSource(contractId, { source: doc.text, publish_height: tx.block_height ?? 0 });
  return doc.text;
}

/**
 * The read-only documents of deployed contract sources. Activation registers the scheme
 * (src/extension.ts), so an editor restored after a reload finds its text; this serves it.
 */
export function contractSourceProvider(deps: SourceDeps): vscode.TextDocumentContentProvider {
  return {
    async provideTextDocumentContent(uri, token) {
      const p = parseUri(uri);
      if (!p) throw new Error(vscode.l10n.t('{0} does not name a contract.', uri.toString()));
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        // VS Code asks for the text when an editor of it opens: after the command fetched it (the
        // cache answers), or when a reloaded window restores the editor, which nobody asked for.
        return await fetchContractSource(deps, p.network, p.contractId, {
          signal: controller.signal,
          background: true,
        });
      } finally {
        sub.dispose();
      }
    },
  };
}

/** The command that opens a deployed contract's source. */
export function registerContractSource(deps: SourceDeps): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.openContractSource, (arg?: unknown) => openContractSource(deps, arg));
}

/** Opens the source of a contract (a contract id, or a Target) as a read-only Clarity document. */
export async function openContractSource(
  deps: SourceDeps,
  arg: unknown,
  beside = false,
): Promise<vscode.Uri | undefined> {
  const t: Target | undefined = toTarget(arg);
  const c = t && (t.kind === 'contract' || t.kind === 'address') ? checkContractId(t.id) : undefined;
  if (!t || !c?.ok) {
    void showWarning(vscode.l10n.t('Give a contract id (<address>.<contract-name>) to open its source.'));
    return undefined;
  }
  const network = t.network ?? deps.networks.networkFor(c.value.network);
  const uri = contractSourceUri(network, c.value.contractId);
  try {
    const doc = await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('Stacks: opening the source of {0}', c.value.contractId),
      },
      async () => {
        // Fetched here first so a failure is a StacksApiError with its kind; the provider then reads the cache.
        await fetchContractSource(deps, network, c.value.contractId);
        let doc = await vscode.workspace.openTextDocument(uri);
        if (doc.languageId !== 'clarity' && (await vscode.languages.getLanguages()).includes('clarity')) {
          doc = await vscode.languages.setTextDocumentLanguage(doc, 'clarity');
        }
        return doc;
      },
    );
    await vscode.window.showTextDocument(doc, {
      preview: true,
      ...(beside ? { viewColumn: vscode.ViewColumn.Beside } : {}),
    });
    return uri;
  } catch (e) {
    void reportError(
      e,
      await deps.networks.errorContext(network, vscode.l10n.t('contract')),
      () => openContractSource(deps, arg, beside),
      (m) => deps.log.error(m),
    );
    return undefined;
  }
}
