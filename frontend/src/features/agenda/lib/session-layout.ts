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
export function gridHours(placed: readonly { start: number; end: number }[]): { first: number; last: number } {
  let first = FIRST_HOUR;
  let last = LAST_HOUR + 1;
  for (const { start, end } of placed) {
    first = Math.min(first, Math.floor(start / 60));
    last = Math.max(last, Math.ceil(end / 60));
  }
  return { first, last };
}
