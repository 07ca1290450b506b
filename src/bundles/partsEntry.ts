/**
 * The parts that load on first use, by name: each a `require` that esbuild keeps lazy, so
 * compiling the half (./half.ts) runs none of them and a part's modules (the client's schemas, the
 * decoder) are initialised on its first use. The entry of the half that esbuild.js bundles; in the
 * unit tests, where tsc compiles each module apart, ./parts.ts calls these directly.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
export const services = (): unknown => require('../services');
export const client = (): unknown => require('../api/client');
export const clarity = (): unknown => require('../chain/clarity');
export const clarinet = (): unknown => require('../chain/clarinet');
export const panels = (): unknown => require('../ui/panels');
export const drift = (): unknown => require('../ui/drift/driftBundle');
export const failure = (): unknown => require('../ui/failure/failure');
export const language = (): unknown => require('../ui/language/languageBundle');
export const agent = (): unknown => require('../ui/agent/tools');
export const tree = (): unknown => require('../ui/tree/explorerTree');
