import { LRUCache } from 'lru-cache';

/**
 * A Map bounded to `size` entries: when full, the least recently used one (read or written) goes, so a
 * flood of distinct keys costs at most `size` entries of memory. Used for the endpoints' answer cache (the
 * SQLite statement cache, a floor below, uses lru-cache itself). The `lru-cache` package does the work;
 * this keeps the one-number constructor and the `count` its caller uses.
 */
export class LruMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>> extends LRUCache<K, V> {
  constructor(size: number) {
    super({ max: size });
  }

  get count(): number {
    return this.size;
  }
}
