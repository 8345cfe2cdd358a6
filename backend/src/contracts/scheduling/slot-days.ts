import type { OpenSlot } from './api';
import { DEFAULT_TIME_ZONE, zonedParts } from '../shared/time';

/**
 * Open slots as people pick them: by day as São Paulo cuts days, whatever the device's zone (the
 * student's self-scheduling and the public booking page).
 */
export interface SlotDay {
  /** 'YYYY-MM-DD' in São Paulo. */
  date: string;
  /** 'Segunda-feira, 24/11' */
  label: string;
  slots: (OpenSlot & { time: string })[];
}

const dayLabel = new Intl.DateTimeFormat('pt-BR', {
  timeZone: DEFAULT_TIME_ZONE,
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
});

const fullLabel = new Intl.DateTimeFormat('pt-BR', {
  timeZone: DEFAULT_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function slotDays(slots: readonly OpenSlot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const { date, time } = zonedParts(new Date(slot.inicio), DEFAULT_TIME_ZONE);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, label: capitalized(dayLabel.format(new Date(slot.inicio))), slots: [] };
      days.push(day);
    }
    day.slots.push({ ...slot, time });
  }
  return days;
}

/** 'Segunda-feira, 24 de novembro, 09:00–10:00' */
export function slotLabel(slot: OpenSlot): string {
  const start = zonedParts(new Date(slot.inicio), DEFAULT_TIME_ZONE).time;
  const end = zonedParts(new Date(slot.fim), DEFAULT_TIME_ZONE).time;
  return capitalized(`${fullLabel.format(new Date(slot.inicio))}, ${start}–${end}`);
}
