/**
 * The node's `GET /v2/pox` as far as the extension reads it (stacks-core
 * `stackslib/src/net/api/getpoxinfo.rs`, `RPCPoxInfoData`, and
 * docs/rpc/components/schemas/pox-info.schema.yaml): the active PoX contract, the current cycle,
 * each contract version, the current epoch and each epoch's block limit (the budget of a whole
 * tenure since Nakamoto).
 */
import * as z from 'zod/mini';
import { int, opt, str } from './shared';
import { ExecutionCost } from './simulation';

const contractId = z.string().check(z.regex(/^S[0-9A-Z]{27,40}\.[a-zA-Z][a-zA-Z0-9_-]{0,127}$/));

export const PoxInfo = z.looseObject({
  /** The PoX contract active at the node's burn chain tip (`pox-5` from epoch 4.0). */
  contract_id: contractId,
  current_epoch: opt(str),
  current_cycle: opt(z.looseObject({ id: int })),
  contract_versions: opt(
    z
      .array(z.looseObject({ contract_id: contractId, activation_burnchain_block_height: opt(int) }))
      .check(z.maxLength(100)),
  ),
  epochs: opt(z.array(z.looseObject({ epoch_id: str, block_limit: opt(ExecutionCost) })).check(z.maxLength(100))),
});
export type PoxInfo = z.infer<typeof PoxInfo>;
