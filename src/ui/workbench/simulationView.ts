/**
 * What a simulated call's answer under its form shows (`SimulationView`): the verdict and why it
 * would fail, the assets it moved, the net changes, its prints, its cost against the tenure budget,
 * the fee and the post-conditions to copy. No `vscode`, so the bench builds it as the panel does.
 *
 * A service may answer with any number of events (an answer of 8 MB holds some 20,000), so every
 * list has a bound: each table lists its first `MAX_SIMULATION_ROWS` rows and one row that counts
 * the rest, each cell is cut at a length a table can show, and each post-condition snippet writes
 * its first conditions (`SNIPPET_LIMIT`) and counts the rest.
 */
import type { StacksClient } from '../../api';
import type { Simulated } from '../../api/simulation';
import { breachSentence, postConditionBreach, type PostConditionRow } from '../../chain/postConditionBreach';
import type { ParsedPc, PcMode } from '../../chain/postConditionParse';
import { clarityModule } from '../../chain/lazyClarity';
import { formatInt, formatStx, formatCount } from '../../chain/format';
import { NETWORK_LABELS, type NetworkId } from '../../chain/networks';
import {
  COST_DIMENSIONS,
  movementsOf,
  netChanges,
  percentText,
  postConditionCode,
  type Cost,
  type Movement,
} from '../../chain/simulation';
import { vmErrorSentence } from '../../chain/vmError';
import type { SimulationView } from '../../protocol';
import { callFailure } from '../failure/txFailure';
import * as l10n from '../../chain/l10n';
import { tenureShares, tenureWarning } from '../../chain/tenureBudget';

/** The rows each table of a simulation lists (movements, net changes, prints); one more row counts the rest. */
export const MAX_SIMULATION_ROWS = 100;
/** The conditions each post-condition snippet writes out, none longer than 2,000 characters (an NFT's id may be any Clarity value). */
export const SNIPPET_LIMIT = { conditions: 100, chars: 2_000 };
/** The lines of the called contract that return its error the answer lists. */
const MAX_FAILURE_LINES = 20;
/** The characters of one cell (an asset id, a principal, an NFT's id). */
const MAX_CELL_CHARS = 300;
/** The characters of one print's value. */
const MAX_PRINT_CHARS = 1_000;

export type SimulationFee = SimulationView['fee'];
export interface SimulationLimit {
  label: string;
  cost: Record<(typeof COST_DIMENSIONS)[number], number>;
}

/** What the view is built from: the call as sent, the service's answer and what the node said of fee and limit. */
export interface SimulationFacts {
  network: NetworkId;
  contractId: string;
  fn: string;
  sender: string;
  signal: AbortSignal;
  postConditions?: { mode: PcMode; code: string };
  /** The post-conditions the call carried, parsed. */
  pcs?: { mode: PcMode; conditions: ParsedPc[] } | undefined;
  sim: Simulated;
  /** The result as Clarity writes it. */
  text: string;
  fee: SimulationFee;
  limit: SimulationLimit;
  /** The service, the sender and the nonce used, in words. */
  ran: string;
}

/** `s` cut to `max` characters (UTF-16 units, never splitting a pair), with an ellipsis when cut. */
function cell(s: string, max = MAX_CELL_CHARS): string {
  if (s.length <= max) return s;
  const end = /[\ud800-\udbff]/.test(s.charAt(max - 2)) ? max - 2 : max - 1;
  return `${s.slice(0, end)}…`;
}

/** The first `MAX_SIMULATION_ROWS` rows of `all` (each made by `row`), and `more(n)` for the n left out. */
function capped<T, R>(all: readonly T[], row: (x: T) => R, more: (n: number) => R): R[] {
  const rows = all.slice(0, MAX_SIMULATION_ROWS).map(row);
  if (all.length > MAX_SIMULATION_ROWS) rows.push(more(all.length - MAX_SIMULATION_ROWS));
  return rows;
}

const count = (n: number) => formatCount(n);

/** A turn of the event loop between the steps over every event, so that none holds it for long. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function movementRow(m: Movement): SimulationView['movements'][number] {
  const what =
    m.asset === 'stx' ? `STX ${m.action}` : `${m.asset === 'ft' ? 'FT' : 'NFT'} ${m.action} ${m.assetId ?? ''}`.trim();
  const amount = m.asset === 'stx' ? formatStx(m.amount) : m.asset === 'nft' ? (m.valueHex ?? '') : (m.amount ?? '');
  return {
    what: cell(what),
    from: cell(m.sender ?? l10n.t('(minted)')),
    to: cell(m.recipient ?? (m.action === 'lock' ? '(locked)' : '(burned)')),
    amount: cell(amount),
  };
}

/** The view of a simulated call, every list bounded. Reads a contract's source only when the call failed. */
export async function simulationView(client: StacksClient, f: SimulationFacts): Promise<SimulationView> {
  const r = f.sim.receipt;
  const events = f.sim.events.filter((e): e is Exclude<typeof e, { type: 'other' }> => e.type !== 'other');
  const moves = movementsOf(events);
  await turn();
  const codec = clarityModule();
  const vmRaw = r.vm_error ?? undefined;
  const failed = f.text.startsWith('(err ') || r.post_condition_aborted || !!vmRaw;
  let verdict = l10n.t('Would succeed.');
  let lines: string[] = [];
  // The condition that did not hold, named from the conditions sent (none when it ran in Allow mode without any).
  const breach = r.post_condition_aborted
    ? postConditionBreach(vmRaw, (f.pcs?.conditions ?? []).map(rowOf), f.sender)
    : undefined;
  const named = breach && breachSentence(breach, f.sender);
  if (failed) {
    const failure = await callFailure(
      { contractId: f.contractId, fn: f.fn, result: f.text },
      { raw: vmRaw, ...(named ? { sentence: named } : {}) },
      r.post_condition_aborted,
      client,
      { signal: f.signal, resultText: f.text },
    );
    // "Failed with ERR-X (err u1)" becomes "Would fail with ERR-X (err u1)".
    const failedWith = l10n.t('Failed');
    verdict = failure.headline.startsWith(failedWith)
      ? l10n.t('Would fail{0}', failure.headline.slice(failedWith.length))
      : l10n.t('Would fail: {0}', failure.headline);
    lines = failure.links.slice(0, MAX_FAILURE_LINES).map((l) => cell(l.text, MAX_PRINT_CHARS));
  }
  const vmSentence = vmErrorSentence(vmRaw);
  const prints = events.filter((e) => e.type === 'contract_event');
  const net = capped(
    netChanges(moves),
    (n) => ({
      principal: cell(n.principal),
      asset: cell(n.asset),
      change: n.asset === 'STX' ? formatStx(n.change) : `${n.change > 0n ? '+' : ''}${n.change.toString()}`,
    }),
    (n) => ({ principal: l10n.t('… and {0} more changes', count(n)), asset: '', change: '' }),
  );
  await turn();
  const pc = {
    deny: postConditionCode(moves, f.sender, 'deny', SNIPPET_LIMIT),
    originator: postConditionCode(moves, f.sender, 'originator', SNIPPET_LIMIT),
  };
  await turn();
  return {
    verdict,
    tone: failed ? 'failed' : 'success',
    lines,
    ...(vmRaw
      ? {
          vmError:
            vmSentence && vmSentence !== vmRaw
              ? l10n.t('VM error: {0} ({1})', vmSentence, vmRaw.slice(0, 500))
              : l10n.t('VM error: {0}', cell(vmSentence ?? vmRaw, MAX_PRINT_CHARS)),
        }
      : {}),
    postConditions: postConditionsText(r.post_condition_aborted, named ?? vmSentence ?? vmRaw, f.pcs),
    ...(f.postConditions ? { pasted: f.postConditions } : {}),
    movements: capped(moves, movementRow, (n) => ({
      what: l10n.t('… and {0} more movements', count(n)),
      from: '',
      to: '',
      amount: '',
    })),
    net,
    prints: capped(
      prints,
      (e) => ({
        contract: cell(e.contract_event.contract_identifier),
        value: cell(
          codec.clarityText(`0x${e.contract_event.raw_value.replace(/^0x/i, '')}`, MAX_PRINT_CHARS) ??
            e.contract_event.raw_value,
          MAX_PRINT_CHARS,
        ),
      }),
      (n) => ({ contract: l10n.t('… and {0} more prints', count(n)), value: '' }),
    ),
    cost: costView(r.execution_cost, f.limit),
    fee: f.fee,
    pc,
    ran: l10n.t('Simulated on {0} state by {1}. Nothing was signed or broadcast.', NETWORK_LABELS[f.network], f.ran),
  };
}

/** The cost as shares of the tenure budget, with the warning of a call above what one block may use. */
export function costView(cost: Cost, limit: SimulationLimit): SimulationView['cost'] {
  const shares = tenureShares(cost, limit.cost);
  const warning = tenureWarning(shares);
  return {
    source: limit.label,
    rows: shares.map((s) => ({
      dimension: s.dimension.replace('_', ' '),
      used: formatInt(s.used),
      limit: formatInt(s.budget),
      percent: percentText(s.percent),
      ...(s.over ? { over: true } : {}),
    })),
    ...(warning ? { warning } : {}),
  };
}

const modeName = (m: PcMode): string =>
  m === 'deny' ? l10n.t('Deny') : m === 'allow' ? l10n.t('Allow') : l10n.t('Originator');

function postConditionsText(
  aborted: boolean,
  reason: string | undefined,
  pcs: { mode: PcMode; conditions: ParsedPc[] } | undefined,
): string {
  const attached = pcs
    ? pcs.conditions.length === 1
      ? l10n.t('1 post-condition in {0} mode', modeName(pcs.mode))
      : l10n.t('{0} post-conditions in {1} mode', pcs.conditions.length, modeName(pcs.mode))
    : undefined;
  if (aborted) {
    const why = cell(reason ?? l10n.t('the service named no condition'), MAX_PRINT_CHARS).replace(/\.$/, '');
    return attached
      ? l10n.t('Post-conditions aborted it ({0}): {1}.', attached, why)
      : l10n.t('Post-conditions aborted it: {0}.', why);
  }
  return attached
    ? l10n.t('Post-conditions did not abort it: the {0} held.', attached)
    : l10n.t('Post-conditions did not abort it (it was simulated in Allow mode, with none attached).');
}

const CODES: Record<string, string> = {
  eq: 'sent_equal_to',
  gt: 'sent_greater_than',
  gte: 'sent_greater_than_or_equal_to',
  lt: 'sent_less_than',
  lte: 'sent_less_than_or_equal_to',
  sent: 'sent',
  'not-sent': 'not_sent',
};

/** A parsed condition as the API writes a transaction's (what the breach is matched against). */
function rowOf(p: ParsedPc): PostConditionRow {
  const [address = '', contractName] = p.principal.split('.');
  const principal = contractName
    ? { type_id: 'principal_contract', address, contract_name: contractName }
    : { type_id: 'principal_standard', address };
  const base = { condition_code: CODES[p.code], principal };
  if (p.kind === 'stx') return { type: 'stx', ...base, amount: p.amount };
  const [contract = '', name = ''] = (p.asset ?? '').split('::');
  const [contractAddress, assetContract] = contract.split('.');
  const asset = { contract_address: contractAddress, contract_name: assetContract, asset_name: name };
  return p.kind === 'ft'
    ? { type: 'fungible', ...base, amount: p.amount, asset }
    : { type: 'non_fungible', ...base, asset };
}
