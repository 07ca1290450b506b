/**
 * The transaction panel's Trace section, host side: runs `Stacks: Trace Transaction` for the
 * transaction shown (src/ui/trace; a command, so the panels bundle holds no replay code), again
 * with the block's earlier transactions first when the section offers it, and cancels it on the
 * section's Cancel; posts its model (running, done, failed) and keeps it for a webview that loads
 * again; opens the failing line it shows, and only that one. The FormRunner owns it, so leaving
 * the place forgets it (and cancels a trace still running).
 */
import * as vscode from 'vscode';
import { Commands, CONFIG_SECTION, Settings } from '../../constants';
import type { HostMessage, TraceView } from '../../protocol';
import type { Decision } from './messages';
import * as l10n from '../../chain/l10n';

type Act = Extract<Decision, { do: 'trace' }>['act'];

/** What the section needs of the panel (the FormRunner's host). */
export interface TraceHost {
  post(m: HostMessage): void;
  shownPlace(): string | undefined;
}

export class TraceSection {
  private view: TraceView | undefined;
  private place: string | undefined;
  private running: AbortController | undefined;

  constructor(private readonly host: TraceHost) {}

  private show(view: TraceView): void {
    this.view = view;
    this.host.post({ type: 'trace', trace: view });
  }

  /** What a webview that loads again is sent. */
  replay(): HostMessage[] {
    return this.view && this.place === this.host.shownPlace() ? [{ type: 'trace', trace: this.view }] : [];
  }

  forget(): void {
    this.running?.abort();
    this.running = undefined;
    this.view = undefined;
    this.place = undefined;
  }

  async act(a: Act): Promise<void> {
    if (a.kind === 'open') {
      const shown = this.view?.failing?.open;
      if (shown && JSON.stringify(shown) === JSON.stringify(a.line))
        await vscode.commands.executeCommand(Commands.openTraceLine, a.line);
      return;
    }
    if (a.kind === 'setup') {
      if (a.what === 'install') await vscode.commands.executeCommand(Commands.installReplaySdk);
      else
        await vscode.commands.executeCommand(
          'workbench.action.openSettings',
          `${CONFIG_SECTION}.${Settings.replaySdkPath}`,
        );
      return;
    }
    if (a.kind === 'cancel') {
      this.running?.abort();
      return;
    }
    if (this.view?.state === 'running') return;
    // With the earlier transactions only as the section shows the offer, for the place it shows.
    if (a.earlier && (!this.view?.earlier || this.place !== this.host.shownPlace())) return;
    const place = this.host.shownPlace();
    this.place = place;
    const running = (this.running = new AbortController());
    this.show({
      state: 'running',
      message: a.earlier
        ? l10n.t("Replaying the block's earlier transactions, then the call, on your machine with the Clarinet SDK…")
        : l10n.t('Replaying the call on your machine with the Clarinet SDK…'),
      cancel: l10n.t('Cancel'),
    });
    let view: TraceView | undefined;
    try {
      view = await vscode.commands.executeCommand<TraceView | undefined>(Commands.traceTransaction, {
        id: a.target.id,
        network: a.target.network,
        respond: true,
        earlier: a.earlier,
        signal: running.signal,
      });
    } catch (e) {
      view = { state: 'failed', message: e instanceof Error ? e.message : String(e) };
    } finally {
      if (this.running === running) this.running = undefined;
    }
    if (this.host.shownPlace() !== place || this.place !== place) return;
    this.show(view ?? { state: 'failed', message: l10n.t('The trace did not finish.') });
  }
}
