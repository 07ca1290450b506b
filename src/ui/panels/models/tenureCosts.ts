/**
 * A transaction's execution costs as shares of the tenure budget: each dimension used, the budget
 * of the node's current epoch (`/v2/pox`) and the share, with a warning when a dimension is above
 * what one block of a tenure may use. Without a budget (the node did not answer) the costs alone.
 */
import type { Section } from '../../../protocol';
import { formatInt } from '../../../chain/format';
import { percentText } from '../../../chain/simulation';
import { tenureShares, tenureWarning, type TenureBudget } from '../../../chain/tenureBudget';
import { badge, executionCosts, num, text } from './values';
import * as l10n from '../../../chain/l10n';

interface CostFields {
  execution_cost_read_count?: number | undefined;
  execution_cost_read_length?: number | undefined;
  execution_cost_runtime?: number | undefined;
  execution_cost_write_count?: number | undefined;
  execution_cost_write_length?: number | undefined;
}

const LABELS = {
  runtime: () => l10n.t('Runtime'),
  read_count: () => l10n.t('Read count'),
  read_length: () => l10n.t('Read length'),
  write_count: () => l10n.t('Write count'),
  write_length: () => l10n.t('Write length'),
} as const;

export function tenureCostSections(o: CostFields, budget: TenureBudget | undefined): Section[] {
  if (!budget) {
    const plain = executionCosts(o);
    return plain ? [plain] : [];
  }
  if (o.execution_cost_runtime === undefined && o.execution_cost_read_count === undefined) return [];
  const shares = tenureShares(
    {
      runtime: o.execution_cost_runtime ?? 0,
      read_count: o.execution_cost_read_count ?? 0,
      read_length: o.execution_cost_read_length ?? 0,
      write_count: o.execution_cost_write_count ?? 0,
      write_length: o.execution_cost_write_length ?? 0,
    },
    budget.cost,
  );
  const warning = tenureWarning(shares);
  return [
    {
      type: 'table',
      title: l10n.t('Execution costs (tenure budget: {0})', budget.label),
      columns: [
        { label: l10n.t('Dimension') },
        { label: l10n.t('Used'), align: 'right' },
        { label: l10n.t('Tenure budget'), align: 'right' },
        { label: l10n.t('Share'), align: 'right' },
      ],
      rows: shares.map((s) => ({
        cells: [
          [text(LABELS[s.dimension]())],
          [num(s.used)],
          [text(formatInt(s.budget))],
          [s.over ? badge(percentText(s.percent), 'warning', 'warning') : text(percentText(s.percent))],
        ],
      })),
      empty: l10n.t('No cost reported.'),
    },
    ...(warning ? [{ type: 'notice' as const, tone: 'warning' as const, icon: 'warning', text: warning }] : []),
  ];
}
