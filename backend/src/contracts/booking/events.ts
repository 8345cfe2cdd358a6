import { eventData, type EventsOf } from '../shared/event-catalogue';

/**
 * A visitor's WhatsApp opt-in on the public page (stream type 'visitor-opt-in', one stream per
 * booking, written in the booking's transaction): they ticked 'Quero receber lembretes e cobranças
 * pelo WhatsApp'. The messaging context records it as the student's consent and sends them
 * 'Agendamento público recebido'.
 */
export const VISITOR_OPT_IN_STREAM_TYPE = 'visitor-opt-in';

export const visitorOptInEvents = {
  VisitorOptedInToWhatsApp: eventData<{
    /** The student the visitor booked as (found by phone, or registered with the booking). */
    studentId: string;
    locationId: string;
    /** The session's start. */
    inicio: string;
  }>(),
};
export type VisitorOptInEvent = EventsOf<typeof visitorOptInEvents>;
