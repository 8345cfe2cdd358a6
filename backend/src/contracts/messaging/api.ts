import { z } from 'zod';
import { fileAnswer, routes } from '../shared/routes';

/**
 * Web Push (RFC 8030, 8291, 8292) for the installed app: the server's VAPID key, and the devices a
 * signed-in trainer or student receives notifications on.
 */

/** The bytes of base64url text, or undefined when it is not base64url. */
export function base64urlBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return undefined;
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (base64.length % 4 === 1) return undefined;
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** An uncompressed P-256 point (0x04, x, y): the device's public key and the server's. */
const isP256Point = (text: string) => {
  const bytes = base64urlBytes(text);
  return bytes?.length === 65 && bytes[0] === 4;
};

const P256DH_MESSAGE = 'deve ser a chave P-256 do aparelho (65 bytes, base64url)';
const AUTH_MESSAGE = 'deve ser o segredo do aparelho (16 bytes, base64url)';
const ENDPOINT_MESSAGE = 'deve ser o endereço https do serviço de push';

const endpointSchema = z
  .string(ENDPOINT_MESSAGE)
  .max(2_048, ENDPOINT_MESSAGE)
  .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', ENDPOINT_MESSAGE);

/** A browser's PushSubscription as `toJSON()` gives it (expirationTime and more are ignored). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: endpointSchema,
    keys: z.object(
      {
        p256dh: z.string(P256DH_MESSAGE).refine(isP256Point, P256DH_MESSAGE),
        auth: z
          .string(AUTH_MESSAGE)
          .refine((text) => base64urlBytes(text)?.length === 16, AUTH_MESSAGE),
      },
      'deve ser { p256dh, auth } da assinatura do aparelho',
    ),
  })
  .meta({ id: 'AssinaturaPush' });
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

export const vapidKeySchema = z
  .object({ publicKey: z.string().refine(isP256Point) })
  .meta({ id: 'ChaveVapid' });

/** What the vapid-key route answers when the server has no VAPID key (push is off). */
export const PUSH_DISABLED_MESSAGE =
  'Notificações neste aparelho não estão disponíveis neste servidor';

const push = routes('messaging', 'signed-in');

export const messagingApi = {
  vapidKey: push.get('/push/vapid-key', {
    summary:
      'A chave pública VAPID do servidor (applicationServerKey); 404 quando o push está desligado',
    answer: vapidKeySchema,
    errors: { push_disabled: 404 },
    live: true,
  }),
  subscribe: push.post('/push/subscription', {
    summary: 'Registra este aparelho para receber notificações (o consentimento fica registrado)',
    status: 201,
    body: pushSubscriptionSchema,
  }),
  unsubscribe: push.delete('/push/subscription', {
    summary: 'Deixa de notificar o aparelho deste endpoint',
    body: pushUnsubscribeSchema,
  }),
};

// ---- WhatsApp (Cloud API) -------------------------------------------------------------------

export const WHATSAPP_MODOS = ['desligado', 'vira', 'proprio'] as const;
export const WHATSAPP_TEMPLATE_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
] as const;

/** How each template's review reads in Ajustes › WhatsApp. */
export const WHATSAPP_TEMPLATE_STATUS_LABELS: Record<
  (typeof WHATSAPP_TEMPLATE_STATUSES)[number],
  string
> = {
  PENDING: 'Em análise',
  APPROVED: 'Aprovado',
  REJECTED: 'Rejeitado',
  PAUSED: 'Pausado',
  DISABLED: 'Desativado',
};

const digits = (what: string) =>
  z
    .string(`Informe o ${what}`)
    .trim()
    .regex(/^\d{5,30}$/, `O ${what} deve ter só dígitos`);

export const whatsAppSettingsSchema = z.strictObject({
  modo: z.enum(WHATSAPP_MODOS, "Modo deve ser 'desligado', 'vira' ou 'proprio'"),
  phoneNumberId: digits('ID do número de telefone').optional(),
  wabaId: digits('ID da conta do WhatsApp Business (WABA)').optional(),
  /** Write-only: sealed at rest, never answered. */
  accessToken: z
    .string('Informe o token de acesso')
    .trim()
    .min(20, 'O token de acesso parece incompleto')
    .max(1_024, 'O token de acesso é longo demais')
    .optional(),
});
export type WhatsAppSettingsInput = z.output<typeof whatsAppSettingsSchema>;

export const whatsAppSettingsAnswerSchema = z
  .object({
    modo: z.enum(WHATSAPP_MODOS),
    phoneNumberId: z.string().nullable(),
    wabaId: z.string().nullable(),
    /** A token of the trainer's own is saved (it is never answered). */
    tokenSalvo: z.boolean(),
    /** The server has its own number configured ('Número do Vira' can be chosen). */
    numeroDoViraDisponivel: z.boolean(),
    modelos: z.array(
      z.object({
        nome: z.string(),
        rotulo: z.string(),
        /** null: not submitted to the WABA yet. */
        status: z.enum(WHATSAPP_TEMPLATE_STATUSES).nullable(),
        motivo: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'ConfiguracoesWhatsApp' });
export type WhatsAppSettingsAnswer = z.infer<typeof whatsAppSettingsAnswerSchema>;

export const whatsAppConnectionTestSchema = z
  .object({ ok: z.boolean(), message: z.string() })
  .meta({ id: 'TesteConexaoWhatsApp' });

/** Who recorded a consent the student gave on the public page, having no account. */
export const RECORDED_BY_VISITOR = 'aluno';

/** How a consent the student gave themselves reads: the act they ticked the box with. */
export const STUDENT_OPT_IN_COMO = {
  convite: 'Aceitou o convite',
  contrato: 'Assinou o contrato',
  'agendamento-publico': 'Agendamento público',
} as const;

export const studentChannelsSchema = z.strictObject({
  whatsapp: z.boolean('Informe se o aluno recebe pelo WhatsApp'),
  email: z.boolean('Informe se o aluno recebe por e-mail'),
  push: z.boolean('Informe se o aluno recebe notificações no aparelho'),
  consentimento: z
    .strictObject({
      como: z
        .string('Informe como o aluno concordou')
        .trim()
        .min(3, 'Informe como o aluno concordou')
        .max(200, 'Descreva como o aluno concordou em até 200 caracteres'),
      quando: z.iso.datetime({
        offset: true,
        message: 'Informe quando o aluno concordou (data e hora com fuso)',
      }),
    })
    .optional(),
});
export type StudentChannelsInput = z.output<typeof studentChannelsSchema>;

export const studentChannelsAnswerSchema = z
  .object({
    whatsapp: z.boolean(),
    email: z.boolean(),
    push: z.boolean(),
    consentimento: z
      .object({
        como: z.string(),
        quando: z.iso.datetime({ offset: true }),
        /** The user who recorded it, or 'aluno': a visitor of the public page, who has no account. */
        registradoPor: z.union([z.uuid(), z.literal(RECORDED_BY_VISITOR)]),
      })
      .nullable(),
    /** The student wrote 'PARAR': no business-initiated WhatsApp until they agree again. */
    parado: z.boolean(),
    /** WhatsApp could not deliver to their number ('não entregue'). */
    naoEntregue: z.boolean(),
  })
  .meta({ id: 'CanaisDoAluno' });

export const CONSENT_REQUIRED_MESSAGE =
  'Registre como e quando o aluno concordou em receber mensagens pelo WhatsApp';

const hubQuerySchema = z.object({
  'hub.mode': z.string('hub.mode ausente'),
  'hub.verify_token': z.string('hub.verify_token ausente'),
  'hub.challenge': z.string('hub.challenge ausente').max(200, 'hub.challenge longo demais'),
});

/** A Cloud API webhook: only its outline is required here; each change is read by its field. */
export const whatsAppWebhookSchema = z.looseObject({
  object: z.string('object ausente'),
  entry: z.array(
    z.looseObject({
      id: z.string('entry › id ausente'),
      changes: z.array(z.looseObject({ field: z.string(), value: z.looseObject({}) })),
    }),
    'entry ausente',
  ),
});
export type WhatsAppWebhook = z.output<typeof whatsAppWebhookSchema>;

const whatsAppSettings = routes('messaging', 'personal');
const whatsAppWebhooks = routes('messaging', 'public');

export const whatsAppApi = {
  settings: whatsAppSettings.get('/settings/whatsapp', {
    summary:
      'Ajustes › WhatsApp: o modo, o número e a WABA, e a análise de cada modelo de mensagem',
    answer: whatsAppSettingsAnswerSchema,
    // Read from the account's stream itself (a save a moment ago included).
    live: true,
  }),
  saveSettings: whatsAppSettings.put('/settings/whatsapp', {
    summary:
      "Liga o WhatsApp ('vira': o número do Vira; 'proprio': o do personal, com o token guardado selado) e cria os modelos UTILITY em pt_BR na WABA",
    body: whatsAppSettingsSchema,
    errors: { whatsapp_connection_failed: 422, whatsapp_vira_unavailable: 409 },
    changes: ['whatsapp'],
  }),
  test: whatsAppSettings.post('/settings/whatsapp/test', {
    summary: "'Testar conexão': diz em português o que falhou (token, número, permissões)",
    body: whatsAppSettingsSchema,
    answer: whatsAppConnectionTestSchema,
  }),
  channels: whatsAppSettings.get('/students/{id}/channels', {
    summary:
      'Por onde o aluno recebe mensagens, com o consentimento do WhatsApp (quem, quando, como)',
    answer: studentChannelsAnswerSchema,
  }),
  saveChannels: whatsAppSettings.put('/students/{id}/channels', {
    summary:
      'Escolhe os canais do aluno; o WhatsApp pede o consentimento (como e quando ele concordou), registrado com quem o registrou',
    body: studentChannelsSchema,
    changes: ['student'],
  }),
  verifyWebhook: whatsAppWebhooks.get('/webhooks/whatsapp', {
    summary:
      'Público: o aperto de mão da Meta (hub.mode=subscribe, hub.verify_token): devolve hub.challenge em text/plain; token errado 403',
    query: hubQuerySchema,
    answer: fileAnswer('text/plain'),
    errors: { forbidden: 403 },
    live: true,
  }),
  webhook: whatsAppWebhooks.post('/webhooks/whatsapp', {
    summary:
      'Público: notificações da Cloud API (status, respostas, PARAR, análise de modelos), conferidas com X-Hub-Signature-256 antes de tudo',
    body: whatsAppWebhookSchema,
    answer: z.object({ recebido: z.literal(true) }),
    errors: { invalid_signature: 401 },
  }),
};
