import { z } from 'zod';
import { DEFAULT_SLOT_RULES, type OpenSlot, type SlotRules } from './scheduling';
import { isIsoDate } from './time';

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

// --- Link settings (GET|PUT /api/settings/public-link) ---------------------------------------

export const LINK_LIMITS = {
  daysAhead: { min: 1, max: 60 },
  bufferMinutes: { min: 0, max: 120 },
  slotMinutes: { min: 15, max: 240 },
  maxPerDay: { min: 1, max: 20 },
} as const;

export interface PublicLinkSettings {
  /** Off: the public pages say the trainer is not taking online bookings. */
  enabled: boolean;
  daysAhead: number;
  bufferMinutes: number;
  slotMinutes: number;
  maxPerDay: number;
  /** The locations offered; null: every active location. */
  locationIds: string[] | null;
}

/** Until the trainer saves them: on, 7 days ahead, a 15-minute buffer, 60-minute slots, 3 a day. */
export const DEFAULT_PUBLIC_LINK: PublicLinkSettings = {
  enabled: true,
  daysAhead: DEFAULT_SLOT_RULES.daysAhead,
  bufferMinutes: DEFAULT_SLOT_RULES.bufferMinutes,
  slotMinutes: DEFAULT_SLOT_RULES.slotMinutes,
  maxPerDay: DEFAULT_SLOT_RULES.maxPerDay,
  locationIds: null,
};

const whole = (label: string, { min, max }: { min: number; max: number }, unit = '') =>
  z
    .number(`${label} inválido`)
    .int(`${label} deve ser um número inteiro`)
    .min(min, `${label} deve ser entre ${min} e ${max}${unit}`)
    .max(max, `${label} deve ser entre ${min} e ${max}${unit}`);

export const publicLinkSettingsSchema = z.strictObject({
  enabled: z.boolean('Agendamento online deve ser verdadeiro ou falso'),
  daysAhead: whole('Dias à frente', LINK_LIMITS.daysAhead),
  bufferMinutes: whole('Intervalo entre sessões', LINK_LIMITS.bufferMinutes, ' minutos'),
  slotMinutes: whole('Duração da sessão', LINK_LIMITS.slotMinutes, ' minutos'),
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
export interface PublicTrainerPage {
  trainer: { nome: string; whatsapp: string | null };
  locations: { id: string; nome: string; endereco: string | null }[];
  /** False when the trainer turned online booking off (then `locations` is empty). */
  enabled: boolean;
}

/** GET /api/public/:slug/locations/:locationId/slots?from=YYYY-MM-DD */
export interface PublicSlots {
  items: OpenSlot[];
}

export const publicSlotsQuerySchema = z.strictObject({
  from: z
    .string('Data inicial inválida')
    .refine(isIsoDate, 'Data inicial inválida (use AAAA-MM-DD)')
    .optional(),
});

export const MAX_VISITOR_NAME = 80;

/** WhatsApp as typed (masked or digits): a DDD and 8 or 9 digits (spec 001 §5: 14 to 16 masked). */
export const whatsappSchema = z
  .string('WhatsApp inválido')
  .max(20, 'WhatsApp inválido')
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().regex(/^[1-9]{2}\d{8,9}$/, 'WhatsApp inválido'));

/**
 * POST /api/public/:slug/bookings. `website` is the honeypot: a field people never see, so never
 * fill; a bot that fills it is refused.
 */
export const publicBookingSchema = z.strictObject({
  locationId: z.uuid('Local inválido'),
  inicio: z
    .string('Horário de início inválido')
    .max(40, 'Horário de início inválido')
    .refine((value) => !Number.isNaN(Date.parse(value)), 'Horário de início inválido'),
  nome: z
    .string('Nome inválido')
    .trim()
    .min(2, 'Nome deve ter pelo menos 2 caracteres')
    .max(MAX_VISITOR_NAME, `Nome deve ter no máximo ${MAX_VISITOR_NAME} caracteres`),
  telefone: whatsappSchema,
  website: z.string().max(200).optional(),
});
export type PublicBookingInput = z.output<typeof publicBookingSchema>;

/** 201 of POST /api/public/:slug/bookings */
export interface PublicBookingAnswer {
  /** The session. */
  id: string;
  inicio: string;
  fim: string;
  local: { id: string; nome: string };
}

/** wa.me link to a Brazilian number (country code 55, spec 001 §9), with a message. */
export function whatsappLink(digits: string, text?: string): string {
  const number = digits.startsWith('55') && digits.length > 11 ? digits : `55${digits}`;
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}

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
