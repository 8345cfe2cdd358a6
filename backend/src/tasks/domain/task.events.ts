import type { Repeticao } from '../../contracts/tasks/api';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

/** A task as its stream keeps it. */
export interface TaskDetails {
  titulo: string;
  descricao: string | null;
  /** 'YYYY-MM-DD' */
  dataVencimento: string | null;
  /** 'HH:mm'; none for a whole-day task. */
  horaVencimento: string | null;
  listId: string;
  repeticao: Repeticao;
  ordem: number;
  /**
   * The day of the month a monthly series keeps (31: the 30th in April, the 31st again in May);
   * none until a completion carries it to the next occurrence, and again once the date is edited.
   */
  diaDoMes: number | null;
}

/** The next occurrence a completion of a repeating task decides: its id and everything it will be. */
export type NextOccurrence = TaskDetails & { id: string };

/** The events of a task's stream. */
export const taskEvents = {
  /** `anteriorId`: the occurrence whose completion created this one. */
  TaskCreated: eventData<TaskDetails & { anteriorId: string | null }>(),
  /** Only the fields that changed. */
  TaskUpdated: eventData<Partial<TaskDetails>>(),
  /**
   * Completed at `concluidaEm` (an instant). A repeating task's first completion carries its next
   * occurrence, whose stream starts in the same transaction (TaskCommands); at most one per task.
   */
  TaskCompleted: eventData<{ concluidaEm: string; proxima: NextOccurrence | null }>(),
  TaskReopened: eventData<Record<string, never>>(),
  TaskRemoved: eventData<Record<string, never>>(),
};

export type TaskEvent = EventsOf<typeof taskEvents>;
export const TASK_EVENT_TYPES = eventTypesOf(taskEvents);
