import { z } from 'zod';
import { DEFAULT_SLOT_RULES, openSlotSchema, type SlotRules } from '../scheduling/api';
import { phoneSchema } from '../shared/br-documents';
import { listOf, routes } from '../shared/routes';
import { instantField } from '../shared/instant-field';
import { whatsAppOptInField } from '../shared/whatsapp-opt-in';
import { isIsoDate } from '../shared/time';

/**
 * Public booking (spec 001 §2, §7, §9; API.md "Public booking"): the trainer's public page by
 * slug, the open slots of a location, the booking a visitor makes, and the trainer's public link
 * settings. Shared by the API and the SPA.
 */

export const TRAINER_NOT_FOUND = 'Personal não encontrado';
export const NOT_TAKING_BOOKINGS =
  'Este personal não está recebendo agendamentos online no momento.';
export const BOOKING_FAILED = 'Erro ao agendar';
export const BOOKING_RETRY = 'Não foi possível concluir o agendamento. Tente novamente.';
/** 409 of a phone that already booked the most it may today. */
export const TOO_MANY_BOOKINGS = {
  code: 'too_many_bookings',
  message: 'Você já fez o máximo de agendamentos por hoje. Fale com o personal pelo WhatsApp.',
} as const;
/** 404 of a location that is not offered on the public page (inactive, removed, left out). */
export const LOCATION_NOT_OFFERED = 'Local não encontrado';

/** The longest slug a URL may carry (identity makes them from names, far shorter). */
export const MAX_SLUG_LENGTH = 80;
export const isSlug = (value: string): boolean =>
  value.length <= MAX_SLUG_LENGTH && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);

/** A WhatsApp field as typed (masked, digits, +55): a DDD and the number's digits. */
export const whatsappSchema = phoneSchema('WhatsApp inválido');

// --- Link settings (GET|PUT /api/settings/public-link) ---------------------------------------

export const LINK_LIMITS = {
  daysAhead: { min: 1, max: 60 },
  bufferMinutes: { min: 0, max: 120 },
  slotMinutes: { min: 15, max: 240 },
  maxPerDay: { min: 1, max: 20 },
} as const;

export const publicLinkSettingsAnswerSchema = z
  .object({
    /** Off: the public pages say the trainer is not taking online bookings. */
    enabled: z.boolean(),
    /** The WhatsApp the public page shows (digits), as the trainer chose it; none when null. */
    whatsapp: z.string().nullable(),
    daysAhead: z.number().int(),
    bufferMinutes: z.number().int(),
    slotMinutes: z.number().int(),
    maxPerDay: z.number().int(),
    /** The locations offered; null: every active location. */
    locationIds: z.array(z.uuid()).nullable(),
  })
  .meta({ id: 'LinkPublico' });
export type PublicLinkSettings = z.infer<typeof publicLinkSettingsAnswerSchema>;

/**
 * Until the trainer saves them: off (a page nobody turned on shows nothing to harvest), no
 * WhatsApp, 7 days ahead, a 15-minute buffer, 60-minute slots, 3 a day.
 */
export const DEFAULT_PUBLIC_LINK: PublicLinkSettings = {
  enabled: false,
  whatsapp: null,
  daysAhead: DEFAULT_SLOT_RULES.daysAhead,
  bufferMinutes: DEFAULT_SLOT_RULES.bufferMinutes,
  slotMinutes: DEFAULT_SLOT_RULES.slotMinutes,
  maxPerDay: DEFAULT_SLOT_RULES.maxPerDay,
  locationIds: null,
};

/** `invalid` agrees with the label: 'Duração da sessão inválida', 'Dias à frente inválidos'. */
const whole = (
  label: string,
  { min, max }: { min: number; max: number },
  { unit = '', invalid = 'inválido' }: { unit?: string; invalid?: string } = {},
) =>
  z
    .number(`${label} ${invalid}`)
    .int(`${label} deve ser um número inteiro`)
    .min(min, `${label} deve ser entre ${min} e ${max}${unit}`)
    .max(max, `${label} deve ser entre ${min} e ${max}${unit}`);

export const publicLinkSettingsSchema = z.strictObject({
  enabled: z.boolean('Agendamento online deve ser verdadeiro ou falso'),
  /** Absent or null: the page shows no WhatsApp. */
  whatsapp: whatsappSchema.nullable().default(null),
  daysAhead: whole('Dias à frente', LINK_LIMITS.daysAhead, { invalid: 'inválidos' }),
  bufferMinutes: whole('Intervalo entre sessões', LINK_LIMITS.bufferMinutes, { unit: ' minutos' }),
  slotMinutes: whole('Duração da sessão', LINK_LIMITS.slotMinutes, {
    unit: ' minutos',
    invalid: 'inválida',
  }),
  maxPerDay: whole('Máximo por dia', LINK_LIMITS.maxPerDay),
  locationIds: z
    .array(z.uuid('Local inválido'), 'Locais inválidos')
    .max(100, 'No máximo 100 locais')
    .transform((ids) => [...new Set(ids)])
    .nullable(),
});

/** The engine's rules from the link settings (21 in all, as spec 001 §9 says). */
export const slotRulesOfLink = (settings: PublicLinkSettings): SlotRules => ({
  daysAhead: settings.daysAhead,
  bufferMinutes: settings.bufferMinutes,
  slotMinutes: settings.slotMinutes,
  maxPerDay: settings.maxPerDay,
  maxTotal: DEFAULT_SLOT_RULES.maxTotal,
});

// --- Public pages ----------------------------------------------------------------------------

/** GET /api/public/:slug */
export const publicTrainerPageSchema = z
  .object({
    trainer: z.object({ nome: z.string(), whatsapp: z.string().nullable() }),
    locations: z.array(
      z.object({ id: z.uuid(), nome: z.string(), endereco: z.string().nullable() }),
    ),
    /** False when the trainer turned online booking off (then `locations` is empty). */
    enabled: z.boolean(),
  })
  .meta({ id: 'PaginaPublica' });
export type PublicTrainerPage = z.infer<typeof publicTrainerPageSchema>;

/** GET /api/public/:slug/locations/:locationId/slots?from=YYYY-MM-DD */
export const publicSlotsSchema = listOf(openSlotSchema);
export type PublicSlots = z.infer<typeof publicSlotsSchema>;

export const publicSlotsQuerySchema = z.strictObject({
  from: z
    .string('Data inicial inválida')
    .refine(isIsoDate, 'Data inicial inválida (use AAAA-MM-DD)')
    .optional(),
});

export const MAX_VISITOR_NAME = 80;

/**
 * POST /api/public/:slug/bookings. `website` is the honeypot: a field people never see, so never
 * fill; a bot that fills it is refused. `whatsapp`: the visitor ticked 'Quero receber lembretes e
 * cobranças pelo WhatsApp' (the booking's confirmation then goes there too).
 */
export const publicBookingSchema = z.strictObject({
  locationId: z.uuid('Local inválido'),
  inicio: instantField('Horário de início'),
  nome: z
    .string('Nome inválido')
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(MAX_VISITOR_NAME, `Nome deve ter no máximo ${MAX_VISITOR_NAME} caracteres`),
  telefone: whatsappSchema,
  whatsapp: whatsAppOptInField,
  website: z.string().max(200).optional(),
});
export type PublicBookingInput = z.output<typeof publicBookingSchema>;

/** 201 of POST /api/public/:slug/bookings */
export const publicBookingAnswerSchema = z
  .object({
    /** The session. */
    id: z.uuid(),
    inicio: z.iso.datetime({ offset: true }),
    fim: z.iso.datetime({ offset: true }),
    local: z.object({ id: z.uuid(), nome: z.string() }),
  })
  .meta({ id: 'AgendamentoPublico' });
export type PublicBookingAnswer = z.infer<typeof publicBookingAnswerSchema>;

/** The .ics of a booked session (the confirmation's download), times in UTC. */
export function bookingIcs(booking: {
  id: string;
  inicio: string;
  fim: string;
  titulo: string;
  local: string;
}): string {
  const stamp = (iso: string) =>
    new Date(iso)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const escape = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vira//Agendamento//PT-BR',
    'BEGIN:VEVENT',
    `UID:${booking.id}@vira`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(booking.inicio)}`,
    `DTEND:${stamp(booking.fim)}`,
    `SUMMARY:${escape(booking.titulo)}`,
    `LOCATION:${escape(booking.local)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

// --- The operations ----------------------------------------------------------------------------

/** 429 of every public route (counted per client address, bad requests too; with Retry-After). */
const PUBLIC_ERRORS = { rate_limited: 429 };
const visitor = routes('public', 'public');

/**
 * The public booking routes (no token). The page and the slots read the locations' read model
 * through its port: with `X-Min-Position` they wait for it, and skip the answers kept in memory.
 */
export const publicBookingApi = {
  page: visitor.get('/public/{slug}', {
    summary: "Página pública do personal pelo slug; 404 'Personal não encontrado'",
    answer: publicTrainerPageSchema,
    errors: PUBLIC_ERRORS,
  }),
  slots: visitor.get('/public/{slug}/locations/{locationId}/slots', {
    summary: 'Horários livres de um local (sem nomes), a partir de from=AAAA-MM-DD',
    query: publicSlotsQuerySchema,
    answer: publicSlotsSchema,
    errors: { ...PUBLIC_ERRORS, booking_disabled: 403 },
  }),
  book: visitor.post('/public/{slug}/bookings', {
    changes: ['session', 'schedule', 'student', 'directory', 'reminder', 'finance-summary'],
    summary: 'Agenda um horário livre: aluno achado pelo telefone ou criado; 409 slot_taken',
    status: 201,
    body: publicBookingSchema,
    answer: publicBookingAnswerSchema,
    errors: {
      ...PUBLIC_ERRORS,
      booking_disabled: 403,
      [TOO_MANY_BOOKINGS.code]: 409,
      slot_taken: 409,
    },
  }),
};

const trainer = routes('link-publico', 'personal');

/** /link-publico: the trainer's public booking settings, read from their own stream (exact at once). */
export const publicLinkApi = {
  settings: trainer.get('/settings/public-link', {
    summary: 'Configurações do link público (padrão até o primeiro salvamento)',
    answer: publicLinkSettingsAnswerSchema,
    live: true,
  }),
  save: trainer.put('/settings/public-link', {
    summary: 'Salva as configurações do link público',
    body: publicLinkSettingsSchema,
    errors: { not_found: 404 },
  }),
};
