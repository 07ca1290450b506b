/** A replay that ended without a result, with the sentence that says why (no Node modules: the web build imports it). */
export type FailureKind = 'sdk-missing' | 'panic' | 'died' | 'stopped' | 'cancelled' | 'busy' | 'timeout';

export class ReplayFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ReplayFailure';
  }
}
