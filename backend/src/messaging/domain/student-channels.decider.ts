import { v5 as uuidv5 } from 'uuid';
import {
  type ChannelChoice,
  STUDENT_CHANNELS_STREAM_TYPE,
  type StudentChannelsEvent,
  type StudentOptInAct,
} from '../../contracts/messaging/events';
import { CONSENT_REQUIRED_MESSAGE } from '../../contracts/messaging/api';
import { ValidationError } from '../../platform/errors/domain-error';
import type { DomainError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';

export type StudentChannelsCommand =
  | {
      type: 'ChooseChannels';
      studentId: string;
      channels: ChannelChoice;
      consentimento: { como: string; quando: string } | null;
      registradoPor: string;
    }
  | {
      type: 'OptInByStudent';
      studentId: string;
      como: string;
      quando: string;
      registradoPor: string;
      ato: StudentOptInAct;
    }
  | { type: 'StopWhatsApp'; studentId: string }
  | { type: 'MarkWhatsAppUndeliverable'; studentId: string; codigo: number };

/** How a student is reached now. */
export interface StudentChannelsState {
  channels: ChannelChoice | null;
  /** They agreed to WhatsApp and did not take it back. */
  consented: boolean;
  undeliverable: boolean;
}

const initialState = (): StudentChannelsState => ({
  channels: null,
  consented: false,
  undeliverable: false,
});

function evolve(state: StudentChannelsState, event: StudentChannelsEvent): StudentChannelsState {
  switch (event.type) {
    case 'StudentChannelsChosen': {
      const { whatsapp, email, push } = event.data;
      return { ...state, channels: { whatsapp, email, push } };
    }
    case 'WhatsAppConsentGiven':
      return { ...state, consented: true, undeliverable: false };
    case 'WhatsAppConsentWithdrawn':
      return {
        ...state,
        consented: false,
        channels: state.channels && { ...state.channels, whatsapp: false },
      };
    case 'WhatsAppUndeliverable':
      return { ...state, undeliverable: true };
  }
}

/** How a student is reached until someone chooses: by e-mail and on their devices. */
export const DEFAULT_CHANNELS: ChannelChoice = { whatsapp: false, email: true, push: true };

const sameChoice = (a: ChannelChoice | null, b: ChannelChoice) =>
  a !== null && a.whatsapp === b.whatsapp && a.email === b.email && a.push === b.push;

/**
 * WhatsApp needs the student's consent with its evidence (how and when they agreed, who recorded
 * it): turning it on without one on record is a 400 naming `consentimento`. Turning it off takes
 * the consent back. The student opting in themselves (ticking the box where they gave their data)
 * records their consent with that act and turns WhatsApp on, keeping the other channels as they
 * were. 'PARAR' takes it back at once (nothing when there was none). A number marked 'não
 * entregue' is marked once.
 */
function decide(
  command: StudentChannelsCommand,
  state: StudentChannelsState,
  now: Date,
): StudentChannelsEvent[] | DomainError {
  const { studentId } = command;
  switch (command.type) {
    case 'ChooseChannels': {
      const { channels, consentimento } = command;
      if (channels.whatsapp && !state.consented && !consentimento)
        return new ValidationError(CONSENT_REQUIRED_MESSAGE, 'consentimento');
      const events: StudentChannelsEvent[] = [];
      if (!sameChoice(state.channels, channels))
        events.push({ type: 'StudentChannelsChosen', data: { studentId, ...channels } });
      if (channels.whatsapp && consentimento)
        events.push({
          type: 'WhatsAppConsentGiven',
          data: { studentId, ...consentimento, registradoPor: command.registradoPor },
        });
      if (!channels.whatsapp && state.consented)
        events.push({
          type: 'WhatsAppConsentWithdrawn',
          data: { studentId, como: 'personal', quando: now.toISOString() },
        });
      return events;
    }
    case 'OptInByStudent': {
      const { como, quando, registradoPor, ato } = command;
      const events: StudentChannelsEvent[] = [];
      if (!state.channels?.whatsapp)
        events.push({
          type: 'StudentChannelsChosen',
          data: {
            studentId,
            whatsapp: true,
            email: state.channels?.email ?? DEFAULT_CHANNELS.email,
            push: state.channels?.push ?? DEFAULT_CHANNELS.push,
          },
        });
      events.push({
        type: 'WhatsAppConsentGiven',
        data: { studentId, como, quando, registradoPor, ato },
      });
      return events;
    }
    case 'StopWhatsApp':
      return state.consented
        ? [
            {
              type: 'WhatsAppConsentWithdrawn',
              data: { studentId, como: 'parar', quando: now.toISOString() },
            },
          ]
        : [];
    case 'MarkWhatsAppUndeliverable':
      return state.undeliverable
        ? []
        : [{ type: 'WhatsAppUndeliverable', data: { studentId, codigo: command.codigo } }];
  }
}

/** Namespace of the student-channels streams' ids (fixed forever). */
const STUDENT_CHANNELS_NAMESPACE = '3f9e1b27-84c6-4d0a-b5e2-7a1c9d3e6f48';

/** The one channels stream of a student. */
export const studentChannelsStreamId = (studentId: string): string =>
  uuidv5(studentId, STUDENT_CHANNELS_NAMESPACE);

export const studentChannelsDecider: Decider<
  StudentChannelsCommand,
  StudentChannelsEvent,
  StudentChannelsState
> = {
  streamType: STUDENT_CHANNELS_STREAM_TYPE,
  initialState,
  evolve,
  decide,
};
