/**
 * Serialized success envelopes of one call, by a key derived from the request (`EndpointOptions.answerCache`).
 * Bounded: when full, the least recently used answer goes, so a flood of distinct requests costs what it
 * would without the cache and at most `size` strings of memory.
 */
export class AnswerCache {
  readonly #answers = new Map<string, string>();

  constructor(private readonly size: number) {}

  get(key: string): string | undefined {
    const json = this.#answers.get(key);
    if (json !== undefined) {
      // Map keeps insertion order: moving a hit to the end makes the first key the least recently used.
      this.#answers.delete(key);
      this.#answers.set(key, json);
    }
    return json;
  }

  set(key: string, json: string): void {
    if (this.#answers.size >= this.size && !this.#answers.has(key)) {
      const oldest = this.#answers.keys().next();
      if (!oldest.done) this.#answers.delete(oldest.value);
    }
    this.#answers.set(key, json);
  }

  get count(): number {
    return this.#answers.size;
  }
}
