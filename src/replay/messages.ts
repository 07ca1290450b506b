/**
 * The messages between the extension and the replay process (src/replay/child.ts), as zod
 * schemas: each side checks every message it receives, so a broken or hostile message is refused
 * instead of read. No API key ever travels here: the child reaches the API only through the
 * loopback proxy the extension runs (src/replay/proxy.ts), which adds the key.
 */
import * as z from 'zod/mini';
import { MAX_EARLIER } from '../chain/traceInputs';

const text = (max: number) => z.string().check(z.maxLength(max));
const count = () => z.number().check(z.gte(0), z.lte(1e15));

/** Up to this many characters of what the SDK printed during the call are kept. */
export const MAX_OUTPUT = 200_000;

/** At most this many earlier transactions of the block are replayed before the call. */
export { MAX_EARLIER };

/** A serialized Clarity value (hex, with or without 0x). */
const hexValue = () => text(2_000_000).check(z.regex(/^(0x)?[0-9a-fA-F]*$/));

/**
 * An earlier transaction of the block, replayed before the call: a contract call (`callPublicFn`)
 * or an STX transfer (`transferSTX`, its amount in micro-STX as digits). Other kinds are not sent.
 */
export const EarlierTx = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('contract-call'),
    contract: text(300),
    fn: text(128),
    args: z.array(hexValue()).check(z.maxLength(256)),
    sender: text(300),
  }),
  z.object({
    kind: z.literal('token-transfer'),
    recipient: text(300),
    amount: text(40).check(z.regex(/^\d{1,39}$/)),
    sender: text(300),
  }),
]);
export type EarlierTx = z.infer<typeof EarlierTx>;

/** A map entry of the called contract to read before and after: its key serialized, or the call's sender. */
export const MapRead = z.object({
  name: text(128),
  key: z.union([z.literal('tx-sender'), hexValue()]),
});
export type MapRead = z.infer<typeof MapRead>;

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
  args: z.array(hexValue()).check(z.maxLength(256)),
  sender: text(300),
  /** The data variables of the called contract to read before and after. */
  vars: z.array(text(128)).check(z.maxLength(50)),
  /** Its map entries to read before and after (keys the call names: its sender, its arguments). */
  maps: z.optional(z.array(MapRead).check(z.maxLength(50))),
  /** The block's earlier transactions, replayed in order before the call, for the state it really ran on. */
  before: z.optional(z.array(EarlierTx).check(z.maxLength(MAX_EARLIER))),
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
  /** The map entries asked for, each key as Clarity text. */
  maps: z.optional(
    z
      .array(z.object({ name: text(128), key: text(2000), before: text(20_000), after: text(20_000) }))
      .check(z.maxLength(50)),
  ),
  /** Each earlier transaction replayed first, in order: what it returned, or the error it stopped on here. */
  earlier: z.optional(
    z
      .array(z.object({ result: z.optional(text(2000)), error: z.optional(text(2000)) }))
      .check(z.maxLength(MAX_EARLIER)),
  ),
  /** Milliseconds: loading the SDK (0 when it was loaded already), the session, the earlier transactions, the call. */
  timings: z.object({ load: count(), session: count(), call: count(), earlier: z.optional(count()) }),
});
export type ReplayOutcome = z.infer<typeof ReplayOutcome>;

export const PHASES = ['loading', 'session', 'earlier', 'calling', 'reading'] as const;
export type Phase = (typeof PHASES)[number];

export const ChildMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('phase'),
    id: z.int(),
    phase: z.enum(PHASES),
    /** In the `earlier` phase: the earlier transaction now replayed (1-based) and how many there are. */
    step: z.optional(z.object({ done: count(), of: count() })),
  }),
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
