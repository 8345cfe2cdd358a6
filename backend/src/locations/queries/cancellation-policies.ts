import { Inject, Injectable } from '@nestjs/common';
import { type CancellationPolicy, DEFAULT_CANCELLATION_POLICY } from '../../contracts/locations/api';
import { LocationPolicies } from '../../contracts/locations/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { loadState } from '../../platform/event-store/load-state';
import { locationDecider } from '../domain/location.decider';

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
    const { state } = await loadState(this.db, tenantId, locationId, locationDecider);
    if (state.status !== 'active') return undefined;
    return state.policy ?? DEFAULT_CANCELLATION_POLICY;
  }
}
