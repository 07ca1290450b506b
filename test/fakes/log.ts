// A log that keeps its lines, for the parts that take a `LogSink` (src/ui/shared/log.ts).
// Browser-safe: no imports at run time.
import type { LogSink } from '../../src/ui/shared/log';

export interface LoggedLine {
  level: 'info' | 'warn' | 'error';
  message: string;
}

export class FakeLog implements LogSink {
  readonly lines: LoggedLine[] = [];

  info(message: string): void {
    this.lines.push({ level: 'info', message });
  }
  warn(message: string): void {
    this.lines.push({ level: 'warn', message });
  }
  error(message: string): void {
    this.lines.push({ level: 'error', message });
  }

  /** The messages logged at `level`. */
  at(level: LoggedLine['level']): string[] {
    return this.lines.filter((l) => l.level === level).map((l) => l.message);
  }
}
