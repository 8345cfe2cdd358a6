import {
  DEFAULT_LIST_NOT_REMOVABLE,
  DEFAULT_TASK_LIST,
  type NewTaskList,
  type TaskListChanges,
} from '../../contracts/tasks/api';
import { ConflictError, type DomainError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { TaskListDetails, TaskListEvent } from './task-list.events';
import { taskListNotFound } from './task.errors';

/**
 * `padrao`: the command is about the trainer's default list (its id is derived from the tenant's,
 * see defaultTaskListId). That list exists before its stream does: it is answered as
 * DEFAULT_TASK_LIST until the trainer first changes it, which starts its stream.
 */
export type TaskListCommand =
  | { type: 'CreateTaskList'; list: NewTaskList }
  | { type: 'UpdateTaskList'; changes: TaskListChanges; padrao: boolean }
  | { type: 'RemoveTaskList'; padrao: boolean };

export interface TaskListState {
  status: 'absent' | 'active' | 'removed';
  padrao: boolean;
  details: TaskListDetails;
}

const initialState = (): TaskListState => ({
  status: 'absent',
  padrao: false,
  details: { ...DEFAULT_TASK_LIST },
});

function evolve(state: TaskListState, event: TaskListEvent): TaskListState {
  switch (event.type) {
    case 'TaskListCreated': {
      const { padrao, ...details } = event.data;
      return { status: 'active', padrao, details };
    }
    case 'TaskListUpdated':
      return { ...state, details: { ...state.details, ...event.data } };
    case 'TaskListRemoved':
      return { ...state, status: 'removed' };
  }
}

/** The fields of `changes` that differ from `current`. */
function changedFields(
  current: TaskListDetails,
  changes: TaskListChanges,
): Partial<TaskListDetails> {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && value !== current[key as keyof TaskListDetails],
    ),
  );
}

function decide(
  command: TaskListCommand,
  state: TaskListState,
  now: Date,
): TaskListEvent[] | DomainError {
  switch (command.type) {
    case 'CreateTaskList': {
      if (state.status !== 'absent')
        return new ConflictError('task_list_exists', 'Lista já cadastrada');
      const { nome, cor, ordem } = command.list;
      // No ordem: after every list made so far.
      return [
        {
          type: 'TaskListCreated',
          data: { nome, cor, ordem: ordem ?? now.getTime(), padrao: false },
        },
      ];
    }
    case 'UpdateTaskList': {
      if (state.status === 'absent' && command.padrao) {
        const changes = changedFields(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'TaskListCreated', data: { ...state.details, ...changes, padrao: true } }];
      }
      if (state.status !== 'active') return taskListNotFound();
      const changes = changedFields(state.details, command.changes);
      return Object.keys(changes).length > 0 ? [{ type: 'TaskListUpdated', data: changes }] : [];
    }
    case 'RemoveTaskList':
      if (command.padrao || state.padrao)
        return new ConflictError('default_list', DEFAULT_LIST_NOT_REMOVABLE);
      if (state.status !== 'active') return taskListNotFound();
      return [{ type: 'TaskListRemoved', data: {} }];
  }
}

/** One task list's stream: its name, colour and place; removed only while no task is in it. */
export const taskListDecider: Decider<TaskListCommand, TaskListEvent, TaskListState> = {
  streamType: 'task-list',
  initialState,
  evolve,
  decide,
};
