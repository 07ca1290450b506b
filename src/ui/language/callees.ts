/**
 * What the language features share: the contract a place in a Clarity document names, on which
 * network, whether it is one of the workspace's contracts, and its deployed source and interface,
 * read through the client (once a session per contract, shared with every other feature) only when
 * the user asks (a definition, a hover, a completion), within a wait the editor can afford.
 */
import * as vscode from 'vscode';
import type { CallOptions, ContractInterface, StacksClient } from '../../api';
import { isStacksApiError } from '../../api/errors';
import { NavReads, type ContractRef, type NavOptions, type NavRead } from '../../chain/contractNav';
import { checkContractId } from '../../chain/identifiers';
import { isNetworkId, NETWORK_LABELS } from '../../chain/networks';
import { CONTRACT_SOURCE_SCHEME } from '../../constants';
import type { NetworkService } from '../network/network';
import type { ClarinetWorkspace } from '../projects/projects';
import type { NetworkId } from '../shared/config';
import { describeError } from '../shared/errorText';
import type { Log } from '../shared/log';
import type { Read } from './calleeText';
import { within } from './within';

export type { Read } from './calleeText';

/** How long a language request waits for the API before it answers without it (the answer is kept for the next one). */
export const LANGUAGE_WAIT_MS = 3000;

/** The id of the Clarity extension, whose language server resolves the project's own contracts. */
export const CLARITY_EXTENSION_ID = 'hirosystems.clarity-lsp';

export interface LanguageDeps {
  networks: NetworkService;
  projects: ClarinetWorkspace;
  log: Log;
}

/** Where a named contract is: one of the workspace's files, or deployed on a network. */
export type Resolved =
  | { kind: 'local'; uri: vscode.Uri; ref: ContractRef }
  | { kind: 'deployed'; id: string; network: NetworkId; ref: ContractRef };

/** `stacks-contract:/<network>/<id>.clar`, the read-only deployed source (ui/panels/contractSource.ts serves it). */
export function contractSourceUri(network: NetworkId, contractId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: CONTRACT_SOURCE_SCHEME, path: `/${network}/${contractId}.clar` });
}

/** The network and contract of a `stacks-contract:` document, or undefined for any other. */
export function deployedDocument(uri: vscode.Uri): { network: NetworkId; contractId: string } | undefined {
  if (uri.scheme !== CONTRACT_SOURCE_SCHEME) return undefined;
  const m = /^\/([a-z]+)\/(.+)\.clar$/.exec(uri.path);
  if (!m || !isNetworkId(m[1]!)) return undefined;
  const c = checkContractId(m[2]!);
  return c.ok ? { network: m[1], contractId: c.value.contractId } : undefined;
}

/** How `.name` reads in a document: against its deployer (the plan's, or a deployed source's own address). */
export function navOptionsFor(
  doc: vscode.TextDocument,
  deployerOf: (uri: vscode.Uri) => string | undefined,
): NavOptions {
  const deployed = deployedDocument(doc.uri);
  const deployer = deployed ? deployed.contractId.split('.')[0] : deployerOf(doc.uri);
  return deployer ? { deployer } : {};
}

/** The language features' reader of contracts: where one is, and its source and interface. */
export class Callees {
  /** The documents as navigation reads them, each read once per version for every request. */
  private readonly reads = new NavReads<vscode.TextDocument>();

  constructor(private readonly deps: LanguageDeps) {}

  /** How `.name` reads in `doc`: against the deployer of its Clarinet project, or of its deployed source. */
  navOptions(doc: vscode.TextDocument): NavOptions {
    return navOptionsFor(doc, (uri) => this.deps.projects.deployerFor(uri, this.deps.networks.current));
  }

  /** `doc` as navigation reads it: read again only when it changed since the last request. */
  navRead(doc: vscode.TextDocument): NavRead {
    return this.reads.read(doc, doc.version, () => doc.getText());
  }

  /** Whether the Clarity extension is there to answer for the workspace's own contracts. */
  get clarityExtension(): boolean {
    return vscode.extensions.getExtension(CLARITY_EXTENSION_ID) !== undefined;
  }

  /**
   * Where `ref`, named in `doc`, is. A workspace contract is one whose id a plan of the projects
   * deploys, or (for `.name` in a workspace file) one the file's project defines by that name.
   */
  async resolve(doc: vscode.TextDocument, ref: ContractRef): Promise<Resolved | undefined> {
    const deployed = deployedDocument(doc.uri);
    if (!deployed) {
      const local = await this.localFile(doc.uri, ref);
      if (local) return { kind: 'local', uri: local, ref };
    }
    if (!ref.id) return undefined;
    // A deployed source's references are on its own network; elsewhere the rule of every lookup.
    const network = deployed ? deployed.network : this.deps.networks.networkFor(ref.network);
    return { kind: 'deployed', id: ref.id, network, ref };
  }

  private async localFile(from: vscode.Uri, ref: ContractRef): Promise<vscode.Uri | undefined> {
    const projects = await this.deps.projects.projects();
    for (const p of projects) {
      if (!p.result.ok) continue;
      const inProject = from.toString().startsWith(p.root.toString() + '/');
      const c = p.result.project.contracts.find(
        (x) =>
          (ref.id !== undefined && x.deployments.some((dep) => dep.id === ref.id)) ||
          (ref.relative && inProject && x.name === ref.name),
      );
      if (c) return vscode.Uri.joinPath(p.root, c.path);
    }
    return undefined;
  }

  /** The client of a network for a request the user made (it marks the window as used). */
  private async client(network: NetworkId): Promise<StacksClient> {
    return (await this.deps.networks.endpoint(network)).client;
  }

  /** The deployed source, or why not, within the wait; `undefined` when the wait ran out or the request was cancelled. */
  source(r: Extract<Resolved, { kind: 'deployed' }>, token: vscode.CancellationToken): Promise<Read<string>> {
    return this.read(
      r,
      token,
      vscode.l10n.t('contract source'),
      async (c, o) => (await c.getContractSource(r.id, o)).source,
    );
  }

  /** The deployed interface, or why not, within the wait. */
  interface(
    r: Extract<Resolved, { kind: 'deployed' }>,
    token: vscode.CancellationToken,
  ): Promise<Read<ContractInterface>> {
    return this.read(r, token, vscode.l10n.t('contract interface'), (c, o) => c.getContractInterface(r.id, o));
  }

  /** What the client already holds, without asking. */
  async known(r: Extract<Resolved, { kind: 'deployed' }>): Promise<{ source?: string; iface?: ContractInterface }> {
    const u = this.deps.networks.urlOf(r.network);
    if (!u.ok) return {};
    const c = await this.client(r.network);
    const source = c.knownContractSource(r.id);
    const iface = c.knownContractInterface(r.id);
    return { ...(source !== undefined ? { source } : {}), ...(iface ? { iface } : {}) };
  }

  private async read<T>(
    r: Extract<Resolved, { kind: 'deployed' }>,
    token: vscode.CancellationToken,
    what: string,
    ask: (client: StacksClient, options: CallOptions) => Promise<T>,
  ): Promise<Read<T>> {
    const controller = new AbortController();
    const sub = token.onCancellationRequested(() => controller.abort());
    try {
      const u = this.deps.networks.urlOf(r.network);
      if (!u.ok) return { ok: false, why: u.reason };
      const client = await this.client(r.network);
      // The wait runs out without cancelling: the answer arrives for the next request.
      // An editor request never waits for the rate budget: it fails fast, as a hover does.
      const got = await within(ask(client, { signal: controller.signal, budget: 'fail-fast' }), LANGUAGE_WAIT_MS);
      if (got === 'slow')
        return {
          ok: false,
          why: vscode.l10n.t('{0} did not answer in time; try again in a moment.', NETWORK_LABELS[r.network]),
          slow: true,
        };
      return { ok: true, value: got };
    } catch (e) {
      if (token.isCancellationRequested || (isStacksApiError(e) && e.kind === 'cancelled'))
        return { ok: false, why: 'cancelled', cancelled: true };
      if (!isStacksApiError(e))
        this.deps.log.error(
          vscode.l10n.t(
            'Reading {0} of {1} failed: {2}',
            what,
            r.id,
            e instanceof Error ? (e.stack ?? e.message) : String(e),
          ),
        );
      const ctx = await this.deps.networks.errorContext(r.network, what);
      return { ok: false, why: describeError(e, ctx).message };
    } finally {
      sub.dispose();
    }
  }
}

/** Reads the text of a workspace file (an open document's unsaved edits count). */
export async function localText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
