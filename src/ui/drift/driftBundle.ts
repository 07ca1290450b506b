// The drift part: the drift engine, the Clarity reader and Compare with Deployed, loaded
// the first time a deployed workspace contract is shown (drift.ts) or the command runs.
export { DriftEngine, deployedDocument } from './driftEngine';
export { compareWithDeployed } from './compareCommand';
export { onChainReadOnlyFunctions } from '../../chain/drift';
