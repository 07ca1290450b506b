// The one way the unit tests expect a client call to fail: a StacksApiError of a kind, with an exact
// sentence (a string) or one matching a pattern.
import * as assert from 'assert';
import { ErrorKind, StacksApiError } from '../../src/api/errors';

export async function rejectsWith(
  p: Promise<unknown>,
  kind: ErrorKind,
  message?: RegExp | string,
): Promise<StacksApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof StacksApiError, `expected StacksApiError, got ${String(e)}`);
    assert.strictEqual(e.kind, kind, `kind ${e.kind} (${e.message})`);
    if (typeof message === 'string') assert.strictEqual(e.message, message);
    else if (message) assert.match(e.message, message);
    return e;
  }
  return assert.fail(`expected a ${kind} rejection`);
}
