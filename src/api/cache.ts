export interface LruCacheOptions<V> {
  /** At most this many entries. */
  maxEntries?: number;
  /** At most this much data, as `sizeOf` measures it. */
  maxBytes?: number;
  /** A single value larger than this is not kept (it is still the caller's to use); `maxBytes` by default. */
  maxEntryBytes?: number;
  /** The size of a value; needed for `maxBytes` and `maxEntryBytes`. */
  sizeOf?: (value: V) => number;
  now?: () => number;
}

/**
 * A least-recently-used cache whose entries may expire, bounded by a count and by a size: a
 * few large answers (a 10 MB body is allowed) must not hold hundreds of megabytes. Every memo
 * of chain data a session keeps is one of these, so each has a byte bound as well as a count.
 */
export class LruCache<V> {
  private readonly map = new Map<string, { value: V; expires: number; bytes: number }>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private readonly sizeOf: ((value: V) => number) | undefined;
  private readonly now: () => number;
  private total = 0;

  constructor(options: LruCacheOptions<V> = {}) {
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? Infinity;
    this.maxEntryBytes = options.maxEntryBytes ?? this.maxBytes;
    this.sizeOf = options.sizeOf;
    this.now = options.now ?? Date.now;
  }

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  /**
   * `ttlMs` of Infinity keeps the entry until it is the least recently used of a full cache. A
   * value over the size bound of one entry is not kept, and the older value of its key goes.
   */
  set(key: string, value: V, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.delete(key);
    const bytes = this.sizeOf ? this.sizeOf(value) : 0;
    if (!(bytes <= this.maxEntryBytes)) return;
    this.map.set(key, { value, expires: this.now() + ttlMs, bytes });
    this.total += bytes;
    while (this.map.size > this.maxEntries || this.total > this.maxBytes)
      this.delete(this.map.keys().next().value as string);
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.total -= e.bytes;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  get size(): number {
    return this.map.size;
  }

  /** The size of what is kept, as `sizeOf` measures it. */
  get bytes(): number {
    return this.total;
  }
}
