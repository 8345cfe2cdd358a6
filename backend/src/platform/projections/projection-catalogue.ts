import type { ProcessManager } from './process-manager';
import type { Projection } from './projection';

/**
 * Every projection of the app (from the contexts' manifests), by the event types they read; and
 * its process managers, which the worker runs the same way: woken by the same commits, their lag
 * reported with the projections'.
 */
export class ProjectionCatalogue {
  private readonly projections: ReadonlyMap<string, Projection>;
  private readonly everyReader: readonly (Projection | ProcessManager)[];

  constructor(
    projections: readonly Projection[],
    private readonly managers: readonly ProcessManager[] = [],
  ) {
    this.projections = new Map(projections.map((projection) => [projection.name, projection]));
    this.everyReader = [...projections, ...managers];
  }

  /** The names of the projections and process managers. */
  names(): string[] {
    return this.everyReader.map((reader) => reader.name);
  }

  /** The projections and process managers, each with the event types it reads. */
  readers(): readonly (Projection | ProcessManager)[] {
    return this.everyReader;
  }

  all(): Projection[] {
    return [...this.projections.values()];
  }

  processManagers(): readonly ProcessManager[] {
    return this.managers;
  }

  namesReading(eventTypes: readonly string[]): string[] {
    return this.everyReader
      .filter((reader) => eventTypes.some((type) => reader.eventTypes.includes(type)))
      .map((reader) => reader.name);
  }
}
