// The few assertions the web pass needs: Node's assert module is not there in the worker.
export function ok(value: unknown, message?: string): asserts value {
  if (!value) throw new Error(message ?? `expected a truthy value, got ${String(value)}`);
}

export function strictEqual<T>(actual: T, expected: T, message?: string): void {
  if (actual !== expected)
    throw new Error(
      `${message ? message + ': ' : ''}expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    );
}

export function deepStrictEqual(actual: unknown, expected: unknown, message?: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message ? message + ': ' : ''}expected ${e}, got ${a}`);
}

export function match(actual: string | undefined, re: RegExp, message?: string): void {
  if (typeof actual !== 'string' || !re.test(actual))
    throw new Error(`${message ? message + ': ' : ''}expected ${JSON.stringify(actual)} to match ${String(re)}`);
}

export function doesNotMatch(actual: string, re: RegExp, message?: string): void {
  if (re.test(actual))
    throw new Error(`${message ? message + ': ' : ''}expected ${JSON.stringify(actual)} not to match ${String(re)}`);
}
