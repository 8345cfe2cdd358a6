import { z } from 'zod';
import { isIsoDate, isTimeOfDay } from './time';

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

const notes = z
  .string()
  .trim()
  .max(1_000, 'Observações devem ter no máximo 1000 caracteres')
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

export const sessionRangeQuerySchema = z.strictObject({
  from: instant('Início do período'),
  to: instant('Fim do período'),
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

/** 201 answer of a booking with `repeat`. */
export interface SeriesBooked {
  created: { id: string; inicio: string }[];
  refused: { inicio: string; code: string; message: string }[];
  position: number;
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
