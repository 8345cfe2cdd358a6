import type { Selectable } from 'kysely';
import type { Contracts } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { CONTRACT_EVENT_TYPES, type ContractEvent } from '../domain/contract.events';

/** `contracts`: one row per contract, its current version's text, active or not. */
export const contractsProjection = streamRowProjection<ContractEvent, Selectable<Contracts>>({
  name: 'contracts',
  table: 'contracts',
  eventTypes: CONTRACT_EVENT_TYPES.filter((type) => type !== 'ContractSigned'),
  changeType: 'contract',
  allStudents: true,
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'ContractCreated') {
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...event.data,
        versao: 1,
        isActive: true,
        createdAt: stored.occurredAt,
        ...stamp,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'ContractEdited':
        return { ...row, ...event.data, ...stamp };
      case 'ContractRevised':
        return { ...row, ...event.data, ...stamp };
      case 'ContractDeactivated':
        return { ...row, isActive: false, ...stamp };
      case 'ContractSigned':
        return undefined;
    }
  },
});
