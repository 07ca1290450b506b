import * as l10n from './l10n';
/** Formatting of amounts, times and values for display. Pure: no `vscode`. */

const MICRO = 1_000_000n;

interface NumberStyle {
  locale: string;
  /** Integers, and numbers with at most two decimals. */
  int: Intl.NumberFormat;
  /** The decimal separator of the locale. */
  decimal: string;
}
let style: NumberStyle | undefined;

/** How the display language (`l10n.locale()`) writes numbers; English when it names no locale Intl knows. */
function numberStyle(): NumberStyle {
  const loc = l10n.locale();
  if (style?.locale === loc) return style;
  let int: Intl.NumberFormat;
  try {
    int = new Intl.NumberFormat(loc, { maximumFractionDigits: 2 });
  } catch {
    int = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
  }
  const decimal = int.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  style = { locale: loc, int, decimal };
  return style;
}

/** A count or height in the display language: 1,234,567 in English, 1.234.567 in Spanish. */
export function formatCount(n: number | bigint): string {
  return numberStyle().int.format(n);
}

/** A non-negative integer written in digits, grouped as the display language groups them. */
function groupDigits(digits: string): string {
  return numberStyle().int.format(BigInt(digits));
}

/** What an amount that is not a whole number shows: never the text itself, which came from outside. */
export const NOT_A_NUMBER = l10n.t('not a number');

/**
 * An amount as an exact integer: a string only when it is a whole number in decimal digits
 * (BigInt would also take "0x10", " 12 " and ""), a number only when finite.
 */
function toBig(micro: string | number | bigint): bigint | undefined {
  if (typeof micro === 'bigint') return micro;
  if (typeof micro === 'number') return Number.isFinite(micro) ? BigInt(Math.trunc(micro)) : undefined;
  return typeof micro === 'string' && /^-?\d{1,80}$/.test(micro) ? BigInt(micro) : undefined;
}

/** "1234567" micro-STX → "1.234567"; exact, grouped as the display language groups, trailing zeros trimmed. */
export function formatStx(micro: string | number | bigint | undefined, opts: { unit?: boolean } = {}): string {
  if (micro === undefined || micro === null || micro === '') return '—';
  let v = toBig(micro);
  if (v === undefined) return NOT_A_NUMBER;
  const neg = v < 0n;
  if (neg) v = -v;
  const whole = groupDigits((v / MICRO).toString());
  const frac = (v % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  const s = `${neg ? '-' : ''}${whole}${frac ? numberStyle().decimal + frac : ''}`;
  return opts.unit === false ? s : `${s} STX`;
}

/** The most decimals a token amount is formatted with; a token claiming more is shown raw. */
export const MAX_TOKEN_DECIMALS = 38;

/**
 * A token's integer amount in its own units: "100000" with 6 decimals → "0.1"; exact, thousands
 * grouped, trailing zeros trimmed. `undefined` when the amount or the decimals are not usable.
 */
export function formatTokenAmount(amount: string, decimals: number): string | undefined {
  const v0 = toBig(amount);
  if (v0 === undefined || !Number.isSafeInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS)
    return undefined;
  const neg = v0 < 0n;
  const v = neg ? -v0 : v0;
  const unit = 10n ** BigInt(decimals);
  const whole = groupDigits((v / unit).toString());
  const frac = decimals === 0 ? '' : (v % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? numberStyle().decimal + frac : ''}`;
}

/** "1234567" → "1,234,567 µSTX". */
export function formatMicroStx(micro: string | number | bigint | undefined): string {
  if (micro === undefined || micro === '') return '—';
  const v = toBig(micro);
  if (v === undefined) return NOT_A_NUMBER;
  return `${v < 0n ? '-' : ''}${groupDigits((v < 0n ? -v : v).toString())} µSTX`;
}

export function formatInt(n: number | undefined | null): string {
  if (n === undefined || n === null || !Number.isFinite(n)) return '—';
  return numberStyle().int.format(n);
}

/** Unix seconds (or an ISO string) → "2021-02-11 02:19:11 UTC". */
export function formatTime(unixSeconds?: number, iso?: string): string {
  const d =
    unixSeconds !== undefined && unixSeconds > 0 ? new Date(unixSeconds * 1000) : iso ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return '—';
  return d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC');
}

/** "3 days ago", relative to `now`. */
export function formatAge(unixSeconds: number | undefined, now = Date.now()): string {
  if (unixSeconds === undefined || unixSeconds <= 0) return '';
  const s = Math.round(now / 1000 - unixSeconds);
  if (s < 0) return l10n.t('in the future');
  const units: Array<[number, string]> = [
    [31_536_000, 'year'],
    [2_592_000, 'month'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [secs, name] of units) {
    if (s >= secs) {
      const n = Math.floor(s / secs);
      return `${n} ${name}${n === 1 ? '' : 's'} ago`;
    }
  }
  return l10n.t('just now');
}

/** A Clarity buffer memo (0x…) decoded as UTF-8 text when it is printable, else undefined. */
export function decodeMemo(hex: string | undefined): string | undefined {
  if (!hex || !/^0x([0-9a-fA-F]{2})*$/.test(hex) || hex.length <= 2) return undefined;
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  if (end === 0) return undefined;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, end));
  return /^[^\u0000-\u0008\u000e-\u001f\ufffd]*$/.test(text) ? text : undefined;
}

/** A transaction status in words, and its tone: one place for them, txStatus.ts. */
export { statusLabel, statusTone } from './txStatus';

export function txTypeLabel(type: string): string {
  const known: Record<string, string> = {
    token_transfer: l10n.t('Token transfer'),
    contract_call: l10n.t('Contract call'),
    smart_contract: l10n.t('Contract deploy'),
    coinbase: l10n.t('Coinbase'),
    poison_microblock: l10n.t('Poison microblock'),
    tenure_change: l10n.t('Tenure change'),
  };
  return known[type] ?? type.replace(/_/g, ' ');
}

/**
 * At most `max` characters of a stranger's text for a one-line place (a notice, a title); the
 * full value is shown elsewhere. Cuts between code points, never inside a surrogate pair.
 */
export function clip(s: string, max = 160): string {
  const chars = Array.from(s);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : s;
}
