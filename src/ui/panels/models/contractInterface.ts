/**
 * A deployed contract's interface as sections of the contract panel: the summary and the tables of
 * functions, maps, variables and tokens. The forms around them are workbench.ts's (the web build's
 * workbench.web.ts has none).
 */
import type { ContractFunction, ContractInterface } from '../../../api';
import { clarityVersionText, epochText, typeText } from '../../../chain/abi';
import type { Section } from '../../../protocol';
import { badge, field, fields, text } from './values';
import * as l10n from '../../../chain/l10n';
import { formatCount } from '../../../chain/format';

const ACCESS: Record<string, string> = { public: 'public', read_only: 'read-only', private: 'private' };

function signature(f: ContractFunction): string {
  return f.args.length ? f.args.map((a) => `(${a.name} ${typeText(a.type)})`).join(' ') : '—';
}

/** The read-only functions of an interface, in the interface's order. */
export function readOnlyFunctions(iface: ContractInterface): ContractFunction[] {
  return iface.functions.filter((f) => f.access === 'read_only');
}

const n = (x: number) => formatCount(x);

/** Clarity version, epoch, and how many functions and pieces of state. */
export function interfaceSummary(iface: ContractInterface): Section {
  const byAccess = (a: string) => iface.functions.filter((f) => f.access === a).length;
  const constants = iface.variables.filter((v) => v.access === 'constant');
  const dataVars = iface.variables.filter((v) => v.access !== 'constant');
  return fields(l10n.t('Interface'), [
    field(l10n.t('Clarity version'), text(iface.clarity_version ? clarityVersionText(iface.clarity_version) : '—')),
    field(l10n.t('Epoch'), text(iface.epoch ? epochText(iface.epoch) : '—', iface.epoch ? { hint: iface.epoch } : {})),
    field(
      l10n.t('Functions'),
      text(
        l10n.t(
          '{0} public, {1} read-only, {2} private',
          n(byAccess('public')),
          n(byAccess('read_only')),
          n(byAccess('private')),
        ),
      ),
    ),
    field(
      l10n.t('State'),
      text(
        l10n.t(
          '{0} data variables, {1} constants, {2} maps',
          n(dataVars.length),
          n(constants.length),
          n(iface.maps.length),
        ),
      ),
    ),
  ]);
}

/** The functions, maps, data variables and constants, and tokens, one table each. */
export function interfaceTables(iface: ContractInterface): Section[] {
  const constants = iface.variables.filter((v) => v.access === 'constant');
  const dataVars = iface.variables.filter((v) => v.access !== 'constant');
  return [
    {
      type: 'table',
      title: l10n.t('Functions ({0})', n(iface.functions.length)),
      columns: [
        { label: l10n.t('Name') },
        { label: l10n.t('Access') },
        { label: l10n.t('Arguments') },
        { label: l10n.t('Returns') },
      ],
      rows: iface.functions.map((f) => ({
        cells: [
          [{ t: 'code', text: f.name }],
          [badge(ACCESS[f.access] ?? f.access, f.access === 'public' ? 'info' : 'muted')],
          [{ t: 'code', text: signature(f) }],
          [{ t: 'code', text: typeText(f.outputs.type) }],
        ],
      })),
      empty: l10n.t('No functions.'),
    },
    {
      type: 'table',
      title: l10n.t('Maps ({0})', n(iface.maps.length)),
      columns: [{ label: l10n.t('Name') }, { label: l10n.t('Key') }, { label: l10n.t('Value') }],
      rows: iface.maps.map((m) => ({
        cells: [
          [{ t: 'code', text: m.name }],
          [{ t: 'code', text: typeText(m.key) }],
          [{ t: 'code', text: typeText(m.value) }],
        ],
      })),
      empty: l10n.t('No maps.'),
    },
    {
      type: 'table',
      title: l10n.t('Data variables and constants ({0})', n(iface.variables.length)),
      columns: [{ label: l10n.t('Name') }, { label: l10n.t('Kind') }, { label: l10n.t('Type') }],
      rows: [...dataVars, ...constants].map((v) => ({
        cells: [
          [{ t: 'code', text: v.name }],
          [text(v.access === 'constant' ? 'constant' : l10n.t('data variable'))],
          [{ t: 'code', text: typeText(v.type) }],
        ],
      })),
      empty: l10n.t('No data variables or constants.'),
    },
    {
      type: 'table',
      title: l10n.t('Tokens ({0})', n(iface.fungible_tokens.length + iface.non_fungible_tokens.length)),
      columns: [{ label: l10n.t('Name') }, { label: l10n.t('Kind') }, { label: l10n.t('Identifier type') }],
      rows: [
        ...iface.fungible_tokens.map((t) => ({
          cells: [[{ t: 'code' as const, text: t.name }], [text('fungible')], [text('—')]],
        })),
        ...iface.non_fungible_tokens.map((t) => ({
          cells: [
            [{ t: 'code' as const, text: t.name }],
            [text('non-fungible')],
            [{ t: 'code' as const, text: typeText(t.type) }],
          ],
        })),
      ],
      empty: l10n.t('No tokens.'),
    },
  ];
}
