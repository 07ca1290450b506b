/**
 * A schema for every resource the client reads, one file per kind under schemas/. They follow the
 * responses the API really sends (test/fixtures/api holds such responses). Objects keep fields
 * they do not know (`looseObject`), and enumerated strings are plain strings so values the API
 * adds later parse.
 */
export { ClarityValue, type Page } from './schemas/shared';
export * from './schemas/transactions';
export * from './schemas/blocks';
export * from './schemas/addresses';
export * from './schemas/status';
export * from './schemas/mempool';
export * from './schemas/replacements';
export * from './schemas/nonces';
export * from './schemas/tokens';
export * from './schemas/contracts';
export * from './schemas/holdings';
export * from './schemas/simulation';
export * from './schemas/pox';
export * from './schemas/staking';
export { parseWith, type Schema } from './schemas/parse';
