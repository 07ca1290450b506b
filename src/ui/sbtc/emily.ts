/**
 * Emily's consent, like the simulation service's (ui/workbench/simulation.ts): Emily is a third
 * party, so it is asked only when `stacksLookup.sbtc.emily.enabled` is on, the workspace is
 * trusted and the network has a URL, and only after the user agreed once in this window. It
 * never gets the API key (api/emily.ts sends none).
 */
import * as vscode from 'vscode';
import { EmilyClient } from '../../api/emily';
import { isNetworkId } from '../../chain/networks';
import type { Config } from '../shared/config';
import type { Log } from '../shared/log';
import { askModal } from '../shared/notify';
import { setEmilyGate, type EmilyAccess, type EmilyGate } from './gate';

/** The Emily URLs the user agreed to ask, in this window (kept on globalThis with the gate). */
const AGREED = Symbol.for('stacks-lookup.sbtc.emilyAgreed');
function agreed(): Set<string> {
  const g = globalThis as { [AGREED]?: Set<string> };
  return (g[AGREED] ??= new Set<string>());
}

export class EmilyConsent implements EmilyGate {
  constructor(
    private readonly config: Config,
    private readonly log: Log,
  ) {}

  async access(network: string, ask: boolean): Promise<EmilyAccess> {
    if (!isNetworkId(network)) return { off: vscode.l10n.t('Emily is not asked on this network.') };
    if (!vscode.workspace.isTrusted)
      return { off: vscode.l10n.t('Emily is not asked in an untrusted workspace: nothing was sent to it.') };
    const url = this.config.sbtcEmilyUrl(network);
    if (!url)
      return {
        off: vscode.l10n.t(
          'Emily (the sBTC bridge API) is off, so pending deposits and withdrawals cannot be known here: nothing was sent to it. Turn on stacksLookup.sbtc.emily.enabled to ask it.',
        ),
      };
    let client: EmilyClient;
    try {
      client = new EmilyClient(url);
    } catch (e) {
      return { off: e instanceof Error ? e.message : String(e) };
    }
    if (!agreed().has(client.origin)) {
      if (!ask)
        return {
          off: vscode.l10n.t('Emily has not been asked yet in this window: look the deposit up to agree to ask it.'),
          consentNeeded: true,
        };
      const send = vscode.l10n.t('Ask Emily');
      const go = await askModal(
        vscode.l10n.t('Ask Emily, the sBTC bridge API at {0}?', client.origin),
        vscode.l10n.t(
          'Emily (a third party) receives the Bitcoin transaction ids, withdrawal ids and Stacks addresses you look up, to say what the chain cannot show yet. Your API key is not sent. It is not asked again in this window.',
        ),
        send,
      );
      if (go !== send) return { off: vscode.l10n.t('Emily was not asked: nothing was sent to it.') };
      agreed().add(client.origin);
      this.log.info(`sBTC: Emily at ${client.origin} agreed for this window`);
    }
    return { client, timeoutMs: Math.min(15_000, Math.max(5_000, this.config.requestTimeoutMs)) };
  }
}

/** Installs the gate every bundle reads; returns its removal. */
export function installEmilyGate(config: Config, log: Log): vscode.Disposable {
  setEmilyGate(new EmilyConsent(config, log));
  return new vscode.Disposable(() => setEmilyGate(undefined));
}
