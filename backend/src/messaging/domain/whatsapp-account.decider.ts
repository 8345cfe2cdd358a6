import { v5 as uuidv5 } from 'uuid';
import {
  WHATSAPP_ACCOUNT_STREAM_TYPE,
  type WhatsAppAccountEvent,
  type WhatsAppModo,
  type WhatsAppTemplateStatus,
} from '../../contracts/messaging/events';
import type { Decider } from '../../platform/event-store/decider';

export type WhatsAppAccountCommand =
  | {
      type: 'ConfigureWhatsApp';
      modo: WhatsAppModo;
      phoneNumberId: string | null;
      wabaId: string | null;
      /** The templates found or created at the WABA on connecting. */
      templates: readonly SubmittedTemplate[];
    }
  | {
      type: 'ReviewTemplate';
      wabaId: string;
      templateId: string;
      status: WhatsAppTemplateStatus;
      motivo: string | null;
    };

export interface SubmittedTemplate {
  nome: string;
  wabaId: string;
  templateId: string;
  status: WhatsAppTemplateStatus;
}

interface Template {
  templateId: string;
  wabaId: string;
  status: WhatsAppTemplateStatus;
  /** Why Meta rejected it, when it did. */
  motivo: string | null;
}

/** How the trainer sends, and the templates Vira submitted, by name. */
export interface WhatsAppAccountState {
  modo: WhatsAppModo;
  phoneNumberId: string | null;
  wabaId: string | null;
  templates: Readonly<Record<string, Template>>;
}

const initialState = (): WhatsAppAccountState => ({
  modo: 'desligado',
  phoneNumberId: null,
  wabaId: null,
  templates: {},
});

function evolve(state: WhatsAppAccountState, event: WhatsAppAccountEvent): WhatsAppAccountState {
  switch (event.type) {
    case 'WhatsAppConfigured':
      return { ...state, ...event.data };
    case 'WhatsAppTemplateSubmitted':
    case 'WhatsAppTemplateReviewed': {
      const { nome, templateId, wabaId, status } = event.data;
      const motivo = event.type === 'WhatsAppTemplateReviewed' ? event.data.motivo : null;
      return {
        ...state,
        templates: { ...state.templates, [nome]: { templateId, wabaId, status, motivo } },
      };
    }
  }
}

/**
 * Saving the same settings writes nothing, nor do templates recorded again as they are; a review
 * of a template this account did not submit (another WABA's, or one replaced since) or that
 * repeats its status (a webhook delivered twice), nothing.
 */
function decide(
  command: WhatsAppAccountCommand,
  state: WhatsAppAccountState,
): WhatsAppAccountEvent[] {
  switch (command.type) {
    case 'ConfigureWhatsApp': {
      const { modo, phoneNumberId, wabaId } = command;
      const events: WhatsAppAccountEvent[] = [];
      if (state.modo !== modo || state.phoneNumberId !== phoneNumberId || state.wabaId !== wabaId)
        events.push({ type: 'WhatsAppConfigured', data: { modo, phoneNumberId, wabaId } });
      for (const { nome, wabaId: waba, templateId, status } of command.templates) {
        const known = state.templates[nome];
        if (known?.templateId === templateId && known.wabaId === waba && known.status === status)
          continue;
        events.push({
          type: 'WhatsAppTemplateSubmitted',
          data: { nome, wabaId: waba, templateId, status },
        });
      }
      return events;
    }
    case 'ReviewTemplate': {
      const entry = Object.entries(state.templates).find(
        ([, template]) =>
          template.templateId === command.templateId && template.wabaId === command.wabaId,
      );
      if (!entry || entry[1].status === command.status) return [];
      const { wabaId, templateId, status, motivo } = command;
      return [
        {
          type: 'WhatsAppTemplateReviewed',
          data: { nome: entry[0], wabaId, templateId, status, motivo },
        },
      ];
    }
  }
}

/** Namespace of the WhatsApp account streams' ids (fixed forever). */
const WHATSAPP_ACCOUNT_NAMESPACE = 'b0c6a2f4-5e1d-4a8b-9c37-2d4e6f80a1c5';

/** The one WhatsApp account stream of a trainer. */
export const whatsAppAccountStreamId = (tenantId: string): string =>
  uuidv5(tenantId, WHATSAPP_ACCOUNT_NAMESPACE);

export const whatsAppAccountDecider: Decider<
  WhatsAppAccountCommand,
  WhatsAppAccountEvent,
  WhatsAppAccountState
> = {
  streamType: WHATSAPP_ACCOUNT_STREAM_TYPE,
  initialState,
  evolve,
  decide,
};
