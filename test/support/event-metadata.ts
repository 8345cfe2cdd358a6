import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../backend/src/platform/event-store/event';

/** The metadata of events a spec appends by hand: a trainer's, with fresh ids. */
export function trainerMetadata(): EventMetadata {
  return {
    actorId: randomUUID(),
    actorRole: 'personal',
    correlationId: randomUUID(),
    causationId: randomUUID(),
    commandId: randomUUID(),
  };
}
