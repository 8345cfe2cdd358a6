import {
  bookSessionSchema,
  INVALID_RANGE_MESSAGE,
  type BookSessionInput,
  type Session,
  type SessionStatus,
  updateSessionSchema,
  type UpdateSessionInput,
} from '@contracts/scheduling/api';
import { zonedInstant } from '@contracts/shared/time';
import { fieldErrors } from '../../../lib/field-errors';
import { AGENDA_TIME_ZONE, dayOf, timeOf } from './calendar';

/** The session form as typed (spec 000 §2): aluno, local, data, início, fim, observações; repeat for a new one; status when editing. */
export interface SessionFormValues {
  studentId: string;
  locationId: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  inicio: string;
  fim: string;
  observacoes: string;
  repeat: boolean;
  repeatKind: 'weeks' | 'until';
  weeks: number | string;
  /** 'YYYY-MM-DD' */
  until: string;
  status: SessionStatus;
}

export type SessionFormErrors = Partial<Record<keyof SessionFormValues, string>>;

/** Spec 000 §5. */
export const REQUIRED_TITLE = 'Campos obrigatórios';
export const REQUIRED_MESSAGE = 'Preencha aluno, data e horários.';

export function emptySessionForm(date: string, inicio = '08:00'): SessionFormValues {
  const [hour, minute] = inicio.split(':').map(Number);
  const end = `${String(Math.min(hour + 1, 23)).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return {
    studentId: '',
    locationId: '',
    date,
    inicio,
    fim: hour >= 23 ? '23:59' : end,
    observacoes: '',
    repeat: false,
    repeatKind: 'weeks',
    weeks: 4,
    until: '',
    status: 'agendada',
  };
}

export function sessionFormValues(session: Session): SessionFormValues {
  return {
    ...emptySessionForm(dayOf(session.inicio)),
    studentId: session.studentId,
    locationId: session.locationId ?? '',
    inicio: timeOf(session.inicio),
    fim: timeOf(session.fim),
    observacoes: session.observacoes ?? '',
    status: session.status,
  };
}

/** The fields spec 000 §5 requires, missing ones named. */
function missing(values: SessionFormValues): SessionFormErrors {
  const errors: SessionFormErrors = {};
  if (!values.studentId) errors.studentId = 'Selecione o aluno';
  if (!values.date) errors.date = 'Informe a data';
  if (!values.inicio) errors.inicio = 'Informe o início';
  if (!values.fim) errors.fim = 'Informe o término';
  return errors;
}

/**
 * The instants of the typed day and times in the agenda's zone. An end at 00:00 is the next midnight
 * (a session until the end of the day).
 */
function instants(values: SessionFormValues): { inicio: string; fim: string } {
  const inicio = zonedInstant(values.date, values.inicio, AGENDA_TIME_ZONE).toISOString();
  const endDay =
    values.fim === '00:00' && values.inicio !== '00:00'
      ? new Date(Date.parse(`${values.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      : values.date;
  return { inicio, fim: zonedInstant(endDay, values.fim, AGENDA_TIME_ZONE).toISOString() };
}

export type Checked<T> = { data: T } | { errors: SessionFormErrors; required?: true };

/** A new session's body, checked with the API's own schema (the end after the start, the repeat's bounds). */
export function bookInput(values: SessionFormValues): Checked<BookSessionInput> {
  const absent = missing(values);
  if (Object.keys(absent).length > 0) return { errors: absent, required: true };
  const body = {
    studentId: values.studentId,
    locationId: values.locationId || null,
    ...instants(values),
    observacoes: values.observacoes,
    repeat: !values.repeat
      ? undefined
      : values.repeatKind === 'weeks'
        ? { weeks: Number(values.weeks) }
        : { until: values.until },
  };
  const parsed = bookSessionSchema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors<keyof BookSessionInput>(parsed.error);
    return {
      errors: {
        studentId: errors.studentId,
        locationId: errors.locationId,
        inicio: errors.inicio,
        fim: errors.fim,
        observacoes: errors.observacoes,
        [values.repeatKind]: errors.repeat,
      },
    };
  }
  return { data: parsed.data };
}

/** What an edit changes (only the fields that differ from `session`), checked with the API's schema. */
export function changeInput(session: Session, values: SessionFormValues): Checked<UpdateSessionInput> | { unchanged: true } {
  const absent = missing(values);
  if (Object.keys(absent).length > 0) return { errors: absent, required: true };
  const times = instants(values);
  const changes: Record<string, unknown> = {};
  if (values.studentId !== session.studentId) changes.studentId = values.studentId;
  if ((values.locationId || null) !== session.locationId) changes.locationId = values.locationId || null;
  if (times.inicio !== new Date(session.inicio).toISOString() || times.fim !== new Date(session.fim).toISOString()) {
    changes.inicio = times.inicio;
    changes.fim = times.fim;
    if (Date.parse(times.fim) <= Date.parse(times.inicio))
      return { errors: { fim: INVALID_RANGE_MESSAGE } };
  }
  if ((values.observacoes.trim() || null) !== session.observacoes) changes.observacoes = values.observacoes;
  if (values.status !== session.status) changes.status = values.status;
  if (Object.keys(changes).length === 0) return { unchanged: true };
  const parsed = updateSessionSchema.safeParse(changes);
  if (!parsed.success) return { errors: fieldErrors<keyof SessionFormValues>(parsed.error) };
  return { data: parsed.data };
}
