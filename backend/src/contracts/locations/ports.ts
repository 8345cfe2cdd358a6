import type { CancellationPolicy, Location } from './api';

/**
 * A location's cancellation policy as it stands now (its defaults until the trainer sets one),
 * read by other contexts through this port (the locations context provides it); undefined when
 * the tenant has no such location.
 */
export abstract class LocationPolicies {
  abstract policyOf(tenantId: string, locationId: string): Promise<CancellationPolicy | undefined>;
}

/**
 * A tenant's locations as they stand (removed ones left out; inactive ones with `ativo: false`),
 * read by other contexts through this port (the locations context provides it).
 */
export abstract class LocationDirectory {
  abstract list(tenantId: string): Promise<Location[]>;
}

/** The read models behind LocationDirectory: a read through it waits for these (X-Min-Position). */
export const LOCATION_READ_MODELS = ['locations'] as const;
