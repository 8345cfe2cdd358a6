import { v5 as uuidv5 } from 'uuid';
import {
  WHATSAPP_MESSAGE_STREAM_TYPE,
  type WhatsAppMessageEstado,
  type WhatsAppMessageEvent,
} from '../../contracts/messaging/events';
import type { Decider } from '../../platform/event-store/decider';

export type WhatsAppMessageCommand =
  | {
      type: 'RecordSent';
      messageId: string;
      studentId: string;
      sessionId: string | null;
      cause: string;
      modelo: string;
      wamid: string;
    }
  | {
      type: 'RecordStatus';
      messageId: string;
      estado: WhatsAppMessageEstado;
      codigo: number | null;
    }
  | {
      type: 'RecordReply';
      messageId: string;
      sessionId: string | null;
      resposta: 'confirmo' | 'remarcar';
      replyId: string;
    }
  | {
      type: 'RecordFallBack' | 'RecordRefused';
      messageId: string;
      studentId: string;
      sessionId: string | null;
      cause: string;
      modelo: string;
      codigo: number | null;
    };

export interface WhatsAppMessageState {
  sent: boolean;
  estado: WhatsAppMessageEstado | null;
  fellBack: boolean;
  refused: boolean;
  /** The ids of the answers received. */
  replies: readonly string[];
}

const initialState = (): WhatsAppMessageState => ({
  sent: false,
  estado: null,
  fellBack: false,
  refused: false,
  replies: [],
});

function evolve(state: WhatsAppMessageState, event: WhatsAppMessageEvent): WhatsAppMessageState {
  switch (event.type) {
    case 'WhatsAppMessageSent':
      return { ...state, sent: true, estado: state.estado ?? 'enviado' };
    case 'WhatsAppMessageStatusChanged':
      return { ...state, estado: event.data.estado };
    case 'WhatsAppMessageFellBack':
      return { ...state, fellBack: true };
    case 'WhatsAppMessageRefused':
      return { ...state, refused: true };
    case 'WhatsAppReplyReceived':
      return { ...state, replies: [...state.replies, event.data.replyId] };
  }
}

const RANK: Record<WhatsAppMessageEstado, number> = { enviado: 1, entregue: 2, lido: 3, falhou: 4 };

/**
 * A status moves a sent message forward only (sent, delivered, read; failed ends it): the same
 * status again (a webhook replayed), an older one arriving late, or one of a message never sent
 * changes nothing. A message falls back to e-mail once; one refused with nothing instead (the
 * student has no e-mail) is recorded refused once. Each answer to it is recorded once.
 */
function decide(
  command: WhatsAppMessageCommand,
  state: WhatsAppMessageState,
): WhatsAppMessageEvent[] {
  switch (command.type) {
    case 'RecordSent': {
      if (state.sent) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'WhatsAppMessageSent', data }];
    }
    case 'RecordStatus': {
      if (!state.sent || state.estado === 'falhou') return [];
      if (state.estado && RANK[command.estado] <= RANK[state.estado]) return [];
      const { messageId, estado, codigo } = command;
      return [{ type: 'WhatsAppMessageStatusChanged', data: { messageId, estado, codigo } }];
    }
    case 'RecordReply': {
      // An answer to a message Vira sent, once per answer (a webhook replayed brings it again).
      if (!state.sent || state.replies.includes(command.replyId)) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'WhatsAppReplyReceived', data }];
    }
    case 'RecordFallBack': {
      if (state.fellBack) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'WhatsAppMessageFellBack', data: { ...data, canal: 'email' } }];
    }
    case 'RecordRefused': {
      if (state.sent || state.refused) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'WhatsAppMessageRefused', data }];
    }
  }
}

/** Namespace of the WhatsApp messages' ids (fixed forever). */
const WHATSAPP_MESSAGE_NAMESPACE = 'e7d4c1a9-2b3f-4e6d-8a05-c9f1b2d3e4a7';

/** A message's id (and its stream's) from its cause: one cause, one message. */
export const whatsAppMessageIdOf = (tenantId: string, cause: string): string =>
  uuidv5(`${tenantId}:${cause}`, WHATSAPP_MESSAGE_NAMESPACE);

export const whatsAppMessageDecider: Decider<
  WhatsAppMessageCommand,
  WhatsAppMessageEvent,
  WhatsAppMessageState
> = {
  streamType: WHATSAPP_MESSAGE_STREAM_TYPE,
  initialState,
  evolve,
  decide,
};
