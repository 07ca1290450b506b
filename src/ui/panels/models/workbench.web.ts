/**
 * The web build's contract workbench: the interface without the forms. Read-only calls and state
 * reads encode their arguments with the Clarity library (dist/clarity.js), which the one-file web
 * extension leaves out, so the panel says they need the desktop instead of drawing forms that would
 * fail. The call steps below are never reached there (no form posts a call); they keep the names
 * panels/index.ts imports and answer with the same sentence.
 */
import type { ContractInterface } from '../../../api';
import type { FormResult, Section } from '../../../protocol';
import { desktopOnly } from '../../shared/webBuild';
import { interfaceSummary, interfaceTables, readOnlyFunctions } from './contractInterface';
import { compact } from './values';

export { readOnlyFunctions };

const DESKTOP_ONLY = desktopOnly('Calling read-only functions and reading data variables, constants and maps');

export function interfaceSections(iface: ContractInterface, _deployer: string): Section[] {
  return compact<Section>([
    interfaceSummary(iface),
    { type: 'notice', tone: 'info', icon: 'info', text: DESKTOP_ONLY },
    ...interfaceTables(iface),
  ]);
}

const unavailable = (form: string): { ok: false; result: FormResult } => ({
  ok: false,
  result: { form, state: 'error', message: DESKTOP_ONLY },
});

export function parseAt(_raw: string): { ok: false; reason: string } {
  return { ok: false, reason: DESKTOP_ONLY };
}

export function prepareCall(_iface: ContractInterface, fnName: string): { ok: false; result: FormResult } {
  return unavailable(`fn:${fnName}`);
}

export function prepareRead(_iface: ContractInterface, what: string, name: string): { ok: false; result: FormResult } {
  return unavailable(`${what}:${name}`);
}

export function callResult(form: string): FormResult {
  return unavailable(form).result;
}

export const valueResult = callResult;
