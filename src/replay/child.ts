/**
 * The replay process (bundled to dist/replay.js, started by src/replay/engine.ts with
 * `child_process.fork`). It loads the Clarinet SDK from the folder the extension found, at run
 * time (the SDK is never bundled), and replays one contract call per `replay` message on the
 * state of a given block, fetched on demand from the loopback proxy the extension runs. The SDK's
 * HTTP is synchronous (this process's thread waits on `Atomics.wait` for every read) and a panic
 * ends its WebAssembly instance: that is why it runs here, never on the extension host's thread.
 *
 * Every message in is checked (src/replay/messages.ts); a panic is reported with what the SDK
 * printed, then the process ends (a panicked instance cannot be used again).
 */
import { createRequire } from 'module';
import * as path from 'path';
import { ChildMessage, MAX_OUTPUT, ReplayRequest, type EarlierTx, type Phase, type ReplayOutcome } from './messages';

interface Sdk {
  initEmptySession(settings: { enabled: boolean; api_url: string; initial_height: number }): Promise<void>;
  callPublicFn(contract: string, fn: string, args: unknown[], sender: string): SdkResult;
  transferSTX(amount: bigint, recipient: string, sender: string): SdkResult;
  getDataVar(contract: string, name: string): unknown;
  getMapEntry(contract: string, map: string, key: unknown): unknown;
  getLastContractCallTrace(): string | undefined;
}
interface SdkResult {
  result: unknown;
  events: Array<{ event: string; data: Record<string, unknown> }>;
  costs?: { total?: Record<string, number> } | undefined;
}
interface Loaded {
  sdk: Sdk;
  deserialize(hex: string): unknown;
  principal(address: string): unknown;
  show(value: unknown): string;
}

let loaded: { path: string; value: Loaded } | undefined;

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function load(sdkPath: string): Promise<Loaded> {
  if (loaded?.path === sdkPath) return loaded.value;
  const req = createRequire(path.join(sdkPath, 'package.json'));
  const mod = req(sdkPath) as { getSDK(o: { trackCosts: boolean }): Promise<Sdk> };
  const tx = req('@stacks/transactions') as {
    Cl: { deserialize(hex: string): unknown; principal(address: string): unknown };
    cvToString(value: unknown): string;
  };
  const sdk = await mod.getSDK({ trackCosts: true });
  const value: Loaded = {
    sdk,
    deserialize: (hex) => tx.Cl.deserialize(hex.replace(/^0x/, '')),
    principal: (address) => tx.Cl.principal(address),
    show: (v) => tx.cvToString(v),
  };
  loaded = { path: sdkPath, value };
  return value;
}

/** What the SDK prints while `run` runs, kept (up to MAX_OUTPUT) instead of written out. */
function capture<T>(run: () => T): { value?: T; error?: unknown; output: string } {
  let output = '';
  const keep = (chunk: unknown): boolean => {
    if (output.length < MAX_OUTPUT) output += String(chunk).slice(0, MAX_OUTPUT - output.length);
    return true;
  };
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = keep;
  process.stderr.write = keep;
  try {
    return { value: run(), output };
  } catch (error) {
    return { error, output };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

/** The SDK's panic line and the one after it (what was unwrapped), from what it printed. */
export function panicOf(output: string): string | undefined {
  const m = /panicked at [^\n]*\n[^\n]*/.exec(output);
  return m ? m[0].slice(0, 2000) : undefined;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e)).slice(0, 4000);

function readVars(l: Loaded, contract: string, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const r = capture(() => l.sdk.getDataVar(contract, name));
    out[name] = r.error === undefined ? l.show(r.value).slice(0, 20_000) : `(${messageOf(r.error).slice(0, 200)})`;
  }
  return out;
}

/** The map entries asked for, at the keys given (a key that does not decode is left out). */
function readMaps(
  l: Loaded,
  contract: string,
  keys: ReadonlyArray<{ name: string; key: unknown; shown: string }>,
): string[] {
  return keys.map((k) => {
    const r = capture(() => l.sdk.getMapEntry(contract, k.name, k.key));
    if (r.error === undefined) return l.show(r.value).slice(0, 20_000);
    // The SDK throws for a key the map does not hold; Clarity's `map-get?` reads it as `none`.
    const why = messageOf(r.error);
    return why === 'value not found' ? 'none' : `(${why.slice(0, 200)})`;
  });
}

function mapKeysOf(l: Loaded, r: ReplayRequest): Array<{ name: string; key: unknown; shown: string }> {
  const out: Array<{ name: string; key: unknown; shown: string }> = [];
  for (const m of r.maps ?? []) {
    const key = capture(() => (m.key === 'tx-sender' ? l.principal(r.sender) : l.deserialize(m.key)));
    if (key.error === undefined) out.push({ name: m.name, key: key.value, shown: l.show(key.value).slice(0, 2000) });
  }
  return out;
}

/**
 * The block's earlier transactions, in order, on the parent block's state: what each returned, or
 * the error it stopped on here (a failing one is recorded; the next runs on). A panic ends the
 * replay: the SDK's instance cannot be used again.
 */
function runEarlier(l: Loaded, txs: readonly EarlierTx[], step: (done: number) => void): ReplayOutcome['earlier'] {
  return txs.map((e, i) => {
    step(i + 1);
    const done = capture(() =>
      e.kind === 'contract-call'
        ? l.sdk.callPublicFn(e.contract, e.fn, e.args.map(l.deserialize), e.sender)
        : l.sdk.transferSTX(BigInt(e.amount), e.recipient, e.sender),
    );
    if (done.error instanceof WebAssembly.RuntimeError) throw new Error(panicOf(done.output) ?? messageOf(done.error));
    return done.error === undefined
      ? { result: l.show(done.value?.result).slice(0, 2000) }
      : { error: messageOf(done.error).slice(0, 2000) };
  });
}

function eventText(l: Loaded, e: { event: string; data: Record<string, unknown> }): string {
  const { value, raw_value: _raw, ...rest } = e.data;
  const shown = value !== undefined ? l.show(value) : JSON.stringify(rest);
  return `${e.event}: ${shown}`.slice(0, 20_000);
}

async function replay(r: ReplayRequest): Promise<void> {
  const phase = (p: Phase, step?: { done: number; of: number }) =>
    send({ type: 'phase', id: r.id, phase: p, ...(step ? { step } : {}) });
  const t0 = Date.now();
  phase('loading');
  let l: Loaded;
  try {
    l = await load(r.sdkPath);
  } catch (e) {
    send({ type: 'failed', id: r.id, message: messageOf(e), sdkMissing: true });
    return;
  }
  const t1 = Date.now();
  phase('session');
  await l.sdk.initEmptySession({ enabled: true, api_url: r.apiUrl, initial_height: r.height });
  const t2 = Date.now();
  const before = r.before;
  const earlier = before?.length
    ? runEarlier(l, before, (done) => phase('earlier', { done, of: before.length }))
    : undefined;
  const t2e = Date.now();
  const args = r.args.map((a) => l.deserialize(a));
  const varsBefore = readVars(l, r.contract, r.vars);
  const mapKeys = mapKeysOf(l, r);
  const mapsBefore = readMaps(l, r.contract, mapKeys);
  phase('calling');
  const call = capture(() => l.sdk.callPublicFn(r.contract, r.fn, args, r.sender));
  const t3 = Date.now();
  if (call.error instanceof WebAssembly.RuntimeError) {
    // A panic: the SDK printed why ("panicked at …") before its instance stopped.
    fail(new Error(panicOf(call.output) ?? messageOf(call.error)));
    return;
  }
  phase('reading');
  const trace = capture(() => l.sdk.getLastContractCallTrace());
  const total = call.value?.costs?.total;
  const outcome: ReplayOutcome = {
    result: call.value ? l.show(call.value.result).slice(0, 100_000) : undefined,
    runtimeError: call.error === undefined ? undefined : messageOf(call.error).slice(0, 20_000),
    trace: typeof trace.value === 'string' ? trace.value.slice(0, 1_000_000) : undefined,
    output: call.output,
    events: (call.value?.events ?? []).slice(0, 500).map((e) => eventText(l, e)),
    costs: total
      ? {
          runtime: Number(total.runtime ?? 0),
          read_count: Number(total.readCount ?? 0),
          read_length: Number(total.readLength ?? 0),
          write_count: Number(total.writeCount ?? 0),
          write_length: Number(total.writeLength ?? 0),
        }
      : undefined,
    varsBefore,
    varsAfter: readVars(l, r.contract, r.vars),
    timings: { load: t1 - t0, session: t2 - t1, call: t3 - t2e, ...(earlier ? { earlier: t2e - t2 } : {}) },
  };
  if (r.maps) {
    const after = readMaps(l, r.contract, mapKeys);
    outcome.maps = mapKeys.map((k, i) => ({ name: k.name, key: k.shown, before: mapsBefore[i]!, after: after[i]! }));
  }
  if (earlier) outcome.earlier = earlier;
  send({ type: 'done', id: r.id, outcome });
}

/** The last of what went to stderr (the SDK prints a panic's reason there before it throws). */
let stderrTail = '';
const writeErr = process.stderr.write.bind(process.stderr);
const passOn = writeErr as (...a: unknown[]) => boolean;
process.stderr.write = (chunk: unknown, ...rest: unknown[]): boolean => {
  stderrTail = (stderrTail + String(chunk)).slice(-8000);
  return passOn(chunk, ...rest);
};

let current = -1;
process.on('message', (raw: unknown) => {
  const parsed = ReplayRequest.safeParse(raw);
  if (!parsed.success) return; // not ours: the extension sends nothing else
  current = parsed.data.id;
  replay(parsed.data).catch((e: unknown) => fail(e));
});

/** A panic (`RuntimeError: unreachable`) or any other throw: said once, then the process ends. */
function fail(e: unknown): void {
  send({ type: 'failed', id: current, message: panicOf(stderrTail) ?? messageOf(e) });
  setTimeout(() => process.exit(1), 50);
}
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
