import { Inject, Injectable } from '@nestjs/common';
import { type CancellationPolicy, DEFAULT_CANCELLATION_POLICY } from '../../contracts/locations/api';
import { LocationPolicies } from '../../contracts/locations/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { fold } from '../../platform/event-store/decider';
import { readStream } from '../../platform/event-store/event-store';
import { locationDecider } from '../domain/location.decider';
import type { LocationEvent } from '../../contracts/locations/events';

/**
 * The policy in force at a location, from its stream (not the read model): a cancellation right
 * after the trainer changed the policy is judged by the new one.
 */
@Injectable()
export class CancellationPolicies extends LocationPolicies {
  constructor(@Inject(DATABASE) private readonly db: Db) {
    super();
  }

  async policyOf(tenantId: string, locationId: string): Promise<CancellationPolicy | undefined> {
    const stream = await readStream(this.db, tenantId, locationId);
    if (stream.some((event) => event.streamType !== locationDecider.streamType)) return undefined;
    const state = fold(
      locationDecider,
      stream.map((stored) => ({ type: stored.eventType, data: stored.data }) as LocationEvent),
    );
    if (state.status !== 'active') return undefined;
    return state.policy ?? DEFAULT_CANCELLATION_POLICY;
  }
}
