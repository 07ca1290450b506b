import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { Commands, Settings } from '../../constants';
import { escapeMarkdown } from '../shared/markdown';
import type { Config } from '../shared/config';
import type { NetworkService } from './network';
import { disposeAll } from '../shared/lifecycle';
import { formatCount } from '../../chain/format';

const REFRESH_MS = 30_000;
/** A paragraph of the tooltip: the server's words are at most 300 characters, the sentence around them a few dozen. */
const MAX_TOOLTIP_LINE = 400;

/**
 * The network and chain tip in the status bar. It never asks the API at activation, nor in a
 * window where the user has not asked for chain data: from the user's first lookup on, the tip is
 * fetched every 30 s while the window is focused. With `statusBar.chainTip` off it shows the
 * network only and never asks the API.
 */
export class NetworkStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private tip: { height: number; network: string } | undefined;
  private lastFetch = 0;
  private problem: string | undefined;
  private inFlight: AbortController | undefined;

  constructor(
    private readonly networks: NetworkService,
    private readonly config: Config,
  ) {
    this.item = vscode.window.createStatusBarItem('stacksLookup.network', vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('Stacks Network');
    this.item.command = Commands.selectNetwork;
    this.render();
    this.item.show();
    this.disposables.push(
      this.item,
      networks.onDidChange(() => {
        this.forget();
        this.render();
      }),
      vscode.window.onDidChangeWindowState((s) => (s.focused ? this.start() : this.stop())),
      networks.onDidFirstUse(() => this.start()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!config.affects(e, Settings.statusBarChainTip)) return;
        if (config.statusBarChainTip) {
          this.start();
        } else {
          this.stop();
          this.forget();
        }
        this.render();
      }),
    );
    this.start();
  }

  /** What the item shows, for tests and tools. */
  get text(): string {
    return this.item.text;
  }

  get tooltip(): string {
    const t = this.item.tooltip;
    return typeof t === 'string' ? t : (t?.value ?? '');
  }

  /** Whether the tip is being refreshed on a timer (tests and tools). */
  get polling(): boolean {
    return this.timer !== undefined;
  }

  /** Fetches the tip now unless it was fetched less than 30 s ago, or the tip is switched off. */
  async refresh(force = false): Promise<void> {
    if (!this.config.statusBarChainTip) return;
    // On the clients' clock, like the rate budget and the explorer's refresh: a test moves it on.
    const now = this.networks.clock.now();
    if (!force && now - this.lastFetch < REFRESH_MS) return;
    this.lastFetch = now;
    this.inFlight?.abort();
    const controller = (this.inFlight = new AbortController());
    const network = this.networks.current;
    try {
      const { client } = await this.networks.endpoint(network, { background: true });
      const status = await client.getServerStatus({ signal: controller.signal, budget: 'fail-fast' });
      if (network !== this.networks.current) return;
      this.tip = status.chain_tip ? { height: status.chain_tip.block_height, network } : undefined;
      this.problem = undefined;
    } catch (e) {
      if (isStacksApiError(e) && e.kind === 'cancelled') return;
      this.problem = isStacksApiError(e) ? e.message : String(e);
    }
    this.render();
  }

  /** Drops the tip and the last problem, and cancels a request under way: they belong to the old state. */
  private forget(): void {
    this.tip = undefined;
    this.problem = undefined;
    this.lastFetch = 0;
    this.inFlight?.abort();
  }

  /** Polls only while the window is focused and once the user has asked for chain data here. */
  private start(): void {
    if (this.timer || !vscode.window.state.focused || !this.networks.used || !this.config.statusBarChainTip) return;
    // The first tick comes a full interval after start, so activation itself sends nothing.
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private render(): void {
    const label = this.networks.label();
    const tip = this.tip && this.tip.network === this.networks.current ? ` #${formatCount(this.tip.height)}` : '';
    this.item.text = this.problem
      ? vscode.l10n.t('$(warning) Stacks: {0}', label + tip)
      : vscode.l10n.t('$(globe) Stacks: {0}', label + tip);
    const u = this.networks.urlOf(this.networks.current);
    // A server's error words (and a URL) as inert text: `appendText` leaves a bare `https://…` or
    // `www.…` for the renderer to turn into a link, `escapeMarkdown` escapes its `:` and `.` too.
    const paragraphs = [
      vscode.l10n.t('Stacks network: {0}', label),
      vscode.l10n.t('API: {0}', u.ok ? u.url : u.reason),
      tip ? vscode.l10n.t('Chain tip: block {0}', this.tip!.height) : '',
      this.problem ? vscode.l10n.t('Last check failed: {0}', this.problem) : '',
      this.config.statusBarChainTip ? '' : vscode.l10n.t('The chain tip is hidden (stacksLookup.statusBar.chainTip).'),
    ].filter(Boolean);
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(paragraphs.map((p) => escapeMarkdown(p, MAX_TOOLTIP_LINE)).join('\n\n'));
    md.appendMarkdown('\n\n' + vscode.l10n.t('Click to select another network.'));
    this.item.tooltip = md;
  }

  dispose(): void {
    this.stop();
    this.inFlight?.abort();
    disposeAll(this.disposables);
  }
}
