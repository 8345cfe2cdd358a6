import type { WhatsAppOffer } from '../../contracts/messaging/ports';
import { firstNameOf } from '../../contracts/shared/names';
import { formatCentavos } from '../../contracts/shared/money';

/**
 * The UTILITY templates Vira creates in pt_BR at the WABA when a trainer connects WhatsApp
 * (POST /{WABA-ID}/message_templates), each with an example of its variables for Meta's review.
 * Variables never open or close a body, nor stand side by side (Meta refuses those).
 */
export interface WhatsAppTemplateDefinition {
  nome: string;
  rotulo: string;
  corpo: string;
  exemplo: readonly string[];
  botoes?: readonly string[];
}

export const LANGUAGE = 'pt_BR';
export const CONFIRMO = 'Confirmo';
export const PRECISO_REMARCAR = 'Preciso remarcar';

export const TEMPLATES = {
  lembrete: {
    nome: 'vira_lembrete_sessao',
    rotulo: 'Lembrete de sessão',
    corpo:
      'Olá, {{1}}! Lembrete do seu treino com {{2}} {{3}}. Local: {{4}}. Toque em uma opção abaixo para responder.',
    exemplo: ['Beatriz', 'Carla Personal', 'amanhã (10/05) às 07:00', 'Academia Centro'],
    botoes: [CONFIRMO, PRECISO_REMARCAR],
  },
  horarioAlterado: {
    nome: 'vira_horario_alterado',
    rotulo: 'Horário alterado',
    corpo:
      'Olá, {{1}}! O horário do seu treino com {{2}} mudou: agora é {{3}}. Local: {{4}}. Se não puder comparecer, avise seu personal.',
    exemplo: ['Beatriz', 'Carla Personal', 'amanhã (10/05) às 08:00', 'Academia Centro'],
  },
  novaCobranca: {
    nome: 'vira_nova_cobranca',
    rotulo: 'Nova cobrança (Pix Copia e Cola)',
    corpo:
      'Olá, {{1}}! {{2}} enviou uma cobrança de {{3}} referente a {{4}}. Pague pelo Pix Copia e Cola: {{5}} . Obrigado!',
    exemplo: [
      'Beatriz',
      'Carla Personal',
      'R$ 480,00',
      'Mensal 8 aulas',
      '00020101021226...6304ABCD',
    ],
  },
  pagamentoRecebido: {
    nome: 'vira_pagamento_recebido',
    rotulo: 'Pagamento recebido',
    corpo: 'Olá, {{1}}! Recebemos seu pagamento de {{2}}. Seu recibo: {{3}} . Obrigado!',
    exemplo: ['Beatriz', 'R$ 480,00', 'https://vira.app.br/r/abc123'],
  },
  agendamentoPublico: {
    nome: 'vira_agendamento_publico',
    rotulo: 'Agendamento público recebido',
    corpo:
      'Olá, {{1}}! Recebemos seu agendamento com {{2}} {{3}}. Você recebe a confirmação por aqui assim que o personal confirmar.',
    exemplo: ['Beatriz', 'Carla Personal', 'amanhã (10/05) às 07:00'],
  },
} as const satisfies Record<string, WhatsAppTemplateDefinition>;

export const TEMPLATE_LIST: readonly WhatsAppTemplateDefinition[] = Object.values(TEMPLATES);


/** An offered message's template and its body's variables, in the template's order. */
export function templateOfOffer(offer: WhatsAppOffer): {
  template: WhatsAppTemplateDefinition;
  variables: string[];
} {
  switch (offer.kind) {
    case 'lembrete':
    case 'horario-alterado': {
      const words = offer.variables;
      return {
        template: offer.kind === 'lembrete' ? TEMPLATES.lembrete : TEMPLATES.horarioAlterado,
        variables: [
          firstNameOf(words.studentNome),
          words.trainerNome,
          words.quando,
          words.locationNome ?? 'a combinar',
        ],
      };
    }
    case 'nova-cobranca': {
      const words = offer.variables;
      return {
        template: TEMPLATES.novaCobranca,
        variables: [
          firstNameOf(words.studentNome),
          words.trainerNome,
          formatCentavos(words.valorCentavos),
          words.descricao,
          words.pixCopiaECola,
        ],
      };
    }
    case 'pagamento-recebido': {
      const words = offer.variables;
      return {
        template: TEMPLATES.pagamentoRecebido,
        variables: [
          firstNameOf(words.studentNome),
          formatCentavos(words.valorCentavos),
          words.reciboUrl,
        ],
      };
    }
    case 'agendamento-publico': {
      const words = offer.variables;
      return {
        template: TEMPLATES.agendamentoPublico,
        variables: [firstNameOf(words.studentNome), words.trainerNome, words.quando],
      };
    }
  }
}

/** The template's creation request, as the Cloud API takes it. */
export function templateCreationOf(template: WhatsAppTemplateDefinition) {
  return {
    name: template.nome,
    language: LANGUAGE,
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: template.corpo, example: { body_text: [template.exemplo] } },
      ...(template.botoes
        ? [
            {
              type: 'BUTTONS',
              buttons: template.botoes.map((text) => ({ type: 'QUICK_REPLY', text })),
            },
          ]
        : []),
    ],
  };
}

/** A template message to `to` with its body's variables (Meta's TemplateMessage). */
export function templateMessageOf(
  template: WhatsAppTemplateDefinition,
  to: string,
  variables: readonly string[],
) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: template.nome,
      language: { policy: 'deterministic', code: LANGUAGE },
      components: [
        { type: 'body', parameters: variables.map((text) => ({ type: 'text', text })) },
        ...(template.botoes ?? []).map((text, index) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(index),
          parameters: [{ type: 'payload', payload: text }],
        })),
      ],
    },
  };
}

/** Brazilian phone digits as WhatsApp numbers them (55 + DDD + number), or null. */
export function whatsAppNumberOf(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const only = phone.replace(/\D/g, '');
  if (only.length === 10 || only.length === 11) return `55${only}`;
  if ((only.length === 12 || only.length === 13) && only.startsWith('55')) return only;
  return null;
}
