/**
 * A contract's interface and what its read-only functions and state answer, from the node's
 * routes the API serves under /v2 (stacks-core docs/rpc/openapi.yaml): the interface
 * (GET /v2/contracts/interface/{address}/{name}), a read-only call
 * (POST /v2/contracts/call-read/…), a data variable, a constant and a map entry.
 */
import * as z from 'zod/mini';
import { isAbiType, type AbiType } from '../../chain/abi';
import { str } from './shared';

const abiType = z.custom<AbiType>((v) => isAbiType(v), { message: 'not a Clarity type' });
const name = z.string().check(z.minLength(1), z.maxLength(128));

export const ContractFunction = z.looseObject({
  name,
  access: str,
  args: z.array(z.looseObject({ name, type: abiType })).check(z.maxLength(256)),
  outputs: z.looseObject({ type: abiType }),
});

export const ContractInterface = z.looseObject({
  functions: z.array(ContractFunction).check(z.maxLength(5_000)),
  variables: z.array(z.looseObject({ name, type: abiType, access: str })).check(z.maxLength(5_000)),
  maps: z.array(z.looseObject({ name, key: abiType, value: abiType })).check(z.maxLength(5_000)),
  fungible_tokens: z.array(z.looseObject({ name })).check(z.maxLength(5_000)),
  non_fungible_tokens: z.array(z.looseObject({ name, type: abiType })).check(z.maxLength(5_000)),
  epoch: z.optional(str),
  clarity_version: z.optional(z.nullable(str)),
});
export type ContractInterface = z.infer<typeof ContractInterface>;

/**
 * A deployed contract's source (GET /v2/contracts/source/{address}/{name}, stacks-core
 * docs/rpc/components/schemas/contract-source.schema.yaml), asked without its proof.
 */
export const ContractSource = z.looseObject({
  source: z.string(),
  publish_height: z.int().check(z.gte(0)),
});
export type ContractSource = z.infer<typeof ContractSource>;
export type ContractFunction = z.infer<typeof ContractFunction>;

const hex = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/));

/** A read-only call: its result as serialized Clarity, or why the node could not run it. */
export const ReadOnlyResult = z.looseObject({
  okay: z.boolean(),
  result: z.optional(hex),
  cause: z.optional(z.nullable(str)),
});
export type ReadOnlyResult = z.infer<typeof ReadOnlyResult>;

/** A data variable, a constant or a map entry: its value as serialized Clarity. */
export const ClarityData = z.looseObject({ data: hex, proof: z.optional(str) });
export type ClarityData = z.infer<typeof ClarityData>;
