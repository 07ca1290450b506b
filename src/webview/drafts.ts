/**
 * What was typed into the workbench of the contract panels: the values of each form, which forms
 * are open, the sender and the block, kept in the webview's state so a reload of the window (or of
 * a hidden panel) gives them back. Only the webview writes it; it is read back as text, and bounded:
 * the last DRAFT_PLACES places, each only while its text stays under DRAFT_CHARS. Pure: no DOM.
 */
import type { PanelState } from '../protocol';

export interface Draft {
  values: Record<string, string[]>;
  open: string[];
  sender?: string;
  /** The block to run at, by workbench section (calls, state). */
  at: Record<string, string>;
}

/** Drafts are kept for this many places, and only while one place's text stays under DRAFT_CHARS. */
export const DRAFT_PLACES = 8;
export const DRAFT_CHARS = 200_000;

/** The key of a place's draft. */
export function placeKey(s: Pick<PanelState, 'kind' | 'id' | 'network'>): string {
  return `${s.kind}|${s.id}|${s.network ?? ''}`;
}

/** The drafts of a saved state, keeping only what has the shape of a draft (strings, nothing else). */
export function readDrafts(state: unknown): Map<string, Draft> {
  const out = new Map<string, Draft>();
  const raw = state && typeof state === 'object' ? (state as { drafts?: unknown }).drafts : undefined;
  if (!raw || typeof raw !== 'object') return out;
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  for (const [place, d] of Object.entries(raw as Record<string, unknown>)) {
    if (!d || typeof d !== 'object') continue;
    const r = d as Record<string, unknown>;
    const values: Record<string, string[]> = {};
    if (r['values'] && typeof r['values'] === 'object')
      for (const [id, v] of Object.entries(r['values'] as Record<string, unknown>)) values[id] = strings(v);
    const at: Record<string, string> = {};
    if (r['at'] && typeof r['at'] === 'object')
      for (const [section, v] of Object.entries(r['at'] as Record<string, unknown>))
        if (typeof v === 'string') at[section] = v;
    const draft: Draft = { values, open: strings(r['open']), at };
    if (typeof r['sender'] === 'string') draft.sender = r['sender'];
    out.set(place, draft);
  }
  // A state written by hand (or an older build) may hold more places than are kept.
  while (out.size > DRAFT_PLACES) out.delete(out.keys().next().value as string);
  return out;
}

function draftSize(d: Draft): number {
  let n = d.sender?.length ?? 0;
  for (const x of Object.values(d.at)) n += x.length;
  for (const v of Object.values(d.values)) for (const x of v) n += x.length;
  return n;
}

/** The drafts of the last places, newest last. */
export class Drafts {
  constructor(private readonly drafts: Map<string, Draft> = new Map()) {}

  /** A place's draft; with `create`, made (and moved to the newest) if it has none. */
  of(place: string, create: boolean): Draft | undefined {
    let d = this.drafts.get(place);
    if (!d && !create) return undefined;
    d ??= { values: {}, open: [], at: {} };
    this.drafts.delete(place);
    this.drafts.set(place, d);
    while (this.drafts.size > DRAFT_PLACES) this.drafts.delete(this.drafts.keys().next().value as string);
    return d;
  }

  /** Records an edit of a place's draft; a draft too large to keep is dropped, not cut. */
  record(place: string, edit: (d: Draft) => void): void {
    const d = this.of(place, true)!;
    edit(d);
    if (draftSize(d) > DRAFT_CHARS) this.drafts.delete(place);
  }

  get size(): number {
    return this.drafts.size;
  }

  /** What goes into the webview's state; undefined when there is nothing to keep. */
  toState(): Record<string, Draft> | undefined {
    if (!this.drafts.size) return undefined;
    const kept: Record<string, Draft> = {};
    for (const [place, d] of this.drafts) kept[place] = d;
    return kept;
  }
}
