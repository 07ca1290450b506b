/**
 * The client of Emily, the sBTC bridge's API (stacks-sbtc/sbtc `emily/openapi-gen/generated-specs/
 * public-emily-openapi-spec.json`): `GET /deposit/{txid}`, `/deposit/{txid}/{index}`,
 * `/withdrawal/{id}`, `/limits`, `/deposit/recipient/{recipient}`, `/withdrawal/sender/{sender}`.
 * It is a third party, so this is its own small client, like the simulation service's: it never
 * sends the chain API's key, follows no redirect, has its own timeout and body cap, and every
 * answer passes a zod schema of the fields read here. Every failure is a `StacksApiError` with one
 * sentence; a browser's refusal (CORS) is said as one.
 */
import * as z from 'zod/mini';
import * as l10n from '../chain/l10n';
import { StacksApiError } from './errors';
import { thirdPartyExchange } from './thirdParty';
import { parseWith } from './schemas/parse';
import { checkBaseUrl } from './url';

const MAX_BODY_BYTES = 1024 * 1024;
/** The most deposits or withdrawals one list asks for. */
export const EMILY_PAGE = 20;

const count = z.number().check(z.gte(0));
const text = (max = 200) => z.string().check(z.maxLength(max));
const hexText = (max = 20_000) => z.string().check(z.maxLength(max), z.regex(/^(0x)?[0-9a-fA-F]*$/));

export const Fulfillment = z.looseObject({
  BitcoinTxid: text(80),
  BitcoinTxIndex: count,
  StacksTxid: text(80),
  BitcoinBlockHash: text(80),
  BitcoinBlockHeight: count,
  BtcFee: count,
});

export const EmilyDeposit = z.looseObject({
  bitcoinTxid: text(80),
  bitcoinTxOutputIndex: count,
  recipient: text(400),
  amount: count,
  lastUpdateHeight: count,
  lastUpdateBlockHash: text(80),
  status: text(40),
  statusMessage: z.optional(text(2_000)),
  parameters: z.optional(z.looseObject({ maxFee: count, lockTime: count })),
  fulfillment: z.optional(z.nullable(Fulfillment)),
  replacedByTx: z.optional(z.nullable(text(80))),
  reclaimScript: z.optional(hexText()),
  depositScript: z.optional(hexText()),
});
export type EmilyDeposit = z.infer<typeof EmilyDeposit>;

export const EmilyDeposits = z.looseObject({
  deposits: z.array(EmilyDeposit).check(z.maxLength(1_000)),
  nextToken: z.optional(z.nullable(text(2_000))),
});

export const EmilyWithdrawal = z.looseObject({
  requestId: count,
  stacksBlockHash: text(80),
  stacksBlockHeight: count,
  /** The recipient's scriptPubKey, hex. */
  recipient: hexText(200),
  sender: text(200),
  amount: count,
  lastUpdateHeight: count,
  lastUpdateBlockHash: text(80),
  status: text(40),
  statusMessage: z.optional(text(2_000)),
  parameters: z.optional(z.looseObject({ maxFee: count })),
  expectedFulfillmentInfo: z.optional(
    z.looseObject({
      bitcoinBlockHeight: z.optional(z.nullable(count)),
      bitcoinTxid: z.optional(z.nullable(text(80))),
    }),
  ),
  fulfillment: z.optional(z.nullable(Fulfillment)),
  txid: text(80),
});
export type EmilyWithdrawal = z.infer<typeof EmilyWithdrawal>;

export const EmilyWithdrawals = z.looseObject({
  withdrawals: z.array(EmilyWithdrawal).check(z.maxLength(1_000)),
  nextToken: z.optional(z.nullable(text(2_000))),
});

const optCount = z.optional(z.nullable(count));
export const EmilyLimits = z.looseObject({
  pegCap: optCount,
  perDepositCap: optCount,
  perDepositMinimum: optCount,
  perWithdrawalCap: optCount,
  availableToWithdraw: optCount,
  rollingWithdrawalBlocks: optCount,
  rollingWithdrawalCap: optCount,
});
export type EmilyLimits = z.infer<typeof EmilyLimits>;

export interface EmilyOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** A fetch function instead of the build's own exchange (tests). */
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

/** One Emily service at a base URL. */
export class EmilyClient {
  private readonly base: URL;

  constructor(baseUrl: string) {
    const checked = checkBaseUrl(baseUrl);
    if (!checked.ok)
      throw new StacksApiError('insecure-url', l10n.t('The Emily URL is not usable: {0}', checked.reason));
    this.base = checked.url;
  }

  get origin(): string {
    return this.base.origin;
  }

  /** The deposits of one Bitcoin transaction (every output that is a deposit); [] when Emily has none. */
  async depositsOfTx(txid: string, options: EmilyOptions): Promise<EmilyDeposit[]> {
    const r = await this.get(`/deposit/${hex64(txid)}`, EmilyDeposits, options, { pageSize: String(EMILY_PAGE) });
    return r ? r.deposits : [];
  }

  async deposit(txid: string, vout: number, options: EmilyOptions): Promise<EmilyDeposit | undefined> {
    return this.get(`/deposit/${hex64(txid)}/${Math.max(0, Math.trunc(vout))}`, EmilyDeposit, options);
  }

  async withdrawal(id: string, options: EmilyOptions): Promise<EmilyWithdrawal | undefined> {
    if (!/^\d{1,20}$/.test(id)) throw new StacksApiError('bad-request', l10n.t('A withdrawal id is a number.'));
    return this.get(`/withdrawal/${id}`, EmilyWithdrawal, options);
  }

  async limits(options: EmilyOptions): Promise<EmilyLimits | undefined> {
    return this.get('/limits', EmilyLimits, options);
  }

  /** The deposits to a Stacks principal, newest first as Emily lists them. */
  async depositsTo(principal: string, options: EmilyOptions): Promise<EmilyDeposit[]> {
    const r = await this.get(`/deposit/recipient/${encodeURIComponent(principal)}`, EmilyDeposits, options, {
      pageSize: String(EMILY_PAGE),
    });
    return r ? r.deposits : [];
  }

  /** The withdrawals a Stacks principal asked for. */
  async withdrawalsFrom(principal: string, options: EmilyOptions): Promise<EmilyWithdrawal[]> {
    const r = await this.get(`/withdrawal/sender/${encodeURIComponent(principal)}`, EmilyWithdrawals, options, {
      pageSize: String(EMILY_PAGE),
    });
    return r ? r.withdrawals : [];
  }

  /** The answer, or undefined for a 404 (Emily does not know it). */
  private async get<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    options: EmilyOptions,
    query?: Record<string, string>,
  ): Promise<T | undefined> {
    const url = new URL(this.base.href.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const { status, text: body } = await this.exchange(url, options);
    const route = path.replace(/\/[0-9a-fA-F]{64}/, '/{txid}').replace(/\/\d+$/, '/{n}');
    if (status === 404) return undefined;
    if (status < 200 || status >= 300) {
      const words = emilyMessage(body);
      throw new StacksApiError(
        status === 429 ? 'rate-limited' : status >= 500 ? 'server' : 'bad-request',
        l10n.t('Emily at {0} answered {1}{2}.', this.origin, status, words ? `: ${words}` : ''),
        { status, path: route },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw this.invalid(route, l10n.t('it is not JSON'));
    }
    const parsed = parseWith(schema, json);
    if (!parsed.ok) throw this.invalid(route, parsed.problem);
    return parsed.value;
  }

  private invalid(path: string, problem: string): StacksApiError {
    return new StacksApiError(
      'invalid-response',
      l10n.t(
        'Emily at {0} sent an answer that is not what its API describes ({1}), so nothing is shown.',
        this.origin,
        problem,
      ),
      { path },
    );
  }

  private exchange(url: URL, options: EmilyOptions): Promise<{ status: number; text: string }> {
    const origin = url.origin;
    return thirdPartyExchange(
      {
        url,
        path: url.pathname,
        timeoutMs: options.timeoutMs,
        maxBodyBytes: MAX_BODY_BYTES,
        signal: options.signal,
        fetch: options.fetch,
        log: options.log,
      },
      {
        timeout: l10n.t('Emily at {0} did not answer within {1} s.', origin, Math.round(options.timeoutMs / 1000)),
        cancelled: l10n.t('The request to Emily was cancelled.'),
        blocked: l10n.t(
          'The browser refused the request to Emily at {0}: it does not allow requests from this page (CORS), or it cannot be reached. Nothing was read from it.',
          origin,
        ),
        network: l10n.t(
          'Could not reach Emily at {0}: check the stacksLookup.sbtc.emily URL and your connection.',
          origin,
        ),
        redirect: l10n.t('Emily at {0} answered with a redirect, which is not followed: set its final URL.', origin),
        tooLarge: l10n.t('Emily at {0} sent an answer too large or cut off; it was not read.', origin),
      },
    );
  }
}

function hex64(txid: string): string {
  const m = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(txid);
  if (!m) throw new StacksApiError('bad-request', l10n.t('A Bitcoin transaction id is 64 hexadecimal digits.'));
  return m[1]!.toLowerCase();
}

/** Emily's `ErrorResponse.message`, cut short; or the start of a body that is not one. */
function emilyMessage(body: string): string {
  try {
    const m = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof m === 'string') return m.slice(0, 200);
  } catch {
    // not JSON: the text itself
  }
  return body.trim().slice(0, 200);
}
