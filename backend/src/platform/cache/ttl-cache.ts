import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache of answers that rarely change, each kept `ttlMs` (and at most
 * `maxEntries`, the least recently used dropped first). Concurrent misses of one key share one load; a failed
 * load is not kept.
 *
 * Each entry remembers the log position its caller asked for (`X-Min-Position`, read models
 * already waited for): a caller naming a later position does not take it, but loads again (a
 * location created a moment ago is there for whoever names the position that created it).
 */
export class TtlCache<Value> {
  private readonly entries: LRUCache<
    string,
    { until: number; position: number; value: Promise<Value> }
  >;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 10_000,
  ) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  get(
    key: string,
    load: () => Promise<Value>,
    { keep = () => true, atLeast = 0 }: { keep?: (value: Value) => boolean; atLeast?: number } = {},
  ) {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now && hit.position >= atLeast) return hit.value;
    const value = load();
    this.entries.set(key, { until: now + this.ttlMs, position: atLeast, value });
    value.then(
      (loaded) => {
        if (!keep(loaded) && this.entries.get(key)?.value === value) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      },
    );
    return value;
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
