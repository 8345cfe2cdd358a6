import type { Projection } from './projection';

/** Every projection of the app (from the contexts' manifests), by the event types they read. */
export class ProjectionCatalogue {
  private readonly projections: ReadonlyMap<string, Projection>;

  constructor(projections: readonly Projection[]) {
    this.projections = new Map(projections.map((projection) => [projection.name, projection]));
  }

  names(): string[] {
    return [...this.projections.keys()];
  }

  all(): Projection[] {
    return [...this.projections.values()];
  }

  namesReading(eventTypes: readonly string[]): string[] {
    return [...this.projections.values()]
      .filter((projection) => eventTypes.some((type) => projection.eventTypes.includes(type)))
      .map((projection) => projection.name);
  }
}
