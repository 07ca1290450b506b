/**
 * The most a panel shows of one list. Paged lists ask for a page and get no more (the client cuts
 * an answer to its limit); lists the API gives whole (a block's transactions, post-conditions,
 * arguments, an unlock schedule) are cut here, so a server that sends 100,000 of something makes
 * a panel of a bounded size.
 */
import type { Section, ViewModel } from '../../../protocol';
import * as l10n from '../../../chain/l10n';
import { formatCount } from '../../../chain/format';

export const MAX_TABLE_ROWS = 1_000;

/** The model with every table cut to MAX_TABLE_ROWS rows, each cut table followed by a notice. */
export function boundTables(model: ViewModel): ViewModel {
  const cut = (sections: Section[]): Section[] =>
    sections.flatMap((s): Section[] => {
      if (s.type !== 'table') return [s];
      const rows = s.rows.map((r) => (r.detail ? { ...r, detail: cut(r.detail) } : r));
      if (rows.length <= MAX_TABLE_ROWS) return [{ ...s, rows }];
      const n = (x: number) => formatCount(x);
      return [
        { ...s, rows: rows.slice(0, MAX_TABLE_ROWS) },
        {
          type: 'notice',
          tone: 'warning',
          icon: 'warning',
          text: l10n.t(
            '{0}: showing the first {1} of {2} rows.',
            s.title ?? 'This list',
            n(MAX_TABLE_ROWS),
            n(rows.length),
          ),
        },
      ];
    });
  const big = (sections: Section[]): boolean =>
    sections.some(
      (s) => s.type === 'table' && (s.rows.length > MAX_TABLE_ROWS || s.rows.some((r) => r.detail && big(r.detail))),
    );
  return big(model.sections) ? { ...model, sections: cut(model.sections) } : model;
}
