/**
 * What owns what it registers: a class that extends `Disposable` hands each listener, emitter or
 * provider to `register`, and its `dispose` disposes them all, newest first, once. One failing
 * disposal does not keep the others from running. No `vscode` import, so it is tested in plain Node.
 */
export interface DisposableLike {
  dispose(): unknown;
}

/** Disposes each, newest first; the first error is thrown once all have run. */
export function disposeAll(items: DisposableLike[]): void {
  let failure: { error: unknown } | undefined;
  for (const item of items.splice(0).reverse()) {
    try {
      item.dispose();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

export abstract class Disposable implements DisposableLike {
  private readonly owned: DisposableLike[] = [];
  private disposed = false;

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  /** Takes ownership; registering after `dispose` disposes at once, so nothing outlives its owner. */
  protected register<T extends DisposableLike>(item: T): T {
    if (this.disposed) item.dispose();
    else this.owned.push(item);
    return item;
  }

  /** `register` for each, in order. */
  protected registerAll(...items: DisposableLike[]): void {
    for (const item of items) this.register(item);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    disposeAll(this.owned);
  }
}
