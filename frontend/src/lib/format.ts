import { format, startOfWeek, type Day } from 'date-fns';
import { ptBR } from 'date-fns/locale';

/** Spec 000 §9: weeks start on Sunday. */
export const WEEK_STARTS_ON: Day = 0;

export { formatCurrency } from './currency';

/** 'dd/MM/yyyy'. Accepts a Date or an ISO string (a bare 'YYYY-MM-DD' is read as that calendar day). */
export function formatDate(value: Date | string): string {
  return format(toDate(value), 'dd/MM/yyyy', { locale: ptBR });
}

/** 'HH:mm'. */
export function formatTime(value: Date | string): string {
  return format(toDate(value), 'HH:mm', { locale: ptBR });
}

/** Any date-fns pattern, in Portuguese: formatPt(d, "EEEE, d 'de' MMMM") -> 'sábado, 21 de novembro'. */
export function formatPt(value: Date | string, pattern: string): string {
  return format(toDate(value), pattern, { locale: ptBR });
}

/** 'terça-feira, 5 de março' → 'Terça-feira, 5 de março': a label's first letter up, as the agenda's titles. */
export const sentenceCase = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export function startOfWeekPt(value: Date): Date {
  return startOfWeek(value, { weekStartsOn: WEEK_STARTS_ON });
}

function toDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return new Date(value);
}

/** Spec 000 §9 / 001 §1: the default time zone; days and times are shown in it, not in the device's. */
export const APP_TIME_ZONE = 'America/Sao_Paulo';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateTimeFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, formatter);
  }
  return formatter;
}

/** An instant as 'dd/MM/yyyy HH:mm' in `timeZone` (America/Sao_Paulo unless told), whatever the device's zone. */
export function formatDateTimeInZone(value: Date | string, timeZone: string = APP_TIME_ZONE): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateTimeFormat(timeZone).formatToParts(new Date(value))) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
