/**
 * Events are never rewritten: when an event's shape changes, new events are written with the next
 * `schema_version` and an upcaster turns older stored shapes into the current one on read.
 */
export type Upcaster = (data: unknown) => unknown;

export class UpcasterRegistry {
  private readonly byType = new Map<string, Map<number, Upcaster>>();

  /** `upcast` turns the data of `eventType` at `fromVersion` into its shape at `fromVersion + 1`. */
  register(eventType: string, fromVersion: number, upcast: Upcaster): void {
    let chain = this.byType.get(eventType);
    if (!chain) this.byType.set(eventType, (chain = new Map()));
    if (chain.has(fromVersion)) throw new Error(`upcaster duplicado: ${eventType} v${fromVersion}`);
    chain.set(fromVersion, upcast);
  }

  /** The version new events of this type are written with. */
  currentVersion(eventType: string): number {
    const chain = this.byType.get(eventType);
    return chain ? Math.max(...chain.keys()) + 1 : 1;
  }

  upcast(eventType: string, schemaVersion: number, data: unknown): unknown {
    const chain = this.byType.get(eventType);
    if (!chain) return data;
    let version = schemaVersion;
    let current = data;
    for (let step = chain.get(version); step; step = chain.get(version)) {
      current = step(current);
      version += 1;
    }
    return current;
  }
}

/** The process-wide registry: contexts register their upcasters next to their event types. */
export const upcasters = new UpcasterRegistry();
