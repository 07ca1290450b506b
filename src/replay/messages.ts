/**
 * The messages between the extension and the replay process (src/replay/child.ts), as zod
 * schemas: each side checks every message it receives, so a broken or hostile message is refused
 * instead of read. No API key ever travels here: the child reaches the API only through the
 * loopback proxy the extension runs (src/replay/proxy.ts), which adds the key.
 */
import * as z from 'zod/mini';

const text = (max: number) => z.string().check(z.maxLength(max));
const count = () => z.number().check(z.gte(0), z.lte(1e15));

/** Up to this many characters of what the SDK printed during the call are kept. */
export const MAX_OUTPUT = 200_000;

export const ReplayRequest = z.object({
  type: z.literal('replay'),
  id: z.int().check(z.gte(0)),
  /** The folder of `@stacks/clarinet-sdk` (its package.json inside). */
  sdkPath: text(4096),
  /** The loopback proxy's origin, `http://127.0.0.1:{port}`. */
  apiUrl: text(200).check(z.regex(/^http:\/\/127\.0\.0\.1:\d{1,5}$/)),
  /** The Stacks block whose state the call runs on (the transaction's parent block). */
  height: z.int().check(z.gte(1), z.lte(1e10)),
  contract: text(300),
  fn: text(128),
  /** Each argument, serialized (hex, with or without 0x). */
  args: z.array(text(2_000_000).check(z.regex(/^(0x)?[0-9a-fA-F]*$/))).check(z.maxLength(256)),
  sender: text(300),
  /** The data variables of the called contract to read before and after. */
  vars: z.array(text(128)).check(z.maxLength(50)),
});
export type ReplayRequest = z.infer<typeof ReplayRequest>;

export const Costs = z.object({
  runtime: count(),
  read_count: count(),
  read_length: count(),
  write_count: count(),
  write_length: count(),
});

export const ReplayOutcome = z.object({
  /** What the call returned, as Clarity text (a response); absent when it stopped on a runtime error. */
  result: z.optional(text(100_000)),
  /** The runtime error that stopped it. */
  runtimeError: z.optional(text(20_000)),
  /** `getLastContractCallTrace()`. */
  trace: z.optional(text(1_000_000)),
  /** What the SDK printed while the call ran (the `Error occured in …` report). */
  output: text(MAX_OUTPUT),
  events: z.array(text(20_000)).check(z.maxLength(500)),
  costs: z.optional(Costs),
  varsBefore: z.record(z.string(), text(20_000)),
  varsAfter: z.record(z.string(), text(20_000)),
  /** Milliseconds: loading the SDK (0 when it was loaded already), the session, the call. */
  timings: z.object({ load: count(), session: count(), call: count() }),
});
export type ReplayOutcome = z.infer<typeof ReplayOutcome>;

export const PHASES = ['loading', 'session', 'calling', 'reading'] as const;
export type Phase = (typeof PHASES)[number];

export const ChildMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('phase'), id: z.int(), phase: z.enum(PHASES) }),
  z.object({ type: z.literal('done'), id: z.int(), outcome: ReplayOutcome }),
  z.object({
    type: z.literal('failed'),
    id: z.int(),
    message: text(4000),
    /** The SDK could not be loaded from the path given. */
    sdkMissing: z.optional(z.boolean()),
  }),
]);
export type ChildMessage = z.infer<typeof ChildMessage>;
