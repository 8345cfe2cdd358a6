import { LRUCache } from 'lru-cache';

/** A stream's folded state as of `version`; `position` is the global position of that version. */
export interface StreamSnapshot<State> {
  state: State;
  version: number;
  position: number;
}

interface Entry {
  /** The decider that folded `state`: another decider on the same stream folds its own. */
  decider: object;
  snapshot: StreamSnapshot<unknown>;
}

export const STREAM_STATE_CACHE_CAPACITY = 10_000;

/**
 * The folded state of the streams this process wrote or read lately, so a command can decide
 * without reading its stream again. An entry is only a guess: an append made on it carries its
 * version as the expected version (a stale guess fails with ConcurrencyError and is dropped), and
 * a refusal or a no-op decided on it is confirmed on a fresh read. Least recently used goes first
 * (lru-cache: a Map evicting its first key slowed with every eviction, V8 skipping the deleted
 * entries at its front, and every command on a new stream evicts one once the cache is full).
 */
export class StreamStateCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(capacity = STREAM_STATE_CACHE_CAPACITY) {
    this.entries = new LRUCache({ max: capacity });
  }

  get<State>(
    tenantId: string,
    streamId: string,
    decider: object,
  ): StreamSnapshot<State> | undefined {
    const key = cacheKey(tenantId, streamId);
    const entry = this.entries.get(key);
    if (!entry || entry.decider !== decider) return undefined;
    return entry.snapshot as StreamSnapshot<State>;
  }

  remember<State>(
    tenantId: string,
    streamId: string,
    decider: object,
    snapshot: StreamSnapshot<State>,
  ): void {
    this.entries.set(cacheKey(tenantId, streamId), { decider, snapshot });
  }

  forget(tenantId: string, streamId: string): void {
    this.entries.delete(cacheKey(tenantId, streamId));
  }

  get size(): number {
    return this.entries.size;
  }
}

const cacheKey = (tenantId: string, streamId: string) => `${tenantId}/${streamId}`;
