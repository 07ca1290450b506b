/**
 * A deployed contract's interface as sections of the contract panel: the summary and the tables of
 * functions, maps, variables and tokens. The forms around them are workbench.ts's (the web build's
 * workbench.web.ts has none).
 */
import type { ContractFunction, ContractInterface } from '../../../api';
import { clarityVersionText, epochText, typeText } from '../../../chain/abi';
import type { Section } from '../../../protocol';
import { badge, field, fields, text } from './values';

const ACCESS: Record<string, string> = { public: 'public', read_only: 'read-only', private: 'private' };

function signature(f: ContractFunction): string {
  return f.args.length ? f.args.map((a) => `(${a.name} ${typeText(a.type)})`).join(' ') : '—';
}

/** The read-only functions of an interface, in the interface's order. */
export function readOnlyFunctions(iface: ContractInterface): ContractFunction[] {
  return iface.functions.filter((f) => f.access === 'read_only');
}

const n = (x: number) => x.toLocaleString('en-US');

/** Clarity version, epoch, and how many functions and pieces of state. */
export function interfaceSummary(iface: ContractInterface): Section {
  const byAccess = (a: string) => iface.functions.filter((f) => f.access === a).length;
  const constants = iface.variables.filter((v) => v.access === 'constant');
  const dataVars = iface.variables.filter((v) => v.access !== 'constant');
  return fields('Interface', [
    field('Clarity version', text(iface.clarity_version ? clarityVersionText(iface.clarity_version) : '—')),
    field('Epoch', text(iface.epoch ? epochText(iface.epoch) : '—', iface.epoch ? { hint: iface.epoch } : {})),
    field(
      'Functions',
      text(`${n(byAccess('public'))} public, ${n(byAccess('read_only'))} read-only, ${n(byAccess('private'))} private`),
    ),
    field(
      'State',
      text(`${n(dataVars.length)} data variables, ${n(constants.length)} constants, ${n(iface.maps.length)} maps`),
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
      title: `Functions (${n(iface.functions.length)})`,
      columns: [{ label: 'Name' }, { label: 'Access' }, { label: 'Arguments' }, { label: 'Returns' }],
      rows: iface.functions.map((f) => ({
        cells: [
          [{ t: 'code', text: f.name }],
          [badge(ACCESS[f.access] ?? f.access, f.access === 'public' ? 'info' : 'muted')],
          [{ t: 'code', text: signature(f) }],
          [{ t: 'code', text: typeText(f.outputs.type) }],
        ],
      })),
      empty: 'No functions.',
    },
    {
      type: 'table',
      title: `Maps (${n(iface.maps.length)})`,
      columns: [{ label: 'Name' }, { label: 'Key' }, { label: 'Value' }],
      rows: iface.maps.map((m) => ({
        cells: [
          [{ t: 'code', text: m.name }],
          [{ t: 'code', text: typeText(m.key) }],
          [{ t: 'code', text: typeText(m.value) }],
        ],
      })),
      empty: 'No maps.',
    },
    {
      type: 'table',
      title: `Data variables and constants (${n(iface.variables.length)})`,
      columns: [{ label: 'Name' }, { label: 'Kind' }, { label: 'Type' }],
      rows: [...dataVars, ...constants].map((v) => ({
        cells: [
          [{ t: 'code', text: v.name }],
          [text(v.access === 'constant' ? 'constant' : 'data variable')],
          [{ t: 'code', text: typeText(v.type) }],
        ],
      })),
      empty: 'No data variables or constants.',
    },
    {
      type: 'table',
      title: `Tokens (${n(iface.fungible_tokens.length + iface.non_fungible_tokens.length)})`,
      columns: [{ label: 'Name' }, { label: 'Kind' }, { label: 'Identifier type' }],
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
      empty: 'No tokens.',
    },
  ];
}
