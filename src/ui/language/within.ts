/**
 * An answer within the wait an editor request can afford: past it, 'slow', and the request goes
 * on (its answer is kept by the client for the next request). Pure: no `vscode`.
 */
export async function within<T>(asked: Promise<T>, ms: number): Promise<T | 'slow'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  asked.catch(() => undefined);
  try {
    return await Promise.race([
      asked,
      new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
