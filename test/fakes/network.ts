// The network as a window just reloaded sees it: the user has not asked for chain data yet, until
// the test says so with `markUsed()`. Requests go through the network service it wraps, so they
// reach the mock API. Browser-safe: only `vscode`.
import * as vscode from 'vscode';
import type { ChainNetwork } from '../../src/chain/identifiers';
import type { Clock } from '../../src/api/clock';
import type { Endpoint, WatchNetwork } from '../../src/ui/network/network';
import type { NetworkId } from '../../src/ui/shared/config';

export class UnusedNetwork implements WatchNetwork, vscode.Disposable {
  private usedFlag = false;
  private readonly firstUse = new vscode.EventEmitter<void>();
  readonly onDidFirstUse = this.firstUse.event;

  constructor(private readonly through: WatchNetwork) {}

  get used(): boolean {
    return this.usedFlag;
  }
  get current(): NetworkId {
    return this.through.current;
  }
  get clock(): Clock {
    return this.through.clock;
  }

  /** The user asks for chain data in the window: what waited for it starts now. */
  markUsed(): void {
    if (this.usedFlag) return;
    this.usedFlag = true;
    this.firstUse.fire();
  }

  networkFor(chain?: ChainNetwork): NetworkId {
    return this.through.networkFor(chain);
  }
  endpoint(network?: NetworkId, options?: { background?: boolean }): Promise<Endpoint> {
    return this.through.endpoint(network, options);
  }
  hasKeyFor(network?: NetworkId): Promise<boolean> {
    return this.through.hasKeyFor(network);
  }

  dispose(): void {
    this.firstUse.dispose();
  }
}
