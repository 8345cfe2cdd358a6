import { REPETICAO_LABELS, type Task } from '@contracts/tasks/api';
import { addDays, DEFAULT_TIME_ZONE, zonedParts } from '@contracts/shared/time';
import { formatDate, formatPt } from '../../../lib/format';

/** Today as the tenant's calendar says it (America/Sao_Paulo), 'YYYY-MM-DD'. */
export const todayInTenantZone = (now: Date = new Date()): string => zonedParts(now, DEFAULT_TIME_ZONE).date;

/**
 * When a task is due, the way people say it: 'Hoje', 'Amanhã', 'Ontem', 'qui., 5 de mar.' this
 * year, '05/03/2027' otherwise; with its time unless it is for the whole day. None without a date.
 */
export function dueLabel(task: Pick<Task, 'dataVencimento' | 'horaVencimento'>, today: string): string | null {
  const date = task.dataVencimento;
  if (!date) return null;
  let day: string;
  if (date === today) day = 'Hoje';
  else if (date === addDays(today, 1)) day = 'Amanhã';
  else if (date === addDays(today, -1)) day = 'Ontem';
  else if (date.slice(0, 4) === today.slice(0, 4)) day = formatPt(date, "EEE, d 'de' MMM");
  else day = formatDate(date);
  return task.horaVencimento ? `${day}, ${task.horaVencimento}` : day;
}

/** An open task whose day has passed. */
export const isOverdue = (task: Pick<Task, 'dataVencimento' | 'concluida'>, today: string): boolean =>
  !task.concluida && task.dataVencimento !== null && task.dataVencimento < today;

/** 'Semanalmente' for a repeating task; none otherwise. */
export const repeatLabel = (task: Pick<Task, 'repeticao'>): string | null =>
  task.repeticao === 'nenhuma' ? null : REPETICAO_LABELS[task.repeticao];
