import { zonedParts } from '@contracts/shared/time';

/** The month selector's names (spec 001 §2: Janeiro to Dezembro). */
export const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

/** Today ('YYYY-MM-DD') and this month ('YYYY-MM') in the trainer's zone, whatever the device's. */
export function todayIn(timeZone: string, now: Date = new Date()): { today: string; month: string } {
  const today = zonedParts(now, timeZone).date;
  return { today, month: today.slice(0, 7) };
}

/** Years to choose from: the tenant's first data (or this year) to next year, and the one shown. */
export function yearOptions(firstMonth: string | null, currentMonth: string, shownMonth: string): number[] {
  const current = Number(currentMonth.slice(0, 4));
  const first = Math.min(firstMonth ? Number(firstMonth.slice(0, 4)) : current, current, Number(shownMonth.slice(0, 4)));
  const last = Math.max(current + 1, Number(shownMonth.slice(0, 4)));
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** Spec 001 §4: 80% and above success, 50% and above warning, below destructive. */
export function progressColor(percent: number): 'teal' | 'yellow' | 'red' {
  if (percent >= 80) return 'teal';
  if (percent >= 50) return 'yellow';
  return 'red';
}

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '+12,5%', '-8,3%', or null when there is nothing to compare with. */
export function formatChange(change: number | null): string | null {
  if (change === null) return null;
  return `${change > 0 ? '+' : ''}${oneDecimal.format(change)}%`;
}

/** '3,5%' */
export const formatPercent = (value: number): string => `${oneDecimal.format(value)}%`;

/** 'Março de 2026' */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
}

/** 'Mar/26' for the chart's axis. */
export function shortMonthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1].slice(0, 3)}/${month.slice(2, 4)}`;
}

/** 'N dias restantes' (spec 001 §2's goal card). */
export function daysRemainingLabel(days: number): string {
  if (days === 0) return 'Mês encerrado';
  return days === 1 ? '1 dia restante' : `${days} dias restantes`;
}
