/**
 * A Map bounded to `size` entries: when full, the least recently used one (read or written) goes, so a
 * flood of distinct keys costs at most `size` entries of memory. Used for the endpoints' answer cache
 * and the SQLite statement cache.
 */
export class LruMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(private readonly size: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    if (this.#entries.size >= this.size && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.delete(key);
    this.#entries.set(key, value);
  }

  get count(): number {
    return this.#entries.size;
  }
}
