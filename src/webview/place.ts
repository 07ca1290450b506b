/**
 * The place the panel shows (what `setState` keeps for the serializer to revive) and the drafts of
 * the last few places, saved in the webview's state.
 */
import type { PanelState } from '../protocol';
import { Draft, Drafts, placeKey, readDrafts } from './drafts';
import { getState, setState } from './host';

let shown: PanelState | undefined;
const drafts = new Drafts(readDrafts(getState()));
let saveTimer: ReturnType<typeof setTimeout> | undefined;

export function place(): PanelState | undefined {
  return shown;
}

/** The panel shows a new state: it is saved at once, with the drafts. */
export function showPlace(s: PanelState): void {
  shown = s;
  save();
}

function save(): void {
  if (saveTimer !== undefined) clearTimeout(saveTimer);
  saveTimer = undefined;
  if (!shown) return;
  const kept = drafts.toState();
  setState({ ...shown, ...(kept ? { drafts: kept } : {}) });
}

/** The draft of the place shown; with `create`, made on first edit. */
export function draftHere(create: boolean): Draft | undefined {
  return shown ? drafts.of(placeKey(shown), create) : undefined;
}

/** Records an edit of the place shown. */
export function recordDraft(edit: (d: Draft) => void): void {
  if (!shown) return;
  drafts.record(placeKey(shown), edit);
  // Typing is saved at most four times a second: the state (every kept draft) is not copied per key.
  if (saveTimer === undefined) saveTimer = setTimeout(save, 250);
}
