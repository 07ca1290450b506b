/**
 * A deployed contract's source and interface, each read once a session per contract, whoever asks
 * (panels, hovers, the language features, failure names, drift). They never change once deployed,
 * so they live in memos of their own beside the response cache (no other answer evicts them),
 * bounded by count and size; callers at the same time share one request (`Requests.shared`).
 */
import * as l10n from '../../chain/l10n';
import { LruCache } from '../cache';
import { isStacksApiError, StacksApiError } from '../errors';
import * as S from '../schemas';
import { type CallOptions, type ClientCore, contractParts, jsonLength } from './core';

/** Deployed sources a client keeps: a deploy never changes, so these bound memory, not staleness. */
export const MAX_SOURCES_REMEMBERED = 200;
export const SOURCES_MAX_BYTES = 8 * 1024 * 1024;
/** Deployed interfaces a client keeps, beside the response cache so no other answer evicts them. */
export const MAX_INTERFACES_REMEMBERED = 200;
export const INTERFACES_MAX_BYTES = 8 * 1024 * 1024;
/** No Stacks transaction is over 2 MiB (`MAX_TRANSACTION_LEN` of stacks-core), so no deployed source is. */
export const MAX_CONTRACT_SOURCE_CHARS = 2 * 1024 * 1024;

export interface ContractMemo {
  /**
   * A deployed contract's interface (functions, variables, maps, tokens, Clarity version and
   * epoch), from the node's /v2 route. It never changes once deployed: kept until evicted. A
   * contract the node does not know (not deployed, or its deploy still pending) is `not-found`.
   */
  getContractInterface(contractId: string, options?: CallOptions): Promise<S.ContractInterface>;
  /** The interface `getContractInterface` already has for a contract, without asking; undefined otherwise. */
  knownContractInterface(contractId: string): S.ContractInterface | undefined;
  /**
   * A deployed contract's source, from the node's /v2 route (boot contracts included, which have no
   * deploy transaction). It never changes once deployed: each contract is asked at most once a
   * session (a `not-found` is remembered too), whoever asks (panels, hovers, notifications).
   */
  getContractSource(contractId: string, options?: CallOptions): Promise<S.ContractSource>;
  /** The source `getContractSource` already has for a contract, without asking; undefined otherwise. */
  knownContractSource(contractId: string): string | undefined;
  /**
   * Keeps a deployed source read another way (the successful deploy transaction of the contract
   * carries the same text), so `getContractSource` answers it without a request.
   */
  rememberContractSource(contractId: string, source: S.ContractSource): void;
}

export function contractMemo(core: ClientCore): ContractMemo {
  const { requests } = core;
  /** Deployed sources of this session, by contract id, or why there is none (see `getContractSource`). */
  const sources = new LruCache<S.ContractSource | StacksApiError>({
    maxEntries: MAX_SOURCES_REMEMBERED,
    maxBytes: SOURCES_MAX_BYTES,
    sizeOf: (s) => (s instanceof StacksApiError ? 1024 : s.source.length),
  });
  /**
   * Deployed interfaces of this session, by contract id: a deploy never changes, and the editor's
   * features (definition, hover, completion, signature help) read one on every request.
   */
  const interfaces = new LruCache<S.ContractInterface>({
    maxEntries: MAX_INTERFACES_REMEMBERED,
    maxBytes: INTERFACES_MAX_BYTES,
    sizeOf: jsonLength,
  });
  return {
    async getContractInterface(contractId: string, options: CallOptions = {}): Promise<S.ContractInterface> {
      const [address, name] = contractParts(contractId);
      const id = `${address}.${name}`;
      const known = interfaces.get(id);
      if (known) return known;
      // Callers at the same time share one request (`Requests.shared`); the answer is kept here.
      const iface = await requests.call(
        {
          route: '/v2/contracts/interface/{address}/{name}',
          path: `/v2/contracts/interface/${address}/${name}`,
          schema: S.ContractInterface,
          what: l10n.t('contract interface'),
          ttl: () => 0,
        },
        options,
      );
      interfaces.set(id, iface, Infinity);
      return iface;
    },

    knownContractInterface(contractId: string): S.ContractInterface | undefined {
      return interfaces.get(String(contractId));
    },

    async getContractSource(contractId: string, options: CallOptions = {}): Promise<S.ContractSource> {
      const [address, name] = contractParts(contractId);
      const id = `${address}.${name}`;
      const known = sources.get(id);
      if (known instanceof StacksApiError) throw known;
      if (known) return known;
      try {
        const answer = await requests.call(
          {
            route: '/v2/contracts/source/{address}/{name}',
            path: `/v2/contracts/source/${address}/${name}`,
            query: [['proof', '0']],
            schema: S.ContractSource,
            what: l10n.t('contract source'),
            // Kept below, whole (a source may be over the cache's 1 MB for one answer).
            ttl: () => 0,
          },
          options,
        );
        if (answer.source.length > MAX_CONTRACT_SOURCE_CHARS)
          throw new StacksApiError(
            'invalid-response',
            l10n.t(
              'The API sent a contract source of {0} MB; no Stacks transaction is larger than 2 MB, so it was not used.',
              (answer.source.length / 1024 / 1024).toFixed(1),
            ),
            { path: `/v2/contracts/source/${address}/${name}` },
          );
        sources.set(id, { source: answer.source, publish_height: answer.publish_height }, Infinity);
        return answer;
      } catch (e) {
        // A contract the node does not know, or an answer that cannot be one, is not asked again this session.
        if (isStacksApiError(e) && (e.kind === 'not-found' || e.kind === 'invalid-response'))
          sources.set(id, e, Infinity);
        throw e;
      }
    },

    rememberContractSource(contractId: string, answer: S.ContractSource): void {
      const [address, name] = contractParts(contractId);
      if (typeof answer.source !== 'string' || answer.source.length > MAX_CONTRACT_SOURCE_CHARS) return;
      const id = `${address}.${name}`;
      if (sources.get(id) instanceof StacksApiError) sources.delete(id);
      if (!sources.get(id)) sources.set(id, { source: answer.source, publish_height: answer.publish_height }, Infinity);
    },

    knownContractSource(contractId: string): string | undefined {
      const known = sources.get(String(contractId));
      return known && !(known instanceof StacksApiError) ? known.source : undefined;
    },
  };
}
