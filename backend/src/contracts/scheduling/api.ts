import { z } from 'zod';
import type { CancellationPolicy } from '../locations/api';
import { commandAnswerSchema, fileAnswer, listOf, routes } from '../shared/routes';
import { instantField } from '../shared/instant-field';
import { addDays, isIsoDate, isTimeOfDay, zonedInstant, zonedParts } from '../shared/time';
import { REMINDER_CHANNELS, REMINDER_STATES } from './labels';

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
    inicio: instantField('Horário de início'),
    fim: instantField('Horário de término'),
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
    inicio: instantField('Horário de início').optional(),
    fim: instantField('Horário de término').optional(),
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
    from: instantField('Início do período'),
    to: instantField('Fim do período'),
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

export const sessionSchema = z
  .object({
    id: z.uuid(),
    studentId: z.uuid(),
    /** Null when the student is no longer there (shown as 'Aluno não encontrado'). */
    studentNome: z.string().nullable(),
    locationId: z.uuid().nullable(),
    locationNome: z.string().nullable(),
    inicio: z.iso.datetime({ offset: true }),
    fim: z.iso.datetime({ offset: true }),
    status: z.enum(SESSION_STATUSES),
    /** False for a booking made on the public page until the trainer confirms it ('A confirmar'). */
    confirmado: z.boolean(),
    /** The name a visitor typed when their phone is this student's under another name. */
    nomeInformado: z.string().nullable(),
    observacoes: z.string().nullable(),
    seriesId: z.uuid().nullable(),
    /** The student tapped 'Confirmo' on the reminder of this time. */
    confirmadoPeloAluno: z.boolean(),
    /** The student tapped 'Preciso remarcar': a request the trainer sees highlighted. */
    remarcarPedido: z.boolean(),
    /**
     * How the latest reminder went: by WhatsApp with its state, or by e-mail after WhatsApp failed
     * (canal 'email', estado 'falhou': 'Falhou — enviado por e-mail'); null when none went by WhatsApp.
     */
    lembrete: z
      .object({
        canal: z.enum(REMINDER_CHANNELS),
        estado: z.enum(REMINDER_STATES),
      })
      .nullable(),
  })
  .meta({ id: 'Sessao' });
export type Session = z.infer<typeof sessionSchema>;

export const RESCHEDULE_REQUESTED_LABEL = 'Aluno pediu para remarcar';

/** At most this many sessions on each side of now on a student's page. */
export const STUDENT_SESSIONS_LIMIT = 50;

/** GET /api/students/:id/sessions: a student's sessions from now on (by start) and before (latest first). */
export const studentSessionsSchema = z
  .object({
    proximas: z.array(sessionSchema),
    anteriores: z.array(sessionSchema),
  })
  .meta({ id: 'SessoesDoAluno' });
export type StudentSessions = z.infer<typeof studentSessionsSchema>;

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
const sessionWarningSchema = z.enum(
  Object.keys(SESSION_WARNINGS) as [SessionWarning, ...SessionWarning[]],
);

/** An occurrence a series booking (or a change of 'Esta e as próximas') could not take, and why. */
const refusedOccurrenceSchema = z.object({
  inicio: z.iso.datetime({ offset: true }),
  code: z.string(),
  message: z.string(),
});
export type RefusedOccurrence = z.infer<typeof refusedOccurrenceSchema>;

/**
 * 201 of POST /api/sessions, 200 of PATCH. With scope `following`, `refused` lists the later
 * occurrences the change could not be made to (the others were changed).
 */
export const sessionCommandAnswerSchema = commandAnswerSchema
  .extend({
    warning: sessionWarningSchema.optional(),
    refused: z.array(refusedOccurrenceSchema.extend({ id: z.uuid() })).optional(),
  })
  .meta({ id: 'RespostaDeSessao' });
export type SessionCommandAnswer = z.infer<typeof sessionCommandAnswerSchema>;

/**
 * 201 answer of a booking with `repeat`. `position` is that of the last occurrence written (0 when
 * every one was refused: nothing was written).
 */
export const seriesBookedSchema = z
  .object({
    created: z.array(z.object({ id: z.uuid(), inicio: z.iso.datetime({ offset: true }) })),
    refused: z.array(refusedOccurrenceSchema),
    position: z.number().int(),
    warning: sessionWarningSchema.optional(),
  })
  .meta({ id: 'SerieAgendada' });
export type SeriesBooked = z.infer<typeof seriesBookedSchema>;

/** 201 of POST /api/sessions: one session, or with `repeat` the created and refused dates. */
export const bookSessionAnswerSchema = z.union([sessionCommandAnswerSchema, seriesBookedSchema]);
export type BookSessionAnswer = z.infer<typeof bookSessionAnswerSchema>;
export const isSeriesAnswer = (answer: BookSessionAnswer): answer is SeriesBooked =>
  'created' in answer;

/** The schedule guard's refusals (409). */
export const BLOCKED_PERIOD = {
  code: 'blocked_period',
  message: 'Período bloqueado (férias)',
} as const;
export const SCHEDULE_CONFLICT = 'schedule_conflict';
export const scheduleConflictMessage = (aluno: string) => `Conflito de horário com ${aluno}`;
export {
  LOCATION_NOT_FOUND_LABEL,
  reminderStateLabel,
  sessionLocationLabel,
  STUDENT_NOT_FOUND_LABEL,
} from './labels';

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

/** Set on a cancellation made less than `cancelLimiteHoras` before the session's start. */
export interface LateCancellation {
  cancelLimiteHoras: number;
  queimaCredito: boolean;
  taxaPercent: number;
  burnsCredit: boolean;
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

/** A row of the availability as the API answers it. */
export const availabilityRowAnswerSchema = z
  .object({
    dayOfWeek: z.number().int(),
    /** HH:mm */
    startTime: z.string(),
    /** HH:mm */
    endTime: z.string(),
    isBlocked: z.boolean(),
  })
  .meta({ id: 'FaixaDeHorario' });

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

export const vacationAnswerSchema = z
  .object({
    id: z.uuid(),
    /** YYYY-MM-DD */
    startDate: z.string(),
    /** YYYY-MM-DD, inclusive. */
    endDate: z.string(),
    description: z.string().nullable(),
  })
  .meta({ id: 'Ferias' });
export type Vacation = z.infer<typeof vacationAnswerSchema>;

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
export const calendarFeedSchema = z
  .object({ secret: z.string(), url: z.string() })
  .meta({ id: 'CalendarioPrivado' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/dashboard */
export const dashboardSchema = z
  .object({
    hoje: z.number().int(),
    semana: z.number().int(),
    totalAlunos: z.number().int(),
    locaisAtivos: z.number().int(),
    proximas: z.array(
      z.object({
        id: z.uuid(),
        inicio: z.iso.datetime({ offset: true }),
        studentNome: z.string().nullable(),
        locationId: z.uuid().nullable(),
        locationNome: z.string().nullable(),
      }),
    ),
    /** 'Pedidos para remarcar': sessions ahead whose student tapped 'Preciso remarcar', by start. */
    pedidosRemarcar: z.array(
      z.object({
        id: z.uuid(),
        inicio: z.iso.datetime({ offset: true }),
        studentNome: z.string().nullable(),
      }),
    ),
    /** Each first step, done (true) once its event happened: a location, plan, student or session made, the PIX key saved. */
    primeirosPassos: z.object({
      local: z.boolean(),
      plano: z.boolean(),
      aluno: z.boolean(),
      sessao: z.boolean(),
      pix: z.boolean(),
    }),
  })
  .meta({ id: 'Painel' });
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Online booking (public page and student self-scheduling): one slot engine in the scheduling
// context, read and booked by other contexts through the SlotBooking port (ports.ts).

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
export const openSlotSchema = z
  .object({ inicio: z.iso.datetime({ offset: true }), fim: z.iso.datetime({ offset: true }) })
  .meta({ id: 'HorarioLivre' });
export type OpenSlot = z.infer<typeof openSlotSchema>;

/** A slot booked: the session (agendada at the location) and its position in the log. */
export const bookedSlotSchema = z
  .object({
    id: z.uuid(),
    inicio: z.iso.datetime({ offset: true }),
    fim: z.iso.datetime({ offset: true }),
    position: z.number().int(),
  })
  .meta({ id: 'HorarioAgendado' });
export type BookedSlot = z.infer<typeof bookedSlotSchema>;

/** 409 of a booking whose slot is no longer open (someone else got it first, or it moved). */
export const SLOT_TAKEN = {
  code: 'slot_taken',
  message: 'Este horário acabou de ser reservado. Escolha outro.',
} as const;

// ---------------------------------------------------------------------------------------------
// The operations.

const sessions = routes('sessions', 'personal');
const sessionItems = sessions.collection('/sessions');

export const sessionsApi = {
  list: sessionItems.list({
    summary:
      'Sessões que começam em [from, to) (instantes ISO 8601, até 450 dias), por início, com os nomes do aluno e do local',
    query: sessionRangeQuerySchema,
    answer: listOf(sessionSchema),
  }),
  get: sessionItems.get({ summary: 'Uma sessão', answer: sessionSchema }),
  ofStudent: sessions.get('/students/{id}/sessions', {
    summary: `As sessões de um aluno: as que começam de agora em diante, por início, e as anteriores, das mais recentes (até ${STUDENT_SESSIONS_LIMIT} de cada); 404 para um aluno que não é do personal`,
    answer: studentSessionsSchema,
  }),
  book: sessionItems.create({
    changes: [
      'session',
      'schedule',
      'credit',
      'student',
      'reminder',
      'finance-summary',
      'first-steps',
    ],
    summary:
      "Agenda uma sessão: 201 { id, position, warning? }; com repeat, uma por semana: 201 { created, refused, position }. 400 invalid_range; 404 aluno/local; 409 blocked_period, schedule_conflict (allowOverlap: true agenda assim mesmo); warning 'outside_availability' fora dos horários",
    body: bookSessionSchema,
    answer: bookSessionAnswerSchema,
    errors: {
      [INVALID_RANGE]: 400,
      not_found: 404,
      [BLOCKED_PERIOD.code]: 409,
      [SCHEDULE_CONFLICT]: 409,
      session_exists: 409,
    },
  }),
  change: sessionItems.update({
    changes: ['session', 'schedule', 'credit', 'student', 'reminder', 'finance-summary'],
    summary:
      "Altera a sessão (scope 'following': esta e as próximas da série, deslocadas igualmente): horários pela mesma guarda; status feita consome 1 crédito (warning 'no_credits' com saldo 0), de feita para outro devolve, cancelada tarde com queima de crédito queima 1",
    body: updateSessionSchema,
    answer: sessionCommandAnswerSchema,
    errors: { [INVALID_RANGE]: 400, [BLOCKED_PERIOD.code]: 409, [SCHEDULE_CONFLICT]: 409 },
  }),
  remove: sessionItems.remove({
    changes: ['session', 'schedule', 'credit', 'student', 'reminder', 'finance-summary'],
    summary: 'Exclui a sessão (?scope=following: esta e as próximas da série); libera o horário',
    query: deleteSessionQuerySchema,
  }),
};

const agenda = routes('agenda', 'personal');

/** 'Configurar Horários' and 'Modo Férias' of the agenda's settings menu. */
export const agendaSettingsApi = {
  availability: agenda.get('/availability', {
    summary: 'Horários de atendimento, na ordem em que foram salvos',
    answer: listOf(availabilityRowAnswerSchema),
  }),
  setAvailability: agenda.put('/availability', {
    changes: ['availability'],
    summary:
      'Substitui todos os horários de uma vez (um salvamento que falha mantém os anteriores)',
    body: availabilitySchema,
  }),
  vacations: agenda.get('/vacations', {
    summary: 'Períodos de férias ativos, por data de início',
    answer: listOf(vacationAnswerSchema),
  }),
  startVacation: agenda.post('/vacations', {
    changes: ['vacation'],
    summary: 'Ativa férias de startDate a endDate (inclusive): nenhum agendamento nesses dias',
    status: 201,
    body: vacationSchema,
    errors: { vacation_exists: 409 },
  }),
  endVacation: agenda.delete('/vacations/{id}', {
    changes: ['vacation'],
    summary: 'Remove o período (sai da lista e deixa de bloquear)',
  }),
};

/** The trainer's private iCal feed, for Google Calendar or the phone's calendar. */
export const calendarApi = {
  issue: routes('calendar', 'personal').postRead('/calendar/secret', {
    summary: 'Gera o endereço secreto do calendário (.ics); o anterior deixa de funcionar',
    status: 201,
    answer: calendarFeedSchema,
    // Writes no event (the secret's hash is kept apart from the log) and reads nothing.
    live: true,
  }),
  feed: routes('calendar', 'public').get('/calendar/{secret}.ics', {
    summary:
      'Público (o segredo é a credencial): as sessões dos últimos 30 e dos próximos 180 dias em iCalendar (RFC 5545)',
    answer: fileAnswer('text/calendar'),
    live: true,
  }),
};

export const dashboardApi = {
  get: routes('dashboard', 'personal').get('/dashboard', {
    summary:
      'Hoje e esta semana (domingo a sábado, no fuso do personal): sessões agendadas; alunos e locais ativos; as 3 próximas sessões agendadas; os primeiros passos feitos',
    answer: dashboardSchema,
  }),
};
