import {
  type AvailabilityRow,
  DEFAULT_SLOT_RULES,
  DEFAULT_WORKING_HOURS,
  type OpenSlot,
  type SlotRules,
} from '../../contracts/scheduling/api';
import { addDays, dayOfWeek, zonedInstant, zonedParts } from '../../contracts/shared/time';

/**
 * The one slot engine of online booking (public page and student self-scheduling): pure, the
 * clock and the time zone passed in, so the same answer comes out under any server TZ.
 */

/** An interval of time, [from, to) in epoch milliseconds. */
interface Span {
  from: number;
  to: number;
}

export interface OpenSlotsInput {
  /** The first calendar day asked for ('YYYY-MM-DD', in `timeZone`); days before today are skipped. */
  from: string;
  now: Date;
  timeZone: string;
  /** The trainer's availability rows; none at all means DEFAULT_WORKING_HOURS every day. */
  availability: readonly AvailabilityRow[];
  /** The trainer's non-cancelled sessions at any location (at least those near the days asked). */
  taken: readonly { inicio: string | Date; fim: string | Date }[];
  /** Instants blocked whole (active vacations). */
  blocked: readonly { from: Date; to: Date }[];
  rules?: Partial<SlotRules>;
}

const MINUTE = 60_000;
/** After a conflict the walk resumes on this grid, counted from the window's start. */
const RESUME_STEP_MINUTES = 5;

const instantOf = (value: string | Date) =>
  typeof value === 'string' ? Date.parse(value) : value.getTime();

/** The rules with their defaults for whatever was not given. */
export function slotRulesOf(rules: Partial<SlotRules> | undefined): SlotRules {
  return { ...DEFAULT_SLOT_RULES, ...rules };
}

/** Today in `timeZone` and the last day the rules offer ('YYYY-MM-DD'). */
export function slotHorizon(
  now: Date,
  timeZone: string,
  rules: Partial<SlotRules> | undefined,
): { today: string; lastDay: string } {
  const today = zonedParts(now, timeZone).date;
  return { today, lastDay: addDays(today, Math.max(slotRulesOf(rules).daysAhead, 1) - 1) };
}

/** The instants the whole computation may look at: from the first day's midnight to the last's end. */
export function slotWindow(
  input: Pick<OpenSlotsInput, 'from' | 'now' | 'timeZone' | 'rules'>,
): { from: Date; to: Date } | undefined {
  const { today, lastDay } = slotHorizon(input.now, input.timeZone, input.rules);
  const first = input.from > today ? input.from : today;
  if (first > lastDay) return undefined;
  return {
    from: zonedInstant(first, '00:00', input.timeZone),
    to: zonedInstant(addDays(lastDay, 1), '00:00', input.timeZone),
  };
}

/** The working windows of one calendar day: non-blocked rows merged, in order; blocked rows apart. */
function windowsOf(
  date: string,
  availability: readonly AvailabilityRow[],
  timeZone: string,
): { open: Span[]; closed: Span[] } {
  const weekday = dayOfWeek(date);
  const rows =
    availability.length === 0
      ? [{ ...DEFAULT_WORKING_HOURS, dayOfWeek: weekday, isBlocked: false }]
      : availability.filter((row) => row.dayOfWeek === weekday);
  const span = (row: { startTime: string; endTime: string }): Span => ({
    from: zonedInstant(date, row.startTime, timeZone).getTime(),
    to: zonedInstant(date, row.endTime, timeZone).getTime(),
  });
  const open = rows
    .filter((row) => !row.isBlocked)
    .map(span)
    .sort((a, b) => a.from - b.from);
  const merged: Span[] = [];
  for (const window of open) {
    const last = merged.at(-1);
    if (last && window.from <= last.to) last.to = Math.max(last.to, window.to);
    else merged.push({ ...window });
  }
  return { open: merged, closed: rows.filter((row) => row.isBlocked).map(span) };
}

interface Walk {
  now: number;
  slotMs: number;
  bufferMs: number;
  taken: readonly Span[];
  vacations: readonly Span[];
}

/**
 * The open slots of one calendar day, uncapped: for each working window of the day, a walk from
 * its start that offers `slotMinutes` when nothing is in the way — no session within
 * `bufferMinutes` of it, no vacation nor blocked row over it — then steps `slotMinutes +
 * bufferMinutes`; when something is in the way it resumes after it (plus the buffer, rounded up to
 * 5 minutes from the window's start). Past slots are stepped over without moving the grid, so the
 * slots offered this morning are still the same ones this afternoon.
 */
function daySlots(
  date: string,
  availability: readonly AvailabilityRow[],
  timeZone: string,
  walk: Walk,
): OpenSlot[] {
  const { now, slotMs, bufferMs } = walk;
  const { open, closed } = windowsOf(date, availability, timeZone);
  if (open.length === 0) return [];
  // Only what is near this day's windows can be in the way (a long horizon has many sessions).
  const dayFrom = open[0].from - bufferMs;
  const dayTo = Math.max(...open.map((window) => window.to)) + bufferMs;
  const near = (span: Span) => span.from < dayTo && span.to > dayFrom;
  const taken = walk.taken.filter(near);
  const walls = [...walk.vacations.filter(near), ...closed];
  const slots: OpenSlot[] = [];
  for (const workWindow of open) {
    let start = workWindow.from;
    while (start + slotMs <= workWindow.to) {
      const end = start + slotMs;
      // What is in the way: the latest end among the sessions (buffer around them) and walls.
      let blockedUntil = -Infinity;
      for (const span of taken)
        if (span.from - bufferMs < end && span.to + bufferMs > start)
          blockedUntil = Math.max(blockedUntil, span.to + bufferMs);
      for (const span of walls)
        if (span.from < end && span.to > start) blockedUntil = Math.max(blockedUntil, span.to);
      if (blockedUntil > start) {
        const step = RESUME_STEP_MINUTES * MINUTE;
        start = workWindow.from + Math.ceil((blockedUntil - workWindow.from) / step) * step;
        continue;
      }
      if (start >= now)
        slots.push({ inicio: new Date(start).toISOString(), fim: new Date(end).toISOString() });
      start = end + bufferMs;
    }
  }
  return slots;
}

function walkOf(input: Omit<OpenSlotsInput, 'from'>): Walk {
  const rules = slotRulesOf(input.rules);
  return {
    now: input.now.getTime(),
    slotMs: rules.slotMinutes * MINUTE,
    bufferMs: Math.max(rules.bufferMinutes, 0) * MINUTE,
    taken: input.taken.map((session) => ({
      from: instantOf(session.inicio),
      to: instantOf(session.fim),
    })),
    vacations: input.blocked.map((block) => ({
      from: block.from.getTime(),
      to: block.to.getTime(),
    })),
  };
}

/** Every open slot of each day from `from` (or today) to the last day offered, uncapped. */
export function openSlotsByDay(input: OpenSlotsInput): { date: string; slots: OpenSlot[] }[] {
  const window = slotWindow(input);
  const walk = walkOf(input);
  if (!window || walk.slotMs <= 0) return [];
  const { lastDay } = slotHorizon(input.now, input.timeZone, input.rules);
  const days: { date: string; slots: OpenSlot[] }[] = [];
  for (
    let date = zonedParts(window.from, input.timeZone).date;
    date <= lastDay;
    date = addDays(date, 1)
  )
    days.push({ date, slots: daySlots(date, input.availability, input.timeZone, walk) });
  return days;
}

/**
 * The slots offered: the open ones from `from`, at most `maxPerDay` a day and `maxTotal` in all,
 * in order. They carry times only (never who has the time around them).
 */
export function openSlots(input: OpenSlotsInput): OpenSlot[] {
  const rules = slotRulesOf(input.rules);
  const offered: OpenSlot[] = [];
  for (const day of openSlotsByDay(input)) {
    for (const slot of day.slots.slice(0, Math.max(rules.maxPerDay, 0))) {
      if (offered.length >= rules.maxTotal) return offered;
      offered.push(slot);
    }
  }
  return offered;
}

/**
 * The open slot starting at `inicio` (any instant format), if the engine offers it now ignoring
 * the per-day and total caps: a booking re-checks this under the trainer's schedule lock.
 */
export function findOpenSlot(
  input: Omit<OpenSlotsInput, 'from'>,
  inicio: string,
): OpenSlot | undefined {
  const at = Date.parse(inicio);
  if (Number.isNaN(at)) return undefined;
  const date = zonedParts(new Date(at), input.timeZone).date;
  const { today, lastDay } = slotHorizon(input.now, input.timeZone, input.rules);
  const walk = walkOf(input);
  if (date < today || date > lastDay || walk.slotMs <= 0) return undefined;
  return daySlots(date, input.availability, input.timeZone, walk).find(
    (slot) => Date.parse(slot.inicio) === at,
  );
}
