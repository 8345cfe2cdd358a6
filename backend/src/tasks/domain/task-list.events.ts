import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

export interface TaskListDetails {
  nome: string;
  /** '#rrggbb' */
  cor: string;
  ordem: number;
}

/** The events of a task list's stream. */
export const taskListEvents = {
  /** `padrao`: the trainer's default list, given a stream the first time it is changed. */
  TaskListCreated: eventData<TaskListDetails & { padrao: boolean }>(),
  /** Only the fields that changed. */
  TaskListUpdated: eventData<Partial<TaskListDetails>>(),
  TaskListRemoved: eventData<Record<string, never>>(),
};

export type TaskListEvent = EventsOf<typeof taskListEvents>;
export const TASK_LIST_EVENT_TYPES = eventTypesOf(taskListEvents);
