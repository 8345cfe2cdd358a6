import type { SessionStatus } from '@contracts/scheduling/api';
import { addDays, DEFAULT_TIME_ZONE, weekStart, zonedDayAndTime, zonedInstant, zonedParts } from '@contracts/shared/time';

/** The calendar's modes (spec 000 §2): Dia, Semana, Mês, Ano. */
export const CALENDAR_MODES = ['dia', 'semana', 'mes', 'ano'] as const;
export type CalendarMode = (typeof CALENDAR_MODES)[number];

export const CALENDAR_MODE_LABELS: Record<CalendarMode, string> = {
  dia: 'Dia',
  semana: 'Semana',
  mes: 'Mês',
  ano: 'Ano',
};

export const isCalendarMode = (value: unknown): value is CalendarMode =>
  typeof value === 'string' && (CALENDAR_MODES as readonly string[]).includes(value);

/** The agenda's zone: days are cut here, never in the device's (spec 000 §9). */
export const AGENDA_TIME_ZONE = DEFAULT_TIME_ZONE;

/** Today in the agenda's zone, 'YYYY-MM-DD'. */
export const todayInAgendaZone = (now: Date = new Date()): string => zonedParts(now, AGENDA_TIME_ZONE).date;

/** Spec 000 §9: a month grid is 6 weeks of 42 days, starting on a Sunday. */
export const MONTH_GRID_DAYS = 42;

/** 'YYYY-MM-DD' -> its month 'YYYY-MM' plus `months` (calendar arithmetic). */
export function addMonths(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const daysInMonth = (month: string): number => {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
};

/** The 42 days of the month view of `month` ('YYYY-MM'): from the Sunday of its first week. */
export function monthGrid(month: string): string[] {
  const first = weekStart(`${month}-01`);
  return Array.from({ length: MONTH_GRID_DAYS }, (_, index) => addDays(first, index));
}

/** The weeks a mini-month of the year view needs (5 or 6 rows of 7 days, from a Sunday). */
export function miniMonth(month: string): string[] {
  const first = weekStart(`${month}-01`);
  const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  const days: string[] = [];
  for (let day = first; day <= last || days.length % 7 !== 0; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface VisibleRange {
  /** The days the view draws, in order (the year view: its first day of each month). */
  days: string[];
  /** [from, to) instants of those days in the agenda's zone, ISO: what GET /api/sessions is asked for. */
  from: string;
  to: string;
}

/**
 * What a mode shows around `date` ('YYYY-MM-DD'): Dia the day; Semana Sunday to Saturday; Mês the
 * 42-day grid; Ano January to December. Days are cut in `timeZone` (America/Sao_Paulo).
 */
export function visibleRange(mode: CalendarMode, date: string, timeZone: string = AGENDA_TIME_ZONE): VisibleRange {
  let days: string[];
  let first: string;
  let end: string;
  switch (mode) {
    case 'dia':
      days = [date];
      first = date;
      end = addDays(date, 1);
      break;
    case 'semana':
      first = weekStart(date);
      days = Array.from({ length: 7 }, (_, index) => addDays(first, index));
      end = addDays(first, 7);
      break;
    case 'mes':
      days = monthGrid(date.slice(0, 7));
      first = days[0];
      end = addDays(days[days.length - 1], 1);
      break;
    case 'ano': {
      const year = date.slice(0, 4);
      days = Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}-01`);
      first = `${year}-01-01`;
      end = `${Number(year) + 1}-01-01`;
      break;
    }
  }
  return {
    days,
    from: zonedInstant(first, '00:00', timeZone).toISOString(),
    to: zonedInstant(end, '00:00', timeZone).toISOString(),
  };
}

/** What GET /api/sessions is asked for in a mode: Dia reads its whole week, so moving between its days asks nothing. */
export const fetchedRange = (mode: CalendarMode, date: string): VisibleRange =>
  visibleRange(mode === 'dia' ? 'semana' : mode, date);

/**
 * The ranges fetched ahead once the visible one is there, so that a step of the arrows or a switch
 * to Mês shows at once: the previous and next range of the mode, and from Dia or Semana the month
 * around them. Ano fetches nothing ahead (a year is the heaviest read).
 */
export function rangesAhead(mode: CalendarMode, date: string): VisibleRange[] {
  if (mode === 'ano') return [];
  const fetchedMode = mode === 'dia' ? 'semana' : mode;
  const ranges = [
    fetchedRange(fetchedMode, shiftDate(fetchedMode, date, 1)),
    fetchedRange(fetchedMode, shiftDate(fetchedMode, date, -1)),
  ];
  if (fetchedMode === 'semana') ranges.push(fetchedRange('mes', date));
  return ranges;
}

/**
 * The date the arrows lead to (spec 000 §2): 1 day, 1 week, 1 month or 12 months. A month step keeps
 * the day when the month has it, else its last day (31 Jan -> 28/29 Feb).
 */
export function shiftDate(mode: CalendarMode, date: string, direction: 1 | -1): string {
  if (mode === 'dia') return addDays(date, direction);
  if (mode === 'semana') return addDays(date, 7 * direction);
  const month = addMonths(date.slice(0, 7), mode === 'mes' ? direction : 12 * direction);
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** The calendar day of an instant in the agenda's zone. */
export const dayOf = (instant: string, timeZone: string = AGENDA_TIME_ZONE): string =>
  zonedDayAndTime(instant, timeZone).date;

/** 'HH:mm' of an instant in the agenda's zone. */
export const timeOf = (instant: string, timeZone: string = AGENDA_TIME_ZONE): string =>
  zonedDayAndTime(instant, timeZone).time;

/** Items grouped by the day (in the agenda's zone) they start, in their order. */
export function byDay<T extends { inicio: string }>(items: readonly T[], timeZone: string = AGENDA_TIME_ZONE): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(item.inicio, timeZone);
    const list = days.get(day);
    if (list) list.push(item);
    else days.set(day, [item]);
  }
  return days;
}

/** Spec 000 §2: a case-insensitive substring of the student's name (accents count as typed). */
export function matchesSearch(session: { studentNome: string | null }, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('pt-BR');
  if (!wanted) return true;
  return (session.studentNome ?? '').toLocaleLowerCase('pt-BR').includes(wanted);
}

/** Spec 000 §4: agendada primary, feita green, cancelada red (Mantine colours). */
export const STATUS_COLORS: Record<SessionStatus, string> = {
  agendada: 'var(--mantine-primary-color-filled)',
  feita: 'var(--mantine-color-green-filled)',
  cancelada: 'var(--mantine-color-red-filled)',
};

/** A task as the calendar places it: on its due day. */
export interface CalendarTask {
  id: string;
  titulo: string;
  descricao: string | null;
  dataVencimento: string | null;
  horaVencimento: string | null;
  concluida: boolean;
}

/** Tasks by due day, timed ones first by time, then the whole-day ones. */
export function tasksByDay<T extends CalendarTask>(tasks: readonly T[]): Map<string, T[]> {
  const days = new Map<string, T[]>();
  const sorted = [...tasks].sort((a, b) => (a.horaVencimento ?? '99').localeCompare(b.horaVencimento ?? '99'));
  for (const task of sorted) {
    if (!task.dataVencimento) continue;
    const list = days.get(task.dataVencimento);
    if (list) list.push(task);
    else days.set(task.dataVencimento, [task]);
  }
  return days;
}

/** Spec 000 §2: the search also finds tasks by title or description (case-insensitive substring). */
export function taskMatchesSearch(task: Pick<CalendarTask, 'titulo' | 'descricao'>, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('pt-BR');
  if (!wanted) return true;
  return `${task.titulo}\n${task.descricao ?? ''}`.toLocaleLowerCase('pt-BR').includes(wanted);
}

/** Spec 000 §2 and §9: a month cell shows up to 2 sessions, then tasks, at most 3 items, then '+N mais'. */
export const MONTH_CELL_ITEMS = 3;
export const MONTH_CELL_SESSIONS = 2;

export function monthCellItems<S, T>(sessions: readonly S[], tasks: readonly T[]): { sessions: S[]; tasks: T[]; more: number } {
  const shownSessions = sessions.slice(0, Math.min(MONTH_CELL_SESSIONS, MONTH_CELL_ITEMS));
  const shownTasks = tasks.slice(0, MONTH_CELL_ITEMS - shownSessions.length);
  // With fewer than 3 tasks, a third session takes the free place.
  const extraSessions = sessions.slice(shownSessions.length, shownSessions.length + (MONTH_CELL_ITEMS - shownSessions.length - shownTasks.length));
  const all = [...shownSessions, ...extraSessions];
  return { sessions: all, tasks: shownTasks, more: sessions.length + tasks.length - all.length - shownTasks.length };
}
