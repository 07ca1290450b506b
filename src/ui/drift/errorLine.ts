/**
 * Opens the line that returned a failed call's error: in the workspace file when the called
 * contract is one of the workspace's Clarinet contracts (its id from the plans) and the file is
 * what was deployed (the drift rules of chain/drift.ts), otherwise in the deployed source, a
 * read-only `stacks-contract:` document. The panel, the hover and the notifications run it.
 */
import * as vscode from 'vscode';
import { failureModule } from '../failure/failureModule';
import { checkContractId } from '../../chain/identifiers';
import { isNetworkId } from '../../chain/networks';
import { Commands, CONTRACT_SOURCE_SCHEME } from '../../constants';
import type { NetworkService } from '../network/network';
import type { ClarinetWorkspace } from '../projects/projects';
import { localContract } from '../projects/localContract';
import type { Config, NetworkId } from '../shared/config';
import { reportError } from '../shared/errors';
import type { Log } from '../shared/log';
import { showWarning } from '../shared/notify';

/** A result longer than this is not looked for (MAX_RESULT_CHARS of chain/failureReason.ts, not imported: it is in the failure part). */
const MAX_RESULT_CHARS = 10_000;

/** What names one line: the failed call (network, contract, function, result) and the link's place in its list. */
export interface ErrorLineArgs {
  network: NetworkId;
  contractId: string;
  fn: string;
  result: string;
  link: number;
}

export interface ErrorLineDeps {
  config: Config;
  networks: NetworkService;
  projects: ClarinetWorkspace;
  log: Log;
}

export function registerErrorLine(deps: ErrorLineDeps): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.openErrorLine, (arg?: unknown) => openErrorLine(deps, arg));
}

/** The command's argument, checked: it may come from a link a hover or a webview built from chain data. */
export function errorLineArgs(arg: unknown): ErrorLineArgs | undefined {
  if (!arg || typeof arg !== 'object') return undefined;
  const a = arg as Record<string, unknown>;
  const c = typeof a.contractId === 'string' ? checkContractId(a.contractId) : undefined;
  if (!c?.ok || typeof a.network !== 'string' || !isNetworkId(a.network)) return undefined;
  if (
    typeof a.fn !== 'string' ||
    a.fn.length > 128 ||
    typeof a.result !== 'string' ||
    a.result.length > MAX_RESULT_CHARS
  )
    return undefined;
  if (typeof a.link !== 'number' || !Number.isInteger(a.link) || a.link < 0 || a.link > 1000) return undefined;
  return { network: a.network, contractId: c.value.contractId, fn: a.fn, result: a.result, link: a.link };
}

/** Opens the line; returns where it opened (for tests), or undefined after saying why not. */
export async function openErrorLine(
  deps: ErrorLineDeps,
  arg: unknown,
): Promise<{ uri: vscode.Uri; line: number } | undefined> {
  const a = errorLineArgs(arg);
  if (!a) {
    void showWarning(vscode.l10n.t('This link does not name a failed contract call, so there is no line to open.'));
    return undefined;
  }
  try {
    const { client } = await deps.networks.endpoint(a.network);
    const { source } = await client.getContractSource(a.contractId);
    const m = failureModule();
    const link = m.errorLink(source, a.fn, a.result, a.link);
    if (!link) {
      void showWarning(vscode.l10n.t('{0} no longer shows where {1} returns {2}.', a.contractId, a.fn, a.result));
      return undefined;
    }
    const local = await workspaceCopy(deps, a, (text) => m.localErrorLink(source, text, a.fn, a.result, a.link));
    const at = local ?? { uri: contractSourceUri(a.network, a.contractId), line: link.line, character: link.character };
    const pos = new vscode.Position(at.line, at.character);
    let doc = await vscode.workspace.openTextDocument(at.uri);
    if (doc.languageId !== 'clarity' && (await vscode.languages.getLanguages()).includes('clarity'))
      doc = await vscode.languages.setTextDocumentLanguage(doc, 'clarity');
    await vscode.window.showTextDocument(doc, { preview: true, selection: new vscode.Range(pos, pos) });
    return { uri: at.uri, line: at.line };
  } catch (e) {
    void reportError(
      e,
      await deps.networks.errorContext(a.network, vscode.l10n.t('contract')),
      () => openErrorLine(deps, arg),
      (m) => deps.log.error(m),
    );
    return undefined;
  }
}

/** `stacks-contract:/<network>/<id>.clar`, the read-only deployed source (ui/panels/contractSource.ts serves it). */
function contractSourceUri(network: NetworkId, contractId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: CONTRACT_SOURCE_SCHEME, path: `/${network}/${contractId}.clar` });
}

/** The same place in the workspace's file of the contract, when it is what was deployed (`locate` says). */
async function workspaceCopy(
  deps: ErrorLineDeps,
  a: ErrorLineArgs,
  locate: (local: string) => { line: number; character: number } | undefined,
): Promise<{ uri: vscode.Uri; line: number; character: number } | undefined> {
  const local = await localContract(deps.projects, a.contractId);
  const there = local && locate(local.text);
  return local && there ? { uri: local.uri, ...there } : undefined;
}
