import { z } from 'zod';
import type { CancellationPolicy } from './locations';
import { addDays, isIsoDate, isTimeOfDay, zonedInstant, zonedParts } from './time';

/** Shapes of the agenda routes (sessions, availability, vacations), shared by the API and the SPA. */

export const SESSION_STATUSES = ['agendada', 'feita', 'cancelada'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** How the app says each status (spec 000 §4: feita is shown as Realizada). */
export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  agendada: 'Agendada',
  feita: 'Realizada',
  cancelada: 'Cancelada',
};

/** At most this many occurrences in one recurring booking (a year of weekly sessions). */
export const MAX_OCCURRENCES = 52;

export const INVALID_RANGE_MESSAGE = 'O horário de término deve ser depois do início';
/** The 400 of a session whose end is not after its start (also on PATCH, and for a shifted occurrence). */
export const INVALID_RANGE = 'invalid_range';

const instant = (label: string) =>
  z
    .string(`${label} inválido`)
    .refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
        !Number.isNaN(Date.parse(value)),
      `${label} inválido (use data e hora com fuso, ISO 8601)`,
    )
    .transform((value) => new Date(value).toISOString());

const calendarDay = (label: string) =>
  z.string(`${label} inválida`).refine(isIsoDate, `${label} inválida (use AAAA-MM-DD)`);

/** Blank is none. */
const notes = z
  .string()
  .trim()
  .max(1_000, 'Observações devem ter no máximo 1000 caracteres')
  .transform((text) => text || null)
  .nullable()
  .optional();

export const repeatSchema = z.union([
  z.strictObject({
    weeks: z
      .number('Repetição inválida')
      .int('Número de semanas deve ser inteiro')
      .min(1, 'Repita por pelo menos 1 semana')
      .max(MAX_OCCURRENCES, `Repita por no máximo ${MAX_OCCURRENCES} semanas`),
  }),
  z.strictObject({ until: calendarDay('Data final da repetição') }),
]);

export const bookSessionSchema = z
  .strictObject({
    studentId: z.uuid('Aluno inválido'),
    locationId: z.uuid('Local inválido').nullable().optional(),
    inicio: instant('Horário de início'),
    fim: instant('Horário de término'),
    observacoes: notes,
    allowOverlap: z.boolean().optional(),
    repeat: repeatSchema.optional(),
  })
  .refine((session) => session.fim > session.inicio, {
    message: INVALID_RANGE_MESSAGE,
    path: ['fim'],
    // The API answers this one with its own code (400 invalid_range), not validation_error.
    params: { code: INVALID_RANGE },
  });
export type BookSessionInput = z.output<typeof bookSessionSchema>;

export const updateSessionSchema = z
  .strictObject({
    studentId: z.uuid('Aluno inválido').optional(),
    locationId: z.uuid('Local inválido').nullable().optional(),
    inicio: instant('Horário de início').optional(),
    fim: instant('Horário de término').optional(),
    observacoes: notes,
    status: z.enum(SESSION_STATUSES, 'Status inválido').optional(),
    confirmado: z.boolean().optional(),
    allowOverlap: z.boolean().optional(),
    /** 'Só esta' (one) or 'Esta e as próximas' (following) of a series. */
    scope: z.enum(['one', 'following'], 'Escopo inválido').optional(),
  })
  .refine(
    (changes) => Object.keys(changes).some((key) => key !== 'scope' && key !== 'allowOverlap'),
    'Informe ao menos um campo para alterar',
  );
export type UpdateSessionInput = z.output<typeof updateSessionSchema>;

/** The longest period one GET /api/sessions may ask for: a year view and its edges. */
export const MAX_SESSION_RANGE_DAYS = 450;

export const sessionRangeQuerySchema = z
  .strictObject({
    from: instant('Início do período'),
    to: instant('Fim do período'),
  })
  .refine((range) => range.to > range.from, {
    message: 'O fim do período deve ser depois do início',
    path: ['to'],
  })
  .refine(
    (range) => Date.parse(range.to) - Date.parse(range.from) <= MAX_SESSION_RANGE_DAYS * 86_400_000,
    { message: `O período deve ter no máximo ${MAX_SESSION_RANGE_DAYS} dias`, path: ['to'] },
  );
export type SessionRange = z.output<typeof sessionRangeQuerySchema>;

/** DELETE /api/sessions/:id?scope=following removes this one and the later ones of its series. */
export const deleteSessionQuerySchema = z.strictObject({
  scope: z.enum(['one', 'following'], 'Escopo inválido').optional(),
});

export interface Session {
  id: string;
  studentId: string;
  studentNome: string | null;
  locationId: string | null;
  locationNome: string | null;
  inicio: string;
  fim: string;
  status: SessionStatus;
  confirmado: boolean;
  observacoes: string | null;
  seriesId: string | null;
}

/**
 * What a booking or a change answers besides `{ id, position }`: the trainer may book outside the
 * availability hours (it binds only online and student booking), and a session done at zero
 * balance stays done; the SPA shows the message.
 */
export const SESSION_WARNINGS = {
  outside_availability: 'Fora do horário de atendimento configurado',
  no_credits: 'Aluno sem créditos disponíveis',
} as const;
export type SessionWarning = keyof typeof SESSION_WARNINGS;

/** An occurrence a series booking (or a change of 'Esta e as próximas') could not take, and why. */
export interface RefusedOccurrence {
  inicio: string;
  code: string;
  message: string;
}

/**
 * 201 of POST /api/sessions, 200 of PATCH. With scope `following`, `refused` lists the later
 * occurrences the change could not be made to (the others were changed).
 */
export interface SessionCommandAnswer {
  id: string;
  position: number;
  warning?: SessionWarning;
  refused?: (RefusedOccurrence & { id: string })[];
}

/**
 * 201 answer of a booking with `repeat`. `position` is that of the last occurrence written (0 when
 * every one was refused: nothing was written).
 */
export interface SeriesBooked {
  created: { id: string; inicio: string }[];
  refused: RefusedOccurrence[];
  position: number;
  warning?: SessionWarning;
}

/** The schedule guard's refusals (409). */
export const BLOCKED_PERIOD = { code: 'blocked_period', message: 'Período bloqueado (férias)' };
export const SCHEDULE_CONFLICT = 'schedule_conflict';
export const scheduleConflictMessage = (aluno: string) => `Conflito de horário com ${aluno}`;
export { LOCATION_NOT_FOUND_LABEL, STUDENT_NOT_FOUND_LABEL } from './scheduling-labels';

export const TOO_MANY_OCCURRENCES = `A repetição pode ter no máximo ${MAX_OCCURRENCES} ocorrências`;
export const UNTIL_BEFORE_START = 'A data final da repetição não pode ser antes do primeiro dia';

/**
 * The occurrences of a weekly series: the same wall-clock times in `timeZone` every 7 days, the
 * first included; `{ weeks: N }` gives N, `{ until }` every week up to that day (inclusive).
 * A message (pt-BR) instead when `until` is before the first day or gives more than MAX_OCCURRENCES.
 */
export function weeklyOccurrences(
  first: { inicio: string; fim: string },
  repeat: z.output<typeof repeatSchema>,
  timeZone: string,
): { inicio: string; fim: string }[] | string {
  const start = zonedParts(new Date(first.inicio), timeZone);
  const end = zonedParts(new Date(first.fim), timeZone);
  const endDayOffset = Math.round(
    (Date.parse(`${end.date}T00:00:00Z`) - Date.parse(`${start.date}T00:00:00Z`)) / 86_400_000,
  );
  let count: number;
  if ('weeks' in repeat) {
    count = repeat.weeks;
  } else {
    if (repeat.until < start.date) return UNTIL_BEFORE_START;
    const days = Math.round(
      (Date.parse(`${repeat.until}T00:00:00Z`) - Date.parse(`${start.date}T00:00:00Z`)) /
        86_400_000,
    );
    count = Math.floor(days / 7) + 1;
    if (count > MAX_OCCURRENCES) return TOO_MANY_OCCURRENCES;
  }
  return Array.from({ length: count }, (_, week) => {
    const day = addDays(start.date, 7 * week);
    return {
      inicio: zonedInstant(day, start.time, timeZone).toISOString(),
      fim: zonedInstant(addDays(day, endDayOffset), end.time, timeZone).toISOString(),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The session events other contexts read (students' credits on attendance, finance's previsto,
// reminders, public booking): type names and data shapes, fixed. Stream type 'session', one stream
// per session (id = session id); instants are ISO strings in UTC.

export const SESSION_STREAM_TYPE = 'session';

export const SESSION_ORIGINS = ['personal', 'aluno', 'publico'] as const;
export type SessionOrigin = (typeof SESSION_ORIGINS)[number];

/** Set on a cancellation made less than `cancelLimiteHoras` before the session's start. */
export interface LateCancellation {
  cancelLimiteHoras: number;
  queimaCredito: boolean;
  taxaPercent: number;
  burnsCredit: boolean;
}

/** What a booking says of a session (SessionBooked's data). */
export interface SessionBooking {
  studentId: string;
  locationId: string | null;
  inicio: string;
  fim: string;
  observacoes: string | null;
  seriesId: string | null;
  allowOverlap: boolean;
  origin: SessionOrigin;
}

export interface SessionEventData {
  /** Status starts `agendada`, confirmado false. */
  SessionBooked: SessionBooking;
  SessionRescheduled: { inicio: string; fim: string };
  /** Only what changed. */
  SessionReassigned: { studentId?: string; locationId?: string | null };
  SessionNotesChanged: { observacoes: string | null };
  SessionConfirmationChanged: { confirmado: boolean };
  SessionStatusChanged: {
    from: SessionStatus;
    to: SessionStatus;
    lateCancellation: LateCancellation | null;
  };
  SessionDeleted: Record<string, never>;
}
export type SessionEventType = keyof SessionEventData;
export type SessionEvent = {
  [Type in SessionEventType]: { type: Type; data: SessionEventData[Type] };
}[SessionEventType];

export const SESSION_EVENT_TYPES: readonly SessionEventType[] = [
  'SessionBooked',
  'SessionRescheduled',
  'SessionReassigned',
  'SessionNotesChanged',
  'SessionConfirmationChanged',
  'SessionStatusChanged',
  'SessionDeleted',
];

/** A session as its events tell it: booked -> (rescheduled/reassigned/status changes)* -> deleted. */
export interface SessionView extends SessionBooking {
  status: SessionStatus;
  confirmado: boolean;
  deleted: boolean;
  /** That of the last change of status (null unless it was a late cancellation). */
  lateCancellation: LateCancellation | null;
}

/** The one fold of the published session events (undefined before SessionBooked). */
export function evolveSessionView(
  view: SessionView | undefined,
  event: SessionEvent,
): SessionView | undefined {
  if (event.type === 'SessionBooked')
    return {
      ...event.data,
      status: 'agendada',
      confirmado: false,
      deleted: false,
      lateCancellation: null,
    };
  if (!view) return undefined;
  switch (event.type) {
    case 'SessionRescheduled':
      return { ...view, inicio: event.data.inicio, fim: event.data.fim };
    case 'SessionReassigned':
      return {
        ...view,
        studentId: event.data.studentId ?? view.studentId,
        locationId: event.data.locationId === undefined ? view.locationId : event.data.locationId,
      };
    case 'SessionNotesChanged':
      return { ...view, observacoes: event.data.observacoes };
    case 'SessionConfirmationChanged':
      return { ...view, confirmado: event.data.confirmado };
    case 'SessionStatusChanged':
      return { ...view, status: event.data.to, lateCancellation: event.data.lateCancellation };
    case 'SessionDeleted':
      return { ...view, deleted: true };
  }
}

/**
 * A cancellation at `now` of a session starting at `inicio`, under `policy`: late (and then
 * described) when made less than `cancelLimiteHoras` before the start; null otherwise.
 */
export function lateCancellationOf(
  policy: CancellationPolicy,
  inicio: string,
  now: Date,
): LateCancellation | null {
  const hoursBefore = (Date.parse(inicio) - now.getTime()) / 3_600_000;
  if (hoursBefore >= policy.cancelLimiteHoras) return null;
  return {
    cancelLimiteHoras: policy.cancelLimiteHoras,
    queimaCredito: policy.queimaCredito,
    taxaPercent: policy.taxaPercent,
    burnsCredit: policy.queimaCredito,
  };
}

export const DAY_NAMES = [
  'Domingo',
  'Segunda',
  'Terça',
  'Quarta',
  'Quinta',
  'Sexta',
  'Sábado',
] as const;

export const availabilityRowSchema = z
  .strictObject({
    dayOfWeek: z
      .number('Dia da semana inválido')
      .int()
      .min(0, 'Dia da semana inválido')
      .max(6, 'Dia da semana inválido'),
    startTime: z.string().refine(isTimeOfDay, 'Horário de início inválido (use HH:mm)'),
    endTime: z.string().refine(isTimeOfDay, 'Horário de término inválido (use HH:mm)'),
    isBlocked: z.boolean('Bloqueado deve ser verdadeiro ou falso'),
  })
  .refine((row) => row.endTime > row.startTime, {
    message: 'O horário de término deve ser depois do início',
    path: ['endTime'],
  });
export type AvailabilityRow = z.output<typeof availabilityRowSchema>;

export const availabilitySchema = z.strictObject({
  items: z.array(availabilityRowSchema).max(50, 'No máximo 50 faixas de horário'),
});

/**
 * True when a session from `inicio` to `fim` is outside the trainer's availability in `timeZone`:
 * not within one non-blocked row of its weekday, or touching a blocked one. Without any row the
 * trainer has not said when they work: nothing is outside.
 */
export function isOutsideAvailability(
  rows: readonly AvailabilityRow[],
  inicio: string,
  fim: string,
  timeZone: string,
): boolean {
  if (rows.length === 0) return false;
  const start = zonedParts(new Date(inicio), timeZone);
  const end = zonedParts(new Date(fim), timeZone);
  // Ending at midnight is ending at 24:00 of the same day.
  const endsAtMidnight = end.time === '00:00' && addDays(start.date, 1) === end.date;
  if (start.date !== end.date && !endsAtMidnight) return true;
  const endTime = endsAtMidnight ? '24:00' : end.time;
  const ofDay = rows.filter((row) => row.dayOfWeek === start.dayOfWeek);
  const blocked = ofDay.some(
    (row) => row.isBlocked && row.startTime < endTime && row.endTime > start.time,
  );
  const covered = ofDay.some(
    (row) => !row.isBlocked && row.startTime <= start.time && row.endTime >= endTime,
  );
  return blocked || !covered;
}

/** A new row of the availability dialog (spec 000 §9): Monday, 08:00 to 18:00, not blocked. */
export const DEFAULT_AVAILABILITY_ROW: AvailabilityRow = {
  dayOfWeek: 1,
  startTime: '08:00',
  endTime: '18:00',
  isBlocked: false,
};

export const vacationSchema = z
  .strictObject({
    startDate: calendarDay('Data de início'),
    endDate: calendarDay('Data de término'),
    description: z
      .string()
      .trim()
      .max(200, 'Descrição deve ter no máximo 200 caracteres')
      .nullable()
      .optional(),
  })
  .refine((vacation) => vacation.startDate <= vacation.endDate, {
    message: 'A data de início deve ser anterior à data de término.',
    path: ['startDate'],
  });
export type VacationInput = z.output<typeof vacationSchema>;

export interface Vacation {
  id: string;
  startDate: string;
  endDate: string;
  description: string | null;
}

/** [start, end) instants of a vacation: its first day's midnight to the midnight after its last day. */
export function vacationRange(
  vacation: Pick<Vacation, 'startDate' | 'endDate'>,
  timeZone: string,
): { from: Date; to: Date } {
  return {
    from: zonedInstant(vacation.startDate, '00:00', timeZone),
    to: zonedInstant(addDays(vacation.endDate, 1), '00:00', timeZone),
  };
}

/** POST /api/calendar/secret: the private iCal feed's secret (shown once) and its address. */
export interface CalendarFeed {
  secret: string;
  url: string;
}

/** GET /api/dashboard */
export interface Dashboard {
  hoje: number;
  semana: number;
  totalAlunos: number;
  locaisAtivos: number;
  proximas: {
    id: string;
    inicio: string;
    studentNome: string | null;
    locationNome: string | null;
  }[];
}

// ---------------------------------------------------------------------------------------------
// Online booking (public page and student self-scheduling): one slot engine in the scheduling
// context, read and booked by other contexts through the SlotBooking port below.

/** How the open slots are cut (the public link settings carry the trainer's choices). */
export interface SlotRules {
  /** Days offered counting today (7: today and the 6 after it). */
  daysAhead: number;
  /** Free time kept before and after every session. */
  bufferMinutes: number;
  slotMinutes: number;
  /** At most this many slots offered a day… */
  maxPerDay: number;
  /** …and this many in all. */
  maxTotal: number;
}

/** Spec 001 §9: next 7 days, 60-minute slots, at most 3 a day and 21 in all, a 15-minute buffer. */
export const DEFAULT_SLOT_RULES: SlotRules = {
  daysAhead: 7,
  bufferMinutes: 15,
  slotMinutes: 60,
  maxPerDay: 3,
  maxTotal: 21,
};

/** The hours offered every day while the trainer has set no availability at all (spec 001 §9). */
export const DEFAULT_WORKING_HOURS = { startTime: '09:00', endTime: '17:00' } as const;

/** A slot offered: times only, never who has the time around it. */
export interface OpenSlot {
  inicio: string;
  fim: string;
}

/** 409 of a booking whose slot is no longer open (someone else got it first, or it moved). */
export const SLOT_TAKEN = {
  code: 'slot_taken',
  message: 'Este horário acabou de ser reservado. Escolha outro.',
} as const;

/** Who books (structurally a command context: the tenant, the actor, the correlation). */
export interface SlotBookingActor {
  tenantId: string;
  actorId: string;
  actorRole: 'personal' | 'aluno' | 'system';
  correlationId: string;
  idempotency?: { key: string; fingerprint: string };
}

export interface SlotBookingRequest {
  studentId: string;
  locationId: string;
  /** The slot's start, as the slots listed it (any ISO 8601 instant). */
  inicio: string;
  origin: Exclude<SessionOrigin, 'personal'>;
  observacoes?: string | null;
  rules?: Partial<SlotRules>;
  /**
   * A student booking their own session: their credit balance must exceed their sessions agendadas
   * still to come (each one will consume a credit), checked under the trainer's schedule lock, so
   * simultaneous bookings cannot share the last credit; else 409 no_credits.
   */
  reservesCredit?: boolean;
}

/** A slot booked: the session (agendada at the location) and its position in the log. */
export interface BookedSlot {
  id: string;
  inicio: string;
  fim: string;
  position: number;
}

/**
 * Online booking's port into the agenda (the scheduling context provides it): the open slots of
 * a trainer for a location from a day (the engine: availability, default 09:00–17:00, minus
 * non-cancelled sessions at any location with the buffer around them, vacations and past times,
 * cut in America/Sao_Paulo), and the booking of one of them. The booking re-checks the slot with
 * the same engine under the trainer's schedule lock: of concurrent bookings of one slot (or one
 * near it, or the trainer's own booking over it) exactly one wins; the others get 409
 * SLOT_TAKEN. An unknown student or location: 404.
 */
export abstract class SlotBooking {
  abstract openSlots(
    tenantId: string,
    locationId: string,
    from: string,
    rules?: Partial<SlotRules>,
  ): Promise<OpenSlot[]>;
  abstract bookSlot(actor: SlotBookingActor, request: SlotBookingRequest): Promise<BookedSlot>;
}
