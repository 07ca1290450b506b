// The Stacks Lookup view: what it is built from (deps.ts; src/services.ts builds the services it
// shares with the other features) and its tree (explorerTree.ts, loaded on first use by view.ts).
export type { ExplorerDeps } from './deps';
export type { ExplorerTree } from './explorerTree';
