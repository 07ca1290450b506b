/**
 * Activation registers what VS Code must find from the start; the rest of the extension (the
 * lookups, the panels, the explorer's data, the watches, drift: src/services.ts) starts the first
 * time one of them is used. For the commands that part registers itself, activation registers a
 * stand-in: the first call starts it, which retires every stand-in before it registers the real
 * commands, then runs the real command with the same arguments (a command of this extension host
 * is called in place, its arguments as they are).
 */
import * as vscode from 'vscode';
import type { UserActivity } from './activity';
import { disposeAll } from './lifecycle';

export class CommandStandIns implements vscode.Disposable {
  private registrations: vscode.Disposable[] = [];

  /** `start` starts the rest of the extension and says whether it did (it shows its own error). */
  constructor(
    private readonly ids: readonly string[],
    private readonly start: () => boolean,
    private readonly activity: UserActivity,
  ) {
    this.register();
  }

  /** Registers the stand-ins (again after a start that failed, so the next call tries again). */
  register(): void {
    if (this.registrations.length) return;
    this.registrations = this.ids.map((id) =>
      this.activity.registerCommand(id, (...args: unknown[]) =>
        this.start() ? vscode.commands.executeCommand(id, ...args) : undefined,
      ),
    );
  }

  /** Unregisters the stand-ins: the real commands take their ids. */
  retire(): void {
    disposeAll(this.registrations);
    this.registrations = [];
  }

  dispose(): void {
    this.retire();
  }
}
