/**
 * The contract workbench: a deployed contract's interface as sections of the contract panel, a
 * form per read-only function and per piece of state, and the pure steps of a call: checking and
 * encoding what was typed against the interface, reading the block to call at, and turning the
 * node's answer into what the form shows. The Clarity codec comes in through `WorkbenchCodec`
 * (the lazily loaded Clarity module), so this file loads nothing itself.
 */
import type { ContractInterface, ReadOnlyResult } from '../../../api';
import { type AbiType, inputHint, inputKind, typeText } from '../../../chain/abi';
import { checkPrincipal } from '../../../chain/identifiers';
import type { ArgField, ClarityNode, FormResult, Section, WorkbenchForm } from '../../../protocol';
import { compact } from './values';
import { interfaceSummary, interfaceTables, readOnlyFunctions } from './contractInterface';
import * as l10n from '../../../chain/l10n';
import { formatCount } from '../../../chain/format';

export { readOnlyFunctions };

/** What the workbench needs of the Clarity bundle. */
export interface WorkbenchCodec {
  encodeArgument(type: AbiType, input: string): { ok: true; hex: string; text: string } | { ok: false; reason: string };
  decodeClarity(hex: string): ClarityNode | undefined;
  clarityText(hex: string): string | undefined;
}

/** The most forms one panel draws (a contract with more read-only functions shows the first ones and says so). */
export const MAX_FORMS = 500;

function argFields(args: ReadonlyArray<{ name: string; type: AbiType }>): ArgField[] {
  return args.map((a) => ({ name: a.name, type: typeText(a.type), input: inputKind(a.type), hint: inputHint(a.type) }));
}

/** The interface of a deployed contract, and its forms, as sections of the contract panel. */
export function interfaceSections(iface: ContractInterface, deployer: string): Section[] {
  const ro = readOnlyFunctions(iface);
  const constants = iface.variables.filter((v) => v.access === 'constant');
  const dataVars = iface.variables.filter((v) => v.access !== 'constant');
  const fnForms: WorkbenchForm[] = ro.slice(0, MAX_FORMS).map((f) => ({
    id: `fn:${f.name}`,
    kind: 'fn',
    name: f.name,
    args: argFields(f.args),
    returns: typeText(f.outputs.type),
  }));
  const pub = iface.functions.filter((f) => f.access === 'public');
  const publicForms: WorkbenchForm[] = pub.slice(0, MAX_FORMS).map((f) => ({
    id: `public:${f.name}`,
    kind: 'public',
    name: f.name,
    args: argFields(f.args),
    returns: typeText(f.outputs.type),
  }));
  const stateForms: WorkbenchForm[] = [
    ...dataVars.map((v) => ({
      id: `var:${v.name}`,
      kind: 'var' as const,
      name: v.name,
      args: [],
      returns: typeText(v.type),
    })),
    ...constants.map((v) => ({
      id: `constant:${v.name}`,
      kind: 'constant' as const,
      name: v.name,
      args: [],
      returns: typeText(v.type),
    })),
    ...iface.maps.map((m) => ({
      id: `map:${m.name}`,
      kind: 'map' as const,
      name: m.name,
      args: argFields([{ name: 'key', type: m.key }]),
      returns: `(optional ${typeText(m.value)})`,
    })),
  ].slice(0, MAX_FORMS);
  const n = (x: number) => formatCount(x);
  return compact<Section>([
    interfaceSummary(iface),
    {
      type: 'workbench',
      title: l10n.t('Call read-only functions ({0})', n(ro.length)),
      sender: deployer,
      forms: fnForms,
      empty: l10n.t('This contract has no read-only function.'),
    },
    ro.length > MAX_FORMS && {
      type: 'notice',
      tone: 'warning',
      icon: 'warning',
      text: l10n.t('Showing forms for the first {0} of {1} read-only functions.', n(MAX_FORMS), n(ro.length)),
    },
    {
      type: 'workbench',
      title: l10n.t('Read state'),
      sender: '',
      forms: stateForms,
      empty: l10n.t('This contract has no data variable, constant or map.'),
    },
    {
      type: 'workbench',
      title: l10n.t('Simulate public functions ({0})', n(pub.length)),
      sender: deployer,
      forms: publicForms,
      empty: l10n.t('This contract has no public function.'),
    },
    ...interfaceTables(iface),
  ]);
}

// ---- a call, step by step -------------------------------------------------------------------

/** The block a call or read runs at, as typed: the latest, a height, or a hash to resolve to its index block hash. */
export type At = { kind: 'latest' } | { kind: 'height'; height: number } | { kind: 'hash'; hash: string };

export function parseAt(raw: string): { ok: true; at: At } | { ok: false; reason: string } {
  const s = raw.trim();
  if (!s || s.toLowerCase() === 'latest') return { ok: true, at: { kind: 'latest' } };
  if (/^\d+$/.test(s)) {
    const h = Number(s);
    return Number.isSafeInteger(h)
      ? { ok: true, at: { kind: 'height', height: h } }
      : { ok: false, reason: l10n.t('That block height is too large.') };
  }
  const hash = /^(?:0x)?([0-9a-f]{64})$/i.exec(s);
  if (hash) return { ok: true, at: { kind: 'hash', hash: `0x${hash[1]!.toLowerCase()}` } };
  return {
    ok: false,
    reason: l10n.t(
      '"{0}" is not a block: give a height, a block hash (0x and 64 hex digits) or leave it empty for the latest block.',
      s.slice(0, 80),
    ),
  };
}

export type Prepared = { ok: true; fn: string; args: string[]; sender: string } | { ok: false; result: FormResult };

/**
 * Checks and encodes a call's arguments and sender against the interface: a read-only function's
 * call, or (`public`) a public function's simulation, whose sender is a standard address.
 */
export function prepareCall(
  iface: ContractInterface,
  fnName: string,
  args: readonly string[],
  sender: string,
  codec: Pick<WorkbenchCodec, 'encodeArgument'>,
  access: 'read_only' | 'public' = 'read_only',
): Prepared {
  const form = `${access === 'public' ? 'public' : 'fn'}:${fnName}`;
  const f = iface.functions.find((x) => x.name === fnName && x.access === access);
  if (!f)
    return {
      ok: false,
      result: {
        form,
        state: 'invalid',
        message: l10n.t('The contract has no {0} function {1}.', access === 'public' ? 'public' : 'read-only', fnName),
      },
    };
  if (args.length !== f.args.length)
    return {
      ok: false,
      result: {
        form,
        state: 'invalid',
        message: l10n.t('{0} takes {1} arguments, not {2}.', fnName, f.args.length, args.length),
      },
    };
  const s = sender.trim().replace(/^'/, '');
  const checked = checkPrincipal(s);
  const who: typeof checked =
    access === 'public' && checked.ok && checked.value.principal.includes('.')
      ? { ok: false, reason: l10n.t('a simulation runs as a standard address (SP…, ST…), not as a contract.') }
      : checked;
  const encoded = f.args.map((a, i) => codec.encodeArgument(a.type, args[i] ?? ''));
  const problems = encoded.map((e) => (e.ok ? null : e.reason));
  if (!who.ok || problems.some((p) => p !== null)) {
    const count = problems.filter((p) => p !== null).length;
    return {
      ok: false,
      result: {
        form,
        state: 'invalid',
        message: compact([
          count === 1 && l10n.t('One argument is not valid: nothing was sent.'),
          count > 1 && l10n.t('{0} arguments are not valid: nothing was sent.', count),
          !who.ok && l10n.t('Sender: {0}', who.reason),
        ]).join(' '),
        fields: problems,
      },
    };
  }
  return { ok: true, fn: f.name, args: encoded.map((e) => (e.ok ? e.hex : '')), sender: who.value.principal };
}

export type PreparedRead =
  { ok: true; what: 'var' | 'constant' | 'map'; name: string; key?: string } | { ok: false; result: FormResult };

/** Checks a state read against the interface, and encodes a map's key. */
export function prepareRead(
  iface: ContractInterface,
  what: 'var' | 'constant' | 'map',
  name: string,
  key: string | undefined,
  codec: Pick<WorkbenchCodec, 'encodeArgument'>,
): PreparedRead {
  const form = `${what}:${name}`;
  if (what === 'map') {
    const m = iface.maps.find((x) => x.name === name);
    if (!m)
      return { ok: false, result: { form, state: 'invalid', message: l10n.t('The contract has no map {0}.', name) } };
    const k = codec.encodeArgument(m.key, key ?? '');
    if (!k.ok)
      return {
        ok: false,
        result: {
          form,
          state: 'invalid',
          message: l10n.t('The key is not valid: nothing was sent.'),
          fields: [k.reason],
        },
      };
    return { ok: true, what, name, key: k.hex };
  }
  const v = iface.variables.find((x) => x.name === name && (x.access === 'constant') === (what === 'constant'));
  if (!v)
    return {
      ok: false,
      result: {
        form,
        state: 'invalid',
        message: l10n.t('The contract has no {0} {1}.', what === 'var' ? 'data variable' : 'constant', name),
      },
    };
  return { ok: true, what, name };
}

/** What a form shows for the node's answer to a call. */
export function callResult(form: string, r: ReadOnlyResult, at: string, codec: WorkbenchCodec): FormResult {
  if (!r.okay) {
    const cause = (r.cause ?? '').trim();
    return {
      form,
      state: 'failed',
      message: cause
        ? l10n.t('The node could not run the call: {0}', cause.slice(0, 2_000))
        : l10n.t('The node could not run the call.'),
      at,
    };
  }
  return valueResult(form, r.result ?? '', at, codec);
}

/** What a form shows for a value the node sent (a call's result, a variable, a map entry). */
export function valueResult(form: string, hex: string, at: string, codec: WorkbenchCodec): FormResult {
  const t = codec.clarityText(hex);
  if (t === undefined)
    return {
      form,
      state: 'error',
      message: l10n.t('The node sent a value that is not valid Clarity: it is not shown.'),
      at,
    };
  const tree = codec.decodeClarity(hex);
  return { form, state: 'ok', text: t, ...(tree ? { tree } : {}), at };
}
