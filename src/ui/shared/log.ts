import * as vscode from 'vscode';
import type { LogFn } from '../../api';

/** What a part that only writes to the log needs of it: `Log` is one, and a test can pass its own. */
export interface LogSink {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The one log of the extension: a LogOutputChannel, so the user picks the level in the Output view. */
export class Log implements vscode.Disposable, LogSink {
  readonly channel: vscode.LogOutputChannel;

  constructor() {
    this.channel = vscode.window.createOutputChannel('Stacks Lookup', { log: true });
  }

  readonly write: LogFn = (level, message) => {
    this.channel[level](message);
  };

  info(message: string): void {
    this.channel.info(message);
  }
  warn(message: string): void {
    this.channel.warn(message);
  }
  error(message: string): void {
    this.channel.error(message);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
