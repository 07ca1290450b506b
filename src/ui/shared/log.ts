import * as vscode from 'vscode';
import type { LogFn } from '../../api';

/** What a part that only writes to the log needs of it: `Log` is one, and a test can pass its own. */
export interface LogSink {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * The one log of the extension: a LogOutputChannel, so the user picks the level in the Output view.
 * The channel is created with the first line or the first Show Log, not at activation.
 */
export class Log implements vscode.Disposable, LogSink {
  private created: vscode.LogOutputChannel | undefined;
  private disposed = false;

  get channel(): vscode.LogOutputChannel {
    return (this.created ??= vscode.window.createOutputChannel('Stacks Lookup', { log: true }));
  }

  readonly write: LogFn = (level, message) => {
    // A line that comes after the extension stopped (a request ending late) has nowhere to go.
    if (!this.disposed) this.channel[level](message);
  };

  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  error(message: string): void {
    this.write('error', message);
  }

  dispose(): void {
    this.disposed = true;
    this.created?.dispose();
  }
}
