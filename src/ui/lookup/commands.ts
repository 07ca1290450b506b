/** The lookup commands of the palette, the hovers' links and the panels' actions. */
import * as vscode from 'vscode';
import { explorerUrl } from '../../chain/explorer';
import { checkBlockRef, checkContractId, checkPrincipal, checkTxId } from '../../chain/identifiers';
import type { RecognizedInput, TargetKind } from '../../chain/target';
import { Commands } from '../../constants';
import { showCopied } from '../shared/notify';
import { toTarget } from '../shared/targets';
import {
  argOrAsk,
  askLookup,
  checkContractList,
  fromEditor,
  LookupDeps,
  mapChecked,
  openTarget,
  recognizeOrWarn,
} from './openTarget';

/** Registers the palette commands; each returns what it opened so other tools (and tests) can follow. */
export function registerLookupCommands(deps: LookupDeps): vscode.Disposable[] {
  const open = (r: RecognizedInput) => openTarget(deps, r);
  /** A Stacks block or a Bitcoin (burn) block: both are named by a height, a 0x hash or `latest`. */
  const showBlockRef = async (
    arg: unknown,
    kind: TargetKind & ('block' | 'burnBlock'),
    title: string,
    hint: string,
  ) => {
    const ref = await argOrAsk(
      deps.deployerOf,
      arg,
      title,
      hint,
      (s) =>
        mapChecked(checkBlockRef(s), (b) =>
          b.kind === 'latest' ? 'latest' : b.kind === 'height' ? String(b.height) : b.hash,
        ),
      kind,
    );
    return ref === undefined ? undefined : open({ target: { kind, id: ref } });
  };
  return [
    deps.activity.registerCommand(Commands.lookup, async (arg?: unknown) => {
      // A target (a recent lookup, an sBTC deposit from a hover) opens as it is.
      const t = arg && typeof arg === 'object' ? toTarget(arg) : undefined;
      if (t) return open({ target: t });
      const r = typeof arg === 'string' ? recognizeOrWarn(arg) : (fromEditor(deps.deployerOf) ?? (await askLookup()));
      return r ? open(r) : undefined;
    }),
    deps.activity.registerCommand(Commands.showTransaction, async (arg?: unknown) => {
      const id = await argOrAsk(
        deps.deployerOf,
        arg,
        vscode.l10n.t('Transaction id'),
        vscode.l10n.t('0x followed by 64 hex digits'),
        (s) => checkTxId(s),
        'tx',
      );
      return id === undefined ? undefined : open({ target: { kind: 'tx', id } });
    }),
    deps.activity.registerCommand(Commands.showAddress, async (arg?: unknown) => {
      const p = await argOrAsk(
        deps.deployerOf,
        arg,
        vscode.l10n.t('Address or contract principal'),
        vscode.l10n.t('SP…, ST…, or SP….contract-name'),
        (s) => mapChecked(checkPrincipal(s), (v) => v.principal),
        'address',
      );
      if (p === undefined) return undefined;
      const info = checkPrincipal(p);
      return open({ target: { kind: 'address', id: p }, ...(info.ok ? { chain: info.value.network } : {}) });
    }),
    deps.activity.registerCommand(Commands.showBlock, (arg?: unknown) =>
      showBlockRef(
        arg,
        'block',
        vscode.l10n.t('Block height, hash or "latest"'),
        vscode.l10n.t('123456, 0x… or latest'),
      ),
    ),
    deps.activity.registerCommand(Commands.showBurnBlock, (arg?: unknown) =>
      showBlockRef(
        arg,
        'burnBlock',
        vscode.l10n.t('Bitcoin (burn) block height, hash or "latest"'),
        vscode.l10n.t('880000, 0x… or latest'),
      ),
    ),
    deps.activity.registerCommand(Commands.showContractStatus, async (arg?: unknown) => {
      // A list, a comma-separated string, or a tree item carrying a target (the explorer's contracts).
      const raw = Array.isArray(arg)
        ? arg.map(String).join(',')
        : arg && typeof arg === 'object'
          ? toTarget(arg)?.id
          : arg;
      const ids = await argOrAsk(
        deps.deployerOf,
        raw,
        vscode.l10n.t('Contract ids'),
        vscode.l10n.t('SP….name, SP….other (comma or space separated)'),
        checkContractList,
        'contract',
      );
      if (ids === undefined) return undefined;
      const first = checkContractId(ids.split(',')[0]!);
      return open({ target: { kind: 'contracts', id: ids }, ...(first.ok ? { chain: first.value.network } : {}) });
    }),
    deps.activity.registerCommand(Commands.showMempoolStats, () => open({ target: { kind: 'mempool', id: '' } })),
    deps.activity.registerCommand(Commands.showServerStatus, () => open({ target: { kind: 'status', id: '' } })),
    deps.activity.registerCommand(Commands.showLog, () => deps.log.channel.show(true)),
    deps.activity.registerCommand(Commands.openInExplorer, async (arg?: unknown) => {
      const t = toTarget(arg);
      if (!t) return undefined;
      const network = t.network ?? deps.networks.current;
      const url = explorerUrl(deps.config.explorerUrl, t, network, deps.config.apiUrl(network));
      if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
      return url;
    }),
    deps.activity.registerCommand(Commands.copy, async (arg?: unknown) => {
      // Only an identifier, canonical: a link cannot put arbitrary text on the clipboard.
      const text = toTarget(arg)?.id;
      if (!text) return undefined;
      await vscode.env.clipboard.writeText(text);
      showCopied(text);
      return text;
    }),
  ];
}
