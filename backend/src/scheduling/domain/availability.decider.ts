import { v5 as uuidv5 } from 'uuid';
import type { AvailabilityRow } from '../../contracts/scheduling/api';
import type { Decider } from '../../platform/event-store/decider';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** The events of a trainer's availability stream: every save replaces all rows at once. */
export const availabilityEvents = {
  AvailabilitySet: eventData<{ items: AvailabilityRow[] }>(),
};
export type AvailabilityEvent = EventsOf<typeof availabilityEvents>;
export const AVAILABILITY_EVENT_TYPES = eventTypesOf(availabilityEvents);

export type AvailabilityCommand = { type: 'SetAvailability'; items: AvailabilityRow[] };

/** The rows as last saved (none until the first save). */
export type AvailabilityState = readonly AvailabilityRow[];

/** Namespace of the availability streams' ids (fixed forever). */
const AVAILABILITY_NAMESPACE = '0f9c1a52-6b7e-4c39-a8d4-5e2f7b1c3d60';

/** The one availability stream of a trainer, the same id on every server and every call. */
export const availabilityStreamId = (tenantId: string): string =>
  uuidv5(tenantId, AVAILABILITY_NAMESPACE);

const sameRow = (a: AvailabilityRow, b: AvailabilityRow) =>
  a.dayOfWeek === b.dayOfWeek &&
  a.startTime === b.startTime &&
  a.endTime === b.endTime &&
  a.isBlocked === b.isBlocked;
const sameRows = (a: readonly AvailabilityRow[], b: readonly AvailabilityRow[]) =>
  a.length === b.length && a.every((row, index) => sameRow(row, b[index]));

/**
 * A trainer's weekly availability ('Configurar Horários'): the rows are replaced together in one
 * event, so a save that fails leaves the old rows; saving the same rows writes nothing.
 */
export const availabilityDecider: Decider<
  AvailabilityCommand,
  AvailabilityEvent,
  AvailabilityState
> = {
  streamType: 'availability',
  initialState: () => [],
  evolve: (_state, event) => event.data.items,
  decide: (command, state) =>
    sameRows(state, command.items)
      ? []
      : [{ type: 'AvailabilitySet', data: { items: command.items } }],
};
