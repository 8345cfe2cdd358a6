/**
 * Days, weeks and months are cut in the tenant's time zone (America/Sao_Paulo by default), never
 * in the server's or the browser's. Instants travel as ISO strings with an offset; calendar days as
 * 'YYYY-MM-DD'; times of day as 'HH:mm'. Pure functions over Intl, shared by the API and the SPA.
 */

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ZonedParts {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
  /** 0 Sunday … 6 Saturday */
  dayOfWeek: number;
  hour: number;
  minute: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The calendar day, time and weekday of `instant` in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    dayOfWeek: WEEKDAYS.indexOf(parts.weekday),
    hour,
    minute,
  };
}

const DAY_MS = 86_400_000;
/** `${timeZone} ${UTC day number}` -> the zone's offset through that whole UTC day, or null when it changes inside it. */
const steadyOffsets = new Map<string, number | null>();

/**
 * The calendar day and time of `instant` in `timeZone`, as zonedParts gives them, for lists of
 * hundreds of sessions: the zone's offset is asked of Intl twice per UTC day (its first and last
 * minute) instead of once per instant; a day with a transition inside asks per instant.
 */
export function zonedDayAndTime(instant: string | Date, timeZone: string): { date: string; time: string } {
  const at = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const utcDay = Math.floor(at / DAY_MS);
  const key = `${timeZone} ${utcDay}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    const first = offsetMinutes(new Date(utcDay * DAY_MS), timeZone);
    const last = offsetMinutes(new Date((utcDay + 1) * DAY_MS - 60_000), timeZone);
    offset = first === last ? first : null;
    if (steadyOffsets.size > 10_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  if (offset === null) {
    const { date, time } = zonedParts(new Date(at), timeZone);
    return { date, time };
  }
  const wall = new Date(at + offset * 60_000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** Minutes `timeZone` is ahead of UTC at `instant` (São Paulo: -180). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of wall-clock `date` `time` in `timeZone` (the earlier one when a clock goes back). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset around a transition.
  let instant = new Date(wall - offsetMinutes(new Date(wall), timeZone) * 60_000);
  instant = new Date(wall - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a calendar day. */
export function dayOfWeek(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The Sunday that starts the week of `date` (weeks start on Sunday, spec 000 §9). */
export const weekStart = (date: string): string => addDays(date, -dayOfWeek(date));

/** [start, end) instants of the calendar day `date` in `timeZone`. */
export function dayRange(date: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedInstant(date, '00:00', timeZone),
    to: zonedInstant(addDays(date, 1), '00:00', timeZone),
  };
}

/** [start, end) instants of the Sunday–Saturday week of `date` in `timeZone`. */
export function weekRange(date: string, timeZone: string): { from: Date; to: Date } {
  const sunday = weekStart(date);
  return {
    from: zonedInstant(sunday, '00:00', timeZone),
    to: zonedInstant(addDays(sunday, 7), '00:00', timeZone),
  };
}

/** 'YYYY-MM' -> [first day, first day of the next month) in `timeZone`. */
export function monthRange(month: string, timeZone: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number);
  const next =
    monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return {
    from: zonedInstant(`${month}-01`, '00:00', timeZone),
    to: zonedInstant(`${next}-01`, '00:00', timeZone),
  };
}

/**
 * The years a date, month or instant sent to the API may be in. Outside them it is a typo, not a
 * plan, and the stores disagree at the edges: PostgreSQL has no year 0, Date.UTC reads 0–99 as
 * 1900–1999, and ISO strings past 9999 gain a sign.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;
export const YEARS_ACCEPTED = `de ${MIN_YEAR} a ${MAX_YEAR}`;

const inYears = (value: string): boolean => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** 'YYYY-MM' of a month in MIN_YEAR..MAX_YEAR. */
export const isIsoMonth = (value: string): boolean =>
  /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && inYears(value);

/** 'YYYY-MM-DD' of a day the calendar has, in MIN_YEAR..MAX_YEAR. */
export const isIsoDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !inYears(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
};

/**
 * An instant written with its offset (ISO 8601), on a day the calendar has: Date.parse would move
 * '2027-02-30T10:00' to 2 March, so the day is checked before it is parsed.
 */
export const isIsoInstant = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
  isIsoDate(value.slice(0, 10)) &&
  !Number.isNaN(Date.parse(value));

export const isTimeOfDay = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
