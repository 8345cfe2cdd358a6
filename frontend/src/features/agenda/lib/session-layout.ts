import { zonedInstant } from '@contracts/shared/time';
import { AGENDA_TIME_ZONE } from './calendar';

/** Spec 000 §9: the calendar's hours run from 06:00 to 21:00 (16 rows, the last ending at 22:00). */
export const FIRST_HOUR = 6;
export const LAST_HOUR = 21;

export interface Placed<T> {
  item: T;
  /** Minutes from the day's midnight (in the agenda's zone) to the start, and to the end (clipped to the day). */
  start: number;
  end: number;
  /** Its column among the sessions it overlaps, and how many columns they share. */
  lane: number;
  lanes: number;
}

const MINUTE = 60_000;

/**
 * Places the sessions of `day` side by side where they overlap: each group of sessions that overlap
 * one another (directly or through others) shares the width in as many lanes as it needs at once,
 * and each session takes the first lane free at its start. Pure; times in `timeZone`.
 */
export function layoutDay<T extends { id: string; inicio: string; fim: string }>(
  items: readonly T[],
  day: string,
  timeZone: string = AGENDA_TIME_ZONE,
): Placed<T>[] {
  const midnight = zonedInstant(day, '00:00', timeZone).getTime();
  const dayLength = 24 * 60;
  const placed = items
    .map((item) => {
      const start = Math.max(0, Math.round((Date.parse(item.inicio) - midnight) / MINUTE));
      const end = Math.min(dayLength, Math.round((Date.parse(item.fim) - midnight) / MINUTE));
      return { item, start, end: Math.max(end, start + 15), lane: 0, lanes: 1 };
    })
    .sort((a, b) => a.start - b.start || b.end - a.end || a.item.id.localeCompare(b.item.id));

  let group: typeof placed = [];
  let groupEnd = -1;
  const laneEnds: number[] = [];
  const closeGroup = () => {
    for (const member of group) member.lanes = laneEnds.length;
    group = [];
    laneEnds.length = 0;
  };
  for (const current of placed) {
    if (current.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= current.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = current.end;
    current.lane = lane;
    group.push(current);
    groupEnd = Math.max(groupEnd, current.end);
  }
  closeGroup();
  return placed;
}

/**
 * The hours a time grid draws: 06:00 to 22:00, widened to the earliest start and latest end of what
 * it shows, so a session at 05:30 or 22:30 is never cut off.
 */
export function gridHours(placed: readonly { start: number; end: number }[]): {
  first: number;
  last: number;
} {
  let first = FIRST_HOUR;
  let last = LAST_HOUR + 1;
  for (const { start, end } of placed) {
    first = Math.min(first, Math.floor(start / 60));
    last = Math.max(last, Math.ceil(end / 60));
  }
  return { first, last };
}

/**
 * The hours a day or week grid draws (spec 000 §2): only those that have items, plus the current
 * hour when today is shown; `all` draws every hour from 06:00 to 21:00 as well (for tapping or
 * dragging into an empty hour).
 */
export function gridRows(
  placed: readonly { start: number; end: number }[],
  { now, all }: { now?: number; all: boolean },
): number[] {
  const hours = new Set<number>();
  const moments = now === undefined ? placed : [...placed, { start: now, end: now }];
  if (all) {
    const { first, last } = gridHours(moments);
    for (let hour = first; hour < last; hour += 1) hours.add(hour);
  }
  for (const { start, end } of moments) {
    const first = Math.floor(start / 60);
    for (let hour = first; hour < Math.max(Math.ceil(end / 60), first + 1); hour += 1)
      hours.add(hour);
  }
  return [...hours].sort((a, b) => a - b);
}

/** Minutes of the day to pixels and back, on rows of `hourPx` each that may skip hours. */
export function hourAxis(rows: readonly number[], hourPx: number) {
  const indexOf = new Map(rows.map((hour, index) => [hour, index]));
  return {
    height: rows.length * hourPx,
    /** Where `minutes` falls; an end on the hour belongs to the row before it. */
    y(minutes: number, edge: 'start' | 'end' = 'start'): number {
      const hour =
        edge === 'end' && minutes % 60 === 0 ? minutes / 60 - 1 : Math.floor(minutes / 60);
      const index = indexOf.get(hour);
      if (index === undefined) {
        const after = rows.findIndex((row) => row > hour);
        return (after === -1 ? rows.length : after) * hourPx;
      }
      return (index + (minutes - hour * 60) / 60) * hourPx;
    },
    /** The minute of the day drawn at `y` (clamped to the rows). */
    minutesAt(y: number): number {
      if (rows.length === 0) return 0;
      const index = Math.min(rows.length - 1, Math.max(0, Math.floor(y / hourPx)));
      const within = Math.min(1, Math.max(0, y / hourPx - index));
      return rows[index] * 60 + within * 60;
    },
  };
}
