import { Injectable } from '@nestjs/common';
import type { Projection } from './projection';

/** The projections this API knows; each context registers its own when its module starts. */
@Injectable()
export class ProjectionCatalogue {
  private readonly projections = new Map<string, Projection>();

  register(...projections: Projection[]): void {
    for (const projection of projections) this.projections.set(projection.name, projection);
  }

  names(): string[] {
    return [...this.projections.keys()];
  }

  namesReading(eventTypes: readonly string[]): string[] {
    return [...this.projections.values()]
      .filter((projection) => eventTypes.some((type) => projection.eventTypes.includes(type)))
      .map((projection) => projection.name);
  }
}
