import { VISITOR_OPT_IN_STREAM_TYPE, type VisitorOptInEvent } from '../../contracts/booking/events';
import type { Decider } from '../../platform/event-store/decider';

export type VisitorOptInCommand = {
  type: 'RecordVisitorOptIn';
  studentId: string;
  locationId: string;
  inicio: string;
};

/** A booking's opt-in, recorded once on its own stream. */
export const visitorOptInDecider: Decider<VisitorOptInCommand, VisitorOptInEvent, boolean> = {
  streamType: VISITOR_OPT_IN_STREAM_TYPE,
  initialState: () => false,
  evolve: () => true,
  decide: ({ studentId, locationId, inicio }, recorded) =>
    recorded ? [] : [{ type: 'VisitorOptedInToWhatsApp', data: { studentId, locationId, inicio } }],
};
