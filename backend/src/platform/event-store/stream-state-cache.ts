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
 * a refusal or a no-op decided on it is confirmed on a fresh read. Least recently used goes first.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = STREAM_STATE_CACHE_CAPACITY) {}

  get<State>(
    tenantId: string,
    streamId: string,
    decider: object,
  ): StreamSnapshot<State> | undefined {
    const key = cacheKey(tenantId, streamId);
    const entry = this.entries.get(key);
    if (!entry || entry.decider !== decider) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.snapshot as StreamSnapshot<State>;
  }

  remember<State>(
    tenantId: string,
    streamId: string,
    decider: object,
    snapshot: StreamSnapshot<State>,
  ): void {
    const key = cacheKey(tenantId, streamId);
    this.entries.delete(key);
    this.entries.set(key, { decider, snapshot });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  forget(tenantId: string, streamId: string): void {
    this.entries.delete(cacheKey(tenantId, streamId));
  }

  get size(): number {
    return this.entries.size;
  }
}

const cacheKey = (tenantId: string, streamId: string) => `${tenantId}/${streamId}`;
