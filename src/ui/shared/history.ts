import * as vscode from 'vscode';
import type { Target } from '../../chain/target';

const KEY = 'stacksLookup.recentLookups';
const MAX = 20;

/** The last 20 lookups, newest first, kept in global state (identities only). */
export class History implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly state: vscode.Memento) {}

  get items(): Target[] {
    const raw = this.state.get<unknown>(KEY, []);
    return Array.isArray(raw) ? raw.filter(isTarget).slice(0, MAX) : [];
  }

  async add(target: Target): Promise<void> {
    const same = (t: Target) => t.kind === target.kind && t.id === target.id && t.network === target.network;
    await this.state.update(KEY, [target, ...this.items.filter((t) => !same(t))].slice(0, MAX));
    this.emitter.fire();
  }

  async clear(): Promise<void> {
    await this.state.update(KEY, []);
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

function isTarget(v: unknown): v is Target {
  return !!v && typeof v === 'object' && typeof (v as Target).kind === 'string' && typeof (v as Target).id === 'string';
}
