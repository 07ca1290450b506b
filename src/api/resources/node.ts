/**
 * What the API and its node say about themselves and the chain as a whole: the API's status, the
 * PoX state with each epoch's block limit, and the node's fee estimate for a transaction payload.
 */
import * as l10n from '../../chain/l10n';
import { invalid } from '../arguments';
import { isStacksApiError } from '../errors';
import * as S from '../schemas';
import type { CallOptions, ClientCore } from './core';

/** How long the node's PoX answer is kept: its epochs and cycle move slowly. */
const POX_TTL_MS = 5 * 60_000;

export interface NodeResource {
  getServerStatus(options?: CallOptions): Promise<S.ServerStatus>;
  /**
   * The node's fee estimate for a transaction payload (`POST /v2/fees/transaction`, hex of the
   * payload only): three estimations, low to high. A node that has none (400 `NoEstimateAvailable`,
   * estimation switched off, or a plain-text refusal) gives `{ none: why }` instead of failing.
   */
  estimateFee(
    payloadHex: string,
    estimatedLength: number,
    options?: CallOptions,
  ): Promise<{ estimate: S.FeeEstimate } | { none: string }>;
  /** The node's current epoch and each epoch's block limit (`GET /v2/pox`), kept five minutes. */
  getPoxEpochs(options?: CallOptions): Promise<S.PoxEpochs>;
  /**
   * The node's `GET /v2/pox`: the active PoX contract, the current cycle and each epoch's block
   * limit (the budget of a tenure), kept five minutes; the same request and answer as `getPoxEpochs`.
   */
  getPoxInfo(options?: CallOptions): Promise<S.PoxInfo>;
}

export function nodeResource(core: ClientCore): NodeResource {
  const { requests } = core;
  const getPoxInfo = (options: CallOptions = {}): Promise<S.PoxInfo> =>
    requests.call(
      {
        route: '/v2/pox',
        path: '/v2/pox',
        schema: S.PoxInfo,
        what: l10n.t('PoX information'),
        ttl: () => POX_TTL_MS,
      },
      options,
    );
  return {
    async getServerStatus(options: CallOptions = {}): Promise<S.ServerStatus> {
      return requests.call(
        {
          route: '/extended',
          path: '/extended',
          schema: S.ServerStatus,
          what: l10n.t('server status'),
          ttl: () => core.freshMs,
        },
        options,
      );
    },

    async estimateFee(
      payloadHex: string,
      estimatedLength: number,
      options: CallOptions = {},
    ): Promise<{ estimate: S.FeeEstimate } | { none: string }> {
      if (typeof payloadHex !== 'string' || !/^([0-9a-fA-F]{2}){1,2000000}$/.test(payloadHex))
        throw invalid(l10n.t('A transaction payload is hex digits.'));
      const len = Number.isSafeInteger(estimatedLength) && estimatedLength > 0 ? estimatedLength : undefined;
      try {
        const estimate = await requests.call(
          {
            route: '/v2/fees/transaction',
            path: '/v2/fees/transaction',
            body: { transaction_payload: payloadHex, ...(len ? { estimated_len: len } : {}) },
            schema: S.FeeEstimate,
            what: l10n.t('fee estimate'),
            ttl: () => core.freshMs,
          },
          options,
        );
        return { estimate };
      } catch (e) {
        if (isStacksApiError(e) && e.kind === 'bad-request') return { none: e.message };
        throw e;
      }
    },

    async getPoxEpochs(options: CallOptions = {}): Promise<S.PoxEpochs> {
      return getPoxInfo(options);
    },

    getPoxInfo,
  };
}
