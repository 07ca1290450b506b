/**
 * The host side of a replay: starts the replay process (dist/replay.js, `child_process.fork`),
 * talks to it by IPC (every message checked, src/replay/messages.ts), runs the loopback proxy it
 * reads the chain through (src/replay/proxy.ts), and ends it: after a minute idle, on cancel, when
 * the proxy stops a replay, and at a time limit. Its heap is capped (`--max-old-space-size`), its
 * working directory is a folder of the extension's global storage (the SDK caches what it reads
 * under `.cache/datastore` there), and its environment holds no key. Whatever ends it during a
 * replay (a panic, the memory cap, a crash) becomes a sentence (`ReplayFailure`), never a hang.
 * No vscode: the UI passes in the paths and settings.
 */
import { fork, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as l10n from '../chain/l10n';
import {
  ChildMessage,
  type EarlierTx,
  type MapRead,
  type Phase,
  type ReplayOutcome,
  type ReplayRequest,
} from './messages';
import { ReplayProxy } from './proxy';
import { ReplayFailure } from './failure';

export { ReplayFailure, type FailureKind } from './failure';

export const IDLE_MS = 60_000;
export const MEMORY_MB = 1024;
export const TIME_LIMIT_MS = 180_000;
/** Without a key the replay may make at most this many requests (about half a minute's budget). */
export const DEFAULT_MAX_REQUESTS = 400;

export interface EngineOptions {
  /** dist/replay.js. */
  script: string;
  /** The working directory of the replay process (global storage). */
  cwd: string;
  /** How long the process may sit idle before it is stopped (read each time it falls idle). */
  idleMs?: number | (() => number) | undefined;
  memoryMb?: number | undefined;
  timeLimitMs?: number | undefined;
  log?: ((line: string) => void) | undefined;
}

export interface TraceRequest {
  sdkPath: string;
  apiUrl: string;
  apiKey?: string | undefined;
  maxRequests: number;
  height: number;
  contract: string;
  fn: string;
  args: string[];
  sender: string;
  vars: string[];
  /** Map entries of the called contract to read before and after. */
  maps?: MapRead[] | undefined;
  /** The block's earlier transactions, replayed first in order. */
  before?: EarlierTx[] | undefined;
}

export interface TraceRun {
  outcome: ReplayOutcome;
  /** Requests the replay made to the API (reads the SDK had cached on disk make none). */
  requests: number;
  ms: number;
  /** The replay process was started for this run (its SDK loaded). */
  cold: boolean;
}

export interface RunHooks {
  /** Each phase; in `earlier`, with the earlier transaction now replayed and how many there are. */
  onPhase?: ((phase: Phase, step?: { done: number; of: number }) => void) | undefined;
  onRequests?: ((count: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** What the replay process gets of the extension host's environment: no keys, no tokens. */
export function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const keep = ['PATH', 'Path', 'HOME', 'USERPROFILE', 'TMPDIR', 'TEMP', 'TMP', 'SystemRoot', 'LANG'];
  const out: NodeJS.ProcessEnv = { ELECTRON_RUN_AS_NODE: '1' };
  for (const k of keep) if (env[k] !== undefined) out[k] = env[k];
  return out;
}

export class ReplayEngine {
  private child: ChildProcess | undefined;
  private idle: ReturnType<typeof setTimeout> | undefined;
  private busy = false;
  private nextId = 1;
  private stderr = '';

  constructor(private readonly options: EngineOptions) {}

  /** The replay process is alive (for the tests of the idle stop). */
  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.alive ? this.child?.pid : undefined;
  }

  private start(): ChildProcess {
    // fork fails with a misleading ENOENT (naming node) when the working directory is missing
    fs.mkdirSync(this.options.cwd, { recursive: true });
    const child = fork(this.options.script, [], {
      cwd: this.options.cwd,
      execArgv: [`--max-old-space-size=${this.options.memoryMb ?? MEMORY_MB}`],
      env: childEnv(process.env),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
    });
    // Below the extension host's priority: on a busy machine the editor keeps the CPU it needs.
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, 10);
    } catch {
      // not allowed here (some sandboxes): the replay runs at the normal priority
    }
    this.stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      this.stderr = (this.stderr + c.toString('utf8')).slice(-8000);
    });
    child.stdout?.on('data', () => undefined);
    child.on('error', (e) => this.options.log?.(`replay process: ${e.message}`));
    child.on('exit', (code, signal) => {
      this.options.log?.(`replay process ${child.pid ?? '?'} ended (${signal ?? `code ${code}`})`);
      if (this.child === child) this.child = undefined;
    });
    this.options.log?.(`replay process ${child.pid ?? '?'} started`);
    this.child = child;
    return child;
  }

  private stop(): void {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) child.kill();
  }

  private armIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    const idle = this.options.idleMs;
    const ms = typeof idle === 'function' ? idle() : (idle ?? IDLE_MS);
    this.idle = setTimeout(() => {
      this.options.log?.(`replay process idle for ${Math.round(ms / 1000)} s: stopped`);
      this.stop();
    }, ms);
    this.idle.unref?.();
  }

  async run(r: TraceRequest, hooks: RunHooks = {}): Promise<TraceRun> {
    if (this.busy) throw new ReplayFailure('busy', l10n.t('A replay is already running. Wait for it, or cancel it.'));
    if (hooks.signal?.aborted) throw new ReplayFailure('cancelled', l10n.t('The replay was cancelled.'));
    this.busy = true;
    if (this.idle) clearTimeout(this.idle);
    const started = Date.now();
    let stopSentence: string | undefined;
    const proxy = new ReplayProxy({
      apiUrl: r.apiUrl,
      apiKey: r.apiKey,
      maxRequests: r.maxRequests,
      onRequest: hooks.onRequests,
      onStop: (sentence) => {
        stopSentence = sentence;
        this.stop();
      },
    });
    try {
      const origin = await proxy.start();
      const cold = !this.alive;
      const child = cold ? this.start() : (this.child as ChildProcess);
      const outcome = await this.exchange(child, r, origin, hooks, () => stopSentence ?? proxy.failure);
      return { outcome, requests: proxy.count, ms: Date.now() - started, cold };
    } finally {
      proxy.close();
      this.busy = false;
      if (this.alive) this.armIdle();
    }
  }

  private exchange(
    child: ChildProcess,
    r: TraceRequest,
    apiUrl: string,
    hooks: RunHooks,
    stopped: () => string | undefined,
  ): Promise<ReplayOutcome> {
    const id = this.nextId++;
    return new Promise<ReplayOutcome>((resolve, reject) => {
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.off('error', onError);
        hooks.signal?.removeEventListener('abort', onAbort);
        clearTimeout(timer);
      };
      const settle = (f: () => void) => {
        cleanup();
        f();
      };
      const onAbort = () => {
        this.stop();
        settle(() => reject(new ReplayFailure('cancelled', l10n.t('The replay was cancelled.'))));
      };
      const timer = setTimeout(() => {
        this.stop();
        const limit = Math.round((this.options.timeLimitMs ?? TIME_LIMIT_MS) / 1000);
        settle(() =>
          reject(new ReplayFailure('timeout', l10n.t('The replay took longer than {0} s and was stopped.', limit))),
        );
      }, this.options.timeLimitMs ?? TIME_LIMIT_MS);
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        settle(() => reject(this.deathOf(code, signal, stopped())));
      const onMessage = (raw: unknown) => {
        const m = ChildMessage.safeParse(raw);
        if (!m.success || !('id' in m.data) || m.data.id !== id) return;
        const msg = m.data;
        if (msg.type === 'phase') hooks.onPhase?.(msg.phase, msg.step);
        else if (msg.type === 'done') {
          const why = stopped();
          settle(() => (why ? reject(new ReplayFailure('stopped', why)) : resolve(msg.outcome)));
        } else if (msg.type === 'failed') {
          const why = stopped();
          this.stop();
          settle(() =>
            reject(
              why
                ? new ReplayFailure('stopped', why)
                : msg.sdkMissing
                  ? new ReplayFailure(
                      'sdk-missing',
                      l10n.t('The Clarinet SDK could not be loaded from {0}: {1}', r.sdkPath, msg.message),
                    )
                  : panicFailure(msg.message),
            ),
          );
        }
      };
      const onError = (e: Error) => {
        this.stop();
        settle(() =>
          reject(
            new ReplayFailure('died', l10n.t('The replay process could not be started or reached: {0}', e.message)),
          ),
        );
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.on('error', onError);
      hooks.signal?.addEventListener('abort', onAbort);
      const request: ReplayRequest = {
        type: 'replay',
        id,
        sdkPath: r.sdkPath,
        apiUrl,
        height: r.height,
        contract: r.contract,
        fn: r.fn,
        args: r.args,
        sender: r.sender,
        vars: r.vars,
        ...(r.maps ? { maps: r.maps } : {}),
        ...(r.before?.length ? { before: r.before } : {}),
      };
      child.send(request, (e) => e && onError(e));
    });
  }

  private deathOf(code: number | null, signal: NodeJS.Signals | null, stopped: string | undefined): ReplayFailure {
    if (stopped) return new ReplayFailure('stopped', stopped);
    const panic = /panicked at [^\n]*\n[^\n]*/.exec(this.stderr)?.[0];
    if (panic) return panicFailure(panic);
    if (/heap out of memory|Allocation failed/i.test(this.stderr))
      return new ReplayFailure(
        'died',
        l10n.t('The replay ran out of memory (its cap is {0} MB) and was stopped.', this.options.memoryMb ?? MEMORY_MB),
      );
    return new ReplayFailure(
      'died',
      l10n.t('The replay process ended before the replay finished ({0}).', signal ?? `exit code ${code ?? '?'}`),
    );
  }

  dispose(): void {
    if (this.idle) clearTimeout(this.idle);
    this.stop();
  }
}

function panicFailure(message: string): ReplayFailure {
  return new ReplayFailure(
    'panic',
    l10n.t(
      'The Clarinet SDK stopped on an internal error (a panic) during the replay: {0}',
      message.replace(/\s+/g, ' ').slice(0, 600),
    ),
  );
}
