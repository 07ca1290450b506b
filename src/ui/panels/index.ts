import * as vscode from 'vscode';
import { isStacksApiError } from '../../api/errors';
import { Target, targetWhat, targetTitle } from '../../chain/target';
import { Commands, PANEL_VIEW_TYPE } from '../../constants';
import { FormResult, Frame, HostMessage, PanelParams, PanelState, ViewModel } from '../../protocol';
import type { ContractInterface } from '../../api';
import type { InterfaceState } from './models/contracts';
import { FormRunner } from './formRunner';
import { showCopied, showWarning } from '../shared/notify';
import type { History } from '../shared/history';
import type { OpenOptions, Presenter } from '../shared/presenter';
import { openContractSource, SourceDeps } from './contractSource';
import { panelHtml, resourceRoots } from './html';
import type { Loaded, Parts } from './models';
import { loadPlace } from './loadPlace';
import { errorMessage } from './errorState';
import { decide, fitMessage, messageBytes } from './messages';
import { Entry, frameOf, identity, Places, stateOf } from './places';
import { checkTarget } from '../shared/targets';
import { Disposable, disposeAll } from '../shared/lifecycle';
import { formatCount } from '../../chain/format';
import type { PanelTap } from './panelTap';

export interface PanelDeps extends SourceDeps {
  history: History;
  extensionUri: vscode.Uri;
  /** Hears the panel's traffic (the in-host tests' probe only). */
  tap?: PanelTap;
  /** The workspace's own file of a deployed contract (the contract panel shows its hash). */
  localContract?: (contractId: string) => Promise<{ file: string; text: string } | undefined>;
}

/** What the panel shows now, for tests and tools. */
export interface PanelSnapshot {
  target: Target;
  params: PanelParams;
  model: ViewModel;
}

/**
 * The detail panel: one webview for every kind of target, navigating inside itself with back
 * and forward. `open` (the commands) fetches first and shows only what loaded; links, paging and
 * retries inside the panel show a loading state and, on failure, an error state with actions.
 */
export class PanelManager extends Disposable implements Presenter {
  private panel: vscode.WebviewPanel | undefined;
  private panelSubs: vscode.Disposable[] = [];
  /** Whether the webview has said `ready`: nothing is posted before (it is sent what it missed then). */
  private ready = false;
  private readonly places = new Places();
  /** The raw responses behind the current model, reused when paging. */
  private parts: { of: string; parts: Parts } | undefined;
  private last: HostMessage | undefined;
  private loading: AbortController | undefined;
  private seq = 0;
  private waiters: Array<(m: HostMessage) => void> = [];
  private painters: Array<(t: { postedAt: number; paintedAt: number }) => void> = [];
  private postedAt = 0;
  /** The contract workbench's forms of the place shown. */
  private readonly forms: FormRunner;
  /** The last model shown (cleared when the panel closes). */
  current: PanelSnapshot | undefined;

  constructor(private readonly deps: PanelDeps) {
    super();
    // The serializer and the contract source provider are registered at activation by
    // ui/panels/lazyPanels.ts, which loads this bundle only when a panel is first needed.
    this.forms = new FormRunner(deps, {
      post: (m) => this.send(m),
      shownPlace: () => {
        const here = this.places.here;
        return here && this.last?.type === 'render' ? identity(here) : undefined;
      },
    });
    this.register(deps.networks.onDidChange(() => this.networkChanged()));
    this.selected = deps.networks.current;
  }

  private selected: Target['network'];

  /** An error state asked to select a network or set a key: try again with the new setting. */
  private networkChanged(): void {
    const before = this.selected;
    this.selected = this.deps.networks.current;
    const here = this.places.here;
    if (!here || this.last?.type !== 'error' || this.loading) return;
    const network = this.selected !== before ? this.deps.networks.current : here.target.network;
    if (!this.deps.networks.urlOf(network).ok) return;
    void this.navigate({ target: { ...here.target, network }, params: here.params }, {});
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  async open(target: Target, options: OpenOptions): Promise<void> {
    const entry = this.entryFor(target, target.kind === 'contract' && options.fn ? { fn: options.fn } : {});
    const seq = ++this.seq;
    this.loading?.abort();
    const loaded = await this.load(entry, undefined, options.signal, options.onWait);
    if (seq !== this.seq) return; // a newer navigation won
    const panel = this.ensurePanel();
    this.places.push({ target: entry.target, params: loaded.params });
    this.show(loaded);
    panel.reveal(panel.viewColumn, false);
  }

  /** What a webview that loads again is sent: the state shown last and the answers under its forms. */
  replayMessages(): HostMessage[] {
    if (!this.last) return [];
    if (this.last.type !== 'render') return [this.last];
    return [this.last, ...this.forms.replayMessages()];
  }

  /** Resolves with the next state the panel shows (a model or an error). */
  whenRendered(): Promise<HostMessage> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves when the next model or error posted is on screen, with when (`performance.now()`) it was posted and painted. */
  whenPainted(): Promise<{ postedAt: number; paintedAt: number }> {
    return new Promise((resolve) => this.painters.push(resolve));
  }

  /**
   * Acts on one message from the webview. What to do is decided by `decide` (messages.ts), which
   * ignores anything outside the protocol; this carries it out. Resolves when the operation is done.
   */
  async handle(raw: unknown): Promise<void> {
    this.deps.tap?.received(raw);
    const d = decide(raw, {
      here: this.places.here,
      previous: this.places.previous,
      next: this.places.next,
      shown: this.last?.type === 'render' ? this.last.model : undefined,
      selected: this.deps.networks.current,
      explorerBase: () => this.deps.config.explorerUrl,
      bitcoinExplorerBase: () => this.deps.config.bitcoinExplorerUrl,
      apiUrl: (n) => this.deps.config.apiUrl(n),
      resultTexts: this.forms.texts(),
    });
    switch (d.do) {
      case 'ignore':
        if (d.why) this.ignored(d.why);
        return;
      case 'replay':
        // The webview is ready (again): its first model, or what it lost when it was reloaded.
        this.ready = true;
        for (const m of this.replayMessages()) this.send(m);
        return;
      case 'painted': {
        const painted = { postedAt: this.postedAt, paintedAt: performance.now() };
        for (const p of this.painters.splice(0)) p(painted);
        return;
      }
      case 'warn':
        void showWarning(d.message);
        return;
      case 'navigate':
        return this.navigate(d.entry, d.how);
      case 'copy':
        return copy(d.text, this.forms.texts().has(d.text));
      case 'openExternal':
        await vscode.env.openExternal(vscode.Uri.parse(d.url, true));
        return;
      case 'openSource':
        await openContractSource(this.deps, d.target, true);
        return;
      case 'openErrorLine':
        await vscode.commands.executeCommand(Commands.openErrorLine, d.line);
        return;
      case 'runCommand':
        await vscode.commands.executeCommand(d.command);
        return;
      case 'watch':
        await vscode.commands.executeCommand(
          d.target.kind === 'sbtcDeposit' ? Commands.watchSbtcDeposit : Commands.watchTransaction,
          d.target,
        );
        return;
      case 'call':
      case 'read':
      case 'simulate': {
        const p = this.formPlace();
        return p && this.forms.run(d, p.here, p.iface);
      }
      case 'resimulate':
        return this.forms.resimulate(d, async (e) => (await this.navigate(e, { push: true }), this.formPlace()));
      case 'trace':
        return this.forms.trace.act(d.act);
    }
  }

  /** The answers the forms of the place shown have shown. */
  get results(): Map<string, FormResult> {
    return this.forms.results;
  }

  /** The place shown and its contract's interface, when it shows one. */
  private formPlace(): { here: Entry; iface: ContractInterface } | undefined {
    const here = this.places.here;
    const loaded = this.parts?.parts['interface']?.value as InterfaceState | undefined;
    return here && loaded && 'iface' in loaded ? { here, iface: loaded.iface } : undefined;
  }

  override dispose(): void {
    this.loading?.abort();
    this.forms.cancel();
    this.panel?.dispose();
    super.dispose();
  }

  // ---- navigation --------------------------------------------------------------------------

  private entryFor(target: Target, params: PanelParams): Entry {
    return { target: { ...target, network: target.network ?? this.deps.networks.current }, params };
  }

  private load(
    entry: Entry,
    previous: Parts | undefined,
    signal: AbortSignal,
    onWait?: (ms: number) => void,
    restored = false,
  ): Promise<Loaded> {
    return loadPlace(this.deps, entry, {
      signal,
      restored,
      ...(onWait ? { onWait } : {}),
      ...(previous ? { previous } : {}),
    });
  }

  /**
   * Shows an entry inside the panel: `push` adds it to the history, `move` goes back or
   * forward, otherwise it replaces the current place (paging, retry, refresh). `reuse` keeps
   * the parts already fetched, so a page turn is one request.
   */
  private async navigate(
    entry: Entry,
    how: { push?: boolean; move?: 'back' | 'forward'; reuse?: boolean; restored?: boolean },
  ): Promise<void> {
    if (!this.panel) return;
    this.loading?.abort();
    this.forms.cancel();
    const controller = new AbortController();
    this.loading = controller;
    const seq = ++this.seq;
    const samePlace = !how.push && how.move === undefined;
    // Parts are reused only for the same target (a retry after a failed link must not show the old one).
    const previous = how.reuse && samePlace && this.parts?.of === identity(entry) ? this.parts.parts : undefined;
    if (how.push) this.places.push(entry);
    else if (how.move === 'back') this.places.back();
    else if (how.move === 'forward') this.places.forward();
    else this.places.replace(entry);
    this.panel.title = targetTitle(entry.target);
    if (samePlace && this.last?.type === 'render') this.post({ type: 'busy' });
    else
      this.post({ type: 'loading', title: targetTitle(entry.target), frame: this.frame(entry), state: stateOf(entry) });
    try {
      const loaded = await this.load(entry, previous, controller.signal, undefined, how.restored);
      if (seq !== this.seq) return;
      this.show(loaded);
    } catch (e) {
      if (seq !== this.seq || (isStacksApiError(e) && e.kind === 'cancelled')) return;
      await this.showError(entry, e);
    } finally {
      if (this.loading === controller) this.loading = undefined;
    }
  }

  private show(loaded: Loaded): void {
    this.forms.cancel();
    const here = this.places.here!;
    here.params = loaded.params;
    this.parts = { of: identity(here), parts: loaded.parts };
    this.current = { target: here.target, params: loaded.params, model: loaded.model };
    if (this.panel) this.panel.title = targetTitle(here.target);
    this.post({ type: 'render', model: loaded.model, frame: this.frame(here), state: stateOf(here) });
  }

  private async showError(entry: Entry, e: unknown): Promise<void> {
    const context = await this.deps.networks.errorContext(entry.target.network, targetWhat(entry.target.kind));
    if (!isStacksApiError(e))
      this.deps.log.error(`Detail panel: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    this.post({
      ...errorMessage(entry.target.kind, e, context, this.places.canBack),
      frame: this.frame(entry),
      state: stateOf(entry),
    });
  }

  private frame(entry: Entry): Frame {
    const network = entry.target.network;
    return frameOf(entry, this.places, this.deps.networks.urlOf(network), this.deps.config.apiUrl(network));
  }

  private post(m: HostMessage): void {
    this.last = m.type === 'busy' ? this.last : m;
    if (m.type === 'render' || m.type === 'error') this.postedAt = performance.now();
    this.send(m);
    if (m.type === 'render' || m.type === 'error') {
      const waiting = this.waiters;
      this.waiters = [];
      for (const w of waiting) w(m);
    }
  }

  /**
   * Posts `m`, or, when it is larger than a panel takes (messages.ts), what the panel says instead;
   * nothing before the webview is ready (it then asks for what it missed, `replay`).
   */
  private send(m: HostMessage): void {
    if (!this.panel || !this.ready) return;
    const fitted = fitMessage(m);
    if (fitted !== m)
      this.deps.log.warn(`Detail panel: a "${m.type}" message of ${messageBytes(m)} bytes was too large to post.`);
    this.deps.tap?.posted(fitted);
    void this.panel.webview.postMessage(fitted);
  }

  private ignored(what: string): void {
    this.deps.log.warn(`Detail panel: ignored ${what}.`);
  }

  // ---- the webview panel -------------------------------------------------------------------

  private ensurePanel(): vscode.WebviewPanel {
    if (this.panel) return this.panel;
    const column = vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    const panel = vscode.window.createWebviewPanel(
      PANEL_VIEW_TYPE,
      vscode.l10n.t('Stacks'),
      { viewColumn: column, preserveFocus: false },
      {},
    );
    this.adopt(panel);
    return panel;
  }

  /** Takes over a new or restored panel: options, the document, and its events. */
  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    this.ready = false;
    panel.webview.options = { enableScripts: true, localResourceRoots: resourceRoots(this.deps.extensionUri) };
    panel.webview.html = panelHtml(panel.webview, this.deps.extensionUri);
    this.deps.tap?.shows(panel.webview);
    this.panelSubs = [
      panel.webview.onDidReceiveMessage((m: unknown) => void this.handle(m)),
      panel.onDidDispose(() => {
        if (this.panel !== panel) return;
        this.loading?.abort();
        this.forms.cancel();
        disposeAll(this.panelSubs);
        this.panel = undefined;
        this.deps.tap?.shows(undefined);
        this.places.clear();
        this.parts = undefined;
        this.last = undefined;
        this.current = undefined;
      }),
    ];
  }

  /**
   * After a reload: the state holds only the identity, so the data is fetched again, as a
   * background load (failing fast when the rate budget is spent, and not counting as the user
   * asking for data in this window: the workbench restored the panel, nobody asked). What the
   * user then does in the panel (a link, Retry, a page) asks as usual.
   */
  async revive(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const s = PanelState.safeParse(state);
    const t = s.success ? checkTarget(s.data) : undefined;
    if (this.panel || !s.success || !t) {
      panel.dispose();
      return;
    }
    this.adopt(panel);
    void this.navigate(this.entryFor(t, s.data.params ?? {}), { push: true, restored: true });
  }
}

/** Copies `text`; a form's result is chain data of any shape: the status bar names it rather than showing it. */
async function copy(text: string, isResult: boolean): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  if (isResult)
    vscode.window.setStatusBarMessage(
      vscode.l10n.t('$(copy) Copied the result ({0} characters)', formatCount(text.length)),
      2500,
    );
  else showCopied(text);
}
