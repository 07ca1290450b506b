/**
 * What the user is doing with the extension right now: the commands of ours in flight (a command
 * that waits on an input box or a quick pick is in flight until it is answered) and when the last
 * one, or the last hover, started or ended. The welcome opens only at a quiet moment, so it never
 * takes the keyboard from an input box or closes a hover the user is reading.
 */
import * as vscode from 'vscode';

export class UserActivity {
  private inFlight = 0;
  private last: number;
  private used = false;

  constructor(private readonly now: () => number = Date.now) {
    this.last = now();
  }

  /** Something of ours happened now (a hover asked, a command started or ended). */
  touch(): void {
    this.used = true;
    this.last = this.now();
  }

  /** True once the user has done something with the extension in this window. */
  get touched(): boolean {
    return this.used;
  }

  /** Runs `work` as in flight until it settles, however it settles. */
  async run<T>(work: () => T | Thenable<T>): Promise<T> {
    this.inFlight++;
    this.touch();
    try {
      return await work();
    } finally {
      this.inFlight--;
      this.touch();
    }
  }

  /** True when nothing of ours is in flight and nothing happened for `ms` (since activation at first). */
  quietFor(ms: number): boolean {
    return this.inFlight === 0 && this.now() - this.last >= ms;
  }

  /** `vscode.commands.registerCommand`, with the command counted as in flight while it runs. */
  registerCommand(id: string, handler: (...args: never[]) => unknown): vscode.Disposable {
    return vscode.commands.registerCommand(id, (...args: unknown[]) =>
      this.run(() => (handler as (...a: unknown[]) => unknown)(...args)),
    );
  }
}
