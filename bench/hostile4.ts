/**
 * Measure 5d: what a hostile clone, a hostile contract or a hostile API answer can make the
 * extension do through the features added after round 3 (lenses per workspace, constants of
 * constants, language requests on 2 MB files, plans of unknown transactions, a simulation answer
 * of 20,000 events). Each part measures through the same entry point the extension uses and
 * returns its own rows.
 */
import { measure as measureLenses } from './hostile4-lenses';
import { measure as measureConstants } from './hostile4-constants';
import { measure as measureLanguage } from './hostile4-language';
import { measure as measurePlans } from './hostile4-plans';
import { measure as measureSimulation } from './hostile4-simulation';
import type { Row } from './util';

export const HOSTILE4_PARTS: ReadonlyArray<{ name: string; measure: (quick: boolean) => Promise<Row[]> }> = [
  { name: 'lenses', measure: measureLenses },
  { name: 'constants of constants', measure: measureConstants },
  { name: 'language requests', measure: measureLanguage },
  { name: 'plans of unknown transactions', measure: measurePlans },
  { name: 'simulation answer', measure: measureSimulation },
];
