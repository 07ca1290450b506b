import * as vscode from 'vscode';
import { checkPrincipal } from '../../chain/identifiers';
import { Settings } from '../../constants';
import type { Config } from '../shared/config';

const KEY = 'stacksLookup.watchedAddresses';
const MAX = 100;

/**
 * The principals the user watches, oldest first: per workspace in `workspaceState`, or one list
 * for every workspace in `globalState` when `watchedAddresses.global` is on.
 */
export class Watchlist implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly onConfig: vscode.Disposable;

  constructor(
    private readonly workspaceState: vscode.Memento,
    private readonly globalState: vscode.Memento,
    private readonly config: Config,
  ) {
    this.onConfig = vscode.workspace.onDidChangeConfiguration((e) => {
      if (config.affects(e, Settings.watchedGlobal)) this.emitter.fire();
    });
  }

  /** Where the list lives now. */
  get store(): vscode.Memento {
    return this.config.watchedGlobal ? this.globalState : this.workspaceState;
  }

  get items(): string[] {
    const raw = this.store.get<unknown>(KEY, []);
    return Array.isArray(raw)
      ? raw.filter((p): p is string => typeof p === 'string' && checkPrincipal(p).ok).slice(0, MAX)
      : [];
  }

  has(principal: string): boolean {
    return this.items.includes(principal);
  }

  /** Adds a valid principal; false when it was already watched. */
  async add(principal: string): Promise<boolean> {
    const checked = checkPrincipal(principal);
    if (!checked.ok) throw new Error(checked.reason);
    const p = checked.value.principal;
    const items = this.items;
    if (items.includes(p)) return false;
    if (items.length >= MAX)
      throw new Error(vscode.l10n.t('Watch at most {0} addresses: stop watching one first.', MAX));
    await this.store.update(KEY, [...items, p]);
    this.emitter.fire();
    return true;
  }

  async remove(principal: string): Promise<boolean> {
    const items = this.items;
    if (!items.includes(principal)) return false;
    await this.store.update(
      KEY,
      items.filter((p) => p !== principal),
    );
    this.emitter.fire();
    return true;
  }

  dispose(): void {
    this.onConfig.dispose();
    this.emitter.dispose();
  }
}
