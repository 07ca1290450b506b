/**
 * A deployed contract's state and calls, from the node's routes the API serves under `/v2` (a
 * read-only call, a data variable, a constant, a map entry), and the deploy status of contracts.
 * A call and a map entry are `POST`s with a JSON body, which is part of the cache and in-flight
 * key. Only an index block hash is ever sent as `tip`.
 */
import { CLARITY_NAME } from '../../chain/abi';
import { checkContractId, checkPrincipal } from '../../chain/identifiers';
import * as l10n from '../../chain/l10n';
import { invalid, must } from '../arguments';
import * as S from '../schemas';
import { type CallOptions, type ClientCore, contractParts } from './core';

/** Where a state read or a call runs: an index block hash (0x and 64 hex digits); absent for the latest block. */
export interface AtTip {
  tip?: string;
}

export interface ReadOnlyCall extends AtTip {
  sender: string;
  /** Each argument as serialized Clarity: 0x and hex digits. */
  arguments: readonly string[];
}

export interface ContractResource {
  getContractsStatus(contractIds: readonly string[], options?: CallOptions): Promise<S.ContractsStatus>;
  /**
   * Runs a read-only function on the node (POST, counted against the rate budget like any request):
   * `args` are the arguments as serialized Clarity (hex), `sender` the caller, `tip` an index block
   * hash to run at (latest when absent). The answer lives a few seconds.
   */
  callReadOnly(
    contractId: string,
    functionName: string,
    call: ReadOnlyCall,
    options?: CallOptions,
  ): Promise<S.ReadOnlyResult>;
  /** A data variable's value (serialized Clarity), at `tip` or the latest block. */
  getDataVar(contractId: string, name: string, at?: AtTip, options?: CallOptions): Promise<S.ClarityData>;
  /** A constant's value (serialized Clarity). */
  getConstant(contractId: string, name: string, at?: AtTip, options?: CallOptions): Promise<S.ClarityData>;
  /** A map's entry for a key (serialized Clarity): `(some value)` or `none`. */
  getMapEntry(
    contractId: string,
    map: string,
    keyHex: string,
    at?: AtTip,
    options?: CallOptions,
  ): Promise<S.ClarityData>;
}

export function contractResource(core: ClientCore): ContractResource {
  const { requests } = core;
  return {
    async getContractsStatus(contractIds: readonly string[], options: CallOptions = {}): Promise<S.ContractsStatus> {
      if (!Array.isArray(contractIds) || contractIds.length === 0)
        throw invalid(l10n.t('Give at least one contract id (<address>.<contract-name>).'));
      const ids = [...new Set(contractIds.map((c) => must(checkContractId(String(c))).contractId))];
      if (ids.length > 100) throw invalid(l10n.t('Check at most 100 contracts at once (got {0}).', ids.length));
      return requests.call(
        {
          route: '/extended/v2/smart-contracts/status',
          path: '/extended/v2/smart-contracts/status',
          query: ids.map((id) => ['contract_id', id]),
          schema: S.ContractsStatus,
          what: l10n.t('contract status'),
          ttl: () => 10_000,
          bound: (statuses) =>
            Object.fromEntries(ids.filter((id) => Object.hasOwn(statuses, id)).map((id) => [id, statuses[id]!])),
        },
        options,
      );
    },

    async callReadOnly(
      contractId: string,
      functionName: string,
      call: ReadOnlyCall,
      options: CallOptions = {},
    ): Promise<S.ReadOnlyResult> {
      const [address, name] = contractParts(contractId);
      const fn = must(clarityName(functionName, l10n.t('function name')));
      const sender = must(checkPrincipal(String(call.sender))).principal;
      if (!Array.isArray(call.arguments))
        throw invalid(l10n.t('The arguments of a read-only call must be a list of serialized Clarity values.'));
      if (call.arguments.length > MAX_CALL_ARGUMENTS)
        throw invalid(l10n.t('A read-only call takes at most {0} arguments.', MAX_CALL_ARGUMENTS));
      const args = call.arguments.map((a, i) => {
        if (typeof a !== 'string' || a.length > MAX_ARGUMENT_HEX || !HEX_VALUE.test(a))
          throw invalid(l10n.t('Argument {0} is not a serialized Clarity value (0x and hex digits).', i + 1));
        return a;
      });
      return requests.call(
        {
          route: '/v2/contracts/call-read/{address}/{name}/{function}',
          path: `/v2/contracts/call-read/${address}/${name}/${pathName(fn)}`,
          query: tipQuery(call.tip),
          body: { sender, arguments: args },
          schema: S.ReadOnlyResult,
          what: l10n.t('read-only call result'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },

    async getDataVar(
      contractId: string,
      varName: string,
      at: AtTip = {},
      options: CallOptions = {},
    ): Promise<S.ClarityData> {
      const [address, name] = contractParts(contractId);
      const v = must(clarityName(varName, l10n.t('variable name')));
      return requests.call(
        {
          route: '/v2/data_var/{address}/{name}/{var}',
          path: `/v2/data_var/${address}/${name}/${pathName(v)}`,
          query: [['proof', '0'], ...tipQuery(at.tip)],
          schema: S.ClarityData,
          what: l10n.t('data variable'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },

    async getConstant(
      contractId: string,
      constName: string,
      at: AtTip = {},
      options: CallOptions = {},
    ): Promise<S.ClarityData> {
      const [address, name] = contractParts(contractId);
      const c = must(clarityName(constName, l10n.t('constant name')));
      return requests.call(
        {
          route: '/v2/constant_val/{address}/{name}/{constant}',
          path: `/v2/constant_val/${address}/${name}/${pathName(c)}`,
          query: tipQuery(at.tip),
          schema: S.ClarityData,
          what: 'constant',
          // A constant is set once, when the contract is deployed.
          ttl: () => (at.tip ? Infinity : 60_000),
        },
        options,
      );
    },

    async getMapEntry(
      contractId: string,
      mapName: string,
      keyHex: string,
      at: AtTip = {},
      options: CallOptions = {},
    ): Promise<S.ClarityData> {
      const [address, name] = contractParts(contractId);
      const m = must(clarityName(mapName, l10n.t('map name')));
      if (typeof keyHex !== 'string' || keyHex.length > MAX_ARGUMENT_HEX || !HEX_VALUE.test(keyHex))
        throw invalid(l10n.t('The map key is not a serialized Clarity value (0x and hex digits).'));
      return requests.call(
        {
          route: '/v2/map_entry/{address}/{name}/{map}',
          path: `/v2/map_entry/${address}/${name}/${pathName(m)}`,
          query: [['proof', '0'], ...tipQuery(at.tip)],
          body: keyHex,
          schema: S.ClarityData,
          what: l10n.t('map entry'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },
  };
}

/** The most arguments a call sends, and the largest one (Clarity's values are at most 1 MB). */
const MAX_CALL_ARGUMENTS = 256;
const MAX_ARGUMENT_HEX = 2 + 2 * 1_048_576;
// No capturing group: one capture per byte made a 1 MB value take some 400 ms to check.
const HEX_VALUE = /^0x(?:[0-9a-fA-F]{2})+$/;

function clarityName(v: unknown, what: string): { ok: true; value: string } | { ok: false; reason: string } {
  return typeof v === 'string' && v.length <= 128 && CLARITY_NAME.test(v)
    ? { ok: true, value: v }
    : { ok: false, reason: l10n.t('"{0}" is not a Clarity {1}.', String(v).slice(0, 140), what) };
}

/** A Clarity name in a path: the characters a URL path would read otherwise are escaped. */
function pathName(n: string): string {
  return n.replace(/[?#%<>]/g, (c) => encodeURIComponent(c));
}

/**
 * The `tip` of a call or state read: only an index block hash. The node reads anything else that
 * is not `latest` as the latest block without a word, so nothing else is ever sent.
 */
function tipQuery(tip: string | undefined): Array<[string, string]> {
  if (tip === undefined) return [];
  if (typeof tip !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(tip))
    throw invalid(l10n.t('The block to call at must be given by its index block hash (0x and 64 hex digits).'));
  return [['tip', tip.replace(/^0x/, '').toLowerCase()]];
}
